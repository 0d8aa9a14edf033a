package emit

// This file writes array sections and whole arrays in device code: array
// assignments as loops over their elements, and the array reductions of a
// body (sum, maxval, ...) in array element order.

import (
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// sectionDim is one dimension of an array section: its lower index,
// stride and extent as C expressions.
type sectionDim struct{ lo, st, ext string }

// sectionDims gives the dimensions of a whole array or section, in order;
// scalar subscripts are fixed indices (fixed[d] set).
func (g *kernelGen) sectionDims(e *frontend.Expr) (dims []sectionDim, fixed map[int]string, s *frontend.Symbol) {
	e = g.tempRef(e)
	fixed = map[int]string{}
	if e.Kind == frontend.EComponent && e.Rank > 0 {
		if row, ok := g.row(e); ok {
			// a(i)%w whole: the bounds its table holds.
			for d := 0; d < e.Rank; d++ {
				dims = append(dims, sectionDim{lo: fmt.Sprintf("%s.lb[%d]", row, d), st: "1", ext: fmt.Sprintf("%s.ex[%d]", row, d)})
			}
			return dims, fixed, e.Sym
		}
	}
	lbOf := func(s *frontend.Symbol, n int) string { return fmt.Sprintf("lb%d_%s", n, s.Name) }
	exOf := func(s *frontend.Symbol, n int) string { return fmt.Sprintf("ex%d_%s", n, s.Name) }
	if s0 := rootSym(e); s0 != nil && s0.Kind == frontend.SymParameter {
		lbOf = func(s *frontend.Symbol, n int) string { return fmt.Sprintf("%dLL", constLower(s, n-1)) }
		exOf = func(s *frontend.Symbol, n int) string { return fmt.Sprintf("%dLL", s.Dims[n-1]) }
	}
	if e.Kind == frontend.EName {
		s = rootSym(e)
		for d := 1; d <= s.Rank; d++ {
			dims = append(dims, sectionDim{lo: lbOf(s, d), st: "1", ext: exOf(s, d)})
		}
		return
	}
	s = rootSym(e.X)
	for d, a := range e.Args {
		n := d + 1
		if a.Kind != frontend.ERange {
			fixed[d] = g.convertTo(a, "int64_t")
			continue
		}
		lo := lbOf(s, n)
		if a.Range[0] != nil {
			lo = g.convertTo(a.Range[0], "int64_t")
		}
		hi := fmt.Sprintf("(%s + %s - 1)", lbOf(s, n), exOf(s, n))
		if a.Range[1] != nil {
			hi = g.convertTo(a.Range[1], "int64_t")
		}
		st := "1"
		if a.Range[2] != nil {
			st = g.convertTo(a.Range[2], "int64_t")
		}
		dims = append(dims, sectionDim{lo: lo, st: st, ext: fmt.Sprintf("fgpu_trip(%s, %s, %s)", lo, hi, st)})
	}
	return
}

// sectionElement is the element of a whole array or section at the
// current elementwise indices g.at.
func (g *kernelGen) sectionElement(e *frontend.Expr) string {
	e = g.tempRef(e)
	if e.Kind == frontend.EComponent && e.Rank > 0 {
		if row, ok := g.row(e); ok {
			return g.rowElement(row, ctype(e.Type), e.Rank)
		}
	}
	dims, fixed, s := g.sectionDims(e)
	if s.Kind == frontend.SymParameter {
		var idx []string
		k := 0
		for d := 0; d < s.Rank; d++ {
			if f, ok := fixed[d]; ok {
				idx = append(idx, g.sectionSub(e, d, f, fmt.Sprintf("%dLL", constLower(s, d)), constHi(s, d)))
				continue
			}
			if k >= len(dims) || k >= len(g.at) {
				g.nyi(frontend.NYIArraySection, e.Pos, "a section of another rank in an array expression of an offloaded loop")
				return "0"
			}
			idx = append(idx, g.sectionSub(e, d, fmt.Sprintf("(%s + %s * %s)", dims[k].lo, g.at[k], dims[k].st), fmt.Sprintf("%dLL", constLower(s, d)), constHi(s, d)))
			k++
		}
		return g.constElement(s, idx)
	}
	var off []string
	k := 0
	rank := s.Rank
	for d := 0; d < rank; d++ {
		var idx string
		if f, ok := fixed[d]; ok {
			idx = f
		} else {
			if k >= len(dims) || k >= len(g.at) {
				g.nyi(frontend.NYIArraySection, e.Pos, "a section of another rank in an array assignment of an offloaded loop")
				return "0"
			}
			idx = fmt.Sprintf("(%s + %s * %s)", dims[k].lo, g.at[k], dims[k].st)
			k++
		}
		idx = g.sectionSub(e, d, idx, fmt.Sprintf("lb%d_%s", d+1, s.Name), arrayHi(s, d))
		off = append(off, fmt.Sprintf("(%s - lb%d_%s) * sm%d_%s", idx, d+1, s.Name, d+1, s.Name))
	}
	return g.mslElemAt(s, ctype(e.Type), fmt.Sprintf("b_%s + %s", s.Name, strings.Join(off, " + ")))
}

// arrayAssign writes an array assignment of a kernel body as loops over
// the left side's section (Fortran's elementwise semantics; the verifier
// ruled out overlap with the right side).
func (g *kernelGen) arrayAssign(lhs, rhs *frontend.Expr) {
	if g.overlap[rhs] {
		// The right side reads the assigned array through another
		// designator: computed into an array of the iteration first
		// (lowering.AssignOverlaps; the verifier required a constant
		// shape).
		shape, _ := lowering.ConstShape(lhs)
		sym, ref := g.newTemp(shape, lhs.Type, lhs.Pos)
		g.line("{")
		g.indent++
		g.localArray(sym)
		delete(g.overlap, rhs)
		g.arrayAssign(ref, rhs)
		g.arrayAssign(lhs, ref)
		g.indent--
		g.line("}")
		return
	}
	dims, _, _ := g.sectionDims(lhs)
	g.line("{")
	g.indent++
	if check := g.reallocCheck(lhs, rhs); check != nil {
		// a(i)%w = value: the component must have the value's shape (an
		// intrinsic assignment would reallocate it): else the check's
		// error stop (facts/realloc.go).
		row, _ := g.elemRow(lhs)
		g.line("if (%s) {", reshaped(row, g.arrayShape(rhs)))
		g.indent++
		g.stopStmt(check)
		g.indent--
		g.line("}")
	}
	var exts []string
	for _, d := range dims {
		exts = append(exts, d.ext)
	}
	g.elementwise(exts, func() {
		g.line("%s = %s;", g.sectionElement(lhs), g.valueAs(rhs, lhs.Type))
	})
	g.indent--
	g.line("}")
}

// elementwise writes loops over the extents exts (C expressions), the
// first dimension outermost, and body inside them with the elementwise
// indices g.at set (counted from 0).
func (g *kernelGen) elementwise(exts []string, body func()) {
	var at []string
	for _, ext := range exts {
		g.tmp++
		v := fmt.Sprintf("e%d", g.tmp)
		g.line("const int64_t n%s = %s;", v, ext)
		g.line("FGPU_UNROLL4 for (int64_t %s = 0; %s < n%s; ++%s) {", v, v, v, v)
		g.indent++
		at = append(at, v)
	}
	outer := g.at
	g.at = at
	body()
	g.at = outer
	for range exts {
		g.indent--
		g.line("}")
	}
}

// arrayShape finds the dimensions of an array expression: a designator's
// own; an elementwise expression's from its first array operand (operands
// conform); a transformational intrinsic's from its operands
// (intrinsicExts); a value held in an array of the iteration, that array's.
// Only the extents of a value's dimensions are meaningful.
func (g *kernelGen) arrayShape(e *frontend.Expr) []sectionDim {
	if e == nil || e.Rank == 0 {
		return nil
	}
	if t, ok := g.temps[e]; ok {
		dims, _, _ := g.sectionDims(t)
		return dims
	}
	valueDims := func(exts []string) []sectionDim {
		if exts == nil {
			return nil
		}
		var out []sectionDim
		for _, x := range exts {
			out = append(out, sectionDim{lo: "0", st: "1", ext: x})
		}
		return out
	}
	switch e.Kind {
	case frontend.EName, frontend.EComponent:
		dims, _, _ := g.sectionDims(e)
		return dims
	case frontend.EParen, frontend.EUnary, frontend.EKeyword:
		return g.arrayShape(e.X)
	case frontend.EBinary:
		if e.X.Rank > 0 {
			return g.arrayShape(e.X)
		}
		return g.arrayShape(e.Y)
	case frontend.EArray:
		if sh, ok := lowering.ConstShape(e); ok {
			return valueDims(extsOf(sh))
		}
		return nil
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			dims, _, _ := g.sectionDims(e)
			return dims
		case frontend.RefFunction:
			if sh, ok := lowering.ConstShape(e); ok {
				return valueDims(extsOf(sh))
			}
			return nil
		case frontend.RefIntrinsic:
			if lowering.NeedsTemp(e) {
				return valueDims(g.intrinsicExts(e))
			}
			if lowering.InquiryValue(e) {
				sh, _ := lowering.ConstShape(e)
				return valueDims(extsOf(sh))
			}
			for _, a := range e.Args {
				if a.Kind == frontend.EKeyword {
					a = a.X
				}
				if a.Rank > 0 {
					return g.arrayShape(a)
				}
			}
		}
	}
	return nil
}

// intrinsicExts are the extents of a transformational intrinsic's result
// (lowering.NeedsTemp), from its operands, at run time.
func (g *kernelGen) intrinsicExts(e *frontend.Expr) []string {
	a := lowering.IntrinsicActuals(e)
	src := exts(g.arrayShape(a[0]))
	switch name := e.Intr.Name; name {
	case "matmul":
		y := exts(g.arrayShape(a[1]))
		switch {
		case len(src) == 2 && len(y) == 2:
			return []string{src[0], y[1]}
		case len(src) == 2:
			return []string{src[0]}
		case len(y) == 2:
			return []string{y[1]}
		}
	case "transpose":
		if len(src) == 2 {
			return []string{src[1], src[0]}
		}
	case "spread":
		d, _ := lowering.ConstInt(a[1])
		n := fmt.Sprintf("fgpu_max<int64_t>(%s, 0)", g.convertTo(a[2], "int64_t"))
		if a[0].Rank == 0 {
			return []string{n}
		}
		return append(append(append([]string{}, src[:d-1]...), n), src[d-1:]...)
	case "reshape":
		if sh, ok := lowering.ConstShape(e); ok {
			return extsOf(sh)
		}
	case "cshift", "eoshift":
		return src
	default:
		if lowering.ArrayReduction(name) {
			d, _ := lowering.ConstInt(a[1])
			if d >= 1 && int(d) <= len(src) {
				return append(append([]string{}, src[:d-1]...), src[d:]...)
			}
		}
	}
	return nil
}

// reduceLambda computes sum(x), maxval(x), dot_product(x, y), ... of a
// whole array value (no DIM, or DIM of a rank-one array).
func (g *kernelGen) reduceLambda(e *frontend.Expr, a []*frontend.Expr) string {
	return g.reduction(e, a, 0, nil)
}

// reduction computes a reduction in a sequential loop in array element
// order (gfortran's order, so sums give gfortran's bits), as an
// immediately invoked lambda (in MSL, which has no lambdas, the same
// statements before the statement that reads the value: noLambda): over
// the whole array when dim is 0 (or the array has rank one), else along
// dimension dim at the other indices outer (zero-based, those of the
// result's element). A MASK selects the elements.
func (g *kernelGen) reduction(e *frontend.Expr, a []*frontend.Expr, dim int, outer []string) string {
	ct := ctype(e.Type)
	if e.Type.Base == frontend.TyLogical && e.Intr.Name != "maxloc" && e.Intr.Name != "minloc" {
		ct = "bool"
	}
	return g.noLambda(ct, g.reductionLambda(e, a, dim, outer))
}

func (g *kernelGen) reductionLambda(e *frontend.Expr, a []*frontend.Expr, dim int, outer []string) string {
	name := e.Intr.Name
	t := e.Type
	ct := ctype(t)
	src := g.tempRef(a[0])
	dims := g.arrayShape(src)
	if dims == nil {
		g.nyi(frontend.NYIIntrinsic, e.Pos, "the argument of %s in an offloaded loop", name)
		return "0"
	}
	var mask *frontend.Expr
	for i, d := range e.Intr.Args {
		if d.Name == "mask" && i < len(a) && a[i] != nil && i > 0 {
			mask = a[i]
		}
	}
	if len(dims) == 1 {
		dim = 0
	}
	var b strings.Builder
	if name == "maxloc" || name == "minloc" {
		// The position of the first largest (smallest) element in array
		// element order, counted from 1 along the dimension; 0 when the
		// mask selects none; the first selected one when all are NaN (as
		// gfortran).
		vt := ctype(src.Type)
		fmt.Fprintf(&b, "[&]() { %s acc = %s(0); %s best = %s(0); bool have = false; ", ct, ct, vt, vt)
	} else {
		b.WriteString(cxx.ReduceOpen(name, ct, t.Base == frontend.TyLogical))
	}
	at := make([]string, len(dims))
	// Column-major element order: the first dimension varies fastest.
	k := 0
	for d := range dims {
		if dim != 0 && d != dim-1 {
			at[d] = outer[k]
			k++
		}
	}
	for d := len(dims) - 1; d >= 0; d-- {
		if dim != 0 && d != dim-1 {
			continue
		}
		g.tmp++
		v := fmt.Sprintf("r%d", g.tmp)
		at[d] = v
		fmt.Fprintf(&b, "FGPU_UNROLL4 for (int64_t %s = 0; %s < %s; ++%s) ", v, v, dims[d].ext, v)
	}
	outerAt := g.at
	g.at = at
	defer func() { g.at = outerAt }()
	if mask != nil {
		fmt.Fprintf(&b, "if (%s) ", g.expr(mask))
	}
	x := g.expr(src)
	if name == "maxloc" || name == "minloc" {
		cmp := ">"
		if name == "minloc" {
			cmp = "<"
		}
		pos := at[0]
		if dim != 0 {
			pos = at[dim-1]
		}
		fmt.Fprintf(&b, "{ %s v = %s; const %s k = (%s)(%s + 1); if (!have) { if (acc == 0) acc = k; if (v == v) { best = v; acc = k; have = true; } } else if (v %s best) { best = v; acc = k; } } ", ctype(src.Type), x, ct, ct, pos, cmp)
		b.WriteString("return acc; }()")
		return b.String()
	}
	if step, ok := cxx.ReduceStep(name, ct, x, func() string { return g.convert(src, t) }, func(f string) string { return "std::" + f }); ok {
		b.WriteString(step)
		return b.String()
	}
	switch name {
	case "dot_product":
		y := g.convert(g.tempRef(a[1]), t)
		xv := g.convert(src, t)
		switch t.Base {
		case frontend.TyComplex:
			xv = "fgpu_conj(" + xv + ")"
		case frontend.TyLogical:
			fmt.Fprintf(&b, "if (%s && %s) acc = true; ", g.expr(src), g.expr(g.tempRef(a[1])))
			b.WriteString("return acc; }()")
			return b.String()
		}
		fmt.Fprintf(&b, "acc = acc + %s * %s; ", xv, y)
	}
	b.WriteString("return acc; }()")
	return b.String()
}

// sectionView is how device code hands over a whole array or a section
// e: the address of its first element (a char*), and for each dimension
// of the section the byte stride (the array's stride times the step) and
// the extent.
func (g *kernelGen) sectionView(e *frontend.Expr) (addr string, strides, exts []string) {
	if row, ok := g.row(g.tempRef(e)); ok && e.Kind == frontend.EComponent {
		// a(i)%w or t%v whole: its descriptor.
		for d := 0; d < e.Rank; d++ {
			strides = append(strides, fmt.Sprintf("%s.sm[%d]", row, d))
			exts = append(exts, fmt.Sprintf("%s.ex[%d]", row, d))
		}
		return row + ".base", strides, exts
	}
	dims, fixed, s := g.sectionDims(e)
	outer := g.at
	g.at = make([]string, len(dims))
	for i := range g.at {
		g.at[i] = "0"
	}
	addr = g.bytesOf("&" + g.sectionElement(e))
	g.at = outer
	k := 0
	for r := 0; r < s.Rank; r++ {
		if _, ok := fixed[r]; ok {
			continue
		}
		sm := fmt.Sprintf("sm%d_%s", r+1, s.Name)
		if s.Kind == frontend.SymParameter {
			// A named constant array (a static table): its byte strides
			// from its shape.
			sm = fmt.Sprintf("(int64_t)sizeof(%s)", ctype(s.Type))
			for d := 0; d < r && d < len(s.Dims); d++ {
				sm += fmt.Sprintf(" * %d", s.Dims[d])
			}
		}
		strides = append(strides, fmt.Sprintf("(%s) * %s", dims[k].st, sm))
		exts = append(exts, dims[k].ext)
		k++
	}
	return addr, strides, exts
}

// sectionName binds associate name n to the array or section e (design
// doc: "A name bound to a section ... is the address of the section's
// first element, its extents, and the strides of the dimensions of the
// array it ranges over, times its steps"), with the names an array
// argument has (b_, lb, sm, ex), counted from 1: every reference through
// the name is written as one of an argument and reaches the array.
func (g *kernelGen) sectionName(n string, e *frontend.Expr) {
	addr, strides, exts := g.sectionView(e)
	g.line("%s const b_%s = %s;", g.pointerDecl("char"), n, addr)
	for k := range strides {
		g.line("const int64_t lb%d_%s = 1, sm%d_%s = %s, ex%d_%s = %s;", k+1, n, k+1, n, strides[k], k+1, n, exts[k])
	}
	g.line("(void)b_%s;", n)
}

// reallocCheck is the error stop of the check before assignment lhs = rhs
// to a whole allocatable component of an element (facts/realloc.go), or
// nil.
func (g *kernelGen) reallocCheck(lhs, rhs *frontend.Expr) *frontend.StopStmt {
	if g.funcs == nil || g.funcs.plan == nil || rhs.Rank == 0 {
		return nil
	}
	if _, ok := g.elemRow(lhs); !ok {
		return nil
	}
	for s, a := range g.funcs.plan.ReallocChecks {
		if a.LHS == lhs {
			return s
		}
	}
	return nil
}

// rowElement is the element at the elementwise indices g.at (the first
// rank of them, counted from 0) of the array a descriptor row describes
// (a table entry or an image's component, derived.go row), of C type ct.
func (g *kernelGen) rowElement(row, ct string, rank int) string {
	var off []string
	for d := 0; d < rank && d < len(g.at); d++ {
		off = append(off, fmt.Sprintf("(%s) * %s.sm[%d]", g.at[d], row, d))
	}
	return fmt.Sprintf("(*(%s*)(%s.base + %s))", ct, row, strings.Join(off, " + "))
}

// reshaped is the C condition that the component a descriptor row
// describes is unallocated or of another shape than dims (an intrinsic
// assignment of a value of that shape would reallocate it).
func reshaped(row string, dims []sectionDim) string {
	conds := []string{row + ".base == nullptr"}
	for d, vd := range dims {
		conds = append(conds, fmt.Sprintf("%s.ex[%d] != (int64_t)(%s)", row, d, vd.ext))
	}
	return strings.Join(conds, " || ")
}
