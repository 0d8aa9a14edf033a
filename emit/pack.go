package emit

// This file writes the packed version of a kernel whose loop rules/pack.mg
// found packable (lowering.Kernel.Packed): a work item is a pack of lanes
// consecutive iterations (two when the widest element is 8 bytes, four when
// it is 4), each array is loaded once a pack with one 16-byte access (8
// bytes for the 4-byte arrays of a pack of two) before the iterations run
// in order, one block each, on registers, and stored once after them. The
// rule admits only bodies of assignments where every iteration accesses one
// element of each array, at the index in the first dimension, so the pack
// accesses exactly the elements its iterations access and a register stands
// for each element. The launch runs the packed version when the step is 1
// and every array is contiguous in its first dimension, with the element of
// the first iteration aligned to the pack's size (packCondition); the
// iterations after the last whole pack run one by one. The CPU's packed
// reductions use longer packs (64 bytes, several accesses; cpukernel.go).

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// packArray is one array of a packed kernel.
type packArray struct {
	sym   *frontend.Symbol
	ct    string           // element type
	size  int              // bytes an element
	other []*frontend.Expr // subscripts after the first (the same in every reference)
	load  bool             // read before it is written: loaded a pack
	store bool             // written: stored a pack
}

// packInfo is the packed version's plan.
type packInfo struct {
	lanes  int
	widest int // bytes of the widest element
	arrays []*packArray
	bySym  map[*frontend.Symbol]*packArray
}

// packPlan finds the arrays of a packed kernel, in the order of their
// first reference, and whether each is loaded and stored; nil when the
// kernel is not packed (or has an element size the packs do not take,
// which the rule excludes).
func packPlan(k *lowering.Kernel) *packInfo {
	if !k.Packed || len(k.Indices) != 1 {
		return nil
	}
	for _, l := range k.Locals {
		if l.Sym.Rank > 0 {
			return nil // an array of the iteration (declared per iteration)
		}
	}
	p := &packInfo{bySym: map[*frontend.Symbol]*packArray{}}
	isArray := map[*frontend.Symbol]bool{}
	for _, q := range k.Params {
		if q.Kind == lowering.ArrayParam {
			isArray[q.Sym] = true
		}
	}
	ok := true
	var visit func(e *frontend.Expr, write bool)
	visit = func(e *frontend.Expr, write bool) {
		if e == nil || e.Const != nil {
			return
		}
		if e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName {
			s := rootSym(e.X)
			if s != nil && isArray[s] {
				a := p.bySym[s]
				if a == nil {
					size := int(s.Type.Kind)
					if (size != 4 && size != 8) || len(e.Args) == 0 {
						ok = false
						return
					}
					a = &packArray{sym: s, ct: ctype(s.Type), size: size, other: e.Args[1:]}
					p.bySym[s] = a
					p.arrays = append(p.arrays, a)
					a.load = !write
				}
				a.store = a.store || write
			}
			for _, x := range e.Args {
				visit(x, false)
			}
			return
		}
		visit(e.X, false)
		visit(e.Y, false)
		for _, x := range e.Args {
			visit(x, false)
		}
		for _, x := range e.Range {
			visit(x, false)
		}
	}
	for _, s := range k.Loop.Body {
		a, isAssign := s.(*frontend.AssignStmt)
		if !isAssign {
			return nil // (the rule admits assignments only)
		}
		visit(a.RHS, false)
		visit(a.LHS, true)
	}
	if !ok || len(p.arrays) == 0 {
		return nil
	}
	widest := 0
	for _, a := range p.arrays {
		if a.size > widest {
			widest = a.size
		}
	}
	p.widest = widest
	p.lanes = 16 / widest
	return p
}

// align is the alignment of array a's packs: its size, at most 16 bytes
// (fgpu_pack; the CPU's reduction packs are longer than one access).
func (p *packInfo) align(a *packArray) int {
	if n := a.size * p.lanes; n < 16 {
		return n
	}
	return 16
}

// packAddr is the C address (char*) of array a's element at first index
// i0 and its other subscripts; sm(x, d) names the byte stride of dimension
// d (from 1) of array x.
func (g *kernelGen) packAddr(a *packArray, i0 string, sm func(x string, d int) string) string {
	s := a.sym.Name
	addr := fmt.Sprintf("b_%s + (%s - lb1_%s) * (int64_t)%d", s, i0, s, a.size)
	for j, x := range a.other {
		d := j + 2
		addr += fmt.Sprintf(" + (%s - lb%d_%s) * %s", g.convertTo(x, "int64_t"), d, s, sm(s, d))
	}
	return addr
}

// smName names the byte stride of dimension d of array x in kernel code
// (a parameter of a CUDA kernel, a local of a CPU launch routine).
func smName(x string, d int) string { return fmt.Sprintf("sm%d_%s", d, x) }

// packType is the C type of a pack of array a.
func (p *packInfo) packType(a *packArray) string {
	return fmt.Sprintf("fgpu_pack<%s, %d>", a.ct, p.lanes)
}

// packCondition is the launch routine's test that the packed version
// applies: unit step, every array contiguous in its first dimension, and
// the first iteration's element of each aligned to its pack's size.
func (g *kernelGen) packCondition(p *packInfo) string {
	g.scalarInNames()
	conds := []string{"st1 == 1"}
	for _, a := range p.arrays {
		s := a.sym.Name
		conds = append(conds, fmt.Sprintf("(int64_t)d_%s->dim[0].sm == %d", s, a.size))
		addr := g.packAddr(a, "lo1", func(x string, d int) string { return fmt.Sprintf("(int64_t)d_%s->dim[%d].sm", x, d-1) })
		conds = append(conds, fmt.Sprintf("(uintptr_t)(%s) %% %d == 0", addr, p.align(a)))
	}
	return strings.Join(conds, " && ")
}

// scalarInNames names the scalars the kernel receives by value.
func (g *kernelGen) scalarInNames() {
	for _, q := range g.k.Params {
		if q.Kind == lowering.ScalarIn && !isLocal(g.k, q.Sym) {
			g.names[q.Sym] = "in_" + q.Sym.Name
			g.logic[q.Sym] = q.Sym.Type.Base == frontend.TyLogical
		}
	}
}

// packBody writes the body of the packed version for the pack whose first
// iteration has index value i0 (a C int64_t expression): loads, the
// iterations in order on registers, stores. store writes a pack back (the
// CPU backend stores non-temporally); nil when the body stores nothing.
func (g *kernelGen) packBody(p *packInfo, i0 string, sm func(x string, d int) string, store func(addr, typ, val string) string) {
	g.scalarInNames() // (the other subscripts may name them)
	for _, a := range p.arrays {
		t := p.packType(a)
		if a.load {
			g.line("%s pk_%s = *(const %s*)(%s);", t, a.sym.Name, t, g.packAddr(a, i0, sm))
		} else {
			g.line("%s pk_%s;", t, a.sym.Name)
		}
	}
	g.pack = p
	for lane := 0; lane < p.lanes; lane++ {
		g.packLane = lane
		if g.laneNames != nil {
			g.laneNames(lane)
		}
		g.line("{")
		g.indent++
		g.laneBody(fmt.Sprintf("%s + %d", i0, lane))
		g.indent--
		g.line("}")
	}
	g.pack = nil
	for _, a := range p.arrays {
		if a.store {
			g.line("%s", store(g.packAddr(a, i0, sm), p.packType(a), "pk_"+a.sym.Name))
		}
	}
}

// laneBody writes one iteration of a packed kernel (or of its remainder),
// index value idx: the index, the locals, the statements (assignments: the
// rule admits nothing else, so there is no mask, stop or cycle).
func (g *kernelGen) laneBody(idx string) {
	ix := g.k.Indices[0]
	g.line("const %s %s = (%s)(%s); (void)%s;", ctype(ix.Type), cname(ix), ctype(ix.Type), idx, cname(ix))
	g.names[ix] = cname(ix)
	g.scalarInNames()
	g.declareLocals()
	g.stmts(g.k.Loop.Body)
}

// packElement is the register of an element of a packed array in the
// current lane ("" when e is not one).
func (g *kernelGen) packElement(s *frontend.Symbol) string {
	if g.pack == nil {
		return ""
	}
	if a := g.pack.bySym[s]; a != nil {
		return fmt.Sprintf("pk_%s.e[%d]", s.Name, g.packLane)
	}
	return ""
}
