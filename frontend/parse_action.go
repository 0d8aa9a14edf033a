package frontend

// This file parses the statements the grammars do not cover: data,
// allocate, I/O, go to, directives and implicit.

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

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
