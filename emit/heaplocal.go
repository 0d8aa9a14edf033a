package emit

// This file writes the allocatable local arrays of device procedures,
// held on the device heap of the launch (lowering/heaplocal.go): the
// array's variables (b_, lb, sm, ex, as any array of device code has) are
// set at run time -- a null base on entry (unallocated); allocate and a
// reallocating assignment take contiguous elements from the heap
// (fgpu_heap_alloc, or the allocation's error stop); deallocate and the
// end of the procedure only mark it unallocated (the memory is reclaimed
// when the launch ends).

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// heapLocalDecl declares heap local s unallocated.
func (g *kernelGen) heapLocalDecl(s *frontend.Symbol) {
	g.line("char* b_%s = nullptr; // allocatable, on the device heap: unallocated", s.Name)
	for d := 1; d <= s.Rank; d++ {
		g.line("int64_t lb%d_%s = 1, sm%d_%s = 0, ex%d_%s = 0;", d, s.Name, d, s.Name, d, s.Name)
	}
	g.line("(void)b_%s;", s.Name)
	for d := 1; d <= s.Rank; d++ {
		g.line("(void)lb%d_%s; (void)sm%d_%s; (void)ex%d_%s;", d, s.Name, d, s.Name, d, s.Name)
	}
}

// heapLocalTake writes the allocation of heap local s with the given lower
// bounds and extents (C expressions): its elements from the heap, in array
// element order, or the error stop of obj.
func (g *kernelGen) heapLocalTake(s *frontend.Symbol, lbs, exts []string, obj *frontend.Expr) {
	g.tmp++
	ct := ctype(s.Type)
	var ex []string
	for d := range exts {
		x := fmt.Sprintf("fgpu_hx%d_%d", g.tmp, d)
		g.line("const int64_t %s = fgpu_max<int64_t>(%s, 0);", x, exts[d])
		ex = append(ex, x)
	}
	p := fmt.Sprintf("fgpu_hp%d", g.tmp)
	g.line("char* const %s = fgpu_heap_alloc(%s * (int64_t)sizeof(%s));", p, strings.Join(ex, " * "), ct)
	g.heapFail(p+" == nullptr", obj, "exhausted")
	g.line("b_%s = %s;", s.Name, p)
	stride := fmt.Sprintf("(int64_t)sizeof(%s)", ct)
	for d := range ex {
		g.line("lb%d_%s = %s; ex%d_%s = %s; sm%d_%s = %s;", d+1, s.Name, lbs[d], d+1, s.Name, ex[d], d+1, s.Name, stride)
		stride = fmt.Sprintf("sm%d_%s * ex%d_%s", d+1, s.Name, d+1, s.Name)
	}
}

// heapLocalAllocate writes allocate(t(lo:hi, ...)) of heap local t.
func (g *kernelGen) heapLocalAllocate(it *frontend.Expr) {
	s := frontend.UltimateSymbol(it.X.Sym)
	g.line("{ // allocate(%s)", it)
	g.indent++
	lbs, exts := g.allocateBounds(it)
	g.heapFail(fmt.Sprintf("b_%s != nullptr", s.Name), it, "allocated")
	g.heapLocalTake(s, lbs, exts, it)
	g.indent--
	g.line("}")
}

// heapLocalRealloc writes, before the elementwise assignment of array rhs
// to the whole heap local lhs, its reallocation when it is unallocated or
// of another shape than rhs: with the lower bounds of rhs when it is a
// whole array, 1 otherwise.
func (g *kernelGen) heapLocalRealloc(lhs, rhs *frontend.Expr) {
	s := frontend.UltimateSymbol(lhs.Sym)
	dims := g.arrayShape(rhs)
	if len(dims) != s.Rank {
		g.internal(lhs.Pos, "the assignment to %s of an array of rank %d", lhs, len(dims))
		return
	}
	whole := rhs.Kind == frontend.EName || rhs.Kind == frontend.EComponent
	conds := []string{fmt.Sprintf("b_%s == nullptr", s.Name)}
	var lbs, exts []string
	for d, vd := range dims {
		lb := "1"
		if whole {
			lb = vd.lo
		}
		lbs = append(lbs, lb)
		exts = append(exts, vd.ext)
		conds = append(conds, fmt.Sprintf("ex%d_%s != (int64_t)(%s)", d+1, s.Name, vd.ext))
	}
	g.line("if (%s) { // %s reallocated", strings.Join(conds, " || "), lhs)
	g.indent++
	g.heapLocalTake(s, lbs, exts, lhs)
	g.indent--
	g.line("}")
}

// heapLocalStmt reports and writes what a statement does with heap locals
// of the procedure: allocate, deallocate, an array assigned to the whole
// array.
func (g *kernelGen) heapLocalStmt(s frontend.Stmt) bool {
	if g.proc == nil {
		return false
	}
	switch x := s.(type) {
	case *frontend.AssignStmt:
		if x.Proc != nil || !lowering.HeapLocalName(g.proc, x.LHS) || x.RHS.Rank == 0 {
			return false
		}
		g.line("{")
		g.indent++
		rhs := g.selfAssignTemp(x)
		g.heapLocalRealloc(x.LHS, x.RHS)
		g.arrayAssign(x.LHS, rhs)
		g.indent--
		g.line("}")
		return true
	}
	return false
}

// heapResultParams are the C parameters of the allocatable array result r
// of a device function: the caller's variables of the array, by reference
// (the function allocates it).
func heapResultParams(r *frontend.Symbol) []string {
	out := []string{"char*& b_" + r.Name}
	for d := 1; d <= r.Rank; d++ {
		out = append(out, fmt.Sprintf("int64_t& lb%d_%s, int64_t& sm%d_%s, int64_t& ex%d_%s", d, r.Name, d, r.Name, d, r.Name))
	}
	return out
}

// heapResultTemp declares the variables that receive the allocatable
// array result of call e (unallocated), and returns a reference to them.
func (g *kernelGen) heapResultTemp(e *frontend.Expr) *frontend.Expr {
	g.tmp++
	name := fmt.Sprintf("fgpu_t%d", g.tmp)
	sym := &frontend.Symbol{Name: name, Kind: frontend.SymVariable, Type: e.Type, Rank: e.Rank, Allocatable: true}
	g.heapLocalDecl(sym)
	return &frontend.Expr{Kind: frontend.EName, Name: name, Sym: sym, Type: e.Type, Rank: e.Rank, Pos: e.Pos}
}

// heapResultArray declares and allocates on the heap the array that holds
// the run-time shaped result of call e (lowering.ResultOnHeap), with the
// result's bounds written over the call's actual arguments, and returns a
// reference to it (nil after an error).
func (g *kernelGen) heapResultArray(e *frontend.Expr) *frontend.Expr {
	dims, ok := lowering.ResultBounds(e)
	if !ok {
		g.internal(e.Pos, "the bounds of the result of %s reached the emitter unwritten", e)
		return nil
	}
	ref := g.heapResultTemp(e)
	var lbs, exts []string
	g.line("{ // the result of %s", e)
	g.indent++
	for d, dim := range dims {
		lb, ext := g.boundLine(d, dim.Lo, dim.Hi)
		lbs = append(lbs, lb)
		exts = append(exts, ext)
	}
	g.heapLocalTake(ref.Sym, lbs, exts, e)
	g.indent--
	g.line("}")
	return ref
}

// selfAssignTemp writes, for an assignment whose right side reads the
// variable it reallocates (lowering.SelfAssign: r = [r, x]), the value
// computed into a new array on the heap (lower bounds 1), and returns a
// reference to it; else the right side itself.
func (g *kernelGen) selfAssignTemp(x *frontend.AssignStmt) *frontend.Expr {
	if !lowering.SelfAssign(g.k, g.proc, x) {
		return x.RHS
	}
	ref := g.heapResultTemp(x.RHS)
	var lbs, exts []string
	for _, vd := range g.arrayShape(x.RHS) {
		lbs = append(lbs, "1")
		exts = append(exts, vd.ext)
	}
	if len(exts) != x.RHS.Rank {
		g.internal(x.Pos, "the value of %s of rank %d", x.RHS, x.RHS.Rank)
		return x.RHS
	}
	g.line("{ // the value of %s, before %s changes", x.RHS, x.LHS)
	g.indent++
	g.heapLocalTake(ref.Sym, lbs, exts, x.LHS)
	g.indent--
	g.line("}")
	g.arrayAssign(ref, x.RHS)
	return ref
}

// stripParensExpr is e without the parentheses around it.
func stripParensExpr(e *frontend.Expr) *frontend.Expr {
	for e != nil && e.Kind == frontend.EParen {
		e = e.X
	}
	return e
}

// heapConsArray writes the array constructor e of run-time shape, the
// right side of assignment a (lowering.HeapConsAssign), into a new array
// on the heap: its size the sum of its items' (a scalar 1, an array its
// size, an implied-do loop its trip count times its items'), then its
// items in order; the array holds the value for the statement (temps).
func (g *kernelGen) heapConsArray(a *frontend.AssignStmt, e *frontend.Expr) {
	ref := g.heapResultTemp(e)
	g.tmp++
	n := fmt.Sprintf("fgpu_cn%d", g.tmp)
	g.line("int64_t %s = 0; // the size of %s", n, e)
	g.heapConsCount(n, "1", e.Args)
	g.line("{ // %s", e)
	g.indent++
	g.heapLocalTake(ref.Sym, []string{"1"}, []string{n}, a.LHS)
	g.indent--
	g.line("}")
	g.tmp++
	k := fmt.Sprintf("k%d", g.tmp)
	g.line("int64_t %s = 0;", k)
	g.heapConsFill(ref, k, e.Args)
	g.line("(void)%s;", k)
	if g.temps == nil {
		g.temps = map[*frontend.Expr]*frontend.Expr{}
	}
	g.temps[e] = ref
}

// heapConsCount adds to C variable n the number of elements of items,
// each counted mult times (the trips of the implied-do loops around).
func (g *kernelGen) heapConsCount(n, mult string, items []*frontend.Expr) {
	for _, a := range items {
		switch {
		case a.Kind == frontend.EImpliedDo:
			g.tmp++
			t := fmt.Sprintf("fgpu_ct%d", g.tmp)
			step := "1"
			if a.Range[2] != nil {
				step = g.convertTo(a.Range[2], "int64_t")
			}
			g.line("const int64_t %s = fgpu_trip(%s, %s, %s);", t, g.convertTo(a.Range[0], "int64_t"), g.convertTo(a.Range[1], "int64_t"), step)
			g.heapConsCount(n, mult+" * "+t, a.Args)
		case a.Rank > 0:
			dims := g.arrayShape(a)
			if len(dims) != 1 {
				g.internal(a.Pos, "the constructor item %s of rank %d", a, a.Rank)
				return
			}
			g.line("%s += %s * (int64_t)(%s);", n, mult, dims[0].ext)
		default:
			g.line("%s += %s;", n, mult)
		}
	}
}

// heapConsFill stores items into ref from element k on (consItems, with
// rank-1 array items element by element).
func (g *kernelGen) heapConsFill(ref *frontend.Expr, k string, items []*frontend.Expr) {
	for _, a := range items {
		if a.Rank == 0 || a.Kind == frontend.EImpliedDo {
			g.consItems(ref, k, []*frontend.Expr{a})
			continue
		}
		dims := g.arrayShape(a)
		if len(dims) != 1 {
			g.internal(a.Pos, "the constructor item %s of rank %d", a, a.Rank)
			return
		}
		g.elementwise([]string{dims[0].ext}, func() {
			g.store(ref, []string{k}, g.convert(a, ref.Type))
			g.line("++%s;", k)
		})
	}
}
