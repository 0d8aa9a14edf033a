package cxx

// This file prints the array reductions of a kernel body
// (kernelir.Reduce): an immediately invoked lambda whose loop nest runs
// over the elements of the shape in array element order (the first
// dimension fastest), the sections of its operands read at the nest's
// counters.

import (
	"fmt"
	"strings"

	"fgpu/kernelir"
)

// sectionDim is one dimension of a section: its first index, step and
// extent as C expressions.
type sectionDim struct{ lo, st, ext string }

// sectionDims are the dimensions of s that a reduction loops over.
func (p *printer) sectionDims(s *kernelir.Section) []sectionDim {
	a := s.Array
	var dims []sectionDim
	if s.Dims == nil {
		for d := 0; d < a.Rank; d++ {
			dims = append(dims, sectionDim{lo: a.Lower[d].Name, st: "1", ext: a.Extent[d].Name})
		}
		return dims
	}
	for d, sd := range s.Dims {
		if sd.Fixed != nil {
			continue
		}
		lo := a.Lower[d].Name
		if sd.Lo != nil {
			lo = p.expr(sd.Lo)
		}
		hi := fmt.Sprintf("(%s + %s - 1)", a.Lower[d].Name, a.Extent[d].Name)
		if sd.Hi != nil {
			hi = p.expr(sd.Hi)
		}
		st := "1"
		if sd.Step != nil {
			st = p.expr(sd.Step)
		}
		dims = append(dims, sectionDim{lo: lo, st: st, ext: fmt.Sprintf("fgpu_trip(%s, %s, %s)", lo, hi, st)})
	}
	return dims
}

// section is the value of the element of s at the counters of the
// reduction (or array assignment) around it.
func (p *printer) section(s *kernelir.Section) string {
	el := p.sectionLV(s)
	if s.Array.Elem.Base == kernelir.Logical {
		return "(" + el + " != 0)"
	}
	return el
}

// sectionLV is the storage of the element of s at the counters around it.
func (p *printer) sectionLV(s *kernelir.Section) string {
	a := s.Array
	dims := p.sectionDims(s)
	var off []string
	k := 0
	for d := 0; d < a.Rank; d++ {
		var idx string
		if s.Dims != nil && s.Dims[d].Fixed != nil {
			idx = p.expr(s.Dims[d].Fixed)
		} else {
			if k >= len(dims) || k >= len(p.at) {
				return p.fail("a section of %s of another rank than its reduction", a.Name)
			}
			idx = fmt.Sprintf("(%s + %s * %s)", dims[k].lo, p.at[k], dims[k].st)
			k++
		}
		off = append(off, fmt.Sprintf("(%s - %s) * %s", idx, a.Lower[d].Name, a.Stride[d].Name))
	}
	return p.elemAt(a, strings.Join(off, " + "))
}

// reduce prints a reduction as a lambda computing it in a sequential loop
// nest in array element order.
func (p *printer) reduce(x *kernelir.Reduce) string {
	if x.Shape == nil || len(x.Args) == 0 {
		return p.fail("the reduction %s without its operands", x.Name)
	}
	ct := CType(x.T)
	dims := p.sectionDims(x.Shape)
	var b strings.Builder
	b.WriteString(ReduceOpen(x.Name, ct, x.T.Base == kernelir.Logical))
	at := make([]string, len(dims))
	for d := len(dims) - 1; d >= 0; d-- {
		p.tmp++
		v := fmt.Sprintf("r%d", p.tmp)
		at[d] = v
		fmt.Fprintf(&b, "FGPU_UNROLL4 for (int64_t %s = 0; %s < %s; ++%s) ", v, v, dims[d].ext, v)
	}
	outer := p.at
	p.at = at
	defer func() { p.at = outer }()
	// (The operand is printed first as it stands, then as the operation
	// takes it, which numbers the counters of reductions inside it as the
	// legacy writer does.)
	xs := p.expr(x.Args[0])
	if step, ok := ReduceStep(x.Name, ct, xs, func() string { return p.expr(x.Args[0]) }, p.fn); ok {
		b.WriteString(step)
		return p.hoist(accType(x), b.String())
	}
	switch x.Name {
	case "dot_product":
		if len(x.Args) < 2 {
			return p.fail("dot_product without its second operand")
		}
		y := p.expr(x.Args[1])
		xv := p.expr(x.Args[0])
		if x.T.Base == kernelir.Complex {
			xv = "fgpu_conj(" + xv + ")"
		}
		fmt.Fprintf(&b, "acc = acc + %s * %s; ", xv, y)
	default:
		return p.fail("the reduction %s is not printed yet", x.Name)
	}
	b.WriteString("return acc; }()")
	return p.hoist(accType(x), b.String())
}

// accType is the C type of reduction x's value (a logical's: bool).
func accType(x *kernelir.Reduce) string {
	if x.T.Base == kernelir.Logical {
		return "bool"
	}
	return CType(x.T)
}

// arrayAssign prints an array assignment: a loop over each dimension of
// the left side, the first outermost, counted from 0 (eN), the element
// assigned inside.
func (p *printer) arrayAssign(x *kernelir.ArrayAssign) {
	dims := p.sectionDims(x.LHS)
	p.line("{")
	p.indent++
	var at []string
	for _, d := range dims {
		p.tmp++
		v := fmt.Sprintf("e%d", p.tmp)
		p.line("const int64_t n%s = %s;", v, d.ext)
		p.line("FGPU_UNROLL4 for (int64_t %s = 0; %s < n%s; ++%s) {", v, v, v, v)
		p.indent++
		at = append(at, v)
	}
	outer := p.at
	p.at = at
	lv := p.sectionLV(x.LHS)
	p.line("%s = %s;", lv, p.value(x.RHS, x.LHS.Type()))
	p.at = outer
	for range dims {
		p.indent--
		p.line("}")
	}
	p.indent--
	p.line("}")
}

// arrayTemp declares an array of the iteration: its elements, the byte
// address b_X and the constant descriptor parts (emit/kernel.go's
// localArray writes the same).
func (p *printer) arrayTemp(x *kernelir.ArrayTemp) {
	a := x.Array
	n := int64(1)
	for _, e := range x.Extent {
		n *= e
	}
	ct := CType(a.Elem)
	p.line("%s v_%s[%d];", ct, a.Name, max(n, 1))
	sp := ""
	if p.opts.MSL {
		sp = "thread "
	}
	p.line("%schar* const b_%s = (%schar*)v_%s;", sp, a.Name, sp, a.Name)
	stride := int64(1)
	for d := 0; d < a.Rank; d++ {
		p.line("const int64_t %s = %d, %s = (int64_t)sizeof(%s) * %d, %s = %d;", a.Lower[d].Name, x.Lower[d], a.Stride[d].Name, ct, stride, a.Extent[d].Name, x.Extent[d])
		stride *= x.Extent[d]
	}
	p.line("(void)b_%s;", a.Name)
}

// funcCall prints a call of a device function.
func (p *printer) funcCall(x *kernelir.FuncCall) string {
	return p.invocation(&x.Invocation)
}

// invocation prints a call of a device procedure: its arguments by value
// or, by reference, the address of their storage; then the iteration's
// stop site and code for a procedure that can stop.
func (p *printer) invocation(x *kernelir.Invocation) string {
	if p.opts.Callee == nil {
		return p.fail("a call of %s without the emitter's names of device functions", x.Name)
	}
	name := p.opts.Callee(x.Callee)
	var as []string
	for i, a := range x.Args {
		if x.HiddenArg(i) {
			// As the kernel holds it: the scalar's storage, the array's
			// own descriptor.
			if aa, ok := a.(*kernelir.ArrayArg); ok {
				arr := aa.X.Array
				as = append(as, "b_"+arr.Name)
				for d := 0; d < arr.Rank; d++ {
					as = append(as, fmt.Sprintf("%s, %s, %s", arr.Lower[d].Name, arr.Stride[d].Name, arr.Extent[d].Name))
				}
				continue
			}
			as = append(as, p.lvalue(a))
			continue
		}
		if aa, ok := a.(*kernelir.ArrayArg); ok {
			as = append(as, p.arrayArg(aa)...)
			continue
		}
		if x.RefArg(i) {
			as = append(as, "&"+p.lvalue(a))
			continue
		}
		as = append(as, p.expr(a))
	}
	if x.Stops {
		as = append(as, "&fgpu_site", "&fgpu_code")
	}
	return fmt.Sprintf("%s(%s)", name, strings.Join(as, ", "))
}

// arrayArg is what an array argument passes: the byte address of its
// first element, then per dimension the dummy's lower bound, the byte
// stride (the section's step times the array's) and the extent.
func (p *printer) arrayArg(x *kernelir.ArrayArg) []string {
	dims := p.sectionDims(x.X)
	outer := p.at
	p.at = make([]string, len(dims))
	for i := range p.at {
		p.at[i] = "0"
	}
	out := []string{"(char*)&" + p.sectionLV(x.X)}
	p.at = outer
	k := 0
	for r := 0; r < x.X.Array.Rank; r++ {
		if x.X.Dims != nil && x.X.Dims[r].Fixed != nil {
			continue
		}
		lb := dims[k].lo
		if !x.KeepLower {
			if k >= len(x.Lower) {
				return []string{p.fail("the array argument %s without its lower bounds", x.X.Array.Name)}
			}
			lb = fmt.Sprint(x.Lower[k])
		}
		out = append(out, lb, fmt.Sprintf("(%s) * %s", dims[k].st, x.X.Array.Stride[r].Name), dims[k].ext)
		k++
	}
	return out
}

// ReduceOpen opens the lambda of the array reduction name of C type ct
// (logical: a bool accumulator): acc at the operation's identity (maxval
// from -huge, minval from huge); norm2 is gfortran's scaled sum of
// squares (its inline NORM2, read from the code gfortran 12 generates:
// scale starts at 1 and the sum at 0, a new larger magnitude rescales the
// sum). The kernel IR's printer and the legacy writer both open with it.
func ReduceOpen(name, ct string, logical bool) string {
	if name == "norm2" {
		return fmt.Sprintf("[&]() { %s scale = %s(1), acc = %s(0); ", ct, ct, ct)
	}
	init := map[string]string{"sum": ct + "(0)", "product": ct + "(1)", "count": ct + "(0)", "any": "false", "all": "true", "dot_product": ct + "(0)"}[name]
	switch name {
	case "maxval":
		init = "-fgpu_huge((" + ct + ")0)"
	case "minval":
		init = "fgpu_huge((" + ct + ")0)"
	}
	accT := ct
	if logical {
		accT = "bool"
	}
	return fmt.Sprintf("[&]() { %s acc = %s; ", accT, init)
}

// ReduceStep is one element's step of the array reduction name (sum,
// product, maxval, minval, count, any, all, norm2) of C type ct: x is the
// element as it stands, conv (called only by sum, product and norm2, so
// that temporaries are numbered as the operation needs them) the element
// converted to ct, followed by the lambda's close (norm2: the scaled
// root, fn naming the C++ library's functions fabs and sqrt in the
// printed language). ok is false for another reduction.
func ReduceStep(name, ct, x string, conv func() string, fn func(string) string) (step string, ok bool) {
	switch name {
	case "sum":
		step = fmt.Sprintf("acc = acc + %s; ", conv())
	case "product":
		step = fmt.Sprintf("acc = acc * %s; ", conv())
	case "maxval":
		step = fmt.Sprintf("{ %s v = %s; if (v > acc) acc = v; } ", ct, x)
	case "minval":
		step = fmt.Sprintf("{ %s v = %s; if (v < acc) acc = v; } ", ct, x)
	case "count":
		step = fmt.Sprintf("if (%s) acc = acc + 1; ", x)
	case "any":
		step = fmt.Sprintf("if (%s) acc = true; ", x)
	case "all":
		step = fmt.Sprintf("if (!(%s)) acc = false; ", x)
	case "norm2":
		return fmt.Sprintf("{ %s v = %s; if (v != %s(0)) { %s ax = %s(v); if (ax > scale) { %s r = scale / ax; acc = acc * (r * r) + %s(1); scale = ax; } else { %s r = ax / scale; acc = acc + r * r; } } } return %s(acc) * scale; }()", ct, conv(), ct, ct, fn("fabs"), ct, ct, ct, fn("sqrt")), true
	default:
		return "", false
	}
	return step + "return acc; }()", true
}
