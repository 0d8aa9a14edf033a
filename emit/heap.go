package emit

// This file writes what device code does with the allocatable array
// components of the derived-type values it creates (lowering/heap.go,
// design doc "Allocating on the device"): allocate takes the component's
// elements from the device heap of the launch (fgpu_heap_alloc) and writes
// its descriptor; deallocate marks it unallocated; an assignment of an
// array to the whole component reallocates it when it is unallocated or of
// another shape; an assignment of a whole value from a variable copies the
// components into new storage (a function result is moved: its storage is
// not used afterwards). Each allocation that fails is the error stop
// facts/heap.go recorded for it.

import (
	"fmt"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/lowering"
)

// heapStop is the error stop of kind ("allocated" or "exhausted") of the
// allocation of obj (facts.HeapCheck), or nil.
func (g *kernelGen) heapStop(obj *frontend.Expr, kind string) *frontend.StopStmt {
	if g.funcs == nil || g.funcs.plan == nil {
		return nil
	}
	for s, c := range g.funcs.plan.HeapChecks {
		if c.Obj == obj && c.Kind == kind {
			return s
		}
	}
	return nil
}

// heapFail writes "if (cond) <the error stop>".
func (g *kernelGen) heapFail(cond string, obj *frontend.Expr, kind string) {
	stop := g.heapStop(obj, kind)
	if stop == nil {
		g.internal(obj.Pos, "the allocation of %s on the device heap has no check", obj)
		return
	}
	g.line("if (%s) {", cond)
	g.indent++
	g.stopStmt(stop)
	g.indent--
	g.line("}")
}

// heapTake writes the allocation of a component of descriptor row with
// the given lower bounds and extents (C expressions): its elements of type
// ct from the heap, contiguous, or the error stop of obj. It returns the C
// name of the number of elements.
func (g *kernelGen) heapTake(row, ct string, lbs, exts []string, obj *frontend.Expr) string {
	g.tmp++
	n := fmt.Sprintf("fgpu_hn%d", g.tmp)
	p := fmt.Sprintf("fgpu_hp%d", g.tmp)
	var ex []string
	for d := range exts {
		x := fmt.Sprintf("fgpu_hx%d_%d", g.tmp, d)
		g.line("const int64_t %s = fgpu_max<int64_t>(%s, 0);", x, exts[d])
		ex = append(ex, x)
	}
	g.line("const int64_t %s = %s;", n, strings.Join(ex, " * "))
	g.line("char* const %s = fgpu_heap_alloc(%s * (int64_t)sizeof(%s));", p, n, ct)
	g.heapFail(p+" == nullptr", obj, "exhausted")
	g.line("%s.base = %s;", row, p)
	stride := fmt.Sprintf("(int64_t)sizeof(%s)", ct)
	for d := range ex {
		g.line("%s.lb[%d] = %s; %s.ex[%d] = %s; %s.sm[%d] = %s;", row, d, lbs[d], row, d, ex[d], row, d, stride)
		stride = fmt.Sprintf("%s.sm[%d] * %s", row, d, ex[d])
	}
	return n
}

// allocateStmt writes allocate(t%v(lo:hi, ...), ...) of components of
// images (the verifier admitted no other).
func (g *kernelGen) allocateStmt(x *frontend.AllocateStmt) {
	for _, it := range x.Items {
		if lowering.HeapLocalName(g.proc, it.X) {
			g.heapLocalAllocate(it) // heaplocal.go
			continue
		}
		row, ok := g.row(it.X)
		if !ok {
			g.internal(it.Pos, "the allocation of %s reached the emitter", it)
			continue
		}
		g.line("{ // allocate(%s)", it)
		g.indent++
		lbs, exts := g.allocateBounds(it)
		g.heapFail(row+".base != nullptr", it, "allocated")
		g.heapTake(row, ctype(it.X.Type), lbs, exts, it)
		g.indent--
		g.line("}")
	}
}

// deallocateStmt writes deallocate(t%v, ...): unallocated (the memory is
// reclaimed when the launch ends).
func (g *kernelGen) deallocateStmt(x *frontend.DeallocateStmt) {
	for _, it := range x.Items {
		if lowering.HeapLocalName(g.proc, it) {
			g.line("b_%s = nullptr; // deallocate(%s)", frontend.UltimateSymbol(it.Sym).Name, it)
			continue
		}
		row, ok := g.row(it)
		if !ok {
			g.internal(it.Pos, "deallocating %s reached the emitter", it)
			continue
		}
		g.line("%s.base = nullptr; // deallocate(%s)", row, it)
	}
}

// heapRealloc writes, before the elementwise assignment of array rhs to
// the whole component lhs of an image, its reallocation when it is
// unallocated or of another shape than rhs: with the lower bounds of rhs
// when it is a whole array, 1 otherwise.
func (g *kernelGen) heapRealloc(lhs, rhs *frontend.Expr) {
	row, _ := g.row(lhs)
	dims := g.arrayShape(rhs)
	if len(dims) != lhs.Rank {
		g.internal(lhs.Pos, "the assignment to %s of an array of rank %d", lhs, len(dims))
		return
	}
	var lbs, exts []string
	whole := rhs.Kind == frontend.EName || rhs.Kind == frontend.EComponent
	for _, vd := range dims {
		lb := "1"
		if whole {
			lb = vd.lo
		}
		lbs = append(lbs, lb)
		exts = append(exts, vd.ext)
	}
	g.line("if (%s) { // %s reallocated", reshaped(row, dims), lhs)
	g.indent++
	g.heapTake(row, ctype(lhs.Type), lbs, exts, lhs)
	g.indent--
	g.line("}")
}

// heapCopy writes lhs = rhs of a whole value with allocatable array
// components from a variable (facts.HeapCopy): the value, then each
// allocated component copied into new storage (every image's component is
// contiguous).
func (g *kernelGen) heapCopy(lhs, rhs *frontend.Expr) {
	lv, _, ok := g.lvalue(lhs)
	if !ok {
		g.nyi(frontend.NYIDesignator, lhs.Pos, "assignment to %s in an offloaded loop", lhs)
		return
	}
	ct := ctype(lhs.Type)
	g.line("{ // %s = %s, its allocatable components copied", lhs, rhs)
	g.indent++
	g.line("const %s fgpu_cp = %s;", ct, g.expr(rhs))
	g.line("%s = fgpu_cp;", lv)
	for _, c := range lhs.Type.Derived.Components {
		if !c.Allocatable || c.Rank <= 0 {
			continue
		}
		src := fmt.Sprintf("fgpu_cp.%s.d", field(c.Name))
		dst := fmt.Sprintf("(%s).%s.d", lv, field(c.Name))
		et := ctype(c.Type)
		g.line("if (%s.base != nullptr) {", src)
		g.indent++
		var lbs, exts []string
		for d := 0; d < c.Rank; d++ {
			lbs = append(lbs, fmt.Sprintf("%s.lb[%d]", src, d))
			exts = append(exts, fmt.Sprintf("%s.ex[%d]", src, d))
		}
		n := g.heapTake(dst, et, lbs, exts, lhs)
		g.line("for (int64_t fgpu_i = 0; fgpu_i < %s; ++fgpu_i) ((%s*)%s.base)[fgpu_i] = ((const %s*)%s.base)[fgpu_i];", n, et, dst, et, src)
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("}")
	g.markWritten(rootSym(lhs))
}

// heapAssign reports and writes an assignment that allocates on the heap:
// a copy of a whole image value, or an array assigned to a whole
// component of an image.
func (g *kernelGen) heapAssign(a *frontend.AssignStmt) bool {
	if g.heapLocalStmt(a) {
		return true // an allocatable local array (heaplocal.go)
	}
	if g.proc == nil && lowering.HostElement(a.LHS) != nil {
		g.hostElementAssign(a.LHS, a.RHS) // hostvalue.go
		return true
	}
	if a.LHS.Rank == 0 && lowering.IsHeapType(a.LHS.Type) && facts.HeapCopy(a) {
		g.heapCopy(a.LHS, a.RHS)
		return true
	}
	if lowering.HeapConstructor(a) {
		g.heapConstruct(a.LHS, a.RHS)
		return true
	}
	if lowering.ImageComponent(g.k, g.proc, a.LHS) && a.RHS.Rank > 0 {
		g.line("{")
		g.indent++
		rhs := g.selfAssignTemp(a) // heaplocal.go
		g.heapRealloc(a.LHS, a.RHS)
		g.arrayAssign(a.LHS, rhs)
		g.indent--
		g.line("}")
		return true
	}
	return false
}

// intentOutImages writes, on entry to device procedure p, every
// allocatable component of its intent(out) image dummies unallocated.
func (g *kernelGen) intentOutImages(p *frontend.Procedure) {
	for _, d := range p.Dummies {
		if d.Intent != "out" || d.Rank != 0 || !lowering.IsHeapType(d.Type) {
			continue
		}
		for _, c := range d.Type.Derived.Components {
			if c.Allocatable && c.Rank > 0 {
				g.line("%s.%s.d.base = nullptr; // intent(out): unallocated", g.names[d], field(c.Name))
			}
		}
	}
}

// heapConstruct writes lhs = T(...) of a heap type: the value built in a
// temporary (the values may read lhs), each allocatable array component
// allocated with the shape of its value (lower bounds 1) and filled
// element by element, then assigned.
func (g *kernelGen) heapConstruct(lhs, rhs *frontend.Expr) {
	lv, _, ok := g.lvalue(lhs)
	if !ok {
		g.internal(lhs.Pos, "the assignment of %s reached the emitter", rhs)
		return
	}
	g.heapBuild(lv, lhs, rhs)
	g.markWritten(rootSym(lhs))
}

// heapBuild writes the value of structure constructor rhs of a heap type
// into C lvalue lv; obj names the error stop of its allocations.
func (g *kernelGen) heapBuild(lv string, obj, rhs *frontend.Expr) {
	vals, ok := lowering.ConstructorArgs(rhs)
	if !ok {
		g.internal(rhs.Pos, "the structure constructor %s reached the emitter", rhs)
		return
	}
	ct := ctype(rhs.Type)
	g.line("{ // %s = %s", lv, rhs)
	g.indent++
	g.line("%s fgpu_sc{};", ct)
	for i, c := range rhs.Type.Derived.Components {
		x := vals[i]
		if emptyComponent(c) {
			continue // no member: a value without bytes (structDefs)
		}
		if !(c.Allocatable && c.Rank > 0) {
			g.line("fgpu_sc.%s = %s;", field(c.Name), g.valueAs(x, c.Type))
			continue
		}
		row := fmt.Sprintf("fgpu_sc.%s.d", field(c.Name))
		dims := g.arrayShape(x)
		if len(dims) != c.Rank {
			g.internal(x.Pos, "the value %s of the component %s has rank %d", x, c.Name, len(dims))
			continue
		}
		g.line("{")
		g.indent++
		var lbs, exts []string
		for _, d := range dims {
			lbs = append(lbs, "1")
			exts = append(exts, d.ext)
		}
		g.heapTake(row, ctype(c.Type), lbs, exts, obj)
		var rowExts []string
		for d := range dims {
			rowExts = append(rowExts, fmt.Sprintf("%s.ex[%d]", row, d))
		}
		g.elementwise(rowExts, func() {
			g.line("%s = %s;", g.rowElement(row, ctype(c.Type), c.Rank), g.valueAs(x, c.Type))
		})
		g.indent--
		g.line("}")
	}
	g.line("%s = fgpu_sc;", lv)
	g.indent--
	g.line("}")
}

// allocateBounds writes the bounds of the allocation item it
// (t(lo:hi, ...) or t(hi, ...)) as int64 constants and returns their
// lower bounds and extents.
func (g *kernelGen) allocateBounds(it *frontend.Expr) (lbs, exts []string) {
	for d, a := range it.Args {
		var lb, ext string
		if a.Kind == frontend.ERange {
			lb, ext = g.boundLine(d, a.Range[0], a.Range[1])
		} else {
			lb, ext = g.boundLine(d, nil, a)
		}
		lbs = append(lbs, lb)
		exts = append(exts, ext)
	}
	return lbs, exts
}

// boundLine writes the bounds lo:hi (lo nil: 1) of dimension d of an
// allocation as int64 constants and returns its lower bound and extent.
func (g *kernelGen) boundLine(d int, lo, hi *frontend.Expr) (lb, ext string) {
	l := "1"
	if lo != nil {
		l = g.convertTo(lo, "int64_t")
	}
	g.line("const int64_t fgpu_lo%d = %s, fgpu_hi%d = %s;", d, l, d, g.convertTo(hi, "int64_t"))
	return fmt.Sprintf("fgpu_lo%d", d), fmt.Sprintf("fgpu_hi%d - fgpu_lo%d + 1", d, d)
}
