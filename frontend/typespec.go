package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// TypeSpec is a declaration type specifier: integer(8), real*8,
// double precision, character(len=*), type(t), class(*), ...
type TypeSpec struct {
	Pos      Pos
	Name     string  // integer real complex logical character doubleprecision doublecomplex type class
	Kind     *Expr   // kind selector expression
	StarLen  string  // the digits of the old form real*8 / character*10
	Len      *Expr   // character length expression
	LenStar  bool    // len=* (or character*(*))
	LenColon bool    // len=:
	Derived  string  // type(name) / class(name); "*" for class(*) and type(*)
	Params   []*Expr // type parameter values of a parameterized derived type
}

var intrinsicTypeNames = map[string]bool{
	"integer": true, "real": true, "complex": true, "logical": true, "character": true,
	"doubleprecision": true, "doublecomplex": true, "byte": true,
}

// Parse implements participle.Parseable.
func (ts *TypeSpec) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokIdent {
		return participle.NextMatch
	}
	switch t.Value {
	case "integer", "real", "complex", "logical", "character", "double", "doubleprecision", "doublecomplex", "type", "class", "byte":
	default:
		return participle.NextMatch
	}
	// "type" followed by something other than "(" is a derived-type
	// definition, not a type-spec.
	if t.Value == "type" || t.Value == "class" {
		cp := lex.MakeCheckpoint()
		lex.Next()
		n := lex.Peek()
		lex.LoadCheckpoint(cp)
		if n.Type != TokOp || n.Value != "(" {
			return participle.NextMatch
		}
	}
	p := exprParser{lex: lex}
	x, err := parseTypeSpecTokens(&p)
	if err != nil {
		return err
	}
	*ts = *x
	return nil
}

// parseTypeSpecTokens parses a type-spec at the current position.
func parseTypeSpecTokens(p *exprParser) (*TypeSpec, error) {
	t := p.peek()
	if t.Type != TokIdent {
		return nil, p.errf(t, "syntax error: expected a type, found %s", describeTok(t))
	}
	ts := &TypeSpec{Pos: tokPos(*t), Name: t.Value}
	switch t.Value {
	case "double":
		p.next()
		n := p.peek()
		if n.Type == TokIdent && (n.Value == "precision" || n.Value == "complex") {
			p.next()
			ts.Name = "double" + n.Value
			return ts, nil
		}
		return nil, p.errf(n, "syntax error: expected PRECISION or COMPLEX after DOUBLE")
	case "doubleprecision", "doublecomplex":
		p.next()
		return ts, nil
	case "byte":
		p.next()
		ts.Name = "integer"
		ts.StarLen = "1"
		return ts, nil
	case "type", "class":
		p.next()
		if err := p.expect("("); err != nil {
			return nil, err
		}
		n := p.peek()
		switch {
		case n.Type == TokOp && n.Value == "*":
			p.next()
			ts.Derived = "*"
		case n.Type == TokIdent && intrinsicTypeNames[n.Value] || n.Type == TokIdent && n.Value == "double":
			// type(integer), type(real(8)): an intrinsic type spelled as type(...).
			inner, err := parseTypeSpecTokens(p)
			if err != nil {
				return nil, err
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return inner, nil
		case n.Type == TokIdent:
			p.next()
			ts.Derived = n.Value
			if p.isOp("(") {
				// Type parameter values: type(t(8, n=10)), type(t(:)), type(t(*)).
				p.next()
				params, err := p.actualArgs()
				if err != nil {
					return nil, err
				}
				ts.Params = params
			}
		default:
			return nil, p.errf(n, "syntax error: expected a type name, found %s", describeTok(n))
		}
		return ts, p.expect(")")
	case "integer", "real", "complex", "logical", "character":
		p.next()
	default:
		return nil, p.errf(t, "syntax error: expected a type, found %s", describeTok(t))
	}
	// Old-style length/kind: real*8, character*10, character*(*), character*(n).
	if p.isOp("*") {
		p.next()
		n := p.peek()
		switch {
		case n.Type == TokInt:
			p.next()
			ts.StarLen = n.Value
		case n.Type == TokOp && n.Value == "(" && ts.Name == "character":
			p.next()
			if p.isOp("*") {
				p.next()
				ts.LenStar = true
			} else if p.isOp(":") {
				p.next()
				ts.LenColon = true
			} else {
				e, err := p.expr()
				if err != nil {
					return nil, err
				}
				ts.Len = e
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
		default:
			return nil, p.errf(n, "syntax error: expected a length after *, found %s", describeTok(n))
		}
		return ts, nil
	}
	if !p.isOp("(") {
		return ts, nil
	}
	p.next()
	// Selector list: [kind=]expr | len=..., kind=... (character).
	pos := 0
	for {
		key := ""
		if t := p.peek(); t.Type == TokIdent && (t.Value == "kind" || t.Value == "len") {
			cp := p.lex.MakeCheckpoint()
			p.next()
			if p.isOp("=") {
				p.next()
				key = t.Value
			} else {
				p.lex.LoadCheckpoint(cp)
			}
		}
		if key == "" {
			if ts.Name == "character" && pos == 0 {
				key = "len"
			} else {
				key = "kind"
			}
		}
		if key == "len" {
			switch {
			case p.isOp("*"):
				p.next()
				ts.LenStar = true
			case p.isOp(":"):
				p.next()
				ts.LenColon = true
			default:
				e, err := p.expr()
				if err != nil {
					return nil, err
				}
				ts.Len = e
			}
		} else {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			ts.Kind = e
		}
		pos++
		if p.isOp(",") {
			p.next()
			continue
		}
		return ts, p.expect(")")
	}
}

// String renders the type-spec as Fortran.
func (ts *TypeSpec) String() string {
	if ts == nil {
		return ""
	}
	switch ts.Name {
	case "doubleprecision":
		return "double precision"
	case "doublecomplex":
		return "double complex"
	case "type", "class":
		return ts.Name + "(" + ts.Derived + ")"
	}
	s := ts.Name
	if ts.StarLen != "" {
		return s + "*" + ts.StarLen
	}
	var sel []string
	if ts.LenStar {
		sel = append(sel, "len=*")
	} else if ts.LenColon {
		sel = append(sel, "len=:")
	} else if ts.Len != nil {
		sel = append(sel, "len="+ts.Len.String())
	}
	if ts.Kind != nil {
		sel = append(sel, "kind="+ts.Kind.String())
	}
	if len(sel) > 0 {
		s += "("
		for i, x := range sel {
			if i > 0 {
				s += ","
			}
			s += x
		}
		s += ")"
	}
	return s
}
