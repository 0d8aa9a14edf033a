package frontend

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// ArraySpec is "(dims)" of a declaration.
type ArraySpec struct {
	Pos  Pos
	Dims []*DimSpec
	// AssumedRank is "(..)".
	AssumedRank bool
}

// DimSpec is one dimension: [lo:]hi, lo:, :, *, lo:*.
type DimSpec struct {
	Lo, Hi *Expr
	Colon  bool // a ':' was written
	Star   bool // assumed-size upper bound '*'
}

// Parse implements participle.Parseable.
func (a *ArraySpec) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokOp || t.Value != "(" {
		return participle.NextMatch
	}
	lex.Next()
	p := &exprParser{lex: lex}
	a.Pos = tokPos(*t)
	if n := p.peek(); n.Type == TokOp && n.Value == "." {
		p.next()
		if err := p.expect("."); err != nil {
			return err
		}
		a.AssumedRank = true
		return p.expect(")")
	}
	for {
		d := &DimSpec{}
		if p.isOp("*") {
			p.next()
			d.Star = true
		} else {
			if !p.isOp(":") {
				x, err := p.expr()
				if err != nil {
					return err
				}
				d.Hi = x
			}
			if p.isOp(":") {
				p.next()
				d.Colon = true
				d.Lo, d.Hi = d.Hi, nil
				if p.isOp("*") {
					p.next()
					d.Star = true
				} else if !p.isOp(",") && !p.isOp(")") {
					x, err := p.expr()
					if err != nil {
						return err
					}
					d.Hi = x
				}
			}
		}
		a.Dims = append(a.Dims, d)
		if p.isOp(",") {
			p.next()
			continue
		}
		return p.expect(")")
	}
}

func (a *ArraySpec) String() string {
	if a == nil {
		return ""
	}
	if a.AssumedRank {
		return "(..)"
	}
	var parts []string
	for _, d := range a.Dims {
		s := ""
		if d.Lo != nil {
			s = d.Lo.String()
		}
		if d.Colon {
			s += ":"
		}
		if d.Star {
			s += "*"
		} else if d.Hi != nil {
			s += d.Hi.String()
		}
		parts = append(parts, s)
	}
	return "(" + strings.Join(parts, ",") + ")"
}
