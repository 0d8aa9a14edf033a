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
	if a := g.heapCons; a != nil && e.Kind == frontend.EArray && e == stripParensExpr(a.RHS) {
		g.heapConsArray(a, e) // heaplocal.go
		return
	}
	shape, ok := lowering.ConstShape(e)
	if e.Ref == frontend.RefFunction && lowering.HeapResult(e) {
		// An allocatable result: the function allocates it on the heap
		// into the caller's variables (heaplocal.go).
		ref := g.heapResultTemp(e)
		g.line("%s;", g.callProc(e.Pos, e, e.Proc, append(callActuals(e, e.Proc, e.Args), ref)))
		if g.procStops(e.Proc) {
			// A call that stopped (the heap exhausted) left no result
			// to read.
			g.stopTest()
		}
		if g.temps == nil {
			g.temps = map[*frontend.Expr]*frontend.Expr{}
		}
		g.temps[e] = ref
		return
	}
	if !ok && lowering.ResultOnHeap(g.k, g.proc, e) {
		// A run-time shaped result the caller takes from the heap
		// (heaplocal.go).
		ref := g.heapResultArray(e)
		if ref == nil {
			return
		}
		g.line("%s;", g.callProc(e.Pos, e, e.Proc, append(callActuals(e, e.Proc, e.Args), ref)))
		if g.temps == nil {
			g.temps = map[*frontend.Expr]*frontend.Expr{}
		}
		g.temps[e] = ref
		return
	}
	if w := g.resultWorkspace(e); !ok && w != nil {
		// A result of a run-time shape: the call's slice of the kernel's
		// workspace (declareLocals declared it).
		ref := &frontend.Expr{Kind: frontend.EName, Name: w.Sym.Name, Sym: w.Sym, Type: e.Type, Rank: e.Rank, Pos: e.Pos}
		g.line("%s;", g.callProc(e.Pos, e, e.Proc, append(callActuals(e, e.Proc, e.Args), ref)))
		if g.temps == nil {
			g.temps = map[*frontend.Expr]*frontend.Expr{}
		}
		g.temps[e] = ref
		return
	}
	if !ok {
		if e.Ref == frontend.RefIntrinsic {
			return // computed element by element where it is read (elementOf)
		}
		g.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in device code: its shape is not known when the kernel is compiled", e)
		return
	}
	if g.temps == nil {
		g.temps = map[*frontend.Expr]*frontend.Expr{}
	}
	sym, ref := g.newTemp(shape, e.Type, e.Pos)
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
		g.line("%s;", g.callProc(e.Pos, e, e.Proc, append(callActuals(e, e.Proc, e.Args), ref)))
	case e.Ref == frontend.RefIntrinsic:
		g.fillIntrinsic(ref, e, nil)
	}
	g.temps[e] = ref
}

// resultWorkspace is the workspace slice that holds the run-time shaped
// result of call e of the loop's body (lowering.Kernel.ResultWorkspace),
// or nil.
func (g *kernelGen) resultWorkspace(e *frontend.Expr) *lowering.Workspace {
	if g.k == nil || g.proc != nil {
		return nil
	}
	return g.k.ResultWorkspace(e)
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
		g.line("FGPU_UNROLL4 for (int64_t %s = 0; %s < %s; ++%s) {", v, v, exts[d], v)
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

// matmulTile is the most rows of a matrix-vector product summed in
// registers (fillIntrinsic).
const matmulTile = 8

// storeVal stores element at of an array value, v, through val (the
// elementwise expression of a direct assignment; nil: v itself).
func (g *kernelGen) storeVal(val func(string) string, ref *frontend.Expr, at []string, v string) {
	if val != nil {
		outer := g.at
		g.at = at
		v = val(v)
		g.at = outer
		g.line("%s = %s;", g.lvalueAt(ref, at), v)
		return
	}
	g.store(ref, at, v)
}

// lvalueAt is element at of array designator ref.
func (g *kernelGen) lvalueAt(ref *frontend.Expr, at []string) string {
	outer := g.at
	g.at = at
	lv := g.sectionElement(ref)
	g.at = outer
	return lv
}

// store assigns value v (of the temp's type) to element at of temp ref.
func (g *kernelGen) store(ref *frontend.Expr, at []string, v string) {
	if ref.Type.Base == frontend.TyLogical {
		v = fmt.Sprintf("(%s)((%s) ? 1 : 0)", ctype(ref.Type), v)
	}
	g.line("%s = %s;", g.lvalueAt(ref, at), v)
}

// newTemp is a new array of the iteration of the given constant shape and
// type (not yet declared: localArray), and a whole-array reference to it.
func (g *kernelGen) newTemp(shape []int64, t frontend.Type, pos frontend.Pos) (*frontend.Symbol, *frontend.Expr) {
	g.tmp++
	name := fmt.Sprintf("fgpu_t%d", g.tmp)
	dims := make([]int, len(shape))
	for i, n := range shape {
		dims[i] = int(n)
	}
	sym := &frontend.Symbol{Name: name, Kind: frontend.SymVariable, Type: t, Rank: len(shape), Dims: dims}
	return sym, &frontend.Expr{Kind: frontend.EName, Name: name, Sym: sym, Type: t, Rank: len(shape), Pos: pos}
}

func extsOf(shape []int64) []string {
	var out []string
	for _, n := range shape {
		out = append(out, fmt.Sprintf("%dLL", n))
	}
	return out
}

// exts are the extents of dims, as C expressions.
func exts(dims []sectionDim) []string {
	var out []string
	for _, d := range dims {
		out = append(out, d.ext)
	}
	return out
}

// fillIntrinsic writes the loops that compute intrinsic call e into
// array ref (a temp, or the left side of an assignment whose whole right
// side e is): its extents are those of its operands, at run time.
func (g *kernelGen) fillIntrinsic(ref, e *frontend.Expr, val func(string) string) {
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
	src := exts(g.arrayShape(g.tempRef(a[0])))
	if !g.operandsOK(e, a, src) {
		return
	}
	switch name {
	case "matmul":
		// Each element summed over the inner dimension in increasing order
		// from zero: the order of gfortran's inline matmul.
		y := exts(g.arrayShape(g.tempRef(a[1])))
		res := g.intrinsicExts(e)
		inner := src[len(src)-1]
		g.line("const int64_t ni = %s;", inner)
		if len(src) == 2 && len(y) == 1 {
			// A matrix times a vector with at most 8 rows (found at run
			// time): the rows' sums in registers, the matrix read column
			// by column and each element of the vector once (each sum
			// still adds in increasing order from zero).
			g.line("const int64_t nr = %s;", src[0])
			g.line("if (nr <= %d) {", matmulTile)
			g.indent++
			g.line("%s acc[%d];", ct, matmulTile)
			g.line("FGPU_UNROLL for (int r = 0; r < %d; ++r) acc[r] = %s(0);", matmulTile, ct)
			g.line("FGPU_UNROLL4 for (int64_t l = 0; l < ni; ++l) {")
			g.indent++
			g.line("const %s xl = %s;", ct, g.elemAt(a[1], []string{"l"}, t))
			g.line("FGPU_UNROLL for (int r = 0; r < %d; ++r) if (r < nr) acc[r] = acc[r] + %s * xl;", matmulTile, g.elemAt(a[0], []string{"(int64_t)r", "l"}, t))
			g.indent--
			g.line("}")
			g.line("FGPU_UNROLL for (int r = 0; r < %d; ++r) if (r < nr) {", matmulTile)
			g.indent++
			g.storeVal(val, ref, []string{"(int64_t)r"}, "acc[r]")
			g.indent--
			g.line("}")
			g.indent--
			g.line("} else {")
			g.indent++
		}
		at, done := g.loops(res)
		g.tmp++
		l := fmt.Sprintf("l%d", g.tmp)
		g.line("%s acc = %s(0);", ct, ct)
		g.line("FGPU_UNROLL4 for (int64_t %s = 0; %s < ni; ++%s) {", l, l, l)
		g.indent++
		ax, ay := matmulAt(len(src), len(y), at, l)
		g.line("acc = acc + %s * %s;", g.elemAt(a[0], ax, t), g.elemAt(a[1], ay, t))
		g.indent--
		g.line("}")
		g.storeVal(val, ref, at, "acc")
		done()
		if len(src) == 2 && len(y) == 1 {
			g.indent--
			g.line("}")
		}
	case "transpose":
		at, done := g.loops([]string{src[1], src[0]})
		g.storeVal(val, ref, at, g.elemAt(a[0], []string{at[1], at[0]}, t))
		done()
	case "spread":
		d, _ := lowering.ConstInt(a[1])
		ncopies := fmt.Sprintf("fgpu_max<int64_t>(%s, 0)", g.convertTo(a[2], "int64_t"))
		if a[0].Rank == 0 {
			at, done := g.loops([]string{ncopies})
			g.storeVal(val, ref, at, g.convert(a[0], t))
			done()
			break
		}
		res := append(append(append([]string{}, src[:d-1]...), ncopies), src[d-1:]...)
		at, done := g.loops(res)
		from := append(append([]string{}, at[:d-1]...), at[d:]...)
		g.storeVal(val, ref, at, g.elemAt(a[0], from, t))
		done()
	case "reshape":
		// The elements of the source in array element order fill the
		// result in array element order (ORDER: dimension order[0] of the
		// result varies fastest).
		var shape []int64
		for _, v := range a[1].Const.Elems {
			n, _ := v.AsInt()
			shape = append(shape, n)
		}
		order := make([]int, len(shape))
		for d := range order {
			order[d] = d
		}
		if len(a) > 3 && a[3] != nil {
			order = lowering.ReshapeOrder(a[3], len(shape))
		}
		at, done := g.loops(extsOf(shape))
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
				g.line("const int64_t %s = q %% (int64_t)(%s); q /= (int64_t)(%s);", v, n, n)
			}
			sat = append(sat, v)
		}
		g.line("(void)q;")
		g.storeVal(val, ref, at, g.elemAt(a[0], sat, t))
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
		g.line("const int64_t nd = %s;", src[d-1])
		at, done := g.loops(src)
		from := append([]string{}, at...)
		from[d-1] = "j"
		if name == "cshift" {
			g.line("const int64_t j = fgpu_imodulo<int64_t>(%s + sh, nd);", at[d-1])
			g.storeVal(val, ref, at, g.elemAt(a[0], from, t))
		} else {
			bnd := ct + "(0)"
			if t.Base == frontend.TyLogical {
				bnd = "false"
			}
			if a[2] != nil {
				bnd = g.convert(a[2], t)
			}
			g.line("const int64_t j = %s + sh;", at[d-1])
			g.storeVal(val, ref, at, fmt.Sprintf("((j >= 0 && j < nd) ? %s : %s)", g.elemAt(a[0], from, t), bnd))
		}
		done()
	default:
		// A reduction with DIM: each element of the result reduces the
		// array along DIM at the other indices.
		d, _ := lowering.ConstInt(a[1])
		res := append(append([]string{}, src[:d-1]...), src[d:]...)
		at, done := g.loops(res)
		g.storeVal(val, ref, at, g.reduction(e, a, int(d), at))
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

// directAssign writes an array assignment whose whole right side is
// computed straight into the left side (lowering.DirectAssign): the
// values its operands need are computed first, then the intrinsic's loops
// store into the left side, or the function is handed the left side as
// its result.
func (g *kernelGen) directAssign(x *frontend.AssignStmt) {
	call := lowering.DirectCall(x)
	g.line("{")
	g.indent++
	g.hoist(x.LHS)
	g.hoistExcept(x.RHS, call)
	switch call.Ref {
	case frontend.RefIntrinsic:
		// Each element of the value, v, stored through the right side's
		// elementwise expression (the value stands for the call in it).
		val := func(v string) string {
			if g.subst == nil {
				g.subst = map[*frontend.Expr]string{}
			}
			g.subst[call] = v
			defer delete(g.subst, call)
			return g.assignValue(x.LHS, x.RHS)
		}
		g.fillIntrinsic(x.LHS, call, val)
	case frontend.RefFunction:
		g.line("%s;", g.callProc(call.Pos, call, call.Proc, append(callActuals(call, call.Proc, call.Args), x.LHS)))
	}
	g.indent--
	g.line("}")
	if g.exprStops(x.RHS) {
		g.stopTest()
	}
}

// hoistExcept hoists the array values of e, but not skip itself (its
// operands are).
func (g *kernelGen) hoistExcept(e, skip *frontend.Expr) {
	if e == nil {
		return
	}
	if e == skip {
		for _, a := range e.Args {
			g.hoist(a)
		}
		return
	}
	g.hoistExcept(e.X, skip)
	g.hoistExcept(e.Y, skip)
	for _, a := range e.Args {
		g.hoistExcept(a, skip)
	}
	for _, r := range e.Range {
		g.hoistExcept(r, skip)
	}
	if e.X == nil && e.Y == nil && len(e.Args) == 0 {
		return
	}
	if lowering.NeedsTemp(e) {
		g.hoist(e)
	}
}

// elementOf is the element at g.at of the transformational intrinsic e
// whose shape is known only at run time (no array of the iteration holds
// it: the verifier allowed it where it is read element by element), as an
// expression of its operands.
func (g *kernelGen) elementOf(e *frontend.Expr) string {
	a := lowering.IntrinsicActuals(e)
	t := e.Type
	ct := ctype(t)
	at := g.at
	if len(at) != e.Rank {
		g.internal(e.Pos, "the element of %s read with %d indices", e, len(at))
		return "0"
	}
	src := exts(g.arrayShape(g.tempRef(a[0])))
	if !g.operandsOK(e, a, src) {
		return "0"
	}
	switch e.Intr.Name {
	case "matmul":
		y := exts(g.arrayShape(g.tempRef(a[1])))
		g.tmp++
		l := fmt.Sprintf("l%d", g.tmp)
		ax, ay := matmulAt(len(src), len(y), at, l)
		return g.noLambda(ct, fmt.Sprintf("[&]() { %s acc = %s(0); FGPU_UNROLL4 for (int64_t %s = 0; %s < %s; ++%s) acc = acc + %s * %s; return acc; }()",
			ct, ct, l, l, src[len(src)-1], l, g.elemAt(a[0], ax, t), g.elemAt(a[1], ay, t)))
	case "transpose":
		return g.elemAt(a[0], []string{at[1], at[0]}, t)
	case "spread":
		if a[0].Rank == 0 {
			return g.convert(a[0], t)
		}
		d, _ := lowering.ConstInt(a[1])
		from := append(append([]string{}, at[:d-1]...), at[d:]...)
		return g.elemAt(a[0], from, t)
	case "cshift", "eoshift":
		dimAt := 2
		if e.Intr.Name == "eoshift" {
			dimAt = 3
		}
		d := int64(1)
		if dimAt < len(a) && a[dimAt] != nil {
			d, _ = lowering.ConstInt(a[dimAt])
		}
		from := append([]string{}, at...)
		from[d-1] = "j"
		sh := g.convertTo(a[1], "int64_t")
		if e.Intr.Name == "cshift" {
			return g.noLambda(ct, fmt.Sprintf("[&]() { const int64_t j = fgpu_imodulo<int64_t>(%s + %s, %s); return %s; }()", at[d-1], sh, src[d-1], g.elemAt(a[0], from, t)))
		}
		bnd := ct + "(0)"
		if t.Base == frontend.TyLogical {
			bnd = "false"
		}
		if a[2] != nil {
			bnd = g.convert(a[2], t)
		}
		return g.noLambda(ct, fmt.Sprintf("[&]() { const int64_t j = %s + %s; return (j >= 0 && j < %s) ? %s : %s; }()", at[d-1], sh, src[d-1], g.elemAt(a[0], from, t), bnd))
	case "reshape":
		// reshape's shape is a constant: the temp holds it (hoist).
	}
	if lowering.ArrayReduction(e.Intr.Name) {
		d, _ := lowering.ConstInt(a[1])
		return g.reduction(e, a, int(d), at)
	}
	g.internal(e.Pos, "no element form for %s", e)
	return "0"
}

// matmulAt are the indices of the operands of matmul at result element at
// and inner index l, for operands of ranks rx and ry (2x2, 2x1, 1x2).
func matmulAt(rx, ry int, at []string, l string) (ax, ay []string) {
	switch {
	case rx == 2 && ry == 2:
		return []string{at[0], l}, []string{l, at[1]}
	case rx == 2:
		return []string{at[0], l}, []string{l}
	}
	return []string{l}, []string{l, at[0]}
}

// operandsOK reports transformational intrinsic e with operands a the
// emitter can write (src: the extents of the first): what the verifier
// admitted; anything else is an internal error, never a crash.
func (g *kernelGen) operandsOK(e *frontend.Expr, a []*frontend.Expr, src []string) bool {
	dim := func(i, hi int) bool {
		if i >= len(a) || a[i] == nil {
			return i >= len(a) || e.Intr.Name == "cshift" || e.Intr.Name == "eoshift"
		}
		d, ok := lowering.ConstInt(a[i])
		return ok && d >= 1 && int(d) <= hi
	}
	ok := len(a) > 0 && a[0] != nil && (len(src) > 0 || a[0].Rank == 0)
	if ok {
		switch name := e.Intr.Name; name {
		case "matmul":
			y := 0
			if len(a) > 1 && a[1] != nil {
				y = len(exts(g.arrayShape(g.tempRef(a[1]))))
			}
			ok = y > 0 && y <= 2 && len(src) <= 2 && !(y == 1 && len(src) == 1)
		case "transpose":
			ok = len(src) == 2
		case "spread":
			ok = len(a) > 2 && a[2] != nil && dim(1, len(src)+1)
		case "reshape":
			ok = len(a) > 1 && a[1] != nil && a[1].Const != nil
		case "cshift", "eoshift":
			at := 2
			if name == "eoshift" {
				at = 3
			}
			ok = len(a) > 1 && a[1] != nil && dim(at, len(src))
		default:
			ok = lowering.ArrayReduction(name) && len(a) > 1 && dim(1, len(src))
		}
	}
	if !ok {
		g.internal(e.Pos, "the operands of %s are not of a form the kernels hold", e)
	}
	return ok
}
