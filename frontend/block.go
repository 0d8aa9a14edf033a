package frontend

import "strings"

// blockBuilder turns the flat statement list of a file into program units
// with nested constructs.
type blockBuilder struct {
	stmts []Stmt
	i     int
	file  string
	diags *diagSink
	// lastLabel is the label of the last statement consumed (shared DO
	// termination).
	lastLabel string
}

func (b *blockBuilder) peek() Stmt {
	if b.i < len(b.stmts) {
		return b.stmts[b.i]
	}
	return nil
}

func (b *blockBuilder) next() Stmt {
	s := b.stmts[b.i]
	b.i++
	b.lastLabel = s.base().Label
	return s
}

// buildFile builds the program units of a file.
func (b *blockBuilder) buildFile() []*Procedure {
	var units []*Procedure
	for b.peek() != nil {
		s := b.peek()
		var u *Procedure
		switch h := s.(type) {
		case *ProgramStmt:
			b.next()
			u = &Procedure{Kind: UnitProgram, Name: h.Name, Head: h}
		case *ModuleStmt:
			b.next()
			u = &Procedure{Kind: UnitModule, Name: h.Name, Head: h}
		case *SubmoduleStmt:
			b.next()
			u = &Procedure{Kind: UnitSubmodule, Name: h.Name, Head: h, Ancestor: h.Ancestor, ParentSub: h.Parent}
		case *BlockDataStmt:
			b.next()
			u = &Procedure{Kind: UnitBlockData, Name: h.Name, Head: h}
		case *FunctionStmt, *SubroutineStmt:
			b.next()
			u = procFromHead(s)
			u.External = true
		case *EndStmt:
			b.next()
			b.diags.errorf(h.Pos, "syntax error: END statement without a program unit")
			continue
		default:
			// A main program without a PROGRAM statement.
			u = &Procedure{Kind: UnitProgram, Name: "", Pos: StmtPos(s)}
		}
		if u.Head != nil {
			u.Pos = StmtPos(u.Head)
		}
		u.File = b.file
		b.unitBody(u)
		units = append(units, u)
	}
	return units
}

// procFromHead makes a Procedure from a FUNCTION or SUBROUTINE statement.
func procFromHead(s Stmt) *Procedure {
	u := &Procedure{Head: s, Pos: StmtPos(s)}
	var prefixes []*Prefix
	switch h := s.(type) {
	case *FunctionStmt:
		u.Kind, u.Name, u.IsFunction = UnitFunction, h.Name, true
		prefixes = h.Prefixes
		u.BindC = h.BindOf() != nil
	case *SubroutineStmt:
		u.Kind, u.Name = UnitSubroutine, h.Name
		prefixes = h.Prefixes
		u.BindC = h.Bind != nil
	case *MPSubprogramStmt:
		u.Name, u.Separate = h.Name, true
		u.Kind = UnitSubroutine // decided from the interface by sema
	}
	for _, p := range prefixes {
		switch p.Word {
		case "pure":
			u.Pure = true
		case "elemental":
			u.Elemental = true
		case "recursive":
			u.Recursive = true
		case "impure":
			u.Impure = true
		case "module":
			u.ModulePrefix = true
		}
	}
	return u
}

var unitEndWhat = map[UnitKind]string{
	UnitProgram: "program", UnitModule: "module", UnitSubmodule: "submodule", UnitBlockData: "blockdata",
	UnitFunction: "function", UnitSubroutine: "subroutine",
}

// isSpecStmt reports statements of a specification part.
func isSpecStmt(s Stmt) bool {
	switch x := s.(type) {
	case *UseStmt, *ImplicitStmt, *ImportStmt, *TypeDeclStmt, *AttrStmt, *DerivedTypeStmt,
		*ProcDeclStmt, *InterfaceStmt, *EnumStmt, *NamelistStmt, *CommonStmt, *EquivalenceStmt,
		*DataStmt, *FormatStmt, *EntryStmt, *GenericBindingStmt:
		return true
	case *BindingStmt:
		// "procedure :: x" outside a type or interface: an error later.
		return true
	case *ProcedureStmt:
		return true
	case *DirectiveStmt:
		// Declarative directives belong to the specification part; the
		// others (parallel do, ...) start the execution part.
		if len(x.Words) > 0 {
			switch x.Words[0] {
			case "threadprivate", "declare", "requires":
				return true
			}
		}
		return false
	case *OpaqueStmt:
		return x.Keyword == "include"
	}
	return false
}

// unitBody parses the specification part, execution part, internal
// procedures and END of a unit.
func (b *blockBuilder) unitBody(u *Procedure) {
	u.Spec = b.specPart(u)
	u.Body = b.execPart(u.Kind == UnitModule || u.Kind == UnitSubmodule || u.Kind == UnitBlockData)
	if _, ok := b.peek().(*ContainsStmt); ok {
		b.next()
		u.Contains = b.containsPart(u)
	}
	b.endUnit(u)
}

// endUnit consumes the END statement of a unit.
func (b *blockBuilder) endUnit(u *Procedure) {
	what := unitEndWhat[u.Kind]
	if u.Separate {
		what = "procedure"
	}
	s := b.peek()
	e, ok := s.(*EndStmt)
	if !ok || (e.What != "" && e.What != what && !(u.Separate && (e.What == "function" || e.What == "subroutine"))) {
		if s == nil {
			b.diags.errorf(u.Pos, "unterminated %s %s: missing END statement", kindWord(u), u.Name)
			return
		}
		if ok {
			b.next()
			b.diags.errorf(e.Pos, "mismatched end: END %s closes %s %s", strings.ToUpper(e.What), kindWord(u), u.Name)
			return
		}
		b.diags.errorf(StmtPos(s), "syntax error: unexpected statement; expected END %s", strings.ToUpper(what))
		// Skip to the next END to recover.
		for b.peek() != nil {
			if _, ok := b.peek().(*EndStmt); ok {
				break
			}
			b.next()
		}
		if b.peek() != nil {
			b.next()
		}
		return
	}
	b.next()
	u.End = e
	if e.Name != "" && u.Name != "" && e.Name != u.Name {
		b.diags.errorf(e.Pos, "mismatched end: END %s %s closes %s %s", strings.ToUpper(what), e.Name, kindWord(u), u.Name)
	}
}

func kindWord(u *Procedure) string {
	if u.Separate {
		return "module procedure"
	}
	return u.Kind.String()
}

// specPart collects specification statements, grouping derived-type
// definitions, interface blocks and enums.
func (b *blockBuilder) specPart(u *Procedure) []Stmt {
	var out []Stmt
	for {
		s := b.peek()
		if s == nil || !isSpecStmt(s) {
			return out
		}
		// "module procedure x" outside an interface/contains is an error.
		switch h := s.(type) {
		case *DerivedTypeStmt:
			b.next()
			out = append(out, b.typeDef(h))
		case *InterfaceStmt:
			b.next()
			out = append(out, b.interfaceBlock(h, u))
		case *EnumStmt:
			b.next()
			out = append(out, b.enumDef(h))
		default:
			out = append(out, b.next())
		}
	}
}

func (b *blockBuilder) typeDef(h *DerivedTypeStmt) Stmt {
	td := &TypeDef{StmtBase: h.StmtBase, Head: h}
	inBindings := false
	for {
		s := b.peek()
		if s == nil {
			b.diags.errorf(h.Pos, "unterminated type definition %s: missing END TYPE", h.Name)
			return td
		}
		switch x := s.(type) {
		case *EndStmt:
			b.next()
			if x.What != "type" {
				b.diags.errorf(x.Pos, "mismatched end: expected END TYPE for type %s", h.Name)
			} else if x.Name != "" && x.Name != h.Name {
				b.diags.errorf(x.Pos, "mismatched end: END TYPE %s closes type %s", x.Name, h.Name)
			}
			td.End = x
			return td
		case *ContainsStmt:
			b.next()
			inBindings = true
			continue
		case *SequenceStmt:
			b.next()
			td.Sequence = true
			continue
		case *AttrStmt:
			if x.Attr.Word == "private" || x.Attr.Word == "public" {
				if len(x.Entities) == 0 && x.Params == nil {
					b.next()
					if x.Attr.Word == "private" {
						if inBindings {
							td.BindPriv = true
						} else {
							td.Private = true
						}
					}
					continue
				}
			}
		}
		b.next()
		if inBindings {
			switch x := s.(type) {
			case *BindingStmt, *GenericBindingStmt, *FinalStmt:
				td.Bindings = append(td.Bindings, s)
			case *ProcDeclStmt:
				// procedure(iface), deferred :: name
				bs := &BindingStmt{StmtBase: x.StmtBase, Attrs: x.Attrs}
				if x.Interface != nil {
					bs.Interface = x.Interface.Name
				}
				for _, e := range x.Entities {
					bs.Bindings = append(bs.Bindings, &BindingDecl{Pos: e.Pos, Name: e.Name})
				}
				td.Bindings = append(td.Bindings, bs)
			case *ProcedureStmt:
				bs := &BindingStmt{StmtBase: x.StmtBase}
				for _, n := range x.Names {
					bs.Bindings = append(bs.Bindings, &BindingDecl{Name: n})
				}
				td.Bindings = append(td.Bindings, bs)
			default:
				b.diags.errorf(StmtPos(s), "syntax error: only type-bound procedures may follow CONTAINS in a type definition")
			}
			continue
		}
		switch s.(type) {
		case *TypeDeclStmt, *ProcDeclStmt:
			td.Components = append(td.Components, s)
		default:
			b.diags.errorf(StmtPos(s), "syntax error: this statement is not allowed in a type definition")
		}
	}
}

func (b *blockBuilder) enumDef(h *EnumStmt) Stmt {
	ed := &EnumDef{StmtBase: h.StmtBase, Head: h}
	for {
		s := b.peek()
		if s == nil {
			b.diags.errorf(h.Pos, "unterminated enum: missing END ENUM")
			return ed
		}
		b.next()
		switch x := s.(type) {
		case *EndStmt:
			if x.What != "enum" {
				b.diags.errorf(x.Pos, "mismatched end: expected END ENUM")
			}
			return ed
		case *EnumeratorStmt:
			ed.Items = append(ed.Items, x)
		default:
			b.diags.errorf(StmtPos(s), "syntax error: only ENUMERATOR statements may appear in an enum")
		}
	}
}

func (b *blockBuilder) interfaceBlock(h *InterfaceStmt, host *Procedure) Stmt {
	ib := &InterfaceBlock{StmtBase: h.StmtBase, Head: h}
	for {
		s := b.peek()
		if s == nil {
			b.diags.errorf(h.Pos, "unterminated interface block: missing END INTERFACE")
			return ib
		}
		switch x := s.(type) {
		case *EndStmt:
			b.next()
			if x.What != "interface" {
				b.diags.errorf(x.Pos, "mismatched end: expected END INTERFACE")
			}
			ib.End = x
			return ib
		case *FunctionStmt, *SubroutineStmt:
			b.next()
			p := procFromHead(s)
			p.Interface = true
			p.Host = host
			p.File = b.file
			p.Spec = b.specPart(p)
			if s := b.peek(); s != nil {
				if _, ok := s.(*EndStmt); !ok {
					b.diags.errorf(StmtPos(s), "syntax error: an interface body cannot contain executable statements")
					for b.peek() != nil {
						if _, ok := b.peek().(*EndStmt); ok {
							break
						}
						b.next()
					}
				}
			}
			b.endUnit(p)
			ib.Bodies = append(ib.Bodies, p)
		case *ProcedureStmt:
			b.next()
			ib.Procs = append(ib.Procs, x)
		case *MPSubprogramStmt:
			b.next()
			ib.Procs = append(ib.Procs, &ProcedureStmt{StmtBase: x.StmtBase, Module: true, Names: []string{x.Name}})
		case *BindingStmt:
			b.next()
			ps := &ProcedureStmt{StmtBase: x.StmtBase}
			for _, d := range x.Bindings {
				ps.Names = append(ps.Names, d.Name)
			}
			if x.Interface != "" || len(x.Attrs) > 0 {
				b.diags.errorf(x.Pos, "syntax error: malformed PROCEDURE statement in an interface block")
			}
			ib.Procs = append(ib.Procs, ps)
		case *DirectiveStmt:
			b.next()
		default:
			b.next()
			b.diags.errorf(StmtPos(s), "syntax error: this statement is not allowed in an interface block")
		}
	}
}

// containsPart parses the procedures after CONTAINS.
func (b *blockBuilder) containsPart(host *Procedure) []*Procedure {
	var out []*Procedure
	for {
		s := b.peek()
		switch s.(type) {
		case *FunctionStmt, *SubroutineStmt, *MPSubprogramStmt:
			b.next()
			p := procFromHead(s)
			p.Host = host
			p.File = b.file
			if host.Kind == UnitModule || host.Kind == UnitSubmodule {
				p.ModuleProc = true
			} else {
				p.Internal = true
			}
			b.unitBody(p)
			out = append(out, p)
		case *DirectiveStmt:
			b.next()
		default:
			return out
		}
	}
}

// execPart parses statements up to the unit's CONTAINS or END.
func (b *blockBuilder) execPart(specOnly bool) []Stmt {
	body := b.stmtList(func(s Stmt) bool {
		switch x := s.(type) {
		case *ContainsStmt:
			return true
		case *EndStmt:
			switch x.What {
			case "", "program", "module", "submodule", "function", "subroutine", "blockdata", "procedure":
				return true
			}
		case *FunctionStmt, *SubroutineStmt, *ProgramStmt, *ModuleStmt, *SubmoduleStmt:
			return true
		}
		return false
	}, nil)
	if specOnly {
		for _, s := range body {
			if _, ok := s.(*DirectiveStmt); ok {
				continue
			}
			if _, ok := s.(*FormatStmt); ok {
				continue
			}
			b.diags.errorf(StmtPos(s), "syntax error: executable statements are not allowed in a module or block data")
			break
		}
	}
	return body
}

// stmtList collects statements (building constructs) until stop says so.
// open is the construct being parsed (for the unterminated diagnostic).
func (b *blockBuilder) stmtList(stop func(Stmt) bool, doLabels []string) []Stmt {
	var out []Stmt
	for {
		s := b.peek()
		if s == nil || stop(s) {
			return out
		}
		b.next()
		c := b.construct(s, doLabels)
		if isSpecStmt(c) {
			switch c.(type) {
			case *FormatStmt, *DataStmt, *EntryStmt, *DirectiveStmt, *OpaqueStmt:
			default:
				b.diags.errorf(StmtPos(c), "syntax error: specification statement after executable statements")
			}
		}
		out = append(out, c)
		// A labelled DO's terminal statement ends the loop.
		if lbl := b.lastLabel; lbl != "" && containsLabel(doLabels, lbl) {
			return out
		}
	}
}

func containsLabel(ls []string, l string) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

// endsWhat reports whether s is END <what> (with "select" covering all selects).
func endsWhat(s Stmt, what string) bool {
	e, ok := s.(*EndStmt)
	return ok && e.What == what
}

// isAnyEnd reports an END of any construct or unit, or a unit-level statement.
func isBlockBoundary(s Stmt) bool {
	switch s.(type) {
	case *EndStmt, *ContainsStmt, *FunctionStmt, *SubroutineStmt, *ProgramStmt, *ModuleStmt:
		return true
	}
	return false
}

// construct builds the construct opened by s (already consumed), or returns
// s itself.
func (b *blockBuilder) construct(s Stmt, doLabels []string) Stmt {
	switch h := s.(type) {
	case *IfThenStmt:
		return b.branched(s, h.Name, "if", doLabels, func(x Stmt) bool {
			switch x.(type) {
			case *ElseIfStmt, *ElseStmt:
				return true
			}
			return false
		})
	case *SelectCaseStmt:
		return b.branched(s, h.Name, "select", doLabels, func(x Stmt) bool { _, ok := x.(*CaseStmt); return ok })
	case *SelectTypeStmt:
		return b.branched(s, h.Name, "select", doLabels, func(x Stmt) bool { _, ok := x.(*TypeGuardStmt); return ok })
	case *SelectRankStmt:
		return b.branched(s, h.Name, "select", doLabels, func(x Stmt) bool { _, ok := x.(*RankCaseStmt); return ok })
	case *WhereStmt:
		if h.Action != nil {
			return s
		}
		return b.branched(s, h.Name, "where", doLabels, func(x Stmt) bool { _, ok := x.(*ElsewhereStmt); return ok })
	case *ForallStmt:
		if h.Action != nil {
			return s
		}
		return b.branched(s, h.Name, "forall", doLabels, nil)
	case *AssociateStmt:
		return b.branched(s, h.Name, "associate", doLabels, nil)
	case *CriticalStmt:
		return b.branched(s, h.Name, "critical", doLabels, nil)
	case *BlockStmt:
		c := &Construct{StmtBase: h.StmtBase, Head: s}
		c.Spec = b.specPart(nil)
		c.Body = b.stmtList(isBlockBoundary, doLabels)
		b.closeConstruct(c, h.Name, "block")
		return c
	case *DoStmt:
		c := &Construct{StmtBase: h.StmtBase, Head: s}
		if h.EndLabel != "" {
			labels := append(append([]string(nil), doLabels...), h.EndLabel)
			c.Body = b.stmtList(func(x Stmt) bool {
				if isBlockBoundary(x) {
					if e, ok := x.(*EndStmt); ok && e.What == "do" && e.Label == h.EndLabel {
						return false
					}
					return true
				}
				return false
			}, labels)
			if b.lastLabel != h.EndLabel {
				b.diags.errorf(h.Pos, "unterminated DO loop: label %s not found", h.EndLabel)
				return c
			}
			// The terminal statement is the last of the body.
			if n := len(c.Body); n > 0 {
				if e, ok := c.Body[n-1].(*EndStmt); ok {
					c.End = e
					c.Body = c.Body[:n-1]
				} else if c.Body[n-1].base().Label == h.EndLabel {
					// The terminal statement (e.g. "10 continue") stays in the
					// body: it is executed in every iteration.
					c.End = c.Body[n-1]
				}
				// Otherwise an inner DO shares the terminal statement.
			}
			return c
		}
		c.Body = b.stmtList(isBlockBoundary, doLabels)
		b.closeConstruct(c, h.Name, "do")
		return c
	}
	return s
}

// branched builds a construct whose parts start with statements that
// isBranch recognises (else/case/type guard/elsewhere).
func (b *blockBuilder) branched(head Stmt, name, what string, doLabels []string, isBranch func(Stmt) bool) Stmt {
	c := &Construct{StmtBase: *head.base(), Head: head}
	stop := func(x Stmt) bool {
		if isBranch != nil && isBranch(x) {
			return true
		}
		return isBlockBoundary(x)
	}
	c.Body = b.stmtList(stop, doLabels)
	for {
		s := b.peek()
		if s == nil || isBranch == nil || !isBranch(s) {
			break
		}
		b.next()
		br := &Branch{Head: s}
		br.Body = b.stmtList(stop, doLabels)
		c.Branches = append(c.Branches, br)
	}
	if what == "select" && len(c.Body) > 0 {
		b.diags.errorf(StmtPos(c.Body[0]), "syntax error: statement before the first CASE of a SELECT construct")
	}
	b.closeConstruct(c, name, what)
	return c
}

// closeConstruct consumes the END of a construct or reports it missing.
func (b *blockBuilder) closeConstruct(c *Construct, name, what string) {
	s := b.peek()
	if s != nil && endsWhat(s, what) {
		b.next()
		e := s.(*EndStmt)
		c.End = e
		if e.Name != name {
			if name == "" {
				b.diags.errorf(e.Pos, "mismatched end: END %s %s but the construct has no name", strings.ToUpper(what), e.Name)
			} else {
				b.diags.errorf(e.Pos, "mismatched end: expected END %s %s", strings.ToUpper(what), name)
			}
		}
		return
	}
	b.diags.errorf(c.Pos, "unterminated %s construct: missing END %s", strings.ToUpper(what), strings.ToUpper(what))
}
