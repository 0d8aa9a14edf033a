package cxx

// This file is the Metal Shading Language mode of the printer
// (Options.MSL; issue 28): MSL is C++14 with address spaces, without
// lambdas, goto or double. What differs from the C++ it prints for the
// CPU:
//
//   - the address space of every pointer comes from the IR: an element of
//     a parameter's buffer (kernelir.Global) is the device's; an array of
//     the iteration (Array.Local: a thread array, or a slice of a device
//     workspace) goes through fgpu_as (fgpu_prelude.metal), which keeps
//     the space of its base; an iteration's own arrays are thread arrays;
//     an associate name's pointer is auto (its type carries the space);
//   - the math functions are Metal's (metal::NAME, MetalFunc), or the
//     prelude's (fgpu_llround);
//   - an array reduction, a lambda in C++, is computed by statements
//     written before the line that reads its value (Unlambda);
//   - the iteration ends early by Options.Leave (the write-back of what
//     it wrote, then return: the emitter writes it), a stop by recording
//     itself in the status buffer and returning;
//   - no unrolling pragma (the MSL is also compiled by g++ for metal_cpu).
//
// What MSL cannot hold is decided from the IR's nodes (MSLCheck) with the
// legacy writer's texts (emit/mslkernel.go, mslLimits), so that the
// emitter reports the same "not yet implemented" diagnostics.

import (
	"errors"
	"fmt"
	"strings"

	"fgpu/kernelir"
)

// metalFuncs are the C++ library's functions the printers call that Metal
// has under the same name in namespace metal.
var metalFuncs = map[string]bool{
	"fabs": true, "sqrt": true, "exp": true, "log": true, "log10": true, "log2": true, "pow": true,
	"sin": true, "cos": true, "tan": true, "asin": true, "acos": true, "atan": true, "atan2": true,
	"sinh": true, "cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true,
	"floor": true, "ceil": true, "trunc": true, "round": true, "fmod": true, "copysign": true,
	"fmin": true, "fmax": true,
}

// metalOwnFuncs are the C++ library's functions the printers call that
// fgpu_prelude.metal writes for Metal, by the prelude's name.
var metalOwnFuncs = map[string]string{
	"llround": "fgpu_llround", // nint of a real(4)
}

// MetalFunc is the MSL name of the C++ library's function std::name; ok
// is false for a function Metal does not have (or not under that name).
func MetalFunc(name string) (string, bool) {
	if metalFuncs[name] {
		return "metal::" + name, true
	}
	if o, ok := metalOwnFuncs[name]; ok {
		return o, true
	}
	return "", false
}

// fn is the name of the C++ library's function name in the printed
// language (MSL: Metal's; a function Metal does not have stays std::,
// which MSLCheck reports).
func (p *printer) fn(name string) string {
	if p.opts.MSL {
		if m, ok := MetalFunc(name); ok {
			return m
		}
	}
	return "std::" + name
}

// Unlambda is, for MSL, the value of the immediately invoked lambda lam
// ("[&]() { STATEMENTS return X; }()", of C type ct) as the statement
// that computes it into the variable fgpu_vN (N = tmp+1), "ct fgpu_vN; {
// STATEMENTS fgpu_vN = X; }", to be written before the line that reads
// it; ok is false for another form (a lambda inside lam). Both the kernel
// IR's printer and the legacy writer (emit/mslkernel.go, noLambda) call
// it on the lambdas they have just built.
func Unlambda(ct, lam string, tmp int) (stmt, v string, ok bool) {
	const open, end = "[&]() { ", "; }()"
	i := strings.LastIndex(lam, "return ")
	if !strings.HasPrefix(lam, open) || !strings.HasSuffix(lam, end) || i < 0 || strings.Count(lam, "[&]") != 1 {
		return "", "", false
	}
	v = fmt.Sprintf("fgpu_v%d", tmp+1)
	return ct + " " + v + "; { " + lam[len(open):i] + v + " = " + lam[i+len("return "):len(lam)-len(end)] + "; }", v, true
}

// hoist is, in MSL, the value of the lambda lam of C type ct computed by
// statements before the current line; lam itself in C++, or where it
// cannot be (MSLCheck reports the lambda left).
func (p *printer) hoist(ct, lam string) string {
	if !p.opts.MSL {
		return lam
	}
	stmt, v, ok := Unlambda(ct, lam, p.tmp)
	if !ok {
		p.lambda = true
		return lam
	}
	p.tmp++
	p.pre = append(p.pre, stmt)
	return v
}

// flushPre writes the statements computing the array values the line of
// format reads before it; a line that would evaluate them again (a while
// condition) or after the block they are written in (an else-if
// condition) is counted (MSLLimits.ArrayInCond).
func (p *printer) flushPre(format string) {
	pre := p.pre
	p.pre = nil
	if f := strings.TrimSpace(format); strings.HasPrefix(f, "while") || strings.HasPrefix(f, "} else if") {
		p.inCond++
	}
	for _, s := range pre {
		p.b.WriteString(strings.Repeat("  ", p.indent) + s + "\n")
	}
}

// MSLLimits are what an iteration printed as MSL uses that MSL does not
// hold, or that this printer does not write correctly yet, in the order
// of the legacy writer's checks (emit/mslkernel.go, mslLimits): the
// emitter reports the first as "not yet implemented" at the loop.
type MSLLimits struct {
	// Function: the first C++ library function of the iteration that
	// Metal does not have (its C++ name: erf, tgamma, ...), in the IR's
	// order, parents first (the text's, but for two such functions in
	// one kernel where an array reduction's statements go before their
	// line or a merge's condition before its values); "" none.
	Function string
	// Lambda: an array value left a lambda (one inside another's
	// operands).
	Lambda bool
	// Double: a value, variable or parameter of type real(8) or
	// complex(8).
	Double bool
	// ArrayInCond: the DO WHILE and ELSE IF conditions that read an array
	// value computed by statements before their line (which a while does
	// not evaluate again, and an else-if writes inside the previous arm).
	ArrayInCond int
}

// IterationMSL is Iteration for MSL (opts.MSL set) with the limits the
// iteration's text meets; the kernel's header (parameters, locals) counts
// for Double too.
func IterationMSL(k *kernelir.Kernel, opts Options) (string, int, MSLLimits, error) {
	if what := MSLUnchecked(k); what != "" {
		return "", opts.Tmp, MSLLimits{}, fmt.Errorf("%w: %s", ErrMSLUnchecked, what)
	}
	opts.MSL = true
	p, err := iteration(k, opts)
	if err != nil {
		return "", opts.Tmp, MSLLimits{}, err
	}
	lim := MSLCheck(k)
	lim.Lambda = p.lambda
	lim.ArrayInCond = p.inCond
	return p.b.String(), p.tmp, lim, nil
}

// MSLCheck is what kernel k, printed as MSL, uses that MSL does not hold
// (Function, Double), from its nodes and types.
func MSLCheck(k *kernelir.Kernel) MSLLimits {
	var lim MSLLimits
	double := func(t kernelir.Type) {
		if (t.Base == kernelir.Real || t.Base == kernelir.Complex) && t.Kind == 8 {
			lim.Double = true
		}
	}
	walkKernel(k, double, nil, func(e kernelir.Expr) {
		double(e.Type())
		if x, ok := e.(*kernelir.Intrinsic); ok && lim.Function == "" {
			if f := intrinsicFunc(x); f != "" {
				if _, ok := MetalFunc(f); !ok {
					lim.Function = f
				}
			}
		}
	})
	return lim
}

// walkKernel calls typ with the type of every parameter, local and
// variable a statement declares (temporaries, DO variables, array
// temporaries, a nest's locals), stmt (when not nil) with every
// statement, and ex with every expression of the masks and the body.
func walkKernel(k *kernelir.Kernel, typ func(kernelir.Type), stmt func(kernelir.Stmt), ex func(kernelir.Expr)) {
	for _, p := range k.Params {
		typ(p.Type)
		if p.Var != nil {
			typ(p.Var.Type)
		}
	}
	for _, l := range k.Locals {
		if l.Var != nil {
			typ(l.Var.Type)
		}
		if l.Array != nil {
			typ(l.Array.Elem)
		}
	}
	for _, m := range k.Masks {
		kernelir.WalkExpr(m, ex)
	}
	kernelir.WalkStmts(k.Body, func(s kernelir.Stmt) {
		if stmt != nil {
			stmt(s)
		}
		switch x := s.(type) {
		case *kernelir.Temp:
			typ(x.Var.Type)
		case *kernelir.Loop:
			typ(x.Var.Type)
		case *kernelir.ArrayTemp:
			typ(x.Array.Elem)
		case *kernelir.Nest:
			for _, l := range x.Levels {
				for _, lo := range l.Locals {
					typ(lo.Var.Type)
				}
			}
		}
	}, ex)
}

// intrinsicFunc is the C++ library function whose name the printer
// writes first for intrinsic x ("" none): the real math functions.
func intrinsicFunc(x *kernelir.Intrinsic) string {
	if x.T.Base == kernelir.Complex {
		return ""
	}
	switch x.Name {
	case "abs":
		if x.T.Base == kernelir.Real {
			return "fabs"
		}
	case "sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "erf", "erfc", "atan2", "hypot":
		return x.Name
	case "gamma":
		return "tgamma"
	case "log_gamma":
		return "lgamma"
	case "mod":
		if x.T.Base != kernelir.Integer {
			return "fmod"
		}
	case "sign":
		if x.T.Base != kernelir.Integer {
			return "copysign"
		}
	case "nint":
		return "llround"
	case "aint":
		return "trunc"
	case "anint":
		return "round"
	case "floor":
		return "floor"
	case "ceiling":
		return "ceil"
	}
	return ""
}

// elemAt is the element of array a at byte offset off from its base: in
// MSL a parameter's buffer is the device's, and an array of the iteration
// (a thread array or a workspace slice) keeps its base's space through
// fgpu_as.
func (p *printer) elemAt(a *kernelir.Array, off string) string {
	ct := CType(a.Elem)
	switch {
	case !p.opts.MSL:
		return fmt.Sprintf("(*(%s*)(b_%s + %s))", ct, a.Name, off)
	case a.Local:
		return fmt.Sprintf("(*fgpu_as<%s>(b_%s + %s))", ct, a.Name, off)
	}
	return fmt.Sprintf("(*(device %s*)(b_%s + %s))", ct, a.Name, off)
}

// pointerDecl is the type of a pointer to ct initialised with an address
// (MSL: auto, the address's type carries its space).
func (p *printer) pointerDecl(ct string) string {
	if p.opts.MSL {
		return "auto"
	}
	return ct + "*"
}

// ErrMSLUnchecked: the kernel holds a node the MSL mode of the printer has
// not been checked against the legacy MSL writer for (the Metal backend
// writes such a kernel's iteration the legacy way).
var ErrMSLUnchecked = errors.New("not printed as MSL from the kernel IR yet")

// MSLUnchecked names the first node of k that the MSL mode does not print
// yet ("" none): calls passing arguments by reference, arrays, hidden
// variables or the stop arguments (MSL needs their address spaces and
// its own way to leave the iteration), CALL statements, the stop tests
// after them, components of derived types and values of a struct type.
// Only calls of functions with scalar arguments by value, which the
// legacy writer prints the same way, are printed.
func MSLUnchecked(k *kernelir.Kernel) string {
	what := ""
	set := func(w string) {
		if what == "" {
			what = w
		}
	}
	typ := func(t kernelir.Type) {
		if t.Base == kernelir.Struct {
			set("a value of a derived type")
		}
	}
	for _, p := range k.Params {
		if p.Array != nil {
			typ(p.Array.Elem)
		}
	}
	walkKernel(k, typ, func(s kernelir.Stmt) {
		switch x := s.(type) {
		case *kernelir.Call:
			set("a CALL statement")
		case *kernelir.StopTest:
			set("the stop test after a call")
		case *kernelir.Nest:
			if x.Stops {
				set("the stop tests of a nested loop")
			}
		}
	}, func(e kernelir.Expr) {
		typ(e.Type())
		switch x := e.(type) {
		case *kernelir.Component:
			set("a component of a derived type")
		case *kernelir.ArrayArg:
			set("an array argument of a call")
		case *kernelir.FuncCall:
			for i := range x.Args {
				if x.RefArg(i) {
					set("an argument passed by reference")
				}
			}
			if x.Hidden > 0 {
				set("the module or host variables of a call")
			}
			if x.Stops {
				set("a call of a procedure that can stop")
			}
		}
	})
	return what
}
