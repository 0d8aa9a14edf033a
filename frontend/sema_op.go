package frontend

// This file types and folds operators: intrinsic unary and binary
// operations, defined and type-bound operators, numeric promotion and
// constant folding.

import (
	"math"
	"strings"

	"fgpu/frontend/crmath"
)

func (c *checker) unary(e *Expr, sc *Scope) {
	c.typeExpr(e.X, sc)
	x := e.X
	e.Rank = x.Rank
	switch e.Op {
	case "+", "-":
		if x.Type.Known() && !x.Type.IsNumeric() {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x}, sc)
				return
			}
			if c.typeBoundOp(e, e.Op, []*Expr{x}) {
				return
			}
			c.diags.errorf(e.Pos, "type mismatch: unary %s of %s", e.Op, x.Type)
		}
		e.Type = x.Type
		if x.Const != nil && !x.Const.IsArray() && e.Op == "-" {
			v := *x.Const
			switch v.Type.Base {
			case TyInteger:
				v.Int = -v.Int
			case TyReal:
				v.Real = -v.Real
			case TyComplex:
				v.Cmplx = -v.Cmplx
			}
			e.Const = &v
		} else if x.Const != nil {
			e.Const = x.Const
		}
	case ".not.":
		if x.Type.Known() && x.Type.Base != TyLogical {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x}, sc)
				return
			}
			c.diags.errorf(e.Pos, "type mismatch: .not. of %s", x.Type)
		}
		e.Type = LogicalType
		if x.Type.Base == TyLogical {
			e.Type = x.Type
		}
		if x.Const != nil && !x.Const.IsArray() {
			e.Const = &Value{Type: e.Type, Bool: !x.Const.Bool}
		}
	default:
		g := c.operatorGeneric(e.Op, sc)
		if g == nil && c.typeBoundOp(e, e.Op, []*Expr{x}) {
			return
		}
		if g == nil {
			if !c.isOpaque(sc) {
				c.diags.errorf(e.Pos, "undefined operator %s", e.Op)
			}
			e.Type, e.Rank = UnknownType, -1
			return
		}
		c.definedOp(e, g, []*Expr{x}, sc)
	}
}

// typeBoundOp resolves an operator bound to an operand's derived type
// (generic :: operator(+) => ...); it sets e's result and reports success.
func (c *checker) typeBoundOp(e *Expr, op string, operands []*Expr) bool {
	key := "operator(" + normOp(op) + ")"
	for _, o := range operands {
		t := o.Type
		if t.Base != TyDerived || t.Derived == nil {
			continue
		}
		b := t.Derived.FindBinding(key)
		if b == nil {
			if alt := altOperatorKey(op); alt != "" {
				b = t.Derived.FindBinding(alt)
			}
		}
		if b == nil || !b.Generic {
			continue
		}
		look := t.Derived.Scope
		for _, name := range b.Targets {
			sb := t.Derived.FindBinding(name)
			if sb == nil || len(sb.Targets) == 0 || look == nil {
				continue
			}
			ps := look.Lookup(sb.Targets[0])
			if ps == nil || ps.Proc == nil {
				continue
			}
			if argsMatch(operands, ps.Proc, -1) {
				e.Proc, e.Sym = ps.Proc, ps
				if ps.Proc.Result != nil {
					e.Type, e.Rank = ps.Proc.Result.Type, ps.Proc.Result.Rank
				}
				return true
			}
		}
		// A binding exists but no specific matched: stay lenient.
		e.Type, e.Rank = UnknownType, -1
		return true
	}
	return false
}

// operatorGeneric finds the generic for an operator in scope (walking hosts).
func (c *checker) operatorGeneric(op string, sc *Scope) *Generic {
	key := op
	if !strings.HasPrefix(op, ".") || intrinsicDotOps[op] {
		key = "operator(" + normOp(op) + ")"
	} else {
		key = "operator(" + op + ")"
	}
	for s := sc; s != nil; s = s.Parent {
		if g := s.Operators[key]; g != nil {
			return g
		}
		// .eq. and == are the same operator.
		if alt := altOperatorKey(op); alt != "" {
			if g := s.Operators[alt]; g != nil {
				return g
			}
		}
	}
	return nil
}

func altOperatorKey(op string) string {
	for k, v := range relOps {
		if v == normOp(op) && k != op && strings.HasPrefix(k, ".") {
			return "operator(" + k + ")"
		}
	}
	return ""
}

// definedOp resolves a defined operation to a specific function.
func (c *checker) definedOp(e *Expr, g *Generic, operands []*Expr, sc *Scope) {
	sp := c.resolveGeneric(g, operands, e.Pos, sc, true)
	if sp == nil || sp.Proc == nil {
		e.Type, e.Rank = UnknownType, -1
		return
	}
	e.Proc = sp.Proc
	e.Sym = sp
	if sp.Proc.Result != nil {
		e.Type, e.Rank = sp.Proc.Result.Type, sp.Proc.Result.Rank
		if sp.Proc.Elemental {
			r := 0
			for _, o := range operands {
				if o.Rank > r {
					r = o.Rank
				}
			}
			e.Rank = r
		}
	}
}

// binary types an intrinsic or defined binary operation.
func (c *checker) binary(e *Expr, sc *Scope) {
	c.typeExpr(e.X, sc)
	c.typeExpr(e.Y, sc)
	x, y := e.X, e.Y
	e.Rank = x.Rank
	if y.Rank > e.Rank || y.Rank < 0 {
		e.Rank = y.Rank
	}
	xt, yt := x.Type, y.Type
	if strings.HasPrefix(e.Op, ".") && !intrinsicDotOps[e.Op] {
		g := c.operatorGeneric(e.Op, sc)
		if g == nil && c.typeBoundOp(e, e.Op, []*Expr{x, y}) {
			return
		}
		if g == nil {
			if !c.isOpaque(sc) {
				c.diags.errorf(e.Pos, "undefined operator %s", e.Op)
			}
			e.Type, e.Rank = UnknownType, -1
			return
		}
		c.definedOp(e, g, []*Expr{x, y}, sc)
		return
	}
	if !xt.Known() || !yt.Known() {
		// Keep what can be known about the result.
		switch e.Op {
		case "==", "/=", "<", "<=", ">", ">=", ".and.", ".or.", ".eqv.", ".neqv.":
			e.Type = LogicalType
		case "//":
			e.Type = Type{Base: TyCharacter, Kind: 1, Len: LenUnknown}
		default:
			e.Type = UnknownType
		}
		if xt.Base == TyDerived || yt.Base == TyDerived {
			if g := c.operatorGeneric(e.Op, sc); g != nil {
				c.definedOp(e, g, []*Expr{x, y}, sc)
			} else {
				c.typeBoundOp(e, e.Op, []*Expr{x, y})
			}
		}
		return
	}
	intrinsicOK := false
	switch e.Op {
	case "+", "-", "*", "/", "**":
		if (xt.IsNumeric() || xt.Base == TyBOZ) && (yt.IsNumeric() || yt.Base == TyBOZ) {
			intrinsicOK = true
			e.Type = PromoteNumeric(xt, yt)
		}
	case "//":
		if xt.Base == TyCharacter && yt.Base == TyCharacter {
			intrinsicOK = true
			l := LenUnknown
			if xt.Len >= 0 && yt.Len >= 0 {
				l = xt.Len + yt.Len
			}
			e.Type = Type{Base: TyCharacter, Kind: xt.Kind, Len: l}
		}
	case "==", "/=", "<", "<=", ">", ">=":
		switch {
		case (xt.IsNumeric() || xt.Base == TyBOZ) && (yt.IsNumeric() || yt.Base == TyBOZ):
			intrinsicOK = !(xt.Base == TyComplex || yt.Base == TyComplex) || e.Op == "==" || e.Op == "/="
		case xt.Base == TyCharacter && yt.Base == TyCharacter:
			intrinsicOK = true
		}
		e.Type = LogicalType
	case ".and.", ".or.", ".eqv.", ".neqv.":
		if xt.Base == TyLogical && yt.Base == TyLogical {
			intrinsicOK = true
			k := xt.Kind
			if yt.Kind > k {
				k = yt.Kind
			}
			e.Type = Type{Base: TyLogical, Kind: k}
		}
	}
	if !intrinsicOK {
		if g := c.operatorGeneric(e.Op, sc); g != nil {
			c.definedOp(e, g, []*Expr{x, y}, sc)
			return
		}
		if c.typeBoundOp(e, e.Op, []*Expr{x, y}) {
			return
		}
		if (e.Op == "==" || e.Op == "/=") && xt.Base == TyLogical && yt.Base == TyLogical {
			c.diags.errorf(e.Pos, "type mismatch: logical values are compared with .eqv./.neqv., not %s", e.Op)
		} else {
			c.diags.errorf(e.Pos, "type mismatch: operands of %s are %s and %s", e.Op, xt, yt)
		}
		if e.Type.Base == TyUnknown {
			e.Type = UnknownType
		}
		return
	}
	if x.Rank > 0 && y.Rank > 0 && x.Rank != y.Rank {
		// Non-conformable operands of an intrinsic operation (a defined
		// operator of the same symbol was tried above).
		if g := c.operatorGeneric(e.Op, sc); g != nil {
			c.definedOp(e, g, []*Expr{x, y}, sc)
			return
		}
		c.diags.errorf(e.Pos, "rank mismatch: operands of %s have ranks %d and %d", e.Op, x.Rank, y.Rank)
	}
	if x.Const != nil && y.Const != nil && !x.Const.IsArray() && !y.Const.IsArray() {
		if v, ok := foldBinary(e.Op, *x.Const, *y.Const, e.Type); ok {
			e.Const = &v
		}
	}
}

// foldBinary folds an intrinsic operation of two scalar constants.
func foldBinary(op string, x, y Value, t Type) (Value, bool) {
	switch {
	case t.Base == TyInteger:
		a, ok1 := x.AsInt()
		b, ok2 := y.AsInt()
		if !ok1 || !ok2 {
			return Value{}, false
		}
		var r int64
		switch op {
		case "+":
			r = a + b
		case "-":
			r = a - b
		case "*":
			r = a * b
		case "/":
			if b == 0 {
				return Value{}, false
			}
			r = a / b
		case "**":
			if b < 0 {
				if a == 1 {
					r = 1
				} else if a == -1 {
					r = 1 - 2*(-b%2)
				} else {
					r = 0
				}
			} else {
				r = 1
				for i := int64(0); i < b && i < 64; i++ {
					r *= a
				}
			}
		default:
			return Value{}, false
		}
		return Value{Type: t, Int: r}, true
	case t.Base == TyReal:
		a, ok1 := x.AsFloat()
		b, ok2 := y.AsFloat()
		if !ok1 || !ok2 {
			return Value{}, false
		}
		var r float64
		switch op {
		case "+":
			r = a + b
		case "-":
			r = a - b
		case "*":
			r = a * b
		case "/":
			if b == 0 {
				return Value{}, false
			}
			r = a / b
		case "**":
			// Correctly rounded, as gfortran folds it (MPFR).
			if v, ok := crmath.Eval("pow", t.Kind, a, b); ok {
				r = v
			} else {
				r = math.Pow(a, b)
			}
		default:
			return Value{}, false
		}
		if t.Kind == 4 {
			r = float64(float32(r))
		}
		return Value{Type: t, Real: r}, true
	case t.Base == TyLogical:
		switch op {
		case ".and.":
			return Value{Type: t, Bool: x.Bool && y.Bool}, true
		case ".or.":
			return Value{Type: t, Bool: x.Bool || y.Bool}, true
		case ".eqv.":
			return Value{Type: t, Bool: x.Bool == y.Bool}, true
		case ".neqv.":
			return Value{Type: t, Bool: x.Bool != y.Bool}, true
		}
		var cmp int
		switch {
		case x.Type.Base == TyCharacter && y.Type.Base == TyCharacter:
			a, b := x.Str, y.Str
			for len(a) < len(b) {
				a += " "
			}
			for len(b) < len(a) {
				b += " "
			}
			cmp = strings.Compare(a, b)
		case x.Type.Base == TyInteger && y.Type.Base == TyInteger:
			switch {
			case x.Int < y.Int:
				cmp = -1
			case x.Int > y.Int:
				cmp = 1
			}
		default:
			a, ok1 := x.AsFloat()
			b, ok2 := y.AsFloat()
			if !ok1 || !ok2 {
				return Value{}, false
			}
			switch {
			case a < b:
				cmp = -1
			case a > b:
				cmp = 1
			}
		}
		var r bool
		switch op {
		case "==":
			r = cmp == 0
		case "/=":
			r = cmp != 0
		case "<":
			r = cmp < 0
		case "<=":
			r = cmp <= 0
		case ">":
			r = cmp > 0
		case ">=":
			r = cmp >= 0
		default:
			return Value{}, false
		}
		return Value{Type: LogicalType, Bool: r}, true
	case t.Base == TyCharacter && op == "//":
		return Value{Type: Type{Base: TyCharacter, Kind: 1, Len: len(x.Str) + len(y.Str)}, Str: x.Str + y.Str}, true
	}
	return Value{}, false
}
