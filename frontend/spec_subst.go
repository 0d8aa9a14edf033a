package frontend

import (
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// SubstituteSpec writes a specification expression of a procedure (a
// bound of an automatic local array) over the actual arguments of one
// call of it (design doc, "The offloading pipeline": run-time sized locals
// of called procedures have "the extents of the local written over the
// actual arguments of that call"): a dummy stands for its actual, and the
// size of a dummy array for the extent of its actual, a whole array's
// size(q, k) or the extent of a section's range. The result is a new
// expression (e is not changed); ok is false when it cannot be written so
// (an absent optional, the shape of an actual that is not a variable or
// section, a procedure reference, a local of the procedure).
func SubstituteSpec(e *Expr, p *Procedure, actuals []*Expr) (*Expr, bool) {
	env := map[*Symbol]*Expr{}
	for i, d := range p.Dummies {
		if i < len(actuals) && actuals[i] != nil {
			env[d] = actuals[i]
		}
	}
	return substSpec(e, p, env)
}

func substSpec(e *Expr, p *Procedure, env map[*Symbol]*Expr) (*Expr, bool) {
	if e == nil {
		return nil, true
	}
	if e.Const != nil && !e.Const.IsArray() {
		return e, true
	}
	switch e.Kind {
	case EName:
		s := e.Sym
		if s == nil {
			return nil, false
		}
		if a, ok := env[s]; ok {
			if s.Rank != 0 {
				return nil, false // a whole array as a value
			}
			return &Expr{Kind: EParen, Pos: e.Pos, X: a, Type: a.Type, Rank: a.Rank, Const: a.Const}, true
		}
		if s.Dummy || s.Scope != nil && s.Scope.Unit == p && s.Kind == SymVariable {
			return nil, false // an absent dummy, or a local of the procedure
		}
		return e, true // a named constant, a module or host variable
	case EParen, EUnary, EKeyword:
		x, ok := substSpec(e.X, p, env)
		if !ok {
			return nil, false
		}
		c := *e
		c.X = x
		return &c, true
	case EBinary:
		x, ok1 := substSpec(e.X, p, env)
		y, ok2 := substSpec(e.Y, p, env)
		if !ok1 || !ok2 {
			return nil, false
		}
		c := *e
		c.X, c.Y = x, y
		return &c, true
	case ERef:
		if e.Ref != RefIntrinsic || e.Intr == nil {
			return nil, false
		}
		if e.Intr.Name == "size" && len(e.Args) > 0 && e.Args[0].Kind == EName {
			if a, ok := env[e.Args[0].Sym]; ok {
				var dim *Expr
				if len(e.Args) > 1 {
					dim = e.Args[1]
					if dim.Kind == EKeyword {
						dim = dim.X
					}
				}
				return sizeOfActual(a, dim, e)
			}
		}
		c := *e
		c.Args = nil
		for _, a := range e.Args {
			x, ok := substSpec(a, p, env)
			if !ok {
				return nil, false
			}
			c.Args = append(c.Args, x)
		}
		return &c, true
	}
	return nil, false
}

// sizeOfActual is size(v[, dim]) of a dummy v whose actual is a: of a
// whole array, size(a[, dim]); of a section, the extent of its dim-th range
// (the product of all when there is no dim).
func sizeOfActual(a *Expr, dim *Expr, at *Expr) (*Expr, bool) {
	for a.Kind == EParen {
		a = a.X
	}
	if a.Kind == EName && a.Sym != nil && a.Rank > 0 {
		c := *at
		c.Args = []*Expr{a}
		if dim != nil {
			c.Args = append(c.Args, dim)
		}
		return &c, true
	}
	if a.Kind != ERef || a.Ref != RefElement || a.X.Kind != EName || a.X.Sym == nil {
		return nil, false
	}
	var exts []*Expr
	for k, s := range a.Args {
		if s.Kind != ERange {
			if s.Rank != 0 {
				return nil, false // a vector subscript
			}
			continue
		}
		exts = append(exts, rangeExtent(a.X, k, s, at))
	}
	if dim != nil {
		if dim.Const == nil {
			return nil, false
		}
		d, ok := dim.Const.AsInt()
		if !ok || d < 1 || int(d) > len(exts) {
			return nil, false
		}
		return exts[d-1], true
	}
	if len(exts) == 0 {
		return nil, false
	}
	r := exts[0]
	for _, x := range exts[1:] {
		r = intBinary("*", r, x, at.Pos)
	}
	return r, true
}

// rangeExtent is the extent of range r, subscript k of array base: a
// whole dimension is size(base, k+1); lo:hi[:st] is max((hi - lo + st) /
// st, 0).
func rangeExtent(base *Expr, k int, r *Expr, at *Expr) *Expr {
	sizeOf := func() *Expr {
		c := *at
		c.Args = []*Expr{base, intLit(int64(k+1), at.Pos)}
		c.Type = Type{Base: TyInteger, Kind: 8}
		return &c
	}
	lo, hi, st := r.Range[0], r.Range[1], r.Range[2]
	if lo == nil && hi == nil && st == nil {
		return sizeOf()
	}
	if lo == nil || hi == nil {
		// An open end: the array's own bound. Bounded by the dimension's
		// extent, which is what a slice needs.
		return sizeOf()
	}
	n := intBinary("-", hi, lo, at.Pos)
	if st != nil {
		n = intBinary("/", intBinary("+", n, st, at.Pos), st, at.Pos)
	} else {
		n = intBinary("+", n, intLit(1, at.Pos), at.Pos)
	}
	return n
}

func intLit(v int64, pos Pos) *Expr {
	return &Expr{Kind: ELit, Pos: pos, Lit: lexer.Token{Type: TokInt, Value: strconv.FormatInt(v, 10)}, Type: IntType, Const: &Value{Type: IntType, Int: v}}
}

func intBinary(op string, x, y *Expr, pos Pos) *Expr {
	t := IntType
	if x.Type.Base == TyInteger && x.Type.Kind > t.Kind {
		t = x.Type
	}
	if y.Type.Base == TyInteger && y.Type.Kind > t.Kind {
		t = y.Type
	}
	return &Expr{Kind: EBinary, Pos: pos, Op: op, X: x, Y: y, Type: t}
}
