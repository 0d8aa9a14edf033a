package lowering

// This file places what the sync analysis decided (rules/sync.mg, read
// through rules.CheckResult.SyncPoints) in the host source: each fetch,
// wait, discard and stale mark becomes a line inserted before a line of
// the original source, at the nearest point that is correct when the
// statement does not start its own line:
//
//	a statement alone on its line, or first on it   before its line
//	a statement after simple statements on its line before the first of them
//	the action of a one-line IF                     inside the IF, rewritten as
//	                                                an IF construct (else before it);
//	                                                what its condition needs goes
//	                                                before the IF's line
//	an ELSE IF condition, a CASE selector           before the whole construct
//	a DO WHILE condition                            before the DO WHILE, before its
//	                                                END DO and before every CYCLE of it
//	the next iteration of a DO (END DO)             before the END DO and every CYCLE
//	a statement in a WHERE or FORALL construct, or  before the outermost such
//	in a do concurrent kept on the host             construct (no CALL is allowed
//	                                                inside them)
//	a fetch or stale mark hoisted out of a loop     before the loop's DO statement
//	the copy-out of a call that may launch          after the CALL (its line(s) alone),
//	                                                inside a one-line IF after it
//	the end of the procedure                        before CONTAINS, else before END
//
// The variable a decision names is written as the statement's scope names
// it (a use-associated variable may be renamed); a decision for a pure
// procedure, placed at a call of it, names the actual argument, or the
// variable itself where the caller can name it.
// Nothing is dropped: where no correct place or name exists, a "not yet
// implemented" error at the statement.

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/rules"
)

// SyncInsert is a line the host rewrite inserts.
type SyncInsert struct {
	Kind rules.SyncKind
	// Var is the variable (or pointer component designator) of a fetch,
	// discard or stale mark, as named at the statement; Guards are the
	// inquiries that must hold before it is passed ("present", then
	// "allocated" or "associated"), outermost first.
	Var    string
	Guards []string
	Why    string // short reason (waits)
	// All: a wait for every launch (else only for those that may stop).
	All bool
	// Each, when set, is an allocatable array component of the elements
	// of Var (an array of rank 1): the decision is one for the component
	// of every element that is allocated (a table of the kernels,
	// components.go).
	Each string
	// Part: Var is an array section handed to an MPI procedure (its
	// subscripts as the statement writes them): the fetch or stale mark
	// is of its elements only (fgpu_rt_fetch_part, fgpu_rt_stale_part).
	Part bool
	// After: a stale mark that belongs right after the statement before
	// the place (the copy-out of a call: rules.SyncPoint.After); written
	// before the place's own decisions, or, in a one-line IF rewritten as
	// a construct, after its action (the call).
	After bool
	// Async start (placed after the statement): Var is the buffer, Req
	// the request handle, as the statement writes them; Recv a receive
	// (fgpu_rt_async_start); Line is the line of the statement, before
	// whose next line it is inserted (also of an After stale mark).
	Req  string
	Recv bool
	Line int
}

// SyncAt is the lines inserted before one line of a file.
type SyncAt struct {
	File   string
	Line   int                 // insert before this line (original numbering)
	Proc   *frontend.Procedure // the procedure the lines are in
	Indent string
	Items  []SyncInsert
	// IfRewrite, when set, is a one-line IF whose action gets the items
	// inside: the IF statement (Line) is replaced by an IF construct.
	IfRewrite *IfRewrite
}

// IfRewrite is a one-line IF rewritten as "IF (cond) THEN / items /
// action / END IF".
type IfRewrite struct {
	Head   string // the line up to the action, without it ("10 if (x > 0) ")
	Action string // the action and what follows it on the line
}

// SyncPlan is the placement of the sync decisions.
type SyncPlan struct {
	At []*SyncAt
}

// PlaceSync places the sync decisions of cr in the source of prog.
func PlaceSync(prog *frontend.Program, cr *rules.CheckResult, plan *Plan) (*SyncPlan, frontend.Diagnostics) {
	sp := &SyncPlan{}
	if cr == nil || plan == nil || len(plan.Kernels) == 0 {
		return sp, nil
	}
	p := &placer{prog: prog, cr: cr, nodes: cr.Facts.HostNodes, at: map[string]*SyncAt{}, byStmt: map[frontend.Stmt]*facts.HostNode{}, first: map[string]map[int]int{}}
	for _, n := range p.nodes {
		p.byStmt[n.Stmt] = n
	}
	p.diags = append(p.diags, cr.SyncErrors()...)
	for _, pt := range cr.SyncPoints() {
		n := p.nodes[pt.Site]
		if n == nil {
			p.errf(pt.Pos, "placing a %s before a statement the host flow does not describe", pt.Kind)
			continue
		}
		p.place(n, pt)
	}
	for _, a := range p.at {
		sp.At = append(sp.At, a)
	}
	sort.Slice(sp.At, func(i, j int) bool {
		if sp.At[i].File != sp.At[j].File {
			return sp.At[i].File < sp.At[j].File
		}
		if sp.At[i].Line != sp.At[j].Line {
			return sp.At[i].Line < sp.At[j].Line
		}
		// Before a line, then inside the one-line IF rewritten there.
		return sp.At[i].IfRewrite == nil && sp.At[j].IfRewrite != nil
	})
	return sp, p.diags.Sort()
}

type placer struct {
	prog   *frontend.Program
	cr     *rules.CheckResult
	nodes  map[string]*facts.HostNode
	byStmt map[frontend.Stmt]*facts.HostNode
	at     map[string]*SyncAt
	first  map[string]map[int]int // file -> line -> smallest statement column
	diags  frontend.Diagnostics
}

func (p *placer) errf(pos frontend.Pos, format string, args ...any) {
	p.diags = append(p.diags, frontend.NYI(frontend.NYISyncPlacement, pos, frontend.Pos{}, format, args...))
}

// anchor is a place: before a line of a file, or inside a one-line IF's
// rewrite.
type anchor struct {
	file string
	line int
	ifs  *frontend.IfStmt
	// indentOf, when set, is the line whose indentation the inserted
	// lines take (after a statement: its own).
	indentOf int
}

// place adds one decision at every anchor of its node.
func (p *placer) place(n *facts.HostNode, pt rules.SyncPoint) {
	item := SyncInsert{Kind: pt.Kind}
	var items []SyncInsert
	switch pt.Kind {
	case rules.SyncWait:
		item.Why = pt.ShortWhy()
		item.All = pt.WaitsForAll()
	case rules.SyncAsync:
		buf, req := p.cr.Facts.LibArgs[pt.Var], p.cr.Facts.LibArgs[pt.Req]
		if buf == nil || req == nil {
			p.errf(n.Pos, "a non-blocking MPI transfer whose buffer or request the facts do not name")
			return
		}
		// As the statement itself writes them: the call does not change
		// their names or subscripts (facts/mpi.go).
		item.Var, item.Req, item.Recv, item.Line = buf.String(), req.String(), pt.Recv, n.Pos.Line
		anchors, ok := p.after(n)
		if !ok {
			p.errf(n.Pos, "a non-blocking MPI transfer of %s, which the device may hold, started by a statement that does not stand alone on its line(s), has a label or is the action of a one-line IF (the runtime must learn of it right after the call)", item.Var)
			return
		}
		for _, a := range anchors {
			p.add(n, a, item)
		}
		return
	case rules.SyncDiscard, rules.SyncStale, rules.SyncFetch:
		if pt.Section {
			e := p.cr.Facts.LibArgs[pt.Var]
			if e == nil || pt.Hoisted || pt.Kind == rules.SyncDiscard {
				p.errf(n.Pos, "a %s of an argument section the facts do not name", pt.Kind)
				return
			}
			// The section as the statement itself writes it: its
			// names are in scope and hold the same values right
			// before it (facts/mpi.go, exactSection).
			item.Var = e.String()
			item.Part = true
			break
		}
		if pt.Path {
			e := p.cr.Facts.PtrPaths[pt.Var]
			if e == nil {
				p.errf(n.Pos, "a %s through a pointer component the facts do not name", pt.Kind)
				return
			}
			if p.relocated(n) {
				p.errf(n.Pos, "a %s of %s, which a launch may write, inside a WHERE, FORALL or do concurrent construct", pt.Kind, e)
				return
			}
			item.Var = e.String()
			item.Guards = []string{"associated(" + item.Var + ")"}
			break
		}
		v := p.cr.Facts.Vars[pt.Var]
		if v == nil {
			p.errf(n.Pos, "a %s of a variable the facts do not name", pt.Kind)
			return
		}
		if v.Kind == frontend.SymParameter {
			return
		}
		local, ok := p.localName(n, v)
		if !ok {
			p.errf(n.Pos, "a %s of %s, which a launch may write or use, where it has no name (a procedure called here accesses it)", pt.Kind, v.Name)
			return
		}
		item.Var = local
		if v.Optional {
			item.Guards = append(item.Guards, "present("+local+")")
		}
		if v.Allocatable {
			item.Guards = append(item.Guards, "allocated("+local+")")
		} else if v.Pointer {
			item.Guards = append(item.Guards, "associated("+local+")")
		}
		if v.Type.Base == frontend.TyDerived {
			// A derived-type value: the device buffers it has
			// (components.go), each a decision of its own.
			items = derivedBuffers(item, v)
			if pt.Kind == rules.SyncStale && !pt.Hoisted {
				items = writtenBuffers(items, n.Stmt)
			}
		}
	}
	if items == nil {
		items = []SyncInsert{item}
	}
	var anchors []anchor
	var ok bool
	if pt.After {
		// The copy-out of the call wrote the actual's host storage: a
		// stale mark right after the call.
		anchors, ok = p.afterCall(n)
		if !ok {
			p.errf(n.Pos, "a call that passes %s, which the device may hold, by copy-in/copy-out to a procedure that launches kernels, where its stale mark cannot follow it: the call does not stand alone on its line(s) or has a label (write it as a CALL statement of its own)", describe(item))
			return
		}
		for _, a := range anchors {
			for _, it := range items {
				it.After, it.Line = true, n.Pos.Line
				p.add(n, a, it)
			}
		}
		return
	}
	if pt.Hoisted {
		if !isLoopHead(n) {
			p.errf(n.Pos, "a %s hoisted to a statement that is not a loop", pt.Kind)
			return
		}
		// A fetch or stale mark hoisted to this loop: before the loop.
		anchors, ok = p.entry(n)
	} else {
		anchors, ok = p.before(n)
	}
	if !ok {
		p.errf(n.Pos, "placing a %s (%s) before this statement, which does not start a line where it can be put", pt.Kind, describe(item))
		return
	}
	for _, a := range anchors {
		for _, it := range items {
			p.add(n, a, it)
		}
	}
}

// writtenBuffers keeps, of the stale marks of the buffers of a
// derived-type variable, those an assignment statement writes (m%coef(2) =
// 2 marks m%coef, not m%x): a buffer the host does not write keeps a
// current device copy. Any other statement keeps them all.
func writtenBuffers(items []SyncInsert, s frontend.Stmt) []SyncInsert {
	a, ok := s.(*frontend.AssignStmt)
	if !ok || a.Proc != nil {
		return items
	}
	var comps []string
	x := a.LHS
	for ; x != nil && (x.Kind == frontend.EComponent || x.Kind == frontend.ERef); x = x.X {
		if x.Kind == frontend.EComponent {
			comps = append([]string{x.Name}, comps...)
		}
	}
	if x == nil || x.Kind != frontend.EName {
		return items
	}
	path := strings.ToLower(strings.Join(append([]string{x.Name}, comps...), "%"))
	var out []SyncInsert
	for _, it := range items {
		if strings.Contains(it.Var, "(") {
			out = append(out, it) // the bytes of an array, named by a component (a(:)%r%x)
			continue
		}
		v := strings.ToLower(it.Var)
		if it.Each != "" {
			v += "%" + strings.ToLower(it.Each)
		}
		if v == path || strings.HasPrefix(v, path+"%") || strings.HasPrefix(path, v+"%") {
			out = append(out, it)
		}
	}
	if out == nil {
		out = []SyncInsert{}
	}
	return out
}

// derivedBuffers are the decisions for the device buffers of derived-type
// variable v, named by item: an array of a type the kernels hold as the
// host's bytes is one buffer; a scalar has one for every array component,
// through its scalar components of derived types (a scalar component is
// handed over by value, never a buffer). Each allocatable component is
// guarded by allocated(). None when kernels cannot hold any of it.
func derivedBuffers(item SyncInsert, v *frontend.Symbol) []SyncInsert {
	out := []SyncInsert{}
	// each adds the decisions for the allocatable array components of
	// the elements of the array it names (element tables).
	each := func(it SyncInsert, dt *frontend.DerivedType) {
		for _, c := range dt.Components {
			if c.Kind == frontend.SymComponent && c.Allocatable && c.Rank > 0 && c.Type.Base != frontend.TyDerived {
				e := it
				e.Each = c.Name
				out = append(out, e)
			}
		}
	}
	// bytes names the bytes of an array of a type the device lays out
	// (one buffer): the array itself, or for a type with type-bound
	// procedures (which type(*) cannot take) its first component across
	// the array, whose span the runtime finds the buffer by.
	bytes := func(it SyncInsert, rank int, dt *frontend.DerivedType) bool {
		if ok, _ := HostBytes(dt); ok {
			out = append(out, it)
			return true
		}
		if ok, _ := DeviceLayout(dt); ok {
			if l := FirstLeaf(dt); l != "" {
				it.Var += "(" + strings.TrimSuffix(strings.Repeat(":,", rank), ",") + ")" + l
				out = append(out, it)
				return true
			}
		}
		return false
	}
	if v.Rank != 0 {
		bytes(item, v.Rank, v.Type.Derived)
		if v.Rank == 1 {
			each(item, v.Type.Derived)
		}
		return out
	}
	var walk func(dt *frontend.DerivedType, path string, guards []string, depth int)
	walk = func(dt *frontend.DerivedType, path string, guards []string, depth int) {
		if dt == nil || depth > 8 {
			return
		}
		for t := dt; t != nil; t = t.Parent {
			for _, c := range t.Components {
				if c.Kind != frontend.SymComponent || c.Pointer {
					continue
				}
				cp := path + "%" + c.Name
				switch {
				case c.Rank > 0:
					it := item
					it.Var = cp
					it.Guards = append([]string(nil), guards...)
					if c.Allocatable {
						it.Guards = append(it.Guards, "allocated("+cp+")")
					}
					if c.Type.Base == frontend.TyDerived {
						bytes(it, c.Rank, c.Type.Derived)
						if c.Rank == 1 {
							each(it, c.Type.Derived)
						}
						continue
					}
					out = append(out, it)
				case c.Type.Base == frontend.TyDerived && !c.Allocatable:
					walk(c.Type.Derived, cp, guards, depth+1)
				}
			}
		}
	}
	walk(v.Type.Derived, item.Var, item.Guards, 0)
	return out
}

// localName is how the statement of n names variable v: the name its
// scope resolves to v (a use-associated variable may be renamed), or the
// name of a construct's own variable.
func (p *placer) localName(n *facts.HostNode, v *frontend.Symbol) (string, bool) {
	sc := n.Proc.Scope
	for i := len(n.Enclosing) - 1; i >= 0; i-- {
		if n.Enclosing[i].Scope != nil {
			sc = n.Enclosing[i].Scope
			break
		}
	}
	if sc == nil {
		return "", false
	}
	if s := sc.Lookup(v.Name); s != nil && frontend.UltimateSymbol(s) == v {
		return v.Name, true
	}
	if v.Scope != nil && (v.Scope.Kind == frontend.ScopeBlock || v.Scope.Kind == frontend.ScopeAssociate) {
		return v.Name, true // a construct's own name (the statement is in the construct)
	}
	for s := sc; s != nil; s = s.Parent {
		if s.Kind == frontend.ScopeGlobal {
			break
		}
		for _, sym := range s.Order {
			if frontend.UltimateSymbol(sym) == v {
				if found := sc.Lookup(sym.Name); found == sym {
					return sym.Name, true
				}
			}
		}
		for name, sym := range s.Symbols {
			if frontend.UltimateSymbol(sym) == v {
				if found := sc.Lookup(name); found == sym {
					return name, true
				}
			}
		}
	}
	return "", false
}

// relocation returns the outermost construct around n that no CALL may
// be inside (WHERE, FORALL, a do concurrent kept on the host), or nil.
func (p *placer) relocation(n *facts.HostNode) *frontend.Construct {
	for _, k := range n.Enclosing {
		switch h := k.Head.(type) {
		case *frontend.WhereStmt, *frontend.ForallStmt:
			return k
		case *frontend.DoStmt:
			if h.Concurrent != nil {
				return k
			}
		}
	}
	return nil
}

func (p *placer) relocated(n *facts.HostNode) bool { return p.relocation(n) != nil }

func isLoopHead(n *facts.HostNode) bool {
	if n.Construct == nil || n.Stmt != n.Construct.Head {
		return false
	}
	_, ok := n.Stmt.(*frontend.DoStmt)
	return ok
}

func describe(it SyncInsert) string {
	if it.Var != "" {
		return it.Var
	}
	return it.Why
}

func (p *placer) add(n *facts.HostNode, a anchor, item SyncInsert) {
	file := a.file
	// Before a line, and inside the one-line IF on it rewritten as a
	// construct, are two places: what the IF's condition needs goes
	// before the line, what its action needs inside.
	key := fmt.Sprintf("%s\x00%d", file, a.line)
	plainKey := key
	if a.ifs != nil {
		key += "\x00if"
	}
	at := p.at[key]
	if at == nil {
		line, _ := p.prog.Line(file, a.line)
		at = &SyncAt{File: file, Line: a.line, Proc: n.Proc, Indent: leadingWS(line)}
		if a.indentOf != 0 {
			l, _ := p.prog.Line(file, a.indentOf)
			at.Indent = leadingWS(l)
		} else if n.Kind == "end" || n.Kind == "block_end" || n.Kind == "do_iter" || n.Kind == "do_while" && a.line != n.Pos.Line {
			at.Indent += "  " // inside the construct or procedure that ends there
		}
		p.at[key] = at
	}
	// The start of a transfer (after the statement before this line)
	// would go inside a one-line IF rewritten here.
	isAsync := func(it SyncInsert) bool { return it.Kind == rules.SyncAsync }
	rewritten := p.at[plainKey+"\x00if"] != nil
	plain := p.at[plainKey]
	if isAsync(item) && rewritten || a.ifs != nil && plain != nil && slices.ContainsFunc(plain.Items, isAsync) {
		p.errf(n.Pos, "a non-blocking MPI transfer started on the line before a one-line IF whose action needs lines of its own (write the IF as an IF construct)")
		return
	}
	if a.ifs != nil && at.IfRewrite == nil {
		line, _ := p.prog.Line(file, a.line)
		col := frontend.StmtPos(a.ifs.Action).Col
		if col-1 <= len(line) {
			at.IfRewrite = &IfRewrite{Head: line[:col-1], Action: line[col-1:]}
		}
		at.Indent = leadingWS(line) + "  "
	}
	for i, it := range at.Items {
		if it.Kind == rules.SyncWait && item.Kind == rules.SyncWait {
			// One wait per place, for every launch if either is.
			at.Items[i].All = it.All || item.All
			if !strings.Contains(it.Why, item.Why) {
				at.Items[i].Why = it.Why + "; " + item.Why
			}
			return
		}
		if it.Kind == item.Kind && it.Var == item.Var && it.Each == item.Each && it.After == item.After {
			return
		}
	}
	at.Items = append(at.Items, item)
}

func leadingWS(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// before returns the anchors of "right before node n runs".
func (p *placer) before(n *facts.HostNode) ([]anchor, bool) {
	if k := p.relocation(n); k != nil {
		return p.entry(p.byStmt[k.Head])
	}
	switch n.Kind {
	case "end":
		return p.endAnchor(n)
	case "do_iter":
		return p.iterAnchors(n)
	case "do_while":
		// Before the DO WHILE (first test), before its END DO and before
		// every CYCLE (the next tests).
		entry, ok := p.stmtAnchor(n)
		if !ok {
			return nil, false
		}
		rest, ok := p.iterAnchors(n)
		if !ok {
			return nil, false
		}
		return append(entry, rest...), true
	case "case":
		return p.entry(p.byStmt[n.Construct.Head])
	case "if", "simple":
		if n.Construct != nil && n.Stmt != n.Construct.Head {
			// An ELSE IF condition or an ELSEWHERE mask: before the construct.
			return p.entry(p.byStmt[n.Construct.Head])
		}
	}
	if n.IfStmt != nil {
		// The action of a one-line IF: inside it, rewritten as a construct,
		// when the IF stands alone on its line(s); else before the IF.
		if ifn := p.byStmt[n.IfStmt]; ifn != nil {
			b := frontend.StmtBaseOf(n.IfStmt)
			if !b.SharedLine && b.EndLine == b.Pos.Line && p.firstOnLine(n.IfStmt) && !p.doTerminal(n.IfStmt) {
				return []anchor{{file: b.Pos.File, line: b.Pos.Line, ifs: n.IfStmt}}, true
			}
			return p.stmtAnchor(ifn)
		}
		return nil, false
	}
	return p.stmtAnchor(n)
}

// after returns the anchor right after n's statement: before the line
// after its last one, when it is a CALL that stands alone on its line(s),
// without a label (a DO's terminal statement), not the action of a
// one-line IF; the lines are indented as the statement.
func (p *placer) after(n *facts.HostNode) ([]anchor, bool) {
	if _, ok := n.Stmt.(*frontend.CallStmt); !ok || n.IfStmt != nil || p.relocated(n) {
		return nil, false
	}
	b := frontend.StmtBaseOf(n.Stmt)
	if b.SharedLine || b.Label != "" || b.EndLine < b.Pos.Line {
		return nil, false
	}
	return []anchor{{file: b.Pos.File, line: b.EndLine + 1, indentOf: b.Pos.Line}}, true
}

// afterCall returns the anchor right after call n for a stale mark of its
// copy-out: as after, and for the action of a one-line IF that can be
// rewritten as a construct, inside it after the action (the item's After
// tells emit).
func (p *placer) afterCall(n *facts.HostNode) ([]anchor, bool) {
	if n.IfStmt == nil {
		return p.after(n)
	}
	if _, ok := n.Stmt.(*frontend.CallStmt); !ok {
		return nil, false
	}
	b := frontend.StmtBaseOf(n.IfStmt)
	if p.byStmt[n.IfStmt] == nil || b.SharedLine || b.EndLine != b.Pos.Line || !p.firstOnLine(n.IfStmt) || p.doTerminal(n.IfStmt) {
		return nil, false
	}
	return []anchor{{file: b.Pos.File, line: b.Pos.Line, ifs: n.IfStmt}}, true
}

// entry returns the anchors of "before construct head n" (hoisting and
// branch heads): before the head statement's line.
func (p *placer) entry(n *facts.HostNode) ([]anchor, bool) {
	if n == nil {
		return nil, false
	}
	if k := p.relocation(n); k != nil && k.Head != n.Stmt {
		return p.entry(p.byStmt[k.Head])
	}
	return p.stmtAnchor(n)
}

// stmtAnchor is before the line of n's statement when the statement is
// the first on its line, or follows only simple statements of its list on
// that line (then before the first of them).
func (p *placer) stmtAnchor(n *facts.HostNode) ([]anchor, bool) {
	for {
		pos := frontend.StmtPos(n.Stmt)
		if pos.Line == 0 {
			return nil, false
		}
		if p.firstOnLine(n.Stmt) {
			return []anchor{{file: pos.File, line: pos.Line}}, true
		}
		prev := n.Prev
		if prev == nil || frontend.StmtPos(prev).Line != pos.Line {
			return nil, false
		}
		if _, isConstruct := prev.(*frontend.Construct); isConstruct {
			return nil, false
		}
		pn := p.byStmt[prev]
		if pn == nil {
			return nil, false
		}
		switch pn.Kind {
		case "simple", "call", "io", "allocate", "deallocate", "if":
		default:
			return nil, false
		}
		n = pn
	}
}

// iterAnchors: before the END DO of n's loop and before every CYCLE of it.
func (p *placer) iterAnchors(n *facts.HostNode) ([]anchor, bool) {
	k := n.Construct
	if k == nil {
		return nil, false
	}
	end, ok := k.End.(*frontend.EndStmt)
	if !ok {
		return nil, false
	}
	en := p.byStmt[k.End]
	var out []anchor
	if en != nil {
		a, ok := p.stmtAnchor(en)
		if !ok {
			return nil, false
		}
		out = append(out, a...)
	} else if p.firstOnLine(end) {
		out = append(out, anchor{file: end.Pos.File, line: end.Pos.Line})
	} else {
		return nil, false
	}
	for _, c := range n.Cycles {
		cn := p.byStmt[c]
		if cn == nil {
			return nil, false
		}
		a, ok := p.before(cn)
		if !ok {
			return nil, false
		}
		out = append(out, a...)
	}
	return out, true
}

var containsLine = regexp.MustCompile(`(?i)^\s*contains\s*(!.*)?$`)

// endAnchor: before CONTAINS when the procedure has internal procedures,
// else before its END statement.
func (p *placer) endAnchor(n *facts.HostNode) ([]anchor, bool) {
	u := n.Proc
	if u.End == nil {
		return nil, false
	}
	endLine := u.End.Pos.Line
	if len(u.Contains) > 0 {
		endLine = u.Contains[0].Pos.Line
		for l := endLine - 1; l > 0; l-- {
			text, _ := p.prog.Line(u.File, l)
			if containsLine.MatchString(text) {
				return []anchor{{file: u.File, line: l}}, true
			}
		}
		return nil, false
	}
	if !p.firstOnLine(u.End) {
		return nil, false
	}
	return []anchor{{file: u.End.Pos.File, line: endLine}}, true
}

// doTerminal reports a labelled IF statement: it may end a labelled DO,
// which an IF construct cannot, so it is not rewritten (conservative).
func (p *placer) doTerminal(s *frontend.IfStmt) bool {
	return s.Label != ""
}

// firstOnLine reports whether no statement of the procedure starts
// before s on its line.
func (p *placer) firstOnLine(s frontend.Stmt) bool {
	b := frontend.StmtBaseOf(s)
	if !b.SharedLine {
		return true
	}
	file := b.Pos.File
	if p.first[file] == nil {
		p.first[file] = map[int]int{}
		for _, h := range p.nodes {
			hp := frontend.StmtPos(h.Stmt)
			if hp.File != file || hp.Line == 0 {
				continue
			}
			if c, ok := p.first[file][hp.Line]; !ok || hp.Col < c {
				p.first[file][hp.Line] = hp.Col
			}
		}
	}
	c, ok := p.first[file][b.Pos.Line]
	return ok && c >= b.Pos.Col
}
