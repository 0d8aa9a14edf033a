package frontend

import (
	"errors"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// stmtParser parses the logical statements of one file.
type stmtParser struct {
	diags *diagSink
}

// twoWord merges keyword pairs written with a space into their one-word form.
var twoWord = map[string]string{
	"end do": "enddo", "end if": "endif", "end select": "endselect", "end where": "endwhere",
	"end forall": "endforall", "end associate": "endassociate", "end block": "endblock",
	"end type": "endtype", "end interface": "endinterface", "end module": "endmodule",
	"end submodule": "endsubmodule", "end program": "endprogram", "end function": "endfunction",
	"end subroutine": "endsubroutine", "end enum": "endenum", "end critical": "endcritical",
	"end procedure": "endprocedure", "end blockdata": "endblockdata", "endblock data": "endblockdata",
	"else if": "elseif", "else where": "elsewhere", "go to": "goto", "select case": "selectcase",
	"select type": "selecttype", "select rank": "selectrank", "block data": "blockdata",
	"double precision": "doubleprecision", "double complex": "doublecomplex",
	"type is": "typeis", "class is": "classis", "class default": "classdefault",
	"error stop": "errorstop", "in out": "inout",
}

// normalize merges two-word keywords at the start of a statement (and
// "end block data").
func normalize(toks []lexer.Token) []lexer.Token {
	if len(toks) >= 2 && toks[0].Type == TokIdent && toks[1].Type == TokIdent {
		if w, ok := twoWord[toks[0].Value+" "+toks[1].Value]; ok {
			// Keep "type is"/"class is" only when followed by "(".
			if (w == "typeis" || w == "classis") && (len(toks) < 3 || toks[2].Value != "(") {
				return toks
			}
			// "double precision function f" etc. are fine.
			m := toks[0]
			m.Value = w
			out := append([]lexer.Token{m}, toks[2:]...)
			if w == "endblock" && len(out) >= 2 && out[1].Value == "data" {
				out[0].Value = "endblockdata"
				out = append(out[:1], out[2:]...)
			}
			return out
		}
	}
	if len(toks) >= 2 && toks[0].Type == TokIdent && toks[0].Value == "endblock" && toks[1].Type == TokIdent && toks[1].Value == "data" {
		m := toks[0]
		m.Value = "endblockdata"
		return append([]lexer.Token{m}, toks[2:]...)
	}
	return toks
}

func isOpTok(t lexer.Token, v string) bool { return t.Type == TokOp && t.Value == v }

// findTop returns the index of the first top-level (paren depth 0) token
// with the given op value, or -1.
func findTop(toks []lexer.Token, v string) int {
	depth := 0
	for i, t := range toks {
		if t.Type != TokOp {
			continue
		}
		switch t.Value {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		default:
			if depth == 0 && t.Value == v {
				return i
			}
		}
	}
	return -1
}

// matchParen returns the index of the ")" matching the "(" at i, or -1.
func matchParen(toks []lexer.Token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].Type != TokOp {
			continue
		}
		switch toks[j].Value {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// assignmentOp reports whether toks have the form of a designator followed by
// "=" or "=>" (returns "=" / "=>" / "").
func assignmentOp(toks []lexer.Token) string {
	i := 0
	if i >= len(toks) || toks[i].Type != TokIdent {
		return ""
	}
	i++
	for i < len(toks) {
		t := toks[i]
		if t.Type != TokOp {
			return ""
		}
		switch t.Value {
		case "(":
			j := matchParen(toks, i)
			if j < 0 {
				return ""
			}
			i = j + 1
		case "%":
			if i+1 >= len(toks) || toks[i+1].Type != TokIdent {
				return ""
			}
			i += 2
		case "=", "=>":
			return t.Value
		default:
			return ""
		}
	}
	return ""
}

// syntaxErr converts a parser error into a diagnostic.
func (sp *stmtParser) syntaxErr(err error, st *RawStmt) {
	var se *SyntaxError
	if errors.As(err, &se) {
		sp.diags.errorf(se.Pos, "%s", se.Msg)
		return
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		pos := pe.Position()
		p := Pos{File: pos.Filename, Line: pos.Line, Col: pos.Column}
		msg := pe.Message()
		if !strings.HasPrefix(msg, "syntax error") && !strings.Contains(msg, "not yet implemented") {
			msg = "syntax error: " + msg
		}
		if p.Line == 0 {
			p = st.Pos
		}
		sp.diags.errorf(p, "%s", msg)
		return
	}
	sp.diags.errorf(st.Pos, "syntax error: %v", err)
}

// parse runs one grammar and stamps the base; nil on error (reported).
func parseG[T any, PT interface {
	*T
	Stmt
}](sp *stmtParser, g *grammar[T], st *RawStmt, toks []lexer.Token, kw string) Stmt {
	v, err := g.parse(toks)
	if err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	b := PT(v).base()
	b.Pos = tokPos(toks[0])
	b.Label = st.Label
	b.Kw = kw
	return PT(v)
}

// exprs parses a whole token slice as one expression.
func parseExprToks(toks []lexer.Token) (*Expr, error) {
	if len(toks) == 0 {
		return nil, &SyntaxError{Msg: "syntax error: expected an expression"}
	}
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks, eof: endPos(toks)})
	if err != nil {
		return nil, err
	}
	p := exprParser{lex: pl}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := pl.Peek(); !t.EOF() {
		return nil, p.errf(t, "syntax error: unexpected %s", describeTok(t))
	}
	return x, nil
}

func endPos(toks []lexer.Token) lexer.Position {
	if len(toks) == 0 {
		return lexer.Position{}
	}
	p := toks[len(toks)-1].Pos
	p.Column += len(toks[len(toks)-1].Value)
	return p
}

// newExprParser returns a parser over toks.
func newExprParser(toks []lexer.Token) *exprParser {
	pl, _ := lexer.Upgrade(&sliceLexer{toks: toks, eof: endPos(toks)})
	return &exprParser{lex: pl}
}

func (p *exprParser) atEnd() bool { return p.lex.Peek().EOF() }

func (p *exprParser) expectEnd() error {
	if t := p.peek(); !t.EOF() {
		return p.errf(t, "syntax error: unexpected %s", describeTok(t))
	}
	return nil
}

// declKeywords start type declarations (or typed function statements).
var declKeywords = map[string]bool{
	"integer": true, "real": true, "complex": true, "logical": true, "character": true,
	"doubleprecision": true, "doublecomplex": true, "byte": true,
}

var attrKeywords = map[string]bool{
	"allocatable": true, "pointer": true, "target": true, "optional": true, "value": true,
	"parameter": true, "save": true, "contiguous": true, "protected": true, "public": true,
	"private": true, "external": true, "intrinsic": true, "volatile": true, "asynchronous": true,
	"dimension": true, "intent": true, "bind": true, "automatic": true, "static": true,
}

var prefixKeywords = map[string]bool{
	"pure": true, "elemental": true, "recursive": true, "impure": true, "module": true, "non_recursive": true,
}

// opaqueKeywords are statements kept as opaque nodes (names recorded).
var opaqueKeywords = map[string]bool{
	"pause": true, "assign": true, "sync": true, "lock": true, "unlock": true,
	"event": true, "form": true, "change": true, "fail": true, "include": true,
}

// hasTopIdent reports whether ident v occurs at paren depth 0.
func hasTopIdent(toks []lexer.Token, v string) bool {
	depth := 0
	for _, t := range toks {
		if t.Type == TokOp {
			switch t.Value {
			case "(", "[":
				depth++
			case ")", "]":
				depth--
			}
		} else if depth == 0 && t.Type == TokIdent && t.Value == v {
			return true
		}
	}
	return false
}

// parseStmt parses one logical statement.
func (sp *stmtParser) parseStmt(st *RawStmt) Stmt {
	if st.Directive != "" {
		d := sp.parseDirective(st)
		d.base().EndLine = st.EndLine
		return d
	}
	toks := st.Toks
	// Construct name "name:".
	cname := ""
	if len(toks) >= 3 && toks[0].Type == TokIdent && isOpTok(toks[1], ":") && toks[2].Type == TokIdent {
		cname = toks[0].Value
		toks = toks[2:]
	}
	toks = normalize(toks)
	if len(toks) == 0 {
		return nil
	}
	s := sp.dispatch(st, toks, cname)
	if s != nil && cname != "" {
		setConstructName(s, cname)
	}
	if s != nil {
		b := s.base()
		b.EndLine, b.SharedLine = st.EndLine, st.SharedLine
	}
	return s
}

func setConstructName(s Stmt, name string) {
	switch x := s.(type) {
	case *IfThenStmt:
		x.Name = name
	case *DoStmt:
		x.Name = name
	case *SelectCaseStmt:
		x.Name = name
	case *SelectTypeStmt:
		x.Name = name
	case *SelectRankStmt:
		x.Name = name
	case *ForallStmt:
		x.Name = name
	case *WhereStmt:
		x.Name = name
	case *BlockStmt:
		x.Name = name
	case *AssociateStmt:
		x.Name = name
	case *CriticalStmt:
		x.Name = name
	}
}

func (sp *stmtParser) dispatch(st *RawStmt, toks []lexer.Token, cname string) Stmt {
	first := toks[0]
	if op := assignmentOp(toks); op != "" {
		if op == "=" {
			return parseG[AssignStmt](sp, &gAssign, st, toks, "=")
		}
		return parseG[PtrAssignStmt](sp, &gPtrAssign, st, toks, "=>")
	}
	if first.Type != TokIdent {
		sp.diags.errorf(tokPos(first), "syntax error: unexpected %s at the start of a statement", describeTok(&first))
		return nil
	}
	kw := first.Value
	switch kw {
	case "program":
		return parseG[ProgramStmt](sp, &gProgram, st, toks, kw)
	case "module":
		if len(toks) >= 2 && toks[1].Value == "procedure" {
			if hasTopIdent(toks, "::") || len(toks) > 3 && isOpTok(toks[3], ",") || findTop(toks, "::") >= 0 {
				return parseG[ProcedureStmt](sp, &gProcedure, st, toks, "procedure")
			}
			// "module procedure name" alone: a separate module procedure in a
			// submodule, or a procedure statement in an interface; the block
			// builder decides from the context.
			return parseG[MPSubprogramStmt](sp, &gMPSub, st, toks, "moduleprocedure")
		}
		if hasTopIdent(toks, "function") || hasTopIdent(toks, "subroutine") {
			break
		}
		return parseG[ModuleStmt](sp, &gModule, st, toks, kw)
	case "submodule":
		return parseG[SubmoduleStmt](sp, &gSubmodule, st, toks, kw)
	case "blockdata":
		return parseG[BlockDataStmt](sp, &gBlockData, st, toks, kw)
	case "contains":
		return parseG[ContainsStmt](sp, &gContains, st, toks, kw)
	case "entry":
		return parseG[EntryStmt](sp, &gEntry, st, toks, kw)
	case "use":
		return parseG[UseStmt](sp, &gUse, st, toks, kw)
	case "implicit":
		return sp.parseImplicit(st, toks)
	case "import":
		return parseG[ImportStmt](sp, &gImport, st, toks, kw)
	case "end", "endprogram", "endmodule", "endsubmodule", "endfunction", "endsubroutine", "enddo",
		"endif", "endselect", "endwhere", "endforall", "endassociate", "endblock", "endtype",
		"endinterface", "endenum", "endcritical", "endprocedure", "endblockdata":
		return sp.parseEnd(st, toks)
	case "type":
		if len(toks) >= 2 && (isOpTok(toks[1], "(")) {
			// type(t) :: x  (declaration) or type(t) function f().
			break
		}
		return parseG[DerivedTypeStmt](sp, &gDerivedType, st, toks, kw)
	case "class":
		if len(toks) >= 2 && isOpTok(toks[1], "(") {
			break
		}
	case "typeis", "classis", "classdefault":
		return parseG[TypeGuardStmt](sp, &gTypeGuard, st, toks, kw)
	case "sequence":
		return parseG[SequenceStmt](sp, &gSequence, st, toks, kw)
	case "generic":
		return parseG[GenericBindingStmt](sp, &gGenericB, st, toks, kw)
	case "final":
		return parseG[FinalStmt](sp, &gFinal, st, toks, kw)
	case "procedure":
		if len(toks) >= 2 && isOpTok(toks[1], "(") {
			// procedure(iface) [, attrs] :: p  -- a declaration, unless a type-bound
			// binding with an interface (deferred): the block builder converts.
			return parseG[ProcDeclStmt](sp, &gProcDecl, st, toks, kw)
		}
		// In a type: a binding; in an interface: a procedure statement. Parse
		// as a binding (a superset) and let the block builder convert.
		return parseG[BindingStmt](sp, &gBinding, st, toks, kw)
	case "abstract":
		if len(toks) >= 2 && toks[1].Value == "interface" {
			return parseG[InterfaceStmt](sp, &gInterface, st, toks, "interface")
		}
	case "interface":
		return parseG[InterfaceStmt](sp, &gInterface, st, toks, kw)
	case "enum":
		return parseG[EnumStmt](sp, &gEnum, st, toks, kw)
	case "enumerator":
		return parseG[EnumeratorStmt](sp, &gEnumerator, st, toks, kw)
	case "namelist":
		return parseG[NamelistStmt](sp, &gNamelist, st, toks, kw)
	case "common":
		return parseG[CommonStmt](sp, &gCommon, st, toks, kw)
	case "equivalence":
		return parseG[EquivalenceStmt](sp, &gEquivalence, st, toks, kw)
	case "data":
		return sp.parseData(st, toks)
	case "format":
		return &FormatStmt{StmtBase: StmtBase{Pos: tokPos(first), Label: st.Label, Kw: kw}, Toks: toks}
	case "call":
		s := parseG[CallStmt](sp, &gCall, st, toks, kw)
		if c, ok := s.(*CallStmt); ok {
			if c.Callee.Kind == ERef {
				c.Args = c.Callee.Args
			}
		}
		return s
	case "if":
		return sp.parseIf(st, toks)
	case "elseif":
		return parseG[ElseIfStmt](sp, &gElseIf, st, toks, kw)
	case "else":
		return parseG[ElseStmt](sp, &gElse, st, toks, kw)
	case "selectcase":
		return parseG[SelectCaseStmt](sp, &gSelectCase, st, toks, kw)
	case "case":
		s := parseG[CaseStmt](sp, &gCase, st, toks, kw)
		if cs, ok := s.(*CaseStmt); ok {
			for _, r := range cs.Items {
				if r.OnlyHi != nil {
					r.Colon, r.Hi, r.OnlyHi = true, r.OnlyHi.Hi, nil
				}
			}
		}
		return s
	case "selecttype":
		return parseG[SelectTypeStmt](sp, &gSelectType, st, toks, kw)
	case "selectrank":
		return parseG[SelectRankStmt](sp, &gSelectRank, st, toks, kw)
	case "rank":
		return parseG[RankCaseStmt](sp, &gRankCase, st, toks, kw)
	case "do":
		return sp.parseDo(st, toks)
	case "dowhile":
		// "dowhile(" is not free-form Fortran, but some codes write it.
		return sp.parseDo(st, toks)
	case "cycle":
		return parseG[CycleStmt](sp, &gCycle, st, toks, kw)
	case "exit":
		return parseG[ExitStmt](sp, &gExit, st, toks, kw)
	case "continue":
		return parseG[ContinueStmt](sp, &gContinue, st, toks, kw)
	case "forall":
		return sp.parseForall(st, toks)
	case "where":
		return sp.parseWhere(st, toks)
	case "elsewhere":
		return parseG[ElsewhereStmt](sp, &gElsewhere, st, toks, kw)
	case "block":
		if len(toks) == 1 {
			return &BlockStmt{StmtBase: StmtBase{Pos: tokPos(first), Label: st.Label, Kw: kw}}
		}
	case "critical":
		if len(toks) == 1 {
			return &CriticalStmt{StmtBase: StmtBase{Pos: tokPos(first), Label: st.Label, Kw: kw}}
		}
	case "associate":
		return parseG[AssociateStmt](sp, &gAssociate, st, toks, kw)
	case "return":
		return parseG[ReturnStmt](sp, &gReturn, st, toks, kw)
	case "stop", "errorstop":
		return parseG[StopStmt](sp, &gStop, st, toks, kw)
	case "allocate", "deallocate":
		return sp.parseAllocate(st, toks)
	case "nullify":
		return parseG[NullifyStmt](sp, &gNullify, st, toks, kw)
	case "print", "write", "read", "open", "close", "inquire", "rewind", "backspace", "endfile", "flush", "wait":
		return sp.parseIO(st, toks)
	case "goto":
		return sp.parseGoto(st, toks)
	}
	if opaqueKeywords[kw] {
		return sp.opaque(st, toks)
	}
	// Declarations and procedure headings starting with a type or prefix.
	if declKeywords[kw] || kw == "type" || kw == "class" || prefixKeywords[kw] {
		if findTop(toks, "::") < 0 && hasTopIdent(toks, "function") {
			return parseG[FunctionStmt](sp, &gFunction, st, toks, "function")
		}
		if prefixKeywords[kw] || kw == "function" {
			if hasTopIdent(toks, "subroutine") {
				return parseG[SubroutineStmt](sp, &gSubroutine, st, toks, "subroutine")
			}
			if hasTopIdent(toks, "function") {
				return parseG[FunctionStmt](sp, &gFunction, st, toks, "function")
			}
		}
		if declKeywords[kw] || kw == "type" || kw == "class" {
			return parseG[TypeDeclStmt](sp, &gTypeDecl, st, toks, "decl")
		}
	}
	switch kw {
	case "function":
		return parseG[FunctionStmt](sp, &gFunction, st, toks, kw)
	case "subroutine":
		return parseG[SubroutineStmt](sp, &gSubroutine, st, toks, kw)
	}
	if attrKeywords[kw] {
		return parseG[AttrStmt](sp, &gAttr, st, toks, "attr")
	}
	sp.diags.errorf(tokPos(first), "syntax error: unrecognised statement starting with %q", first.Value)
	return nil
}

func (sp *stmtParser) opaque(st *RawStmt, toks []lexer.Token) Stmt {
	o := &OpaqueStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: toks[0].Value}, Keyword: toks[0].Value, Toks: toks}
	for _, t := range toks[1:] {
		if t.Type == TokIdent {
			o.Names = append(o.Names, t.Value)
		}
	}
	return o
}

var endWhat = map[string]string{
	"endprogram": "program", "endmodule": "module", "endsubmodule": "submodule", "endfunction": "function",
	"endsubroutine": "subroutine", "enddo": "do", "endif": "if", "endselect": "select", "endwhere": "where",
	"endforall": "forall", "endassociate": "associate", "endblock": "block", "endtype": "type",
	"endinterface": "interface", "endenum": "enum", "endcritical": "critical", "endprocedure": "procedure",
	"endblockdata": "blockdata",
}

func (sp *stmtParser) parseEnd(st *RawStmt, toks []lexer.Token) Stmt {
	e := &EndStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "end"}, What: endWhat[toks[0].Value]}
	rest := toks[1:]
	if e.What == "interface" && len(rest) > 0 {
		spec, err := parseGenericSpecToks(rest)
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		e.Spec = spec
		return e
	}
	if len(rest) > 0 {
		if rest[0].Type != TokIdent || len(rest) > 1 {
			sp.diags.errorf(tokPos(rest[0]), "syntax error: unexpected %s after END", describeTok(&rest[0]))
			return nil
		}
		if e.What == "" {
			sp.diags.errorf(tokPos(rest[0]), "syntax error: unexpected %s after END", describeTok(&rest[0]))
			return nil
		}
		e.Name = rest[0].Value
	}
	return e
}

func parseGenericSpecToks(toks []lexer.Token) (*GenericSpec, error) {
	return gGenericSpec.parse(toks)
}
