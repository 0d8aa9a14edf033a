package emit

// This file computes, before a statement of device code, the array values
// the statement reads that are not elementwise (lowering.NeedsTemp):
// matmul, transpose, spread, reshape, cshift, eoshift, reductions with
// DIM, and calls of functions with an array result. Each is computed once
// into an array of the iteration (design doc, "The offloading pipeline":
// array-valued function calls are called once before the statement, into
// an array of the iteration) of the shape lowering.ConstShape found, and
// the statement reads that array (g.temps) as it reads any other.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// hoistedExprs are the expressions of a statement evaluated once, before
// it runs: those whose array values can be computed before it.
func hoistedExprs(s frontend.Stmt) []*frontend.Expr {
	switch x := s.(type) {
	case *frontend.AssignStmt:
		return []*frontend.Expr{x.LHS, x.RHS}
	case *frontend.IfStmt:
		return []*frontend.Expr{x.Cond}
	case *frontend.CallStmt:
		return x.Args
	case *frontend.StopStmt:
		return []*frontend.Expr{x.Code}
	case *frontend.Construct:
		switch h := x.Head.(type) {
		case *frontend.IfThenStmt:
			return []*frontend.Expr{h.Cond}
		case *frontend.SelectCaseStmt:
			return []*frontend.Expr{h.Expr}
		}
	}
	return nil
}

// hasTemp reports whether an expression holds an array value computed
// before its statement.
func hasTemp(e *frontend.Expr) bool {
	if e == nil {
		return false
	}
	if lowering.NeedsTemp(e) {
		return true
	}
	if hasTemp(e.X) || hasTemp(e.Y) {
		return true
	}
	for _, a := range e.Args {
		if hasTemp(a) {
			return true
		}
	}
	for _, r := range e.Range {
		if hasTemp(r) {
			return true
		}
	}
	return false
}

// tempRef is the array of the iteration holding e's value, or e.
func (g *kernelGen) tempRef(e *frontend.Expr) *frontend.Expr {
	if t, ok := g.temps[e]; ok {
		return t
	}
	return e
}

// hoist computes the array values of e (innermost first) into arrays of
// the iteration.
func (g *kernelGen) hoist(e *frontend.Expr) {
	if e == nil {
		return
	}
	g.hoist(e.X)
	g.hoist(e.Y)
	for _, a := range e.Args {
		g.hoist(a)
	}
	for _, r := range e.Range {
		g.hoist(r)
	}
	if !lowering.NeedsTemp(e) || g.temps[e] != nil {
		return
	}
	shape, ok := lowering.ConstShape(e)
	if !ok {
		g.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in device code: its shape is not known when the kernel is compiled", e)
		return
	}
	g.tmp++
	name := fmt.Sprintf("fgpu_t%d", g.tmp)
	dims := make([]int, len(shape))
	for i, n := range shape {
		dims[i] = int(n)
	}
	if g.temps == nil {
		g.temps = map[*frontend.Expr]*frontend.Expr{}
	}
	sym := &frontend.Symbol{Name: name, Kind: frontend.SymVariable, Type: e.Type, Rank: len(shape), Dims: dims}
	ref := &frontend.Expr{Kind: frontend.EName, Name: name, Sym: sym, Type: e.Type, Rank: len(shape), Pos: e.Pos}
	if e.Kind == frontend.EArray && e.Const != nil {
		// A constant: a static table, as a named constant array.
		sym.Kind = frontend.SymParameter
		sym.Const = e.Const
		g.temps[e] = ref
		return
	}
	g.localArray(sym)
	switch {
	case e.Kind == frontend.EArray:
		g.tmp++
		k := fmt.Sprintf("k%d", g.tmp)
		g.line("int64_t %s = 0;", k)
		g.consItems(ref, k, e.Args)
		g.line("(void)%s;", k)
	case e.Ref == frontend.RefFunction:
		g.line("%s;", g.callProc(e.Pos, e.Proc, append(callActuals(e, e.Proc, e.Args), ref)))
	case e.Ref == frontend.RefIntrinsic:
		g.fillIntrinsic(ref, e, shape)
	}
	g.temps[e] = ref
}

// loops opens one C loop per extent, the last dimension outermost (array
// element order), and returns the zero-based indices, first dimension
// first, and the function that closes them.
func (g *kernelGen) loops(exts []string) ([]string, func()) {
	at := make([]string, len(exts))
	for d := len(exts) - 1; d >= 0; d-- {
		g.tmp++
		v := fmt.Sprintf("e%d", g.tmp)
		at[d] = v
		g.line("for (int64_t %s = 0; %s < %s; ++%s) {", v, v, exts[d], v)
		g.indent++
	}
	return at, func() {
		for range exts {
			g.indent--
			g.line("}")
		}
	}
}

// elemAt is element at (zero-based, in order) of array value x,
// converted to type t.
func (g *kernelGen) elemAt(x *frontend.Expr, at []string, t frontend.Type) string {
	outer := g.at
	g.at = at
	v := g.convert(x, t)
	if t.Base == frontend.TyLogical {
		v = g.expr(x)
	}
	g.at = outer
	return v
}

// store assigns value v (of the temp's type) to element at of temp ref.
func (g *kernelGen) store(ref *frontend.Expr, at []string, v string) {
	outer := g.at
	g.at = at
	lv := g.sectionElement(ref)
	g.at = outer
	if ref.Type.Base == frontend.TyLogical {
		v = fmt.Sprintf("(%s)((%s) ? 1 : 0)", ctype(ref.Type), v)
	}
	g.line("%s = %s;", lv, v)
}

func extsOf(shape []int64) []string {
	var out []string
	for _, n := range shape {
		out = append(out, fmt.Sprintf("%dLL", n))
	}
	return out
}

// fillIntrinsic writes the loops that compute intrinsic call e into temp
// ref of the given shape.
func (g *kernelGen) fillIntrinsic(ref, e *frontend.Expr, shape []int64) {
	a := lowering.IntrinsicActuals(e)
	t := e.Type
	ct := ctype(t)
	name := e.Intr.Name
	g.line("{")
	g.indent++
	defer func() {
		g.indent--
		g.line("}")
	}()
	switch name {
	case "matmul":
		// Each element summed over the inner dimension in increasing order
		// from zero: the order of gfortran's inline matmul and its
		// library's.
		x, _ := lowering.ConstShape(a[0])
		y, _ := lowering.ConstShape(a[1])
		inner := x[len(x)-1]
		at, done := g.loops(extsOf(shape))
		g.tmp++
		l := fmt.Sprintf("l%d", g.tmp)
		g.line("%s acc = %s(0);", ct, ct)
		g.line("for (int64_t %s = 0; %s < %dLL; ++%s) {", l, l, inner, l)
		g.indent++
		var ax, ay []string
		switch {
		case len(x) == 2 && len(y) == 2:
			ax, ay = []string{at[0], l}, []string{l, at[1]}
		case len(x) == 2:
			ax, ay = []string{at[0], l}, []string{l}
		default:
			ax, ay = []string{l}, []string{l, at[0]}
		}
		g.line("acc = acc + %s * %s;", g.elemAt(a[0], ax, t), g.elemAt(a[1], ay, t))
		g.indent--
		g.line("}")
		g.store(ref, at, "acc")
		done()
	case "transpose":
		at, done := g.loops(extsOf(shape))
		g.store(ref, at, g.elemAt(a[0], []string{at[1], at[0]}, t))
		done()
	case "spread":
		d, _ := lowering.ConstInt(a[1])
		at, done := g.loops(extsOf(shape))
		if a[0].Rank == 0 {
			g.store(ref, at, g.convert(a[0], t))
		} else {
			src := append(append([]string{}, at[:d-1]...), at[d:]...)
			g.store(ref, at, g.elemAt(a[0], src, t))
		}
		done()
	case "reshape":
		// The elements of the source in array element order fill the
		// result in array element order.
		src, _ := lowering.ConstShape(a[0])
		at, done := g.loops(extsOf(shape))
		// ORDER: the dimension order[0] varies fastest.
		order := make([]int, len(shape))
		for d := range order {
			order[d] = d
		}
		if len(a) > 3 && a[3] != nil {
			order = lowering.ReshapeOrder(a[3], len(shape))
		}
		var lin []string
		stride := int64(1)
		for _, d := range order {
			lin = append(lin, fmt.Sprintf("%s * %dLL", at[d], stride))
			stride *= shape[d]
		}
		g.line("int64_t q = %s;", strings.Join(lin, " + "))
		var sat []string
		for d, n := range src {
			g.tmp++
			v := fmt.Sprintf("s%d", g.tmp)
			if d == len(src)-1 {
				g.line("const int64_t %s = q;", v)
			} else {
				g.line("const int64_t %s = q %% %dLL; q /= %dLL;", v, n, n)
			}
			sat = append(sat, v)
		}
		g.line("(void)q;")
		g.store(ref, at, g.elemAt(a[0], sat, t))
		done()
	case "cshift", "eoshift":
		dimAt := 2
		if name == "eoshift" {
			dimAt = 3
		}
		d := int64(1)
		if dimAt < len(a) && a[dimAt] != nil {
			d, _ = lowering.ConstInt(a[dimAt])
		}
		g.line("const int64_t sh = %s;", g.convertTo(a[1], "int64_t"))
		at, done := g.loops(extsOf(shape))
		n := shape[d-1]
		src := append([]string{}, at...)
		src[d-1] = "j"
		if name == "cshift" {
			g.line("const int64_t j = fgpu_imodulo<int64_t>(%s + sh, %dLL);", at[d-1], n)
			g.store(ref, at, g.elemAt(a[0], src, t))
		} else {
			bnd := ct + "(0)"
			if t.Base == frontend.TyLogical {
				bnd = "false"
			}
			if a[2] != nil {
				bnd = g.convert(a[2], t)
			}
			g.line("const int64_t j = %s + sh;", at[d-1])
			g.store(ref, at, fmt.Sprintf("((j >= 0 && j < %dLL) ? %s : %s)", n, g.elemAt(a[0], src, t), bnd))
		}
		done()
	default:
		// A reduction with DIM: each element of the result reduces the
		// array along DIM at the other indices.
		at, done := g.loops(extsOf(shape))
		d, _ := lowering.ConstInt(a[1])
		g.store(ref, at, g.reduction(e, a, int(d), at))
		done()
	}
}

// consItems stores the items of an array constructor into temp ref from
// element k on: scalars, and implied-do loops whose variable is a C loop
// variable of its own while its items are written.
func (g *kernelGen) consItems(ref *frontend.Expr, k string, items []*frontend.Expr) {
	for _, a := range items {
		if a.Kind != frontend.EImpliedDo {
			g.store(ref, []string{k}, g.convert(a, ref.Type))
			g.line("++%s;", k)
			continue
		}
		v := lowering.ImpliedDoVar(a)
		g.tmp++
		n := g.tmp
		step := "1"
		if a.Range[2] != nil {
			step = g.convertTo(a.Range[2], "int64_t")
		}
		g.line("{ const int64_t s%d = %s; int64_t c%d = %s;", n, step, n, g.convertTo(a.Range[0], "int64_t"))
		g.indent++
		g.line("for (int64_t k%d = fgpu_trip(c%d, %s, s%d); k%d > 0; --k%d, c%d += s%d) {", n, n, g.convertTo(a.Range[1], "int64_t"), n, n, n, n, n)
		g.indent++
		if v != nil {
			old, had := g.names[v]
			g.names[v] = fmt.Sprintf("((%s)c%d)", ctype(v.Type), n)
			defer func() {
				if had {
					g.names[v] = old
				} else {
					delete(g.names, v)
				}
			}()
		}
		g.consItems(ref, k, a.Args)
		g.indent--
		g.line("}")
		g.indent--
		g.line("}")
	}
}
