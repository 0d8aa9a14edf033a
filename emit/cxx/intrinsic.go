package cxx

import (
	"fmt"
	"strings"

	"fgpu/kernelir"
)

// intrinsic prints an elemental intrinsic (its arguments converted by the
// builder as kernelir/intrinsics.go says) with the fgpu_ helpers of
// fgpu_prelude.h and the C library's functions.
func (p *printer) intrinsic(x *kernelir.Intrinsic) string {
	t := x.T
	ct := CType(t)
	args := make([]string, len(x.Args))
	for i, a := range x.Args {
		args[i] = p.expr(a)
	}
	arg := func(i int) string {
		if i >= len(args) {
			return p.fail("%s without argument %d", x.Name, i+1)
		}
		return args[i]
	}
	complexArg := len(x.Args) > 0 && x.Args[0].Type().Base == kernelir.Complex
	switch x.Name {
	case "aimag":
		return fmt.Sprintf("((%s)(%s).im)", ct, arg(0))
	case "conjg":
		return fmt.Sprintf("fgpu_conj(%s)", arg(0))
	case "cmplx":
		if complexArg {
			return fmt.Sprintf("%s(%s)", ct, arg(0))
		}
		im := "0"
		if len(args) > 1 {
			im = args[1]
		}
		return fmt.Sprintf("%s(%s, %s)", ct, arg(0), im)
	case "abs":
		if complexArg {
			return fmt.Sprintf("fgpu_cabs(%s)", arg(0))
		}
		if t.Base == kernelir.Integer {
			return fmt.Sprintf("fgpu_iabs<%s>(%s)", ct, arg(0))
		}
		return fmt.Sprintf("%s(%s)", p.fn("fabs"), arg(0))
	case "sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "erf", "erfc":
		if t.Base == kernelir.Complex {
			// The host C library's on the CPU (fgpu_prelude.h).
			return fmt.Sprintf("fgpu_c%s(%s)", x.Name, arg(0))
		}
		if x.Name == "sqrt" {
			return fmt.Sprintf("%s(%s)", p.fn("sqrt"), arg(0)) // correctly rounded everywhere
		}
		return p.math(p.fn(x.Name), t, arg(0))
	case "atan2", "hypot":
		return p.math(p.fn(x.Name), t, arg(0), arg(1))
	case "gamma":
		return p.math(p.fn("tgamma"), t, arg(0))
	case "log_gamma":
		return p.math(p.fn("lgamma"), t, arg(0))
	case "min", "max":
		r := arg(0)
		for i := 1; i < len(args); i++ {
			r = fmt.Sprintf("fgpu_%s<%s>(%s, %s)", x.Name, ct, r, args[i])
		}
		return r
	case "mod":
		if t.Base == kernelir.Integer {
			return fmt.Sprintf("fgpu_imod<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("%s(%s, %s)", p.fn("fmod"), arg(0), arg(1))
	case "modulo":
		if t.Base == kernelir.Integer {
			return fmt.Sprintf("fgpu_imodulo<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("fgpu_rmodulo<%s>(%s, %s)", ct, arg(0), arg(1))
	case "sign":
		if t.Base == kernelir.Integer {
			return fmt.Sprintf("fgpu_isign<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("%s(%s(%s), %s)", p.fn("copysign"), p.fn("fabs"), arg(0), arg(1))
	case "dim":
		return fmt.Sprintf("fgpu_max<%s>(%s - %s, (%s)0)", ct, arg(0), arg(1), ct)
	case "int", "real":
		return fmt.Sprintf("((%s)(%s))", ct, arg(0))
	case "nint":
		return fmt.Sprintf("((%s)%s(%s))", ct, p.fn("llround"), arg(0))
	case "aint":
		return fmt.Sprintf("%s(%s)", p.fn("trunc"), arg(0))
	case "anint":
		return fmt.Sprintf("%s(%s)", p.fn("round"), arg(0))
	case "floor":
		return fmt.Sprintf("((%s)%s(%s))", ct, p.fn("floor"), arg(0))
	case "ceiling":
		return fmt.Sprintf("((%s)%s(%s))", ct, p.fn("ceil"), arg(0))
	case "merge":
		if t.Truth() {
			return fmt.Sprintf("((%s) ? (%s) : (%s))", arg(2), arg(0), arg(1))
		}
		return fmt.Sprintf("((%s) ? %s : %s)", arg(2), arg(0), arg(1))
	case "iand":
		return fmt.Sprintf("((%s)(%s & %s))", ct, arg(0), arg(1))
	case "ior":
		return fmt.Sprintf("((%s)(%s | %s))", ct, arg(0), arg(1))
	case "ieor":
		return fmt.Sprintf("((%s)(%s ^ %s))", ct, arg(0), arg(1))
	case "not":
		return fmt.Sprintf("((%s)(~%s))", ct, arg(0))
	case "ishft":
		return fmt.Sprintf("fgpu_ishft<%s>(%s, %s)", ct, arg(0), arg(1))
	case "btest":
		return fmt.Sprintf("(((%s >> %s) & 1) != 0)", arg(0), arg(1))
	case "ibset":
		return fmt.Sprintf("((%s)(%s | ((%s)1 << %s)))", ct, arg(0), ct, arg(1))
	case "ibclr":
		return fmt.Sprintf("((%s)(%s & ~((%s)1 << %s)))", ct, arg(0), ct, arg(1))
	case "size", "lbound", "ubound":
		return p.inquiry(x, ct)
	}
	return p.fail("the intrinsic %s is not printed yet", x.Name)
}

// inquiry prints size, lbound and ubound from an array's descriptor.
func (p *printer) inquiry(x *kernelir.Intrinsic, ct string) string {
	a := x.Array
	if len(x.Args) == 0 {
		var f []string
		for d := 0; d < a.Rank; d++ {
			f = append(f, a.Extent[d].Name)
		}
		return fmt.Sprintf("((%s)(%s))", ct, strings.Join(f, " * "))
	}
	l, ok := x.Args[0].(*kernelir.Lit)
	if !ok || l.Int < 1 || int(l.Int) > a.Rank {
		return p.fail("%s of %s without a constant DIM", x.Name, a.Name)
	}
	d := l.Int - 1
	return fmt.Sprintf("((%s)%s)", ct, DimInquiry(x.Name, a.Lower[d].Name, a.Extent[d].Name))
}

// DimInquiry is size, lbound or ubound (name) of one dimension of lower
// bound lb and extent ex (C expressions): a dimension of extent 0 has the
// bounds 1 and 0. The kernel IR's printer and the legacy writer
// (emit/inquiry.go) both print it.
func DimInquiry(name, lb, ex string) string {
	switch name {
	case "lbound":
		return fmt.Sprintf("(%s == 0 ? (int64_t)1 : (int64_t)%s)", ex, lb)
	case "ubound":
		return fmt.Sprintf("(%s == 0 ? (int64_t)0 : (int64_t)(%s + %s - 1))", ex, lb, ex)
	}
	return ex
}
