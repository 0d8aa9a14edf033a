package emit

// This file writes expressions as C++: every operand converted from its
// sema type explicitly, literals as hex floats, the intrinsics the kernels
// support (their fgpu_ helpers are in fgpu_prelude.h).

import (
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// convert renders e converted to type t (Fortran's intrinsic conversion).
func (g *kernelGen) convert(e *frontend.Expr, t frontend.Type) string {
	if t.Base == frontend.TyLogical || t.Base == frontend.TyDerived {
		return g.expr(e)
	}
	return g.convertTo(e, ctype(t))
}

func (g *kernelGen) convertTo(e *frontend.Expr, ct string) string {
	if ctype(e.Type) == ct {
		return g.expr(e)
	}
	return fmt.Sprintf("((%s)(%s))", ct, g.expr(e))
}

// literal renders a constant of type t exactly.
func literal(v *frontend.Value, t frontend.Type) (string, bool) {
	switch t.Base {
	case frontend.TyInteger:
		i, ok := v.AsInt()
		if !ok {
			return "", false
		}
		return cxx.IntLiteral(ctype(t), i), true
	case frontend.TyReal:
		f, ok := v.AsFloat()
		if !ok {
			return "", false
		}
		return cxx.RealLiteral(f, t.Kind)
	case frontend.TyLogical:
		if v.Bool {
			return "true", true
		}
		return "false", true
	case frontend.TyComplex:
		if v.Type.Base != frontend.TyComplex {
			f, ok := v.AsFloat()
			if !ok {
				return "", false
			}
			v = &frontend.Value{Type: t, Cmplx: complex(f, 0)}
		}
		rt := frontend.Type{Base: frontend.TyReal, Kind: t.Kind}
		re, ok1 := literal(&frontend.Value{Type: rt, Real: real(v.Cmplx)}, rt)
		im, ok2 := literal(&frontend.Value{Type: rt, Real: imag(v.Cmplx)}, rt)
		if !ok1 || !ok2 {
			return "", false
		}
		return fmt.Sprintf("%s(%s, %s)", ctype(t), re, im), true
	}
	return "", false
}

// expr renders an expression as a C value of its type (logicals as bool).
func (g *kernelGen) expr(e *frontend.Expr) string {
	if e == nil {
		return ""
	}
	if n, ok := g.subst[e]; ok {
		return n
	}
	e = g.tempRef(e)
	if e.Const != nil && !e.Const.IsArray() && e.Type.Base != frontend.TyDerived {
		if s, ok := literal(e.Const, e.Type); ok {
			return s
		}
	}
	switch e.Kind {
	case frontend.EParen:
		return "(" + g.expr(e.X) + ")"
	case frontend.EName:
		s := rootSym(e)
		if e.Rank > 0 && g.at != nil {
			return g.logicalRead(e.Type, g.sectionElement(e))
		}
		n, ok := g.names[s]
		if !ok {
			g.nyi(frontend.NYIDesignator, e.Pos, "the variable %s in this position of an offloaded loop", e.Name)
			return "0"
		}
		if g.logic[s] {
			return "(" + n + " != 0)"
		}
		return n
	case frontend.EComponent:
		if e.Rank > 0 && g.at != nil {
			return g.logicalRead(e.Type, g.sectionElement(e))
		}
		return g.logicalRead(e.Type, g.componentLV(e))
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			if e.X.Kind == frontend.EComponent {
				return g.logicalRead(e.Type, g.componentLV(e))
			}
			if e.Rank > 0 && g.at != nil {
				return g.logicalRead(e.Type, g.sectionElement(e))
			}
			if lowering.HostElement(e) != nil && g.proc == nil {
				return g.hostElementValue(e) // hostvalue.go
			}
			el := g.element(e)
			if e.Type.Base == frontend.TyLogical {
				return "(" + el + " != 0)"
			}
			return el
		case frontend.RefIntrinsic:
			return g.intrinsic(e)
		case frontend.RefFunction:
			return g.callProc(e.Pos, e, e.Proc, callActuals(e, e.Proc, e.Args))
		case frontend.RefStructure:
			return g.constructor(e)
		}
	case frontend.EUnary:
		switch e.Op {
		case "-":
			return "(-" + g.convert(e.X, e.Type) + ")"
		case "+":
			return g.convert(e.X, e.Type)
		case ".not.":
			return "(!" + g.expr(e.X) + ")"
		}
	case frontend.EBinary:
		return g.binary(e)
	}
	g.nyi(frontend.NYIExpression, e.Pos, "the expression %s in an offloaded loop", e)
	return "0"
}

func (g *kernelGen) binary(e *frontend.Expr) string {
	switch e.Op {
	case "+", "-", "*", "/":
		return fmt.Sprintf("(%s %s %s)", g.convert(e.X, e.Type), e.Op, g.convert(e.Y, e.Type))
	case "**":
		switch {
		case e.Type.Base == frontend.TyInteger:
			return fmt.Sprintf("fgpu_ipow<%s>(%s, %s)", ctype(e.Type), g.convert(e.X, e.Type), g.convertTo(e.Y, "int64_t"))
		case e.Y.Type.Base == frontend.TyInteger:
			if n, ok := constInt(e.Y); ok && e.Type.Base == frontend.TyReal && g.funcs != nil && g.funcs.hostPowers {
				// As the host computes it (powi.go).
				return constPower(ctype(e.Type), g.convert(e.X, e.Type), n)
			}
			return fmt.Sprintf("fgpu_powi(%s, %s)", g.convert(e.X, e.Type), g.convertTo(e.Y, "int64_t"))
		case e.Type.Base == frontend.TyComplex:
			// cpow, as gfortran calls it (a real exponent made complex).
			return fmt.Sprintf("fgpu_cpow(%s, %s)", g.convert(e.X, e.Type), g.convert(e.Y, e.Type))
		default:
			return g.mathCall("std::pow", e.Type, g.convert(e.X, e.Type), g.convert(e.Y, e.Type))
		}
	case "==", "/=", "<", "<=", ">", ">=":
		op := e.Op
		if op == "/=" {
			op = "!="
		}
		if e.X.Type.Base == frontend.TyLogical {
			return fmt.Sprintf("(%s %s %s)", g.expr(e.X), op, g.expr(e.Y))
		}
		ct := commonType(e.X.Type, e.Y.Type)
		return fmt.Sprintf("(%s %s %s)", g.convertTo(e.X, ct), op, g.convertTo(e.Y, ct))
	case ".and.":
		return fmt.Sprintf("(%s && %s)", g.expr(e.X), g.expr(e.Y))
	case ".or.":
		return fmt.Sprintf("(%s || %s)", g.expr(e.X), g.expr(e.Y))
	case ".eqv.":
		return fmt.Sprintf("(%s == %s)", g.expr(e.X), g.expr(e.Y))
	case ".neqv.":
		return fmt.Sprintf("(%s != %s)", g.expr(e.X), g.expr(e.Y))
	}
	g.nyi(frontend.NYIExpression, e.Pos, "the operator %s in an offloaded loop", e.Op)
	return "0"
}

// commonType is the C type numeric operands are compared in.
func commonType(a, b frontend.Type) string {
	rank := func(t frontend.Type) int {
		if t.Base == frontend.TyReal {
			return 100 + t.Kind
		}
		return t.Kind
	}
	if rank(a) >= rank(b) {
		return ctype(a)
	}
	return ctype(b)
}

func (g *kernelGen) intrinsic(e *frontend.Expr) string {
	a := lowering.IntrinsicActuals(e)
	t := e.Type
	ct := ctype(t)
	arg := func(i int) string { return g.convert(a[i], t) }
	name := e.Intr.Name
	if name == "present" && len(a) > 0 && a[0] != nil && a[0].Kind == frontend.EName && g.proc != nil {
		return "pr_" + a[0].Name // the flag the caller passed (devfunc.go)
	}
	if name == "allocated" && len(a) > 0 {
		// Of an allocatable component of an image (heap.go): its
		// descriptor (the verifier admitted no other).
		if row, ok := g.row(a[0]); ok {
			return fmt.Sprintf("(%s.base != nullptr)", row)
		}
		if lowering.HeapLocalName(g.proc, a[0]) {
			return fmt.Sprintf("(b_%s != nullptr)", frontend.UltimateSymbol(a[0].Sym).Name)
		}
	}
	if !lowering.KernelIntrinsic(name) {
		// What kernels hold is declared once (lowering/caps.go); the
		// verifier reports the call before it gets here.
		g.nyi(frontend.NYIIntrinsic, e.Pos, "the intrinsic %s in an offloaded loop", name)
		return "0"
	}
	switch name {
	case "aimag", "dimag":
		return fmt.Sprintf("((%s)(%s).im)", ct, g.expr(a[0]))
	case "conjg", "dconjg":
		return fmt.Sprintf("fgpu_conj(%s)", arg(0))
	case "cmplx", "dcmplx":
		rt := ctype(frontend.Type{Base: frontend.TyReal, Kind: t.Kind})
		if a[0].Type.Base == frontend.TyComplex {
			return fmt.Sprintf("%s(%s)", ct, g.expr(a[0]))
		}
		im := "0"
		if len(a) > 1 && a[1] != nil {
			im = g.convertTo(a[1], rt)
		}
		return fmt.Sprintf("%s(%s, %s)", ct, g.convertTo(a[0], rt), im)
	case "abs", "iabs", "dabs":
		if len(a) > 0 && a[0].Type.Base == frontend.TyComplex {
			return fmt.Sprintf("fgpu_cabs(%s)", g.expr(a[0]))
		}
		if t.Base == frontend.TyInteger {
			return fmt.Sprintf("fgpu_iabs<%s>(%s)", ct, arg(0))
		}
		return fmt.Sprintf("std::fabs(%s)", arg(0))
	case "sqrt", "dsqrt", "exp", "dexp", "log", "dlog", "log10", "sin", "dsin", "cos", "dcos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "erf", "erfc":
		fn := strings.TrimPrefix(name, "d")
		if t.Base == frontend.TyComplex {
			switch fn {
			case "sqrt", "exp", "log", "sin", "cos", "tan", "sinh", "cosh", "tanh":
				// The host C library's on the CPU (fgpu_prelude.h).
				return fmt.Sprintf("fgpu_c%s(%s)", fn, arg(0))
			}
			g.nyi(frontend.NYIIntrinsic, e.Pos, "%s of a complex value in an offloaded loop", name)
			return "0"
		}
		if name == "dim" {
			fn = name
		}
		if fn == "sqrt" {
			return fmt.Sprintf("std::sqrt(%s)", arg(0)) // correctly rounded everywhere
		}
		return g.mathCall("std::"+fn, t, arg(0))
	case "atan2", "hypot":
		return g.mathCall("std::"+name, t, arg(0), arg(1))
	case "gamma":
		return g.mathCall("std::tgamma", t, arg(0))
	case "log_gamma":
		return g.mathCall("std::lgamma", t, arg(0))
	case "min", "max":
		r := arg(0)
		for i := 1; i < len(a); i++ {
			if a[i] == nil {
				continue
			}
			r = fmt.Sprintf("fgpu_%s<%s>(%s, %s)", name, ct, r, arg(i))
		}
		return r
	case "mod":
		if t.Base == frontend.TyInteger {
			return fmt.Sprintf("fgpu_imod<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("std::fmod(%s, %s)", arg(0), arg(1))
	case "modulo":
		if t.Base == frontend.TyInteger {
			return fmt.Sprintf("fgpu_imodulo<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("fgpu_rmodulo<%s>(%s, %s)", ct, arg(0), arg(1))
	case "sign":
		if t.Base == frontend.TyInteger {
			return fmt.Sprintf("fgpu_isign<%s>(%s, %s)", ct, arg(0), arg(1))
		}
		return fmt.Sprintf("std::copysign(std::fabs(%s), %s)", arg(0), arg(1))
	case "dim":
		return fmt.Sprintf("fgpu_max<%s>(%s - %s, (%s)0)", ct, arg(0), arg(1), ct)
	case "int", "ifix", "idint":
		return fmt.Sprintf("((%s)(%s))", ct, g.expr(a[0]))
	case "nint":
		return fmt.Sprintf("((%s)std::llround(%s))", ct, g.expr(a[0]))
	case "real", "dble", "float", "sngl":
		return fmt.Sprintf("((%s)(%s))", ct, g.expr(a[0]))
	case "aint":
		return fmt.Sprintf("std::trunc(%s)", arg(0))
	case "anint":
		return fmt.Sprintf("std::round(%s)", arg(0))
	case "floor":
		return fmt.Sprintf("((%s)std::floor(%s))", ct, g.expr(a[0]))
	case "ceiling":
		return fmt.Sprintf("((%s)std::ceil(%s))", ct, g.expr(a[0]))
	case "merge":
		if t.Base == frontend.TyLogical {
			return fmt.Sprintf("((%s) ? (%s) : (%s))", g.expr(a[2]), g.expr(a[0]), g.expr(a[1]))
		}
		return fmt.Sprintf("((%s) ? %s : %s)", g.expr(a[2]), arg(0), arg(1))
	case "iand":
		return fmt.Sprintf("((%s)(%s & %s))", ct, arg(0), arg(1))
	case "ior":
		return fmt.Sprintf("((%s)(%s | %s))", ct, arg(0), arg(1))
	case "ieor":
		return fmt.Sprintf("((%s)(%s ^ %s))", ct, arg(0), arg(1))
	case "not":
		return fmt.Sprintf("((%s)(~%s))", ct, arg(0))
	case "ishft":
		return fmt.Sprintf("fgpu_ishft<%s>(%s, %s)", ct, arg(0), g.convertTo(a[1], "int64_t"))
	case "btest":
		return fmt.Sprintf("(((%s >> %s) & 1) != 0)", g.expr(a[0]), g.convertTo(a[1], "int64_t"))
	case "ibset":
		return fmt.Sprintf("((%s)(%s | ((%s)1 << %s)))", ct, arg(0), ct, g.convertTo(a[1], "int64_t"))
	case "ibclr":
		return fmt.Sprintf("((%s)(%s & ~((%s)1 << %s)))", ct, arg(0), ct, g.convertTo(a[1], "int64_t"))
	case "sum", "product", "maxval", "minval", "count", "any", "all", "dot_product", "norm2", "maxloc", "minloc":
		if e.Rank > 0 {
			return g.elementOf(e) // with DIM, read element by element
		}
		return g.reduceLambda(e, a)
	case "matmul", "transpose", "spread", "reshape", "cshift", "eoshift":
		return g.elementOf(e)
	case "size", "shape", "lbound", "ubound":
		return g.inquiry(e, name, a, ct)
	}
	g.nyi(frontend.NYIIntrinsic, e.Pos, "the intrinsic %s in an offloaded loop", name)
	return "0"
}

func (g *kernelGen) logicalRead(t frontend.Type, lv string) string {
	if t.Base == frontend.TyLogical {
		return "(" + lv + " != 0)"
	}
	return lv
}

// mathCall is a call of the real function fn of the C++ library on args of
// type t (cxx.MathCall: FGPU_F4 for real(4), emit/crmath in CUDA kernels).
func (g *kernelGen) mathCall(fn string, t frontend.Type, args ...string) string {
	_, cuda := g.be.(cudaBackend)
	return cxx.MathCall(fn, t.Base == frontend.TyReal, t.Kind, cuda, g.funcs != nil && g.funcs.fast, args...)
}
