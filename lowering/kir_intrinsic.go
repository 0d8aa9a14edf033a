package lowering

// This file translates the elemental intrinsic functions of a kernel body
// into the IR (kir_body.go): each argument converted as the kernels take
// it (kernelir/intrinsics.go), under the generic name.

import (
	"fgpu/frontend"
	"fgpu/kernelir"
)

// kirGeneric maps the specific names the kernels hold to their generic.
var kirGeneric = map[string]string{
	"iabs": "abs", "dabs": "abs", "dsqrt": "sqrt", "dexp": "exp", "dlog": "log", "dsin": "sin", "dcos": "cos",
	"dimag": "aimag", "dconjg": "conjg", "dcmplx": "cmplx", "ifix": "int", "idint": "int",
	"dble": "real", "float": "real", "sngl": "real",
}

// kirComplexMath are the functions of a complex argument the kernels
// hold (the C library's: fgpu_prelude.h).
var kirComplexMath = map[string]bool{"sqrt": true, "exp": true, "log": true, "sin": true, "cos": true, "tan": true, "sinh": true, "cosh": true, "tanh": true}

var kirMath = map[string]bool{"sqrt": true, "exp": true, "log": true, "log10": true, "sin": true, "cos": true, "tan": true,
	"asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true, "tanh": true, "erf": true, "erfc": true}

func (b *kirBuilder) intrinsic(e *frontend.Expr, t kernelir.Type) kernelir.Expr {
	if e.Intr == nil {
		return b.unsupported(e.Pos, "the intrinsic call %s", e)
	}
	a := IntrinsicActuals(e)
	name := e.Intr.Name
	if g, ok := kirGeneric[name]; ok {
		name = g
	}
	if _, ok := kernelir.ReduceNames[name]; ok && e.Rank == 0 && KernelIntrinsic(e.Intr.Name) {
		return b.reduce(e, name, a, t)
	}
	if !KernelIntrinsic(e.Intr.Name) || !kernelir.KnownIntrinsic(name) {
		return b.unsupported(e.Pos, "the intrinsic %s", e.Intr.Name)
	}
	has := func(n int) bool {
		for i := 0; i < n; i++ {
			if i >= len(a) || a[i] == nil {
				return false
			}
		}
		return true
	}
	// arg converts actual i to the result's type; raw leaves it as it is.
	arg := func(i int) kernelir.Expr { return b.convert(a[i], e.Type) }
	raw := func(i int) kernelir.Expr { return b.expr(a[i]) }
	i64 := func(i int) kernelir.Expr { return b.convertTo(a[i], kernelir.Int(8)) }
	call := func(args ...kernelir.Expr) kernelir.Expr { return &kernelir.Intrinsic{Name: name, Args: args, T: t} }
	complexArg := has(1) && a[0].Type.Base == frontend.TyComplex
	switch {
	case kernelir.ArrayInquiry(name):
		return b.inquiry(e, name, a, t)
	case name == "min" || name == "max":
		var args []kernelir.Expr
		for i := range a {
			if a[i] != nil {
				args = append(args, arg(i))
			}
		}
		if len(args) < 2 {
			break
		}
		return call(args...)
	case !has(1):
	case kirMath[name]:
		if t.Base == kernelir.Complex && !kirComplexMath[name] {
			break
		}
		if t.Base != kernelir.Real && t.Base != kernelir.Complex {
			break
		}
		return call(arg(0))
	case name == "abs":
		if complexArg {
			return call(raw(0))
		}
		return call(arg(0))
	case name == "aimag":
		return call(raw(0))
	case name == "conjg", name == "aint", name == "anint", name == "not", name == "gamma", name == "log_gamma":
		return call(arg(0))
	case name == "cmplx":
		if complexArg {
			return call(raw(0))
		}
		rt := kernelir.Re(t.Kind)
		if len(a) > 1 && a[1] != nil {
			return call(b.convertTo(a[0], rt), b.convertTo(a[1], rt))
		}
		return call(b.convertTo(a[0], rt))
	case name == "int", name == "nint", name == "real", name == "floor", name == "ceiling":
		return call(raw(0))
	case !has(2):
	case name == "atan2", name == "hypot", name == "mod", name == "modulo", name == "sign", name == "dim",
		name == "iand", name == "ior", name == "ieor":
		return call(arg(0), arg(1))
	case name == "ishft", name == "ibset", name == "ibclr":
		return call(arg(0), i64(1))
	case name == "btest":
		return call(raw(0), i64(1))
	case name == "merge" && has(3):
		if t.Truth() {
			return call(raw(0), raw(1), raw(2))
		}
		return call(arg(0), arg(1), raw(2))
	}
	return b.unsupported(e.Pos, "the intrinsic %s with these arguments", e.Intr.Name)
}

// inquiry is size, lbound or ubound of a whole array the kernel holds
// with a constant DIM (size also without).
func (b *kirBuilder) inquiry(e *frontend.Expr, name string, a []*frontend.Expr, t kernelir.Type) kernelir.Expr {
	if len(a) == 0 || a[0] == nil || a[0].Kind != frontend.EName {
		return b.unsupported(e.Pos, "%s of a designator that is not a whole array", name)
	}
	arr := b.arrays[kirRoot(a[0])]
	if arr == nil {
		return b.unsupported(e.Pos, "%s of %s", name, a[0].Name)
	}
	if len(a) < 2 || a[1] == nil {
		if name != "size" {
			return b.unsupported(e.Pos, "%s without DIM", name)
		}
		return &kernelir.Intrinsic{Name: name, Array: arr, T: t}
	}
	if a[1].Const == nil {
		return b.unsupported(e.Pos, "%s without a constant DIM", name)
	}
	d, ok := a[1].Const.AsInt()
	if !ok || d < 1 || int(d) > arr.Rank {
		return b.unsupported(e.Pos, "%s with DIM out of range", name)
	}
	return &kernelir.Intrinsic{Name: name, Array: arr, T: t, Args: []kernelir.Expr{&kernelir.Lit{T: kernelir.Int(8), Int: d}}}
}
