package frontend

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// grammar holds one participle parser per statement kind, built once.
type grammar[T any] struct {
	once sync.Once
	p    *participle.Parser[T]
	err  error
}

func (g *grammar[T]) parse(toks []lexer.Token) (*T, error) {
	if g.build() != nil {
		return nil, fmt.Errorf("internal error: bad grammar: %v", g.err)
	}
	eof := lexer.Position{}
	if n := len(toks); n > 0 {
		eof = toks[n-1].Pos
		eof.Column += len(toks[n-1].Value)
	}
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks, eof: eof})
	if err != nil {
		return nil, err
	}
	return g.p.ParseFromLexer(pl)
}

var (
	gProgram     grammar[ProgramStmt]
	gModule      grammar[ModuleStmt]
	gSubmodule   grammar[SubmoduleStmt]
	gBlockData   grammar[BlockDataStmt]
	gFunction    grammar[FunctionStmt]
	gSubroutine  grammar[SubroutineStmt]
	gMPSub       grammar[MPSubprogramStmt]
	gContains    grammar[ContainsStmt]
	gEntry       grammar[EntryStmt]
	gUse         grammar[UseStmt]
	gImport      grammar[ImportStmt]
	gTypeDecl    grammar[TypeDeclStmt]
	gAttr        grammar[AttrStmt]
	gDerivedType grammar[DerivedTypeStmt]
	gSequence    grammar[SequenceStmt]
	gBinding     grammar[BindingStmt]
	gGenericB    grammar[GenericBindingStmt]
	gFinal       grammar[FinalStmt]
	gProcDecl    grammar[ProcDeclStmt]
	gInterface   grammar[InterfaceStmt]
	gProcedure   grammar[ProcedureStmt]
	gEnum        grammar[EnumStmt]
	gEnumerator  grammar[EnumeratorStmt]
	gNamelist    grammar[NamelistStmt]
	gCommon      grammar[CommonStmt]
	gEquivalence grammar[EquivalenceStmt]
	gAssign      grammar[AssignStmt]
	gPtrAssign   grammar[PtrAssignStmt]
	gCall        grammar[CallStmt]
	gIfThen      grammar[IfThenStmt]
	gElseIf      grammar[ElseIfStmt]
	gElse        grammar[ElseStmt]
	gSelectCase  grammar[SelectCaseStmt]
	gCase        grammar[CaseStmt]
	gSelectType  grammar[SelectTypeStmt]
	gTypeGuard   grammar[TypeGuardStmt]
	gSelectRank  grammar[SelectRankStmt]
	gRankCase    grammar[RankCaseStmt]
	gCycle       grammar[CycleStmt]
	gExit        grammar[ExitStmt]
	gContinue    grammar[ContinueStmt]
	gElsewhere   grammar[ElsewhereStmt]
	gAssociate   grammar[AssociateStmt]
	gReturn      grammar[ReturnStmt]
	gStop        grammar[StopStmt]
	gNullify     grammar[NullifyStmt]
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

var gGenericSpec grammar[GenericSpec]

func parseGenericSpecToks(toks []lexer.Token) (*GenericSpec, error) {
	return gGenericSpec.parse(toks)
}

func (sp *stmtParser) parseIf(st *RawStmt, toks []lexer.Token) Stmt {
	if len(toks) < 2 || !isOpTok(toks[1], "(") {
		sp.diags.errorf(tokPos(toks[0]), "syntax error: expected \"(\" after IF")
		return nil
	}
	close := matchParen(toks, 1)
	if close < 0 {
		sp.diags.errorf(tokPos(toks[1]), "syntax error: unbalanced parentheses")
		return nil
	}
	rest := toks[close+1:]
	if len(rest) == 1 && rest[0].Type == TokIdent && rest[0].Value == "then" {
		return parseG[IfThenStmt](sp, &gIfThen, st, toks, "ifthen")
	}
	cond, err := parseExprToks(toks[2:close])
	if err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	base := StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "if"}
	if len(rest) == 0 {
		sp.diags.errorf(tokPos(toks[close]), "syntax error: expected THEN or a statement after IF (...)")
		return nil
	}
	// Arithmetic IF: if (e) l1, l2, l3.
	if rest[0].Type == TokInt {
		a := &ArithIfStmt{StmtBase: base, Expr: cond}
		for i, t := range rest {
			if i%2 == 0 {
				if t.Type != TokInt {
					sp.diags.errorf(tokPos(t), "syntax error: expected a label")
					return nil
				}
				a.Labels = append(a.Labels, strings.TrimLeft(t.Value, "0"))
			} else if !isOpTok(t, ",") {
				sp.diags.errorf(tokPos(t), "syntax error: expected \",\"")
				return nil
			}
		}
		return a
	}
	sub := RawStmt{Toks: rest, Pos: tokPos(rest[0])}
	action := sp.dispatch(&sub, normalize(rest), "")
	if action == nil {
		return nil
	}
	switch action.(type) {
	case *IfThenStmt, *IfStmt, *DoStmt, *EndStmt, *FunctionStmt, *SubroutineStmt, *ProgramStmt, *ModuleStmt:
		sp.diags.errorf(StmtPos(action), "syntax error: this statement cannot be the action of a logical IF")
		return nil
	}
	return &IfStmt{StmtBase: base, Cond: cond, Action: action}
}

// parseDo parses DO forms: do [label] [,] [var = lo, hi [, step]],
// do while (cond), do concurrent (header) [locality].
func (sp *stmtParser) parseDo(st *RawStmt, toks []lexer.Token) Stmt {
	d := &DoStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "do"}}
	rest := toks[1:]
	if toks[0].Value == "dowhile" {
		rest = append([]lexer.Token{{Type: TokIdent, Value: "while", Pos: toks[0].Pos}}, rest...)
	}
	if len(rest) > 0 && rest[0].Type == TokInt {
		d.EndLabel = strings.TrimLeft(rest[0].Value, "0")
		rest = rest[1:]
		if len(rest) > 0 && isOpTok(rest[0], ",") {
			rest = rest[1:]
		}
	}
	if len(rest) == 0 {
		return d // infinite DO
	}
	switch {
	case rest[0].Type == TokIdent && rest[0].Value == "while" && len(rest) > 1 && isOpTok(rest[1], "("):
		close := matchParen(rest, 1)
		if close != len(rest)-1 {
			sp.diags.errorf(tokPos(rest[1]), "syntax error: malformed DO WHILE")
			return nil
		}
		c, err := parseExprToks(rest[2:close])
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		d.While = c
		return d
	case rest[0].Type == TokIdent && rest[0].Value == "concurrent" && len(rest) > 1 && isOpTok(rest[1], "("):
		close := matchParen(rest, 1)
		if close < 0 {
			sp.diags.errorf(tokPos(rest[1]), "syntax error: unbalanced parentheses")
			return nil
		}
		h, err := parseConcurrentHeader(rest[1 : close+1])
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		d.Concurrent = h
		loc, err := parseLocality(rest[close+1:])
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		d.Locality = loc
		return d
	}
	// var = lo, hi [, step]
	if rest[0].Type != TokIdent || len(rest) < 2 || !isOpTok(rest[1], "=") {
		sp.diags.errorf(tokPos(rest[0]), "syntax error: expected a DO variable, WHILE or CONCURRENT")
		return nil
	}
	d.Var = rest[0].Value
	p := newExprParser(rest[2:])
	var bounds []*Expr
	for {
		x, err := p.expr()
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		bounds = append(bounds, x)
		if p.isOp(",") {
			p.next()
			continue
		}
		break
	}
	if err := p.expectEnd(); err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	if len(bounds) < 2 || len(bounds) > 3 {
		sp.diags.errorf(tokPos(rest[0]), "syntax error: a DO loop needs a start and an end value (and optionally a step)")
		return nil
	}
	d.Lo, d.Hi = bounds[0], bounds[1]
	if len(bounds) == 3 {
		d.Step = bounds[2]
	}
	return d
}

// parseConcurrentHeader parses "( [type-spec ::] i = lo:hi[:step], ... [, mask] )"
// (toks include the parentheses).
func parseConcurrentHeader(toks []lexer.Token) (*ConcurrentHeader, error) {
	p := newExprParser(toks)
	open := p.next()
	h := &ConcurrentHeader{Pos: tokPos(*open)}
	if t := p.peek(); t.Type == TokIdent && (declKeywords[t.Value] || t.Value == "double") {
		cp := p.lex.MakeCheckpoint()
		ts, err := parseTypeSpecTokens(p)
		if err == nil && p.isOp("::") {
			p.next()
			h.Type = ts
		} else {
			p.lex.LoadCheckpoint(cp)
		}
	}
	for {
		t := p.peek()
		// index: name = lo : hi [: step]
		if t.Type == TokIdent {
			cp := p.lex.MakeCheckpoint()
			p.next()
			if p.isOp("=") {
				p.next()
				ix := &ConcurrentIndex{Pos: tokPos(*t), Name: t.Value}
				lo, err := p.expr()
				if err != nil {
					return nil, err
				}
				if err := p.expect(":"); err != nil {
					return nil, err
				}
				hi, err := p.expr()
				if err != nil {
					return nil, err
				}
				ix.Lo, ix.Hi = lo, hi
				if p.isOp(":") {
					p.next()
					st, err := p.expr()
					if err != nil {
						return nil, err
					}
					ix.Step = st
				}
				h.Indices = append(h.Indices, ix)
				if p.isOp(",") {
					p.next()
					continue
				}
				break
			}
			p.lex.LoadCheckpoint(cp)
		}
		if len(h.Indices) == 0 {
			return nil, p.errf(t, "syntax error: expected an index name = lower:upper")
		}
		m, err := p.expr()
		if err != nil {
			return nil, err
		}
		h.Mask = m
		break
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return h, p.expectEnd()
}

// parseLocality parses the locality specs after a DO CONCURRENT header.
func parseLocality(toks []lexer.Token) ([]*Locality, error) {
	p := newExprParser(toks)
	var out []*Locality
	for !p.atEnd() {
		t := p.next()
		if t.Type != TokIdent {
			return nil, p.errf(t, "syntax error: expected a locality spec (local, local_init, shared, default, reduce), found %s", describeTok(t))
		}
		l := &Locality{Pos: tokPos(*t), Kind: t.Value}
		switch t.Value {
		case "local", "local_init", "shared", "default", "reduce":
		default:
			return nil, p.errf(t, "syntax error: unknown locality spec %q", t.Value)
		}
		if err := p.expect("("); err != nil {
			return nil, err
		}
		if l.Kind == "reduce" {
			op := p.next()
			switch {
			case op.Type == TokOp && (op.Value == "+" || op.Value == "*"):
			case op.Type == TokDotOp && (op.Value == ".and." || op.Value == ".or." || op.Value == ".eqv." || op.Value == ".neqv."):
			case op.Type == TokIdent && (op.Value == "max" || op.Value == "min" || op.Value == "iand" || op.Value == "ior" || op.Value == "ieor"):
			default:
				return nil, p.errf(op, "syntax error: %s is not a reduction operator", describeTok(op))
			}
			l.Op = op.Value
			if err := p.expect(":"); err != nil {
				return nil, err
			}
		}
		for {
			n := p.next()
			if n.Type != TokIdent {
				return nil, p.errf(n, "syntax error: expected a variable name, found %s", describeTok(n))
			}
			l.Names = append(l.Names, n.Value)
			l.NamePos = append(l.NamePos, tokPos(*n))
			if p.isOp(",") {
				p.next()
				continue
			}
			break
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		if l.Kind == "default" && (len(l.Names) != 1 || l.Names[0] != "none") {
			return nil, &SyntaxError{Pos: l.Pos, Msg: "syntax error: only default(none) is allowed"}
		}
		out = append(out, l)
		if p.isOp(",") {
			p.next()
		}
	}
	return out, nil
}

func (sp *stmtParser) parseForall(st *RawStmt, toks []lexer.Token) Stmt {
	f := &ForallStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "forall"}}
	if len(toks) < 2 || !isOpTok(toks[1], "(") {
		sp.diags.errorf(tokPos(toks[0]), "syntax error: expected \"(\" after FORALL")
		return nil
	}
	close := matchParen(toks, 1)
	if close < 0 {
		sp.diags.errorf(tokPos(toks[1]), "syntax error: unbalanced parentheses")
		return nil
	}
	h, err := parseConcurrentHeader(toks[1 : close+1])
	if err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	f.Header = h
	if rest := toks[close+1:]; len(rest) > 0 {
		sub := RawStmt{Toks: rest, Pos: tokPos(rest[0])}
		a := sp.dispatch(&sub, rest, "")
		if a == nil {
			return nil
		}
		switch a.(type) {
		case *AssignStmt, *PtrAssignStmt:
		default:
			sp.diags.errorf(StmtPos(a), "syntax error: a FORALL statement's action must be an assignment")
			return nil
		}
		f.Action = a
	}
	return f
}

func (sp *stmtParser) parseWhere(st *RawStmt, toks []lexer.Token) Stmt {
	w := &WhereStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "where"}}
	if len(toks) < 2 || !isOpTok(toks[1], "(") {
		sp.diags.errorf(tokPos(toks[0]), "syntax error: expected \"(\" after WHERE")
		return nil
	}
	close := matchParen(toks, 1)
	if close < 0 {
		sp.diags.errorf(tokPos(toks[1]), "syntax error: unbalanced parentheses")
		return nil
	}
	m, err := parseExprToks(toks[2:close])
	if err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	w.Mask = m
	if rest := toks[close+1:]; len(rest) > 0 {
		sub := RawStmt{Toks: rest, Pos: tokPos(rest[0])}
		a := sp.dispatch(&sub, rest, "")
		if a == nil {
			return nil
		}
		if _, ok := a.(*AssignStmt); !ok {
			sp.diags.errorf(StmtPos(a), "syntax error: a WHERE statement's action must be an assignment")
			return nil
		}
		w.Action = a
	}
	return w
}

// parseData parses DATA statements by hand: their slashes delimit values.
func (sp *stmtParser) parseData(st *RawStmt, toks []lexer.Token) Stmt {
	d := &DataStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "data"}}
	p := newExprParser(toks[1:])
	p.noSlash = true
	for !p.atEnd() {
		set := &DataSet{}
		for {
			x, err := p.expr()
			if err != nil {
				sp.syntaxErr(err, st)
				return nil
			}
			set.Objects = append(set.Objects, x)
			if p.isOp(",") {
				p.next()
				continue
			}
			break
		}
		if err := p.expect("/"); err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		for {
			v, err := p.dataConstant()
			if err != nil {
				sp.syntaxErr(err, st)
				return nil
			}
			dv := &DataValue{Value: v}
			if p.isOp("*") {
				p.next()
				r, err := p.dataConstant()
				if err != nil {
					sp.syntaxErr(err, st)
					return nil
				}
				dv.Repeat, dv.Value = v, r
			}
			set.Values = append(set.Values, dv)
			if p.isOp(",") {
				p.next()
				continue
			}
			break
		}
		if err := p.expect("/"); err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		d.Sets = append(d.Sets, set)
		if p.isOp(",") {
			p.next()
		}
	}
	return d
}

// parseAllocate parses ALLOCATE/DEALLOCATE: an optional type-spec, then
// items and keyword options.
func (sp *stmtParser) parseAllocate(st *RawStmt, toks []lexer.Token) Stmt {
	kw := toks[0].Value
	if len(toks) < 3 || !isOpTok(toks[1], "(") || matchParen(toks, 1) != len(toks)-1 {
		sp.diags.errorf(tokPos(toks[0]), "syntax error: expected %s ( ... )", strings.ToUpper(kw))
		return nil
	}
	p := newExprParser(toks[2 : len(toks)-1])
	var ts *TypeSpec
	if kw == "allocate" {
		ts = p.typeSpecBeforeColons()
	}
	var items, opts []*Expr
	for !p.atEnd() {
		a, err := p.actualArg()
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		if a.Kind == EKeyword {
			switch a.Name {
			case "stat", "errmsg", "source", "mold":
			default:
				sp.diags.errorf(a.Pos, "syntax error: %q is not an option of %s", a.Name, strings.ToUpper(kw))
				return nil
			}
			opts = append(opts, a)
		} else {
			if len(opts) > 0 {
				sp.diags.errorf(a.Pos, "syntax error: an allocation follows an option")
				return nil
			}
			items = append(items, a)
		}
		if p.isOp(",") {
			p.next()
			continue
		}
		if err := p.expectEnd(); err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
	}
	base := StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: kw}
	if len(items) == 0 {
		sp.diags.errorf(base.Pos, "syntax error: %s needs at least one object", strings.ToUpper(kw))
		return nil
	}
	if kw == "allocate" {
		return &AllocateStmt{StmtBase: base, Type: ts, Items: items, Opts: opts}
	}
	return &DeallocateStmt{StmtBase: base, Items: items, Opts: opts}
}

// parseIO parses input/output statements.
func (sp *stmtParser) parseIO(st *RawStmt, toks []lexer.Token) Stmt {
	kw := toks[0].Value
	s := &IOStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: kw}, Op: kw}
	p := newExprParser(toks[1:])
	parseItems := func() bool {
		for !p.atEnd() {
			x, err := p.expr()
			if err != nil {
				sp.syntaxErr(err, st)
				return false
			}
			s.Items = append(s.Items, x)
			if p.isOp(",") {
				p.next()
				continue
			}
			if err := p.expectEnd(); err != nil {
				sp.syntaxErr(err, st)
				return false
			}
		}
		return true
	}
	// Short forms: print fmt [, items]; read fmt [, items]; rewind u.
	if kw == "print" || (kw == "read" && !p.isOp("(")) || (!p.isOp("(") && kw != "write") {
		if p.atEnd() {
			if kw == "print" || kw == "read" {
				sp.diags.errorf(s.Pos, "syntax error: %s needs a format", strings.ToUpper(kw))
				return nil
			}
			return s
		}
		f, err := p.actualArgValue()
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		s.Control = []*Expr{f}
		if p.isOp(",") {
			p.next()
			if !parseItems() {
				return nil
			}
		} else if err := p.expectEnd(); err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		return s
	}
	if !p.isOp("(") {
		sp.diags.errorf(s.Pos, "syntax error: expected \"(\" after %s", strings.ToUpper(kw))
		return nil
	}
	p.next()
	ctl, err := p.actualArgs()
	if err != nil {
		sp.syntaxErr(err, st)
		return nil
	}
	s.Control = ctl
	// read(...) , items is an old extension; accept an optional comma.
	if p.isOp(",") {
		p.next()
	}
	if !parseItems() {
		return nil
	}
	return s
}

func (sp *stmtParser) parseGoto(st *RawStmt, toks []lexer.Token) Stmt {
	g := &GotoStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "goto"}}
	rest := toks[1:]
	if len(rest) == 1 && rest[0].Type == TokInt {
		g.Labels = []string{strings.TrimLeft(rest[0].Value, "0")}
		return g
	}
	if len(rest) > 0 && isOpTok(rest[0], "(") {
		close := matchParen(rest, 0)
		if close < 0 {
			sp.diags.errorf(tokPos(rest[0]), "syntax error: unbalanced parentheses")
			return nil
		}
		for i, t := range rest[1:close] {
			if i%2 == 0 && t.Type == TokInt {
				g.Labels = append(g.Labels, strings.TrimLeft(t.Value, "0"))
			} else if i%2 == 1 && isOpTok(t, ",") {
			} else {
				sp.diags.errorf(tokPos(t), "syntax error: expected a label list")
				return nil
			}
		}
		e := rest[close+1:]
		if len(e) > 0 && isOpTok(e[0], ",") {
			e = e[1:]
		}
		x, err := parseExprToks(e)
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		g.Computed = x
		return g
	}
	if len(rest) > 0 && rest[0].Type == TokIdent {
		sp.diags.errorf(tokPos(rest[0]), "assigned GO TO is not yet implemented")
		return nil
	}
	sp.diags.errorf(g.Pos, "syntax error: expected a label after GO TO")
	return nil
}

// parseDirective keeps an OpenMP directive as a node, parsing the clauses
// of (parallel) do constructs.
func (sp *stmtParser) parseDirective(st *RawStmt) Stmt {
	d := &DirectiveStmt{StmtBase: StmtBase{Pos: st.Pos, Kw: "!$" + st.Directive}, Sentinel: st.Directive, Toks: st.Toks}
	for _, t := range st.Toks {
		d.Words = append(d.Words, t.Value)
	}
	// Clauses: name [( [op:] list )].
	toks := st.Toks
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Type != TokIdent {
			continue
		}
		if i+1 < len(toks) && isOpTok(toks[i+1], "(") {
			close := matchParen(toks, i+1)
			if close < 0 {
				sp.diags.errorf(tokPos(toks[i+1]), "syntax error: unbalanced parentheses in directive")
				return d
			}
			c := &OmpClause{Name: t.Value}
			inner := toks[i+2 : close]
			if colon := findTop(inner, ":"); colon >= 0 && (t.Value == "reduction" || t.Value == "map" || t.Value == "schedule") {
				for _, x := range inner[:colon] {
					c.Op += x.Value
				}
				inner = inner[colon+1:]
			}
			for _, x := range inner {
				if x.Type == TokIdent {
					c.Names = append(c.Names, x.Value)
				}
			}
			d.Clauses = append(d.Clauses, c)
			i = close
		}
	}
	return d
}

// parseImplicit parses IMPLICIT by hand: in "implicit real(8) (a-h)" the
// first parenthesis is a kind selector only when a letter list follows it.
func (sp *stmtParser) parseImplicit(st *RawStmt, toks []lexer.Token) Stmt {
	s := &ImplicitStmt{StmtBase: StmtBase{Pos: tokPos(toks[0]), Label: st.Label, Kw: "implicit"}}
	rest := toks[1:]
	if len(rest) > 0 && rest[0].Type == TokIdent && rest[0].Value == "none" {
		s.None = true
		if len(rest) > 1 && (!isOpTok(rest[1], "(") || matchParen(rest, 1) != len(rest)-1) {
			sp.diags.errorf(tokPos(rest[1]), "syntax error: unexpected %s after IMPLICIT NONE", describeTok(&rest[1]))
			return nil
		}
		return s
	}
	for len(rest) > 0 {
		// The letter list is the last parenthesised group of this rule.
		end := -1
		depth := 0
		for i, t := range rest {
			if t.Type == TokOp && (t.Value == "(") {
				depth++
			} else if t.Type == TokOp && t.Value == ")" {
				depth--
				if depth == 0 && (i+1 == len(rest) || isOpTok(rest[i+1], ",")) {
					end = i
					break
				}
			}
		}
		if end < 0 {
			sp.diags.errorf(tokPos(rest[0]), "syntax error: expected a letter list in IMPLICIT")
			return nil
		}
		open := end
		for d := 0; open >= 0; open-- {
			if isOpTok(rest[open], ")") {
				d++
			} else if isOpTok(rest[open], "(") {
				d--
				if d == 0 {
					break
				}
			}
		}
		p := newExprParser(rest[:open])
		ts, err := parseTypeSpecTokens(p)
		if err == nil {
			err = p.expectEnd()
		}
		if err != nil {
			sp.syntaxErr(err, st)
			return nil
		}
		rule := &ImplicitRule{Type: ts}
		letters := rest[open+1 : end]
		for i := 0; i < len(letters); {
			t := letters[i]
			if t.Type != TokIdent || len(t.Value) != 1 {
				sp.diags.errorf(tokPos(t), "syntax error: expected a letter in IMPLICIT")
				return nil
			}
			r := &LetterRange{From: t.Value}
			i++
			if i+1 < len(letters) && isOpTok(letters[i], "-") && letters[i+1].Type == TokIdent && len(letters[i+1].Value) == 1 {
				r.To = letters[i+1].Value
				i += 2
			}
			rule.Ranges = append(rule.Ranges, r)
			if i < len(letters) {
				if !isOpTok(letters[i], ",") {
					sp.diags.errorf(tokPos(letters[i]), "syntax error: expected \",\" in IMPLICIT letter list")
					return nil
				}
				i++
			}
		}
		s.Rules = append(s.Rules, rule)
		rest = rest[end+1:]
		if len(rest) > 0 {
			rest = rest[1:]
		}
	}
	return s
}

// dataConstant parses a DATA value: an optionally signed primary.
func (p *exprParser) dataConstant() (*Expr, error) { return p.signed(p.primary) }

// typeSpecBeforeColons parses "type-spec ::" or "derived-name ::" (allocate
// and array constructors); it restores the position and returns nil when
// there is none.
func (p *exprParser) typeSpecBeforeColons() *TypeSpec {
	t := p.peek()
	if t.Type != TokIdent {
		return nil
	}
	cp := p.lex.MakeCheckpoint()
	p.next()
	if p.isOp("::") && !intrinsicTypeNames[t.Value] {
		p.next()
		return &TypeSpec{Pos: tokPos(*t), Name: "type", Derived: t.Value}
	}
	p.lex.LoadCheckpoint(cp)
	ts, err := parseTypeSpecTokens(p)
	if err == nil && p.isOp("::") {
		p.next()
		return ts
	}
	p.lex.LoadCheckpoint(cp)
	return nil
}

// build builds the grammar's parser (once) and reports a grammar error.
func (g *grammar[T]) build() error {
	g.once.Do(func() {
		g.p, g.err = participle.Build[T](participle.Lexer(fortranLexer{}), participle.UseLookahead(4))
	})
	return g.err
}

// grammarBuilders lists every statement grammar, for tests.
func grammarBuilders() map[string]func() error {
	return map[string]func() error{
		"ProgramStmt":        gProgram.build,
		"ModuleStmt":         gModule.build,
		"SubmoduleStmt":      gSubmodule.build,
		"BlockDataStmt":      gBlockData.build,
		"FunctionStmt":       gFunction.build,
		"SubroutineStmt":     gSubroutine.build,
		"MPSubprogramStmt":   gMPSub.build,
		"ContainsStmt":       gContains.build,
		"EntryStmt":          gEntry.build,
		"UseStmt":            gUse.build,
		"ImportStmt":         gImport.build,
		"TypeDeclStmt":       gTypeDecl.build,
		"AttrStmt":           gAttr.build,
		"DerivedTypeStmt":    gDerivedType.build,
		"SequenceStmt":       gSequence.build,
		"BindingStmt":        gBinding.build,
		"GenericBindingStmt": gGenericB.build,
		"FinalStmt":          gFinal.build,
		"ProcDeclStmt":       gProcDecl.build,
		"InterfaceStmt":      gInterface.build,
		"ProcedureStmt":      gProcedure.build,
		"EnumStmt":           gEnum.build,
		"EnumeratorStmt":     gEnumerator.build,
		"NamelistStmt":       gNamelist.build,
		"CommonStmt":         gCommon.build,
		"EquivalenceStmt":    gEquivalence.build,
		"AssignStmt":         gAssign.build,
		"PtrAssignStmt":      gPtrAssign.build,
		"CallStmt":           gCall.build,
		"IfThenStmt":         gIfThen.build,
		"ElseIfStmt":         gElseIf.build,
		"ElseStmt":           gElse.build,
		"SelectCaseStmt":     gSelectCase.build,
		"CaseStmt":           gCase.build,
		"SelectTypeStmt":     gSelectType.build,
		"TypeGuardStmt":      gTypeGuard.build,
		"SelectRankStmt":     gSelectRank.build,
		"RankCaseStmt":       gRankCase.build,
		"CycleStmt":          gCycle.build,
		"ExitStmt":           gExit.build,
		"ContinueStmt":       gContinue.build,
		"ElsewhereStmt":      gElsewhere.build,
		"AssociateStmt":      gAssociate.build,
		"ReturnStmt":         gReturn.build,
		"StopStmt":           gStop.build,
		"NullifyStmt":        gNullify.build,
		"GenericSpec":        gGenericSpec.build,
	}
}
