package emit

// This file writes the procedures a kernel calls as device functions
// (FGPU_FN: __host__ __device__ on CUDA): scalar dummies by value or by
// reference, array dummies as base address, lower bound, byte stride and
// extent per dimension; and the named constant arrays kernels index, as
// static tables.

import (
	"fmt"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/lowering"
)

// deviceFuncs are the procedures of the program called from kernels,
// written as device functions.
type deviceFuncs struct {
	plan  *lowering.Plan // stop sites and the procedures that can stop
	name  map[*frontend.Procedure]string
	order []*frontend.Procedure
	byRef map[*frontend.Symbol]bool // dummies passed by reference
	// consts are the named constant arrays kernels index, as static tables.
	consts    map[*frontend.Symbol]string
	constDefs []string
	// layoutFlags are the static flags of the layout checks (derived.go).
	layoutFlags map[string]bool
	// hostPowers: the host compiler expands constant powers into chains
	// of multiplications (powi.go, HostExpandsPowers).
	hostPowers bool
	// fast: --fast (the vendor's float functions in kernels, mathCall).
	fast bool
	// bounds: the stop sites of the bounds checks by reference and
	// dimension (bounds.go), built on first use.
	bounds map[boundsRefKey]*lowering.StopSite
	// thread is the address space of the pointers of device functions'
	// scalars by reference ("thread " in MSL, "" in C++).
	thread string
	// tag is in the names of the functions of one of several translation
	// units ("" in a program's only unit; kunits.go).
	tag string
}

func (f *deviceFuncs) add(p *frontend.Procedure) string {
	if n, ok := f.name[p]; ok {
		return n
	}
	n := fmt.Sprintf("fgpu_%sp%d_%s", f.tag, len(f.order), p.Name)
	f.name[p] = n
	f.order = append(f.order, p)
	for _, d := range p.Dummies {
		if lowering.ByReference(p, d) {
			f.byRef[d] = true
		}
	}
	return n
}

// funcParams are the C parameters of a device function.
func funcParams(funcs *deviceFuncs, p *frontend.Procedure) []string {
	var params []string
	for _, d := range p.Dummies {
		ct := ctype(d.Type)
		switch {
		case d.Rank > 0:
			params = append(params, arrayParams(d.Name, d.Rank)...)
		case funcs.byRef[d]:
			params = append(params, funcs.thread+ct+"* "+cname(d))
		default:
			params = append(params, ct+" "+cname(d))
		}
		if d.Optional {
			// Whether the caller passed it (present()).
			params = append(params, "bool pr_"+d.Name)
		}
	}
	if r := p.Result; r != nil && r.Rank > 0 && lowering.HeapLocal(p, r) {
		// An allocatable result: the caller's variables of the array
		// (heaplocal.go), which the function sets.
		params = append(params, heapResultParams(r)...)
	} else if r != nil && r.Rank > 0 {
		// An array result: the caller's array of the iteration
		// (temps.go), handed as an array dummy.
		params = append(params, arrayParams(r.Name, r.Rank)...)
	}
	for _, l := range facts.RuntimeLocals(p) {
		// A run-time sized local: the array each call passes for it
		// (design doc, "The offloading pipeline").
		params = append(params, arrayParams(l.Name, l.Rank)...)
	}
	for _, h := range hiddenVars(funcs, p) {
		// A module or host variable (lowering/hidden.go): as the kernel
		// holds it.
		if h.Rank > 0 {
			params = append(params, arrayParams(h.Name, h.Rank)...)
			continue
		}
		params = append(params, ctype(h.Type)+" in_"+h.Name)
	}
	if funcs.thread != "" {
		// MSL: an array's base and a scalar by reference may be in the
		// device's or the thread's memory, whichever the caller has:
		// template parameters (mslkernel.go, mslTemplateParams).
		params = mslTemplateParams(params)
	}
	if funcs.plan != nil && funcs.plan.StopProcs[p] {
		// The hidden stop arguments (design doc, "Stopping on the device").
		params = append(params, funcs.thread+"int64_t* fgpu_site", funcs.thread+"int64_t* fgpu_code")
	}
	return params
}

// arrayParams are the C parameters of an array of device code named n of
// the given rank: its base address, then per dimension its lower bound,
// byte stride and extent (b_, lb, sm, ex: what every reference reads).
func arrayParams(n string, rank int) []string {
	out := []string{"char* b_" + n}
	for d := 1; d <= rank; d++ {
		out = append(out, fmt.Sprintf("int64_t lb%d_%s, int64_t sm%d_%s, int64_t ex%d_%s", d, n, d, n, d, n))
	}
	return out
}

// arrayNames are the arguments that hand array n of the caller on, in the
// order of arrayParams.
func arrayNames(n string, rank int) []string {
	out := []string{"b_" + n}
	for d := 1; d <= rank; d++ {
		out = append(out, fmt.Sprintf("lb%d_%s, sm%d_%s, ex%d_%s", d, n, d, n, d, n))
	}
	return out
}

// hiddenVars are the module and host variables device procedure p is
// handed (lowering.Plan.Hidden).
func hiddenVars(funcs *deviceFuncs, p *frontend.Procedure) []*frontend.Symbol {
	if funcs == nil || funcs.plan == nil {
		return nil
	}
	return funcs.plan.Hidden[p]
}

// funcDecl renders a device function's signature line.
func funcDecl(funcs *deviceFuncs, p *frontend.Procedure) string {
	ret := "void"
	if p.Result != nil && p.Result.Rank == 0 {
		ret = ctype(p.Result.Type)
	}
	return fmt.Sprintf("%sFGPU_FN %s %s(%s) {", mslTemplate(funcParams(funcs, p)), ret, funcs.name[p], strings.Join(funcParams(funcs, p), ", "))
}

// emitFunc writes one device function.
func (g *kernelGen) emitFunc(p *frontend.Procedure) {
	g.proc = p
	g.names = map[*frontend.Symbol]string{}
	g.logic = map[*frontend.Symbol]bool{}
	name := g.funcs.name[p]
	params := funcParams(g.funcs, p)
	for _, d := range p.Dummies {
		if d.Rank > 0 {
			continue // elements are addressed through b_, lb, sm
		}
		if g.funcs.byRef[d] {
			g.names[d] = "(*" + cname(d) + ")"
		} else {
			g.names[d] = cname(d)
		}
		g.logic[d] = d.Type.Base == frontend.TyLogical
	}
	for _, h := range hiddenVars(g.funcs, p) {
		if h.Rank == 0 {
			g.names[h] = "in_" + h.Name
			g.logic[h] = h.Type.Base == frontend.TyLogical
		}
	}
	ret := "void"
	if p.Result != nil && p.Result.Rank == 0 {
		ret = ctype(p.Result.Type)
	}
	g.line("%sFGPU_FN %s %s(%s) {", mslTemplate(params), ret, name, strings.Join(params, ", "))
	g.indent++
	runtime := map[*frontend.Symbol]bool{}
	for _, l := range facts.RuntimeLocals(p) {
		runtime[l] = true
	}
	for _, s := range p.Scope.Order {
		if s.Kind != frontend.SymVariable || s.Dummy || s == p.Result && s.Rank > 0 || runtime[s] {
			continue
		}
		if lowering.HeapLocal(p, s) {
			g.heapLocalDecl(s) // heaplocal.go
			continue
		}
		if s.Rank > 0 {
			g.localArray(s)
			continue
		}
		if s.Type.Base == frontend.TyDerived {
			g.line("%s %s{};", ctype(s.Type), cname(s))
		} else {
			g.line("%s %s = 0;", ctype(s.Type), cname(s))
		}
		g.names[s] = cname(s)
		g.logic[s] = s.Type.Base == frontend.TyLogical
	}
	if r := p.Result; r != nil && r.Rank > 0 && lowering.HeapLocal(p, r) {
		g.line("b_%s = nullptr; // the allocatable result: unallocated on entry", r.Name)
	}
	g.intentOutImages(p) // heap.go
	g.result = ""
	if p.Result != nil && p.Result.Rank == 0 {
		g.result = cname(p.Result)
	}
	g.stmts(p.Body)
	if g.result != "" {
		g.line("return %s;", g.result)
	}
	g.indent--
	g.line("}")
	g.proc = nil
}

// callProc writes a call of a device function.
func (g *kernelGen) callProc(pos frontend.Pos, callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr) string {
	if p == nil || g.funcs == nil {
		g.nyi(frontend.NYICallArgument, pos, "this call in an offloaded loop")
		return "0"
	}
	name := g.funcs.add(p)
	var as []string
	for i, a := range args {
		if i >= len(p.Dummies) {
			break
		}
		d := p.Dummies[i]
		if a == nil {
			// An optional argument left out: nothing in its place, and
			// absent.
			switch {
			case d.Rank > 0:
				as = append(as, g.nullPtr("char"))
				for r := 0; r < d.Rank; r++ {
					as = append(as, "1, 0, 0")
				}
			case g.funcs.byRef[d]:
				as = append(as, g.nullPtr(ctype(d.Type)))
			default:
				as = append(as, ctype(d.Type)+"{}")
			}
			as = append(as, "false")
			continue
		}
		if d.Rank > 0 {
			as = append(as, g.arrayArg(a, d)...)
			as = append(as, g.presentFlag(d, a)...)
			continue
		}
		if g.funcs.byRef[d] {
			lv, _, ok := g.lvalue(a)
			if !ok {
				g.nyi(frontend.NYICallArgument, a.Pos, "an expression passed to the dummy argument %s of %s, which it may define", d.Name, p.Name)
				continue
			}
			if a.Type.Base != d.Type.Base || ctype(a.Type) != ctype(d.Type) {
				g.nyi(frontend.NYICallArgument, a.Pos, "an actual argument of another type than the dummy %s of %s", d.Name, p.Name)
				continue
			}
			as = append(as, "&"+lv)
			as = append(as, g.presentFlag(d, a)...)
			continue
		}
		as = append(as, g.convert(a, d.Type))
		as = append(as, g.presentFlag(d, a)...)
	}
	if r := p.Result; r != nil && r.Rank > 0 {
		if len(args) <= len(p.Dummies) {
			g.internal(pos, "the function %s with an array result called without the array of the iteration that holds it", p.Name)
			return "0"
		}
		if lowering.HeapLocal(p, r) {
			// The caller's variables of the array (heaplocal.go).
			as = append(as, arrayNames(args[len(p.Dummies)].Name, r.Rank)...)
		} else {
			as = append(as, g.arrayArg(args[len(p.Dummies)], r)...)
		}
	}
	for _, l := range facts.RuntimeLocals(p) {
		// The array this call passes for a run-time sized local of the
		// callee: a slice of the kernel's workspace (lowering/workspace.go).
		var w *lowering.Workspace
		if g.k != nil && g.proc == nil {
			w = g.k.CallWorkspace(callee, l)
		}
		if w == nil {
			g.internal(pos, "the run-time sized local %s of %s has no workspace at this call", l.Name, p.Name)
			return "0"
		}
		as = append(as, arrayNames(w.Sym.Name, l.Rank)...)
	}
	for _, h := range hiddenVars(g.funcs, p) {
		// The caller's own hold of the variable: the kernel's parameter,
		// or the caller's hidden argument.
		if h.Rank > 0 {
			as = append(as, arrayNames(h.Name, h.Rank)...)
			continue
		}
		n, ok := g.names[h]
		if !ok {
			g.internal(pos, "the module or host variable %s a procedure is handed has no value here", h.Name)
			n = "0"
		}
		as = append(as, n)
	}
	if g.procStops(p) {
		as = append(as, g.hiddenStopArgs(pos)...)
	}
	return fmt.Sprintf("%s(%s)", name, strings.Join(as, ", "))
}

// presentFlag is the flag an optional dummy d gets with actual a: an
// optional dummy of the caller passes on its own flag (an absent optional
// stays absent), any other actual is present.
func (g *kernelGen) presentFlag(d *frontend.Symbol, a *frontend.Expr) []string {
	if !d.Optional {
		return nil
	}
	if a.Kind == frontend.EName && a.Sym != nil && a.Sym.Optional && a.Sym.Dummy && g.proc != nil {
		return []string{"pr_" + a.Sym.Name}
	}
	return []string{"true"}
}

// arrayArg passes a whole array or a section to an array dummy: the
// address of its first element, then per dimension the dummy's lower bound
// and the section's byte stride and extent.
func (g *kernelGen) arrayArg(a *frontend.Expr, d *frontend.Symbol) []string {
	addr, strides, exts := g.sectionView(a)
	out := []string{addr}
	var actualLo []sectionDim
	if d.Allocatable {
		// An allocatable dummy: the actual (a whole allocatable array)
		// keeps its lower bounds.
		actualLo, _, _ = g.sectionDims(a)
	}
	for k := range strides {
		lb := "1"
		if k < len(actualLo) {
			lb = actualLo[k].lo
		} else if k < len(d.Shape.Dims) && d.Shape.Dims[k].Lo != nil {
			if v, ok := d.Shape.Dims[k].Lo.Const.AsInt(); ok {
				lb = fmt.Sprint(v)
			}
		}
		out = append(out, lb, strides[k], exts[k])
	}
	return out
}

// constLower is the lower bound of dimension d of a named constant array.
func constLower(s *frontend.Symbol, d int) int64 {
	if s.Shape != nil && d < len(s.Shape.Dims) && s.Shape.Dims[d].Lo != nil && s.Shape.Dims[d].Lo.Const != nil {
		if v, ok := s.Shape.Dims[d].Lo.Const.AsInt(); ok {
			return v
		}
	}
	return 1
}

// constElement is an element of a named constant array, held in a static
// table of the kernel file.
func (g *kernelGen) constElement(s *frontend.Symbol, idx []string) string {
	name := g.funcs.constArray(s)
	var off []string
	stride := int64(1)
	for d, ix := range idx {
		off = append(off, fmt.Sprintf("(%s - %dLL) * %dLL", ix, constLower(s, d), stride))
		if d < len(s.Dims) {
			stride *= int64(s.Dims[d])
		}
	}
	return fmt.Sprintf("%s[%s]", name, strings.Join(off, " + "))
}

// constArray registers a named constant array as a static table.
func (f *deviceFuncs) constArray(s *frontend.Symbol) string {
	if n, ok := f.consts[s]; ok {
		return n
	}
	n := fmt.Sprintf("fgpu_c%d_%s", len(f.consts), s.Name)
	f.consts[s] = n
	var vals []string
	t := s.Type
	for _, v := range s.Const.Elems {
		lit, ok := literal(&v, t)
		if !ok {
			lit = "0"
		}
		if t.Base == frontend.TyLogical {
			lit = map[bool]string{true: "1", false: "0"}[v.Bool]
		}
		vals = append(vals, lit)
	}
	if len(vals) == 0 {
		vals = []string{"0"}
	}
	f.constDefs = append(f.constDefs, fmt.Sprintf("FGPU_CONST %s %s[] = {%s};", ctype(t), n, strings.Join(vals, ", ")))
	return n
}
