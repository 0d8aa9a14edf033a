package lowering

// This file finds the shapes of the array values of device code that are
// computed into arrays of the iteration (design doc, "The offloading
// pipeline": array-valued function calls in array statements are called
// once before the statement, into an array of the iteration): the result
// of matmul, transpose, spread, reshape, cshift, eoshift, a reduction with
// DIM, and of a function with an array result. Such an array is private to
// the iteration and its size is fixed when the kernel is compiled: the
// shape must be known then (a section q(i-2:i+1) has the extent 4 whatever
// i is). A shape known only at run time is reported, at the construct.

import (
	"fmt"

	"fgpu/frontend"
)

// TempIntrinsics are the transformational intrinsics whose array result
// device code computes into an array of the iteration before the
// statement that uses it. The reductions (sum, ...) join them when they
// have a DIM and an array result.
var TempIntrinsics = map[string]bool{
	"matmul": true, "transpose": true, "spread": true, "reshape": true,
	"cshift": true, "eoshift": true,
}

// NeedsTemp reports whether e is an array value device code computes into
// an array of the iteration before the statement: a transformational
// intrinsic or a reduction with DIM whose result is an array, or a call of
// a function with an array result.
func NeedsTemp(e *frontend.Expr) bool {
	if e != nil && e.Kind == frontend.EArray && e.Rank == 1 {
		return true // an array constructor
	}
	if e == nil || e.Kind != frontend.ERef || e.Rank <= 0 {
		return false
	}
	switch e.Ref {
	case frontend.RefIntrinsic:
		return e.Intr != nil && (TempIntrinsics[e.Intr.Name] || ArrayReduction(e.Intr.Name))
	case frontend.RefFunction:
		return e.Proc != nil && e.Proc.Result != nil && e.Proc.Result.Rank > 0
	}
	return false
}

// IntrinsicActuals are the actual arguments of an intrinsic call in the
// order of its dummies (keywords placed; nil where absent).
func IntrinsicActuals(e *frontend.Expr) []*frontend.Expr {
	in := e.Intr
	out := make([]*frontend.Expr, len(in.Args))
	pos := 0
	for _, a := range e.Args {
		if a.Kind == frontend.EKeyword {
			for i, d := range in.Args {
				if d.Name == a.Name {
					out[i] = a.X
				}
			}
			continue
		}
		if pos < len(out) {
			out[pos] = a
		} else {
			out = append(out, a)
		}
		pos++
	}
	return out
}

// ConstInt is the value of an integer expression known when the kernel
// is compiled.
func ConstInt(e *frontend.Expr) (int64, bool) {
	if e == nil || e.Const == nil || e.Const.IsArray() {
		return 0, false
	}
	return e.Const.AsInt()
}

// affine is an integer expression as a sum of variables times constants
// plus a constant: enough to see that hi - lo of a section is a constant.
type affine struct {
	terms map[*frontend.Symbol]int64
	c     int64
}

func affineOf(e *frontend.Expr) (affine, bool) {
	if v, ok := ConstInt(e); ok {
		return affine{c: v}, true
	}
	if e == nil || e.Type.Base != frontend.TyInteger {
		return affine{}, false
	}
	switch e.Kind {
	case frontend.EParen:
		return affineOf(e.X)
	case frontend.EName:
		if e.Sym == nil || e.Rank != 0 {
			return affine{}, false
		}
		return affine{terms: map[*frontend.Symbol]int64{frontend.UltimateSymbol(e.Sym): 1}}, true
	case frontend.EUnary:
		x, ok := affineOf(e.X)
		if !ok {
			return x, false
		}
		if e.Op == "-" {
			return x.scale(-1), true
		}
		return x, e.Op == "+"
	case frontend.EBinary:
		x, ok1 := affineOf(e.X)
		y, ok2 := affineOf(e.Y)
		if !ok1 || !ok2 {
			return affine{}, false
		}
		switch e.Op {
		case "+":
			return x.add(y), true
		case "-":
			return x.add(y.scale(-1)), true
		case "*":
			if len(x.terms) == 0 {
				return y.scale(x.c), true
			}
			if len(y.terms) == 0 {
				return x.scale(y.c), true
			}
		}
	}
	return affine{}, false
}

func (a affine) scale(k int64) affine {
	out := affine{terms: map[*frontend.Symbol]int64{}, c: a.c * k}
	for s, v := range a.terms {
		out.terms[s] = v * k
	}
	return out
}

func (a affine) add(b affine) affine {
	out := affine{terms: map[*frontend.Symbol]int64{}, c: a.c + b.c}
	for s, v := range a.terms {
		out.terms[s] += v
	}
	for s, v := range b.terms {
		out.terms[s] += v
	}
	return out
}

// constDiff is hi - lo when it does not depend on the variables.
func constDiff(hi, lo *frontend.Expr) (int64, bool) {
	h, ok1 := affineOf(hi)
	l, ok2 := affineOf(lo)
	if !ok1 || !ok2 {
		return 0, false
	}
	d := h.add(l.scale(-1))
	for _, v := range d.terms {
		if v != 0 {
			return 0, false
		}
	}
	return d.c, true
}

// symShape is the shape of a whole array when it is a constant.
func symShape(s *frontend.Symbol) ([]int64, bool) {
	if s == nil || s.Rank <= 0 || len(s.Dims) != s.Rank || s.Allocatable || s.Pointer {
		return nil, false
	}
	var out []int64
	for _, n := range s.Dims {
		if n < 0 {
			return nil, false
		}
		out = append(out, int64(n))
	}
	return out, true
}

// ConstShape is the shape of array expression e when it is known at
// compile time; env gives the shapes of the dummies of a function whose
// result shape is being found (nil elsewhere).
func ConstShape(e *frontend.Expr) ([]int64, bool) {
	return constShape(e, nil)
}

func constShape(e *frontend.Expr, env map[*frontend.Symbol]*frontend.Expr) ([]int64, bool) {
	if e == nil || e.Rank <= 0 {
		return nil, false
	}
	if e.Kind == frontend.EKeyword {
		return constShape(e.X, env)
	}
	switch e.Kind {
	case frontend.EParen, frontend.EUnary:
		return constShape(e.X, env)
	case frontend.EBinary:
		if e.X.Rank > 0 {
			return constShape(e.X, env)
		}
		return constShape(e.Y, env)
	case frontend.EName:
		s := frontend.UltimateSymbol(e.Sym)
		if a, ok := env[s]; ok {
			return constShape(a, nil)
		}
		if s != nil && s.Kind == frontend.SymParameter && s.Const != nil {
			if sh, ok := symShape(s); ok {
				return sh, true
			}
		}
		return symShape(s)
	case frontend.EArray:
		if e.Const != nil && e.Const.IsArray() {
			return []int64{int64(len(e.Const.Elems))}, e.Rank == 1
		}
		n, ok := consCount(e.Args)
		return []int64{n}, ok
	case frontend.ERef:
	default:
		return nil, false
	}
	switch e.Ref {
	case frontend.RefElement:
		if e.X.Kind != frontend.EName {
			return nil, false
		}
		s := frontend.UltimateSymbol(e.X.Sym)
		var whole []int64
		if a, ok := env[s]; ok {
			whole, _ = constShape(a, nil)
		} else {
			whole, _ = symShape(s)
		}
		var out []int64
		for d, a := range e.Args {
			switch {
			case a.Kind == frontend.ERange:
				st := int64(1)
				if a.Range[2] != nil {
					v, ok := ConstInt(a.Range[2])
					if !ok || v == 0 {
						return nil, false
					}
					st = v
				}
				var diff int64
				switch {
				case a.Range[0] != nil && a.Range[1] != nil:
					v, ok := constDiff(a.Range[1], a.Range[0])
					if !ok {
						return nil, false
					}
					diff = v
				case d < len(whole) && env[s] == nil:
					lb, ok := ConstLowerBound(s, d)
					if !ok {
						return nil, false
					}
					lo, hi := lb, lb+whole[d]-1
					if a.Range[0] != nil {
						if lo, ok = ConstInt(a.Range[0]); !ok {
							return nil, false
						}
					}
					if a.Range[1] != nil {
						if hi, ok = ConstInt(a.Range[1]); !ok {
							return nil, false
						}
					}
					diff = hi - lo
				case d < len(whole) && a.Range[0] == nil && a.Range[1] == nil:
					diff = whole[d] - 1
				default:
					return nil, false
				}
				n := diff/st + 1
				if n < 0 {
					n = 0
				}
				out = append(out, n)
			case a.Rank > 0:
				sh, ok := constShape(a, env)
				if !ok {
					return nil, false
				}
				out = append(out, sh...)
			}
		}
		return out, len(out) == e.Rank
	case frontend.RefIntrinsic:
		return intrinsicShape(e, env)
	case frontend.RefFunction:
		return ResultShape(e)
	}
	return nil, false
}

func intrinsicShape(e *frontend.Expr, env map[*frontend.Symbol]*frontend.Expr) ([]int64, bool) {
	if e.Intr == nil {
		return nil, false
	}
	if sh, ok := inquiryShape(e); ok {
		return sh, true
	}
	a := IntrinsicActuals(e)
	arg := func(i int) ([]int64, bool) {
		if i >= len(a) || a[i] == nil {
			return nil, false
		}
		return constShape(a[i], env)
	}
	switch name := e.Intr.Name; {
	case name == "matmul":
		x, ok1 := arg(0)
		y, ok2 := arg(1)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch {
		case len(x) == 2 && len(y) == 2:
			return []int64{x[0], y[1]}, true
		case len(x) == 2 && len(y) == 1:
			return []int64{x[0]}, true
		case len(x) == 1 && len(y) == 2:
			return []int64{y[1]}, true
		}
		return nil, false
	case name == "transpose":
		x, ok := arg(0)
		if !ok || len(x) != 2 {
			return nil, false
		}
		return []int64{x[1], x[0]}, true
	case name == "spread":
		n, ok1 := ConstInt(a[2])
		d, ok2 := ConstInt(a[1])
		if !ok1 || !ok2 {
			return nil, false
		}
		if n < 0 {
			n = 0
		}
		if a[0].Rank == 0 {
			return []int64{n}, d == 1
		}
		x, ok := arg(0)
		if !ok || d < 1 || int(d) > len(x)+1 {
			return nil, false
		}
		out := append([]int64{}, x[:d-1]...)
		out = append(out, n)
		return append(out, x[d-1:]...), true
	case name == "reshape":
		if len(a) < 2 || a[1] == nil || a[1].Const == nil || !a[1].Const.IsArray() {
			return nil, false
		}
		var out []int64
		for _, v := range a[1].Const.Elems {
			n, ok := v.AsInt()
			if !ok || n < 0 {
				return nil, false
			}
			out = append(out, n)
		}
		return out, len(out) == e.Rank
	case name == "cshift" || name == "eoshift":
		return arg(0)
	case ArrayReduction(name):
		x, ok := arg(0)
		if !ok {
			return nil, false
		}
		d, ok := reductionDim(e)
		if !ok || d < 1 || int(d) > len(x) {
			return nil, false
		}
		out := append([]int64{}, x[:d-1]...)
		return append(out, x[d:]...), true
	case e.Intr.Class == frontend.IntrElemental:
		for _, x := range a {
			if x != nil && x.Rank > 0 {
				return constShape(x, env)
			}
		}
	}
	return nil, false
}

// reductionDim is the constant DIM of a reduction (sum(a, 2), sum(a,
// dim=2), sum(a, 2, mask)).
func reductionDim(e *frontend.Expr) (int64, bool) {
	for i, d := range e.Intr.Args {
		if d.Name == "dim" {
			a := IntrinsicActuals(e)
			if i < len(a) && a[i] != nil {
				return ConstInt(a[i])
			}
		}
	}
	return 0, false
}

// ResultShape is the shape of the array result of a function call when
// the result's bounds are constants or are found from the actual
// arguments (r(size(v)), r(n) for a dummy n given a constant).
func ResultShape(e *frontend.Expr) ([]int64, bool) {
	p := e.Proc
	if p == nil || p.Result == nil || p.Result.Rank <= 0 {
		return nil, false
	}
	r := p.Result
	if r.Allocatable || r.Pointer || r.Shape == nil || len(r.Shape.Dims) != r.Rank {
		return nil, false
	}
	if sh, ok := symShape(r); ok {
		return sh, true
	}
	actuals, ok := frontend.CallActuals(e.X, p, e.Args)
	if !ok {
		return nil, false
	}
	env := map[*frontend.Symbol]*frontend.Expr{}
	for i, d := range p.Dummies {
		if i < len(actuals) && actuals[i] != nil {
			env[d] = actuals[i]
		}
	}
	var out []int64
	for _, dim := range r.Shape.Dims {
		lo := int64(1)
		if dim.Lo != nil {
			v, ok := specInt(dim.Lo, env)
			if !ok {
				return nil, false
			}
			lo = v
		}
		if dim.Hi == nil {
			return nil, false
		}
		hi, ok := specInt(dim.Hi, env)
		if !ok {
			return nil, false
		}
		out = append(out, max(hi-lo+1, 0))
	}
	return out, true
}

// specInt evaluates a specification expression of a function's result
// over the actual arguments: constants, integer arithmetic, dummies given
// constants, size/lbound/ubound of dummies whose actuals have a known
// shape.
func specInt(e *frontend.Expr, env map[*frontend.Symbol]*frontend.Expr) (int64, bool) {
	if v, ok := ConstInt(e); ok {
		return v, true
	}
	if e == nil {
		return 0, false
	}
	switch e.Kind {
	case frontend.EParen:
		return specInt(e.X, env)
	case frontend.EName:
		if a, ok := env[frontend.UltimateSymbol(e.Sym)]; ok && e.Rank == 0 {
			return ConstInt(a)
		}
	case frontend.EUnary:
		v, ok := specInt(e.X, env)
		if e.Op == "-" {
			v = -v
		}
		return v, ok
	case frontend.EBinary:
		x, ok1 := specInt(e.X, env)
		y, ok2 := specInt(e.Y, env)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		case "*":
			return x * y, true
		case "/":
			if y != 0 {
				return x / y, true
			}
		}
	case frontend.ERef:
		if e.Ref != frontend.RefIntrinsic || e.Intr == nil {
			return 0, false
		}
		a := IntrinsicActuals(e)
		if len(a) == 0 || a[0] == nil || a[0].Kind != frontend.EName {
			return 0, false
		}
		act, ok := env[frontend.UltimateSymbol(a[0].Sym)]
		if !ok {
			return 0, false
		}
		sh, ok := constShape(act, nil)
		if !ok {
			return 0, false
		}
		switch e.Intr.Name {
		case "size":
			if len(a) > 1 && a[1] != nil {
				d, ok := ConstInt(a[1])
				if !ok || d < 1 || int(d) > len(sh) {
					return 0, false
				}
				return sh[d-1], true
			}
			n := int64(1)
			for _, x := range sh {
				n *= x
			}
			return n, true
		}
	}
	return 0, false
}

// consCount is the number of elements of array constructor items:
// scalars, and implied-do loops with constant limits over such items.
func consCount(items []*frontend.Expr) (int64, bool) {
	n := int64(0)
	for _, a := range items {
		switch {
		case a.Kind == frontend.EImpliedDo:
			lo, ok1 := ConstInt(a.Range[0])
			hi, ok2 := ConstInt(a.Range[1])
			st, ok3 := int64(1), true
			if a.Range[2] != nil {
				st, ok3 = ConstInt(a.Range[2])
			}
			if !ok1 || !ok2 || !ok3 || st == 0 {
				return 0, false
			}
			k, ok := consCount(a.Args)
			if !ok {
				return 0, false
			}
			trip := (hi - lo + st) / st
			if trip < 0 {
				trip = 0
			}
			n += trip * k
		case a.Rank == 0:
			n++
		default:
			return 0, false
		}
	}
	return n, true
}

// ImpliedDoVar is the symbol of the variable of implied-do e (a
// construct entity of the implied-do: its items name it).
func ImpliedDoVar(e *frontend.Expr) *frontend.Symbol {
	name, items := e.Name, e.Args
	var found *frontend.Symbol
	var walk func(e *frontend.Expr)
	walk = func(e *frontend.Expr) {
		if e == nil || found != nil {
			return
		}
		if e.Kind == frontend.EName && e.Name == name && e.Sym != nil {
			found = e.Sym
			return
		}
		walk(e.X)
		walk(e.Y)
		for _, a := range e.Args {
			walk(a)
		}
		for _, r := range e.Range {
			walk(r)
		}
	}
	for _, a := range items {
		walk(a)
	}
	return found
}

// ReshapeOrder is the constant ORDER argument of reshape, zero-based: a
// permutation of the result's dimensions (nil when it is not one).
func ReshapeOrder(e *frontend.Expr, rank int) []int {
	if e == nil || e.Const == nil || !e.Const.IsArray() || len(e.Const.Elems) != rank {
		return nil
	}
	seen := map[int]bool{}
	var out []int
	for _, v := range e.Const.Elems {
		d, ok := v.AsInt()
		if !ok || d < 1 || int(d) > rank || seen[int(d)] {
			return nil
		}
		seen[int(d)] = true
		out = append(out, int(d)-1)
	}
	return out
}

// DirectAssign reports an array assignment whose whole right side is an
// array value computed before the statement (NeedsTemp: not a constant)
// that can be computed straight into the left side instead: the left side
// is a variable or a section of one, of the right side's type, that the
// right side does not read (design doc, "The offloading pipeline": a call
// that is the whole right-hand side is spliced). Its shape need not be
// known when the kernel is compiled: the operands give it.
func DirectAssign(x *frontend.AssignStmt) bool {
	rhs := DirectCall(x)
	if rhs == nil || x.Proc != nil || x.LHS.Rank <= 0 || !NeedsTemp(rhs) || rhs.Kind == frontend.EArray || rhs.Rank != x.LHS.Rank {
		return false
	}
	if rhs.Ref == frontend.RefFunction && (rhs != stripParens(x.RHS) || ctypeKey(rhs.Type) != ctypeKey(x.LHS.Type)) {
		return false // a function is handed the left side as its result
	}
	if HeapResult(rhs) {
		return false // it allocates its result (heaplocal.go)
	}
	root := rootOf(x.LHS)
	if root == nil || root.Pointer || root.Allocatable && x.LHS.Kind == frontend.EName {
		return false
	}
	if x.LHS.Kind == frontend.ERef {
		if x.LHS.Ref != frontend.RefElement || x.LHS.X.Kind != frontend.EName {
			return false
		}
		for _, a := range x.LHS.Args {
			if a.Kind != frontend.ERange && a.Rank != 0 {
				return false // a vector subscript
			}
		}
	} else if x.LHS.Kind != frontend.EName {
		return false
	}
	reads := false
	frontend.Inspect(x.RHS, func(n frontend.Node) bool {
		if e, ok := n.(*frontend.Expr); ok && e.Kind == frontend.EName && e.Sym != nil && frontend.UltimateSymbol(e.Sym) == frontend.UltimateSymbol(root) {
			reads = true
		}
		return !reads
	})
	return !reads
}

func ctypeKey(t frontend.Type) string { return fmt.Sprintf("%d/%d", t.Base, t.Kind) }

func stripParens(e *frontend.Expr) *frontend.Expr {
	for e != nil && e.Kind == frontend.EParen {
		e = e.X
	}
	return e
}

// DirectCall is the array value computed before the statement that an
// array assignment's right side is made of: the right side itself, or the
// one array operand of an elementwise expression whose other operands are
// scalars (matmul(a, x) * s + 1): its elements are stored as they are
// computed, through that expression. Nil when there is none.
func DirectCall(x *frontend.AssignStmt) *frontend.Expr {
	var found *frontend.Expr
	var walk func(e *frontend.Expr) bool
	walk = func(e *frontend.Expr) bool {
		if e == nil {
			return true
		}
		if e.Rank == 0 {
			return true
		}
		if NeedsTemp(e) {
			if found != nil {
				return false
			}
			found = e
			return true
		}
		switch e.Kind {
		case frontend.EParen, frontend.EUnary:
			return e.Proc == nil && walk(e.X)
		case frontend.EBinary:
			return e.Proc == nil && walk(e.X) && walk(e.Y)
		case frontend.ERef:
			if e.Ref == frontend.RefIntrinsic && e.Intr != nil && e.Intr.Class == frontend.IntrElemental {
				for _, a := range e.Args {
					if a.Kind == frontend.EKeyword {
						a = a.X
					}
					if !walk(a) {
						return false
					}
				}
				return true
			}
		}
		return false
	}
	if !walk(x.RHS) {
		return nil
	}
	return found
}

// Affine reports an integer expression that is a sum of variables times
// constants plus a constant (a bound i + m - 1): its largest value over a
// box of index values is at a corner of the box.
func Affine(e *frontend.Expr) bool {
	if e == nil {
		return true
	}
	_, ok := affineOf(e)
	return ok
}
