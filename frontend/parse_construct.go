package frontend

// This file parses the heads of the block constructs written by hand: if,
// do, do concurrent (header and locality), forall and where.

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

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
