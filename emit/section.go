package emit

// This file writes array sections and whole arrays in device code: array
// assignments as loops over their elements, and the array reductions of a
// body (sum, maxval, ...) in array element order.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
)

// sectionDim is one dimension of an array section: its lower index,
// stride and extent as C expressions.
type sectionDim struct{ lo, st, ext string }

// sectionDims gives the dimensions of a whole array or section, in order;
// scalar subscripts are fixed indices (fixed[d] set).
func (g *kernelGen) sectionDims(e *frontend.Expr) (dims []sectionDim, fixed map[int]string, s *frontend.Symbol) {
	fixed = map[int]string{}
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
	dims, fixed, s := g.sectionDims(e)
	if s.Kind == frontend.SymParameter {
		var idx []string
		k := 0
		for d := 0; d < s.Rank; d++ {
			if f, ok := fixed[d]; ok {
				idx = append(idx, f)
				continue
			}
			if k >= len(dims) || k >= len(g.at) {
				g.nyi(frontend.NYIArraySection, e.Pos, "a section of another rank in an array expression of an offloaded loop")
				return "0"
			}
			idx = append(idx, fmt.Sprintf("(%s + %s * %s)", dims[k].lo, g.at[k], dims[k].st))
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
		off = append(off, fmt.Sprintf("(%s - lb%d_%s) * sm%d_%s", idx, d+1, s.Name, d+1, s.Name))
	}
	return fmt.Sprintf("(*(%s*)(b_%s + %s))", ctype(e.Type), s.Name, strings.Join(off, " + "))
}

// arrayAssign writes an array assignment of a kernel body as loops over
// the left side's section (Fortran's elementwise semantics; the verifier
// ruled out overlap with the right side).
func (g *kernelGen) arrayAssign(lhs, rhs *frontend.Expr) {
	dims, _, _ := g.sectionDims(lhs)
	g.line("{")
	g.indent++
	var at []string
	for _, d := range dims {
		g.tmp++
		v := fmt.Sprintf("e%d", g.tmp)
		g.line("const int64_t n%s = %s;", v, d.ext)
		g.line("for (int64_t %s = 0; %s < n%s; ++%s) {", v, v, v, v)
		g.indent++
		at = append(at, v)
	}
	outer := g.at
	g.at = at
	lv := g.sectionElement(lhs)
	val := g.convert(rhs, lhs.Type)
	if lhs.Type.Base == frontend.TyLogical {
		val = fmt.Sprintf("(%s)((%s) ? 1 : 0)", ctype(lhs.Type), g.expr(rhs))
	}
	g.line("%s = %s;", lv, val)
	g.at = outer
	for range dims {
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("}")
}

// arrayShape finds the dimensions of an array expression: those of its
// first array designator (operands of an elemental expression conform).
func (g *kernelGen) arrayShape(e *frontend.Expr) []sectionDim {
	var found *frontend.Expr
	var walk func(x *frontend.Expr)
	walk = func(x *frontend.Expr) {
		if x == nil || found != nil || x.Rank == 0 {
			return
		}
		if x.Kind == frontend.EName || x.Kind == frontend.ERef && x.Ref == frontend.RefElement {
			found = x
			return
		}
		walk(x.X)
		walk(x.Y)
		for _, a := range x.Args {
			walk(a)
		}
	}
	walk(e)
	if found == nil {
		return nil
	}
	dims, _, _ := g.sectionDims(found)
	return dims
}

// reduceLambda computes sum(x), maxval(x), dot_product(x, y), ... in a
// sequential loop in array element order (gfortran's order, so sums give
// gfortran's bits), as an immediately invoked lambda.
func (g *kernelGen) reduceLambda(e *frontend.Expr, a []*frontend.Expr) string {
	name := e.Intr.Name
	t := e.Type
	ct := ctype(t)
	dims := g.arrayShape(a[0])
	if dims == nil {
		g.nyi(frontend.NYIIntrinsic, e.Pos, "the argument of %s in an offloaded loop", name)
		return "0"
	}
	var b strings.Builder
	init := map[string]string{"sum": ct + "(0)", "product": ct + "(1)", "count": ct + "(0)", "any": "false", "all": "true", "dot_product": ct + "(0)"}[name]
	if name == "maxval" {
		init = "-fgpu_huge((" + ct + ")0)"
	} else if name == "minval" {
		init = "fgpu_huge((" + ct + ")0)"
	}
	accT := ct
	if t.Base == frontend.TyLogical {
		accT = "bool"
	}
	fmt.Fprintf(&b, "[&]() { %s acc = %s; ", accT, init)
	var at []string
	// Column-major element order: the first dimension varies fastest.
	for k := len(dims) - 1; k >= 0; k-- {
		g.tmp++
		v := fmt.Sprintf("r%d", g.tmp)
		at = append([]string{v}, at...)
		fmt.Fprintf(&b, "for (int64_t %s = 0; %s < %s; ++%s) ", v, v, dims[k].ext, v)
	}
	outer := g.at
	g.at = at
	x := g.expr(a[0])
	switch name {
	case "sum":
		fmt.Fprintf(&b, "acc = acc + %s; ", g.convert(a[0], t))
	case "product":
		fmt.Fprintf(&b, "acc = acc * %s; ", g.convert(a[0], t))
	case "maxval":
		fmt.Fprintf(&b, "{ %s v = %s; if (v > acc) acc = v; } ", ct, x)
	case "minval":
		fmt.Fprintf(&b, "{ %s v = %s; if (v < acc) acc = v; } ", ct, x)
	case "count":
		fmt.Fprintf(&b, "if (%s) acc = acc + 1; ", x)
	case "any":
		fmt.Fprintf(&b, "if (%s) acc = true; ", x)
	case "all":
		fmt.Fprintf(&b, "if (!(%s)) acc = false; ", x)
	case "dot_product":
		y := g.convert(a[1], t)
		xv := g.convert(a[0], t)
		switch t.Base {
		case frontend.TyComplex:
			xv = "fgpu_conj(" + xv + ")"
		case frontend.TyLogical:
			fmt.Fprintf(&b, "if (%s && %s) acc = true; ", g.expr(a[0]), g.expr(a[1]))
			g.at = outer
			b.WriteString("return acc; }()")
			return b.String()
		}
		fmt.Fprintf(&b, "acc = acc + %s * %s; ", xv, y)
	}
	g.at = outer
	b.WriteString("return acc; }()")
	return b.String()
}

// sectionView is how device code hands over a whole array or a section
// e: the address of its first element (a char*), and for each dimension
// of the section the byte stride (the array's stride times the step) and
// the extent.
func (g *kernelGen) sectionView(e *frontend.Expr) (addr string, strides, exts []string) {
	dims, fixed, s := g.sectionDims(e)
	outer := g.at
	g.at = make([]string, len(dims))
	for i := range g.at {
		g.at[i] = "0"
	}
	addr = "(char*)&" + g.sectionElement(e)
	g.at = outer
	k := 0
	for r := 0; r < s.Rank; r++ {
		if _, ok := fixed[r]; ok {
			continue
		}
		strides = append(strides, fmt.Sprintf("(%s) * sm%d_%s", dims[k].st, r+1, s.Name))
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
	g.line("char* const b_%s = %s;", n, addr)
	for k := range strides {
		g.line("const int64_t lb%d_%s = 1, sm%d_%s = %s, ex%d_%s = %s;", k+1, n, k+1, n, strides[k], k+1, n, exts[k])
	}
	g.line("(void)b_%s;", n)
}
