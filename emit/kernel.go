package emit

// This file holds what every kernel file shares: the generator's state
// (kernelGen), the translation unit (kernelSource: the prelude of
// fgpu_prelude.h, the device functions, then each kernel), the parameters
// and buffer registrations of a launch routine, and the code of one
// iteration (iterationBody). The body's statements are written by body.go,
// its expressions by expr.go; the launch and the loop over the iterations
// are the backend's (backend.go). Every expression is written from its
// type as sema computed it, with explicit conversions, so `+ - * /` and
// sqrt give gfortran's results.

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fgpu/emit/crmath"
	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

type kernelGen struct {
	b         strings.Builder
	k         *lowering.Kernel
	be        backend                     // the kernel dialect (backend.go)
	names     map[*frontend.Symbol]string // symbol -> C expression (value or lvalue)
	logic     map[*frontend.Symbol]bool   // symbols whose C storage is an integer holding a logical
	diags     frontend.Diagnostics
	indent    int
	tmp       int
	loopDepth int
	// funcs names the device functions of the translation unit; proc and
	// result are set while a device function's body is written.
	funcs  *deviceFuncs
	proc   *frontend.Procedure
	result string
	// at holds the zero-based element indices of the elementwise loop of
	// an array assignment (nil outside one).
	at []string
	// trip, when set, gives the zero-based trip number of index d (0 is
	// the first, fastest-varying index) as a C expression; nil means the
	// decomposition of the linear iteration number t (tripOfLinear).
	trip func(d int) string
	// wholeInit are the reduce variables the CUDA kernel's last block
	// writes whole (registered with fgpu_rt_scalar_init).
	wholeInit map[*frontend.Symbol]bool
	// pack, while the packed version of a kernel is written, maps the
	// arrays to their registers of lane packLane (pack.go).
	pack     *packInfo
	packLane int
	// laneNames, when set, renames per lane what each lane has its own of
	// (the CPU's reduction accumulators).
	laneNames func(lane int)
	// Nested loops (nest.go). shadow marks the variables a nested loop
	// makes local while its body is written (its own copy: no write-back
	// flag). group is set while the iteration of a grouped kernel is
	// written (cuda: an iteration a block), inShared inside a shared loop
	// or a statement that thread 0 runs alone; synced: no memory access
	// since the last barrier; lastTop: the statement being written is the
	// last of the iteration. sharedDecls are the __shared__ arrays of the
	// kernel, declared at its start.
	shadow      map[*frontend.Symbol]bool
	group       bool
	inShared    bool
	synced      bool
	lastTop     bool
	sharedDecls []string
	// temps are the arrays of the iteration holding the array values
	// computed before the statement that reads them (temps.go).
	temps map[*frontend.Expr]*frontend.Expr
	// heapCons is the assignment being written whose right side is a
	// constructor computed into a new heap array (heaplocal.go).
	heapCons *frontend.AssignStmt
	// overlap marks the right sides of array assignments that read the
	// assigned array through another designator (section.go, arrayAssign).
	overlap map[*frontend.Expr]bool
	// subst gives C names to expressions the host evaluated (the parts of
	// the bounds of a workspace array whose bounds read an index).
	subst map[*frontend.Expr]string
	// mslLeave ends an MSL iteration early (mslkernel.go, nextIteration).
	mslLeave string
	// kirMSL: the MSL iteration was printed from the kernel IR, which met
	// these limits (kir.go; mslkernel.go, mslIRLimits).
	kirMSL *cxx.MSLLimits
	// pre are the statements (MSL: what a C++ lambda computes) that the
	// next line needs before it (mslkernel.go, noLambda).
	pre []string
	// serialNext: the iteration's body is inside the loops of its serial
	// indices (openSerial): the next iteration is the next of the
	// innermost one (label fgpu_next_s).
	serialNext bool
}

func ctype(t frontend.Type) string {
	switch t.Base {
	case frontend.TyInteger, frontend.TyLogical:
		return fmt.Sprintf("int%d_t", t.Kind*8)
	case frontend.TyReal:
		if t.Kind == 4 {
			return "float"
		}
		return "double"
	case frontend.TyComplex:
		if t.Kind == 4 {
			return "fgpu_cx<float>"
		}
		return "fgpu_cx<double>"
	case frontend.TyDerived:
		if t.Derived != nil {
			return structName(t.Derived)
		}
	}
	return "void"
}

// text writes lines generated elsewhere (a body written once and placed
// in several loops) at the current indentation.
func (g *kernelGen) text(body string) {
	pre := strings.Repeat("  ", g.indent)
	for _, l := range strings.SplitAfter(body, "\n") {
		if l != "" {
			g.b.WriteString(pre + l)
		}
	}
}

func (g *kernelGen) line(format string, args ...any) {
	if len(g.pre) > 0 {
		g.flushPre(format)
	}
	g.b.WriteString(strings.Repeat("  ", g.indent))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

// nyi reports a not-yet-implemented construct of the kernel's loop (of
// no loop in a device procedure's own code).
func (g *kernelGen) nyi(l frontend.Limit, pos frontend.Pos, format string, args ...any) {
	var loop frontend.Pos
	if g.k != nil {
		loop = g.k.Do.Pos
	}
	g.diags = append(g.diags, frontend.NYI(l, pos, loop, format, args...))
}

// internal reports a broken invariant of the plan.
func (g *kernelGen) internal(pos frontend.Pos, format string, args ...any) {
	g.diags = append(g.diags, frontend.Diagnostic{Pos: pos, Severity: frontend.SevError,
		Msg: "internal error: " + fmt.Sprintf(format, args...)})
}

func cname(s *frontend.Symbol) string { return "v_" + s.Name }

// kernelPrelude is the shared C++ support of every kernel file
// (fgpu_prelude.h).
//
//go:embed fgpu_prelude.h
var kernelPrelude string

// kernelSource writes every kernel into one translation unit.
func kernelSource(plan *lowering.Plan, be backend, hostPowers, fast bool) (string, frontend.Diagnostics) {
	return unitSource(plan, be, hostPowers, fast, "")
}

// unitSource writes the kernels of plan into one translation unit whose
// device functions are named fgpu_<tag>p<N>_<name> (kunits.go: a unit's
// own names, never another unit's).
func unitSource(plan *lowering.Plan, be backend, hostPowers, fast bool, tag string) (string, frontend.Diagnostics) {
	var b strings.Builder
	b.WriteString(be.prelude())
	mb, msl := be.(*mslBackend)
	var diags frontend.Diagnostics
	if plan.BoundsCheck && msl {
		b.WriteString(mslBoundsPrelude())
	} else if plan.BoundsCheck {
		b.WriteString(boundsPrelude)
	}
	funcs := &deviceFuncs{plan: plan, name: map[*frontend.Procedure]string{}, byRef: map[*frontend.Symbol]bool{}, consts: map[*frontend.Symbol]string{}, hostPowers: hostPowers, fast: fast, tag: tag}
	if msl {
		funcs.thread = "thread "
	}
	var kernels strings.Builder
	for _, k := range sortedKernels(plan.Kernels) {
		g := &kernelGen{k: k, be: be, funcs: funcs}
		fmt.Fprintf(&g.b, "\n// %s: do concurrent at %s:%d\n", k.Name, filepath.Base(k.Do.Pos.File), k.Do.Pos.Line)
		g.emitKernel()
		diags = append(diags, g.diags...)
		kernels.WriteString(g.b.String())
	}
	// Device functions: declared first (they may call each other), then
	// defined; a function found while writing another is appended.
	var defs strings.Builder
	for i := 0; i < len(funcs.order); i++ {
		g := &kernelGen{be: be, funcs: funcs}
		g.emitFunc(funcs.order[i])
		text := g.b.String()
		if msl {
			if len(g.pre) > 0 {
				g.internal(funcs.order[i].Pos, "statements computing an array value were written before no line of the device procedure")
			}
			text = mslMath(text)
			mslCheck(g, text, funcs.order[i].Pos)
		}
		diags = append(diags, g.diags...)
		defs.WriteString(text)
	}
	if !msl && (strings.Contains(defs.String(), "fgpu_cr_") || strings.Contains(kernels.String(), "fgpu_cr_")) {
		b.WriteString(crmath.Header())
	}
	var checks []string // (host code: in the launch part of an MSL file)
	checks = append(checks, stopSitesCheck(plan))
	if !msl {
		b.WriteString(checks[0])
	}
	b.WriteString(structDefs(plan, funcs.order))
	if !msl {
		b.WriteString(viewDefs(plan)) // hostvalue.go (MSL: element tables are not yet implemented)
	}
	var flags []string
	for f := range funcs.layoutFlags {
		flags = append(flags, f)
	}
	sort.Strings(flags)
	for _, f := range flags {
		if msl {
			checks = append(checks, fmt.Sprintf("static int %s = 0; // the layout was checked\n", f))
			continue
		}
		fmt.Fprintf(&b, "static int %s = 0; // the layout was checked\n", f)
	}
	for _, c := range funcs.constDefs {
		b.WriteString(c + "\n")
	}
	for _, p := range funcs.order {
		decl := strings.SplitN(funcDecl(funcs, p), "{", 2)[0]
		b.WriteString(strings.TrimSpace(decl) + ";\n")
	}
	b.WriteString(defs.String())
	b.WriteString(kernels.String())
	if msl {
		return mb.file(b.String(), checks), diags
	}
	return b.String(), diags
}

// sortedKernels orders kernels by name (deterministic output).
func sortedKernels(ks []*lowering.Kernel) []*lowering.Kernel {
	out := append([]*lowering.Kernel(nil), ks...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// emitKernel writes one kernel (launch routine, and for CUDA the device
// function) into g.b: the launch routine's parameters here, the rest by
// the backend (g.be.kernel). The launch routine hands every buffer to the
// runtime (fgpu_rt.h: fgpu_rt_array, fgpu_rt_scalar, fgpu_rt_status),
// which keeps the residency table and, on the CPU's separate-memory mode,
// the copies; the launch does not wait (the host waits where the emitted
// Fortran says).
func (g *kernelGen) emitKernel() {
	k := g.k
	g.names = map[*frontend.Symbol]string{}
	g.logic = map[*frontend.Symbol]bool{}
	var params []string
	for _, p := range k.Params {
		s := p.Sym
		t := ctype(s.Type)
		switch p.Kind {
		case lowering.ArrayParam:
			if p.ElemsOnly {
				params = append(params, "int64_t lb1_"+s.Name)
				continue
			}
			if addressed(p) {
				params = append(params, "const void* hp_"+s.Name)
			} else {
				params = append(params, "CFI_cdesc_t* d_"+s.Name)
			}
			for d := 1; d <= s.Rank; d++ {
				params = append(params, fmt.Sprintf("int64_t lb%d_%s", d, s.Name))
			}
			if s.Type.Base == frontend.TyDerived {
				params = append(params, layoutParams(p)...)
			}
		case lowering.ScalarIn:
			if derivedValue(p) {
				params = append(params, "const void* hp_"+s.Name)
				params = append(params, layoutParams(p)...)
				continue
			}
			params = append(params, t+" in_"+s.Name)
		default:
			params = append(params, t+"* h_"+s.Name)
		}
	}
	for d := range k.Indices {
		params = append(params, fmt.Sprintf("int64_t lo%d, int64_t hi%d, int64_t st%d", d+1, d+1, d+1))
	}
	for d := range hintBounds(k) {
		params = append(params, fmt.Sprintf("int64_t hlo%d, int64_t hhi%d, int64_t hst%d", d+1, d+1, d+1))
	}
	for d := range k.Serial {
		params = append(params, fmt.Sprintf("int64_t slo%d, int64_t shi%d, int64_t sst%d", d+1, d+1, d+1))
	}
	for _, w := range k.Workspaces {
		if w.Varying {
			params = append(params, fmt.Sprintf("int64_t wm%d", w.Slot))
			for i, x := range w.Parts {
				params = append(params, fmt.Sprintf("%s wv%d_%d", ctype(x.Type), w.Slot, i))
			}
			continue
		}
		for d := 1; d <= w.Sym.Rank; d++ {
			params = append(params, fmt.Sprintf("int64_t wlo%d_%d, int64_t whi%d_%d", w.Slot, d, w.Slot, d))
		}
	}
	loopAt := fmt.Sprintf("%s:%d", k.Do.Pos.File, k.Do.Pos.Line)
	g.be.kernel(g, params, loopAt)
}

// registerBuffers writes the launch routine's registrations with the
// runtime: every array (written or read-only, as the access analysis
// classified it), every scalar by reference (written), and the stop status
// buffer of a kernel that can stop. b_X is the device address of array X,
// ref_X that of scalar X.
func (g *kernelGen) registerBuffers() {
	for _, p := range g.k.Params {
		if p.Kind == lowering.ArrayParam && addressed(p) {
			g.addressedDescriptor(p)
		}
		if p.Kind == lowering.ArrayParam && p.Sym.Type.Base == frontend.TyDerived && !p.ElemsOnly || derivedValue(p) {
			g.layoutCheck(p)
		}
		if derivedValue(p) {
			if emptyType(p.Sym.Type.Derived) {
				// No bytes to copy (the host's value is 0 bytes long).
				g.line("const %s in_%s{};", ctype(p.Sym.Type), p.Sym.Name)
			} else {
				g.line("const %s in_%s = *(const %s*)hp_%s;", ctype(p.Sym.Type), p.Sym.Name, ctype(p.Sym.Type), p.Sym.Name)
			}
		}
	}
	for _, p := range g.k.Params {
		s := p.Sym
		if (p.Kind == lowering.ReduceParam || p.Kind == lowering.LastParam) && g.wholeInit[s] {
			// Written whole by the last block: never copied in; its
			// initial value from the host when the host's is current.
			ct := ctype(s.Type)
			g.line("int od_%s = 1;", s.Name)
			g.line("%s* ref_%s = (%s*)fgpu_rt_scalar_init(h_%s, sizeof(%s), &od_%s, kname, loop);", ct, s.Name, ct, s.Name, ct, s.Name)
			g.line("const %s init_%s = od_%s ? (%s)0 : *h_%s;", ct, s.Name, s.Name, ct, s.Name)
			continue
		}
		switch p.Kind {
		case lowering.ArrayParam:
			if p.ElemsOnly {
				continue // its tables (below)
			}
			w := 0
			if p.Written {
				w = 1
			}
			if s.Type.Base == frontend.TyDerived && lowering.CarriesDescriptors(s.Type.Derived) {
				w |= 2 // the host deallocates what the descriptors it carries locate
			}
			g.line("char* b_%s = (char*)fgpu_rt_array(d_%s, 0, %d, kname, loop);", s.Name, s.Name, w)
		case lowering.ScalarOut, lowering.ReduceParam, lowering.LastParam:
			ct := ctype(s.Type)
			g.line("%s* ref_%s = (%s*)fgpu_rt_scalar(h_%s, sizeof(%s), 1, kname, loop);", ct, s.Name, ct, s.Name, ct)
		}
	}
	for _, t := range g.k.Elems {
		w := 0
		if t.Written {
			w = 1
		}
		g.line("const fgpu_elem* fgpu_tab%d = fgpu_rt_elem_table(%d, %d, kname, loop); // %s(:)%%%s", t.Slot, t.Slot, w, actualName(t.Array), t.Comp.Name)
	}
	if g.k.CanStop {
		g.line("int64_t* fgpu_status = fgpu_rt_status(kname, loop);")
	}
}

func tripProduct(n int) string {
	if n == 0 {
		return "1"
	}
	var f []string
	for d := 1; d <= n; d++ {
		f = append(f, fmt.Sprintf("n%d", d))
	}
	return strings.Join(f, " * ")
}

// arrayLocals unpacks array descriptors into strides and extents (the
// base addresses come from registerBuffers).
func (g *kernelGen) arrayLocals() {
	for _, p := range g.k.Params {
		if p.Kind != lowering.ArrayParam || p.ElemsOnly {
			continue
		}
		s := p.Sym
		for d := 1; d <= s.Rank; d++ {
			g.line("const int64_t sm%d_%s = (int64_t)d_%s->dim[%d].sm;", d, s.Name, s.Name, d-1)
			g.line("const int64_t ex%d_%s = (int64_t)d_%s->dim[%d].extent;", d, s.Name, s.Name, d-1)
		}
	}
}

// iterationBody writes the code of one iteration for linear index t.
func (g *kernelGen) iterationBody() {
	k := g.k
	trip := g.trip
	if trip == nil {
		trip = tripOfOrder("t", kernelOrder(k), "")
	}
	for d, ix := range k.Indices {
		g.line("const %s %s = (%s)(lo%d + (%s) * st%d);", ctype(ix.Type), cname(ix), ctype(ix.Type), d+1, trip(d), d+1)
		g.names[ix] = cname(ix)
	}
	// Scalars: by value, private copies of written ones, locals.
	for _, p := range k.Params {
		s := p.Sym
		switch p.Kind {
		case lowering.ScalarIn:
			if !isLocal(k, s) {
				g.names[s] = "in_" + s.Name
				g.logic[s] = s.Type.Base == frontend.TyLogical
			}
		case lowering.ScalarOut:
			g.line("%s %s = *ref_%s; bool w_%s = false;", ctype(s.Type), cname(s), s.Name, s.Name)
			g.names[s] = cname(s)
			g.logic[s] = s.Type.Base == frontend.TyLogical
		case lowering.LastParam:
			// Local to the iteration (every read follows a write of it).
			g.line("%s %s = %s(); bool w_%s = false;", ctype(s.Type), cname(s), ctype(s.Type), s.Name)
			g.names[s] = cname(s)
			g.logic[s] = s.Type.Base == frontend.TyLogical
		}
	}
	g.openSerial()
	if len(k.Workspaces) > 0 {
		// The iteration's number: the slice of each workspace it uses.
		g.line("const int64_t fgpu_it = %s;", fortranLinear(k, trip))
	}
	g.declareLocals()
	if k.CanStop {
		// The site and code a stop of this iteration records (design doc,
		// "Stopping on the device"); a stopping procedure sets them through
		// its hidden arguments.
		g.line("int64_t fgpu_site = 0, fgpu_code = 0;")
	}
	if text, ok := g.kirIteration(); ok {
		g.text(text) // the masks and the body, from the kernel IR (kir.go)
	} else {
		g.legacyIteration()
	}
	g.closeSerial()
	if !g.msl() {
		g.line("goto fgpu_next; // (keeps the label referenced)")
		g.line("fgpu_next:;")
	}
	var back []string
	for _, p := range k.Params {
		switch p.Kind {
		case lowering.ScalarOut:
			back = append(back, fmt.Sprintf("if (w_%s) *ref_%s = %s;", p.Sym.Name, p.Sym.Name, cname(p.Sym)))
		case lowering.LastParam:
			n := p.Sym.Name
			it := fortranLinear(k, trip)
			back = append(back, g.be.lastRecord(n, it, cname(p.Sym)))
		}
	}
	if !k.CanStop || g.msl() {
		// (MSL: a stopped iteration recorded its stop and returned.)
		for _, l := range back {
			g.line("%s", l)
		}
		return
	}
	// A stopped iteration records its site in the status buffer and ends
	// (its partial results do not matter: the program ends after the launch).
	g.line("if (fgpu_site != 0) {")
	g.indent++
	g.line("fgpu_record_stop(fgpu_status, fgpu_site, fgpu_code);")
	if l := g.be.leaveStopped(g); l != "" {
		g.line("%s", l)
	}
	g.indent--
	if len(back) > 0 {
		g.line("} else {")
		g.indent++
		for _, l := range back {
			g.line("%s", l)
		}
		g.indent--
	}
	g.line("}")
}

// legacyIteration writes the masks and the body of the iteration from the
// Fortran statements (the kernels whose IR is not complete, and every
// kernel of the GPU backends).
func (g *kernelGen) legacyIteration() {
	k := g.k
	for _, m := range k.Masks {
		g.line("if (!(%s)) %s", g.expr(m), g.nextIteration())
		if g.exprStops(m) {
			g.stopTest()
		}
	}
	if g.group {
		// (nest.go) No barrier is needed before the first write unless a
		// mask read memory.
		g.synced = true
		for _, m := range k.Masks {
			g.synced = g.synced && !readsMemory(m)
		}
		g.groupStmts(k.Body, true)
	} else {
		g.stmts(k.Body)
	}
}

// serialBounds are the limits of the indices of k that run in order in
// each thread (lowering/serial.go).
func serialBounds(k *lowering.Kernel) []*frontend.ConcurrentIndex {
	var out []*frontend.ConcurrentIndex
	for _, s := range k.Serial {
		out = append(out, s.Bound)
	}
	return out
}

// openSerial opens the loops of the indices that run in order inside the
// iteration (lowering/serial.go, Kernel.Serial), outermost first: each
// index from its lower limit by its step, as gfortran runs it. The
// launch provides slo, sst and the trip count sn of each.
func (g *kernelGen) openSerial() {
	if len(g.k.Serial) == 0 {
		return
	}
	if g.msl() {
		g.nyi(frontend.NYIArrayAccumulation, g.k.Do.Pos, "an array reduction over %s that runs in order inside each thread, on Metal", g.k.Serial[0].Sym.Name)
		return
	}
	for d, s := range g.k.Serial {
		g.line("for (int64_t fgpu_s%d = 0; fgpu_s%d < sn%d; ++fgpu_s%d) { // %s in order (rules/race.mg, serial_index)", d+1, d+1, d+1, d+1, s.Sym.Name)
		g.indent++
		g.line("const %s %s = (%s)(slo%d + fgpu_s%d * sst%d);", ctype(s.Sym.Type), cname(s.Sym), ctype(s.Sym.Type), d+1, d+1, d+1)
		g.names[s.Sym] = cname(s.Sym)
	}
	g.serialNext = true
}

// closeSerial closes the loops openSerial opened; a masked-out or cycled
// iteration of the innermost goes to its label.
func (g *kernelGen) closeSerial() {
	if !g.serialNext {
		return
	}
	g.serialNext = false
	g.line("goto fgpu_next_s; // (keeps the label referenced)")
	g.line("fgpu_next_s:;")
	for range g.k.Serial {
		g.indent--
		g.line("}")
	}
}

// fortranLinear is the C expression of an iteration's number in the order
// gfortran runs a do concurrent (measured: in a header, the first index
// varies fastest and the last index is the outermost loop; the loops
// combined with the kernel's (rules/nest.mg) are inner loops, their
// indices faster than the outer ones), from the zero-based trip numbers
// trip(d) of k.Indices and the trip counts n1, n2, ....
func fortranLinear(k *lowering.Kernel, trip func(d int) string) string {
	// The indices from the fastest to the slowest.
	var groups [][]int
	d := 0
	for _, c := range append([]*frontend.Construct{k.Loop}, k.Combined...) {
		var g []int
		if c.Scope != nil {
			for _, ix := range c.Head.(*frontend.DoStmt).Concurrent.Indices {
				if c.Scope.Local(ix.Name) != nil {
					g = append(g, d)
					d++
				}
			}
		}
		groups = append(groups, g)
	}
	var order []int
	for i := len(groups) - 1; i >= 0; i-- {
		order = append(order, groups[i]...)
	}
	if len(order) != len(k.Indices) {
		// (Cannot happen: lowering numbers the indices so.)
		order = order[:0]
		for d := range k.Indices {
			order = append(order, d)
		}
	}
	last := order[len(order)-1]
	it := fmt.Sprintf("(int64_t)(%s)", trip(last))
	for i := len(order) - 2; i >= 0; i-- {
		it = fmt.Sprintf("(int64_t)(%s) + n%d * (%s)", trip(order[i]), order[i]+1, it)
	}
	return it
}

// declareLocals declares the variables private to an iteration (local_init
// ones start with the value the kernel received).
func (g *kernelGen) declareLocals() {
	for _, w := range g.k.Workspaces {
		if w.Call != nil {
			// The arrays the calls of the body pass for the run-time
			// sized locals of the procedures they call.
			g.workspaceArray(w)
		}
	}
	for _, l := range g.k.Locals {
		s := l.Sym
		if s.Rank > 0 {
			if !g.coopTile(s) { // coop.go
				g.localArray(s)
			}
			continue
		}
		if l.InitFrom {
			g.line("%s %s = in_%s;", ctype(s.Type), cname(s), s.Name)
		} else if lowering.IsHeapType(s.Type) {
			g.line("%s %s{}; // allocatable components unallocated", ctype(s.Type), cname(s))
		} else {
			g.line("%s %s;", ctype(s.Type), cname(s))
		}
		g.names[s] = cname(s)
		g.logic[s] = s.Type.Base == frontend.TyLogical
	}
}

// kernelOrder is the order of k's indices from the fastest-varying to the
// slowest (lowering's mapping pass, from rules/mapping.mg): consecutive
// threads take consecutive values of the first, so that they touch
// consecutive elements of the arrays it is the first subscript of. A kernel
// the pass did not order keeps the header order (the first index fastest).
func kernelOrder(k *lowering.Kernel) []int {
	return spaceOrder(k.Order, len(k.Indices))
}

// spaceOrder is order when it is a permutation of n positions, else the
// positions in header order.
func spaceOrder(order []int, n int) []int {
	seen := make([]bool, n)
	ok := len(order) == n
	for _, d := range order {
		if !ok || d < 0 || d >= n || seen[d] {
			ok = false
			break
		}
		seen[d] = true
	}
	if ok {
		return order
	}
	out := make([]int, n)
	for d := range out {
		out[d] = d
	}
	return out
}

func isLocal(k *lowering.Kernel, s *frontend.Symbol) bool {
	for _, l := range k.Locals {
		if l.Sym == s {
			return true
		}
	}
	return false
}

// deviceReduction gives the identity of a reduce operator for a type and
// its atomic combine (fgpu_prelude.h, CUDA), when the kernels support the
// operator for the type on the device: the CUDA reductions, the shared
// nested loops' block reductions and the CPU's packed accumulators.
func deviceReduction(op string, t frontend.Type) (identity, combine string, ok bool) {
	ct := ctype(t)
	if t.Kind != 4 && t.Kind != 8 {
		return "", "", false
	}
	logical := t.Base == frontend.TyLogical
	switch op {
	case "+":
		if logical {
			return "", "", false
		}
		return "0", "fgpu_atomic_add", true
	case "max", "min":
		if logical {
			return "", "", false
		}
		if t.Base == frontend.TyReal {
			if op == "max" {
				return "-INFINITY", "fgpu_atomic_max", true
			}
			return "INFINITY", "fgpu_atomic_min", true
		}
		bits := t.Kind * 8
		if op == "max" {
			return fmt.Sprintf("INT%d_MIN", bits), "fgpu_atomic_max", true
		}
		return fmt.Sprintf("INT%d_MAX", bits), "fgpu_atomic_min", true
	case "*":
		if logical {
			return "", "", false
		}
		return "1", "fgpu_atomic_mul", true
	case ".eqv.":
		return "1", "fgpu_atomic_eqv", true
	case "iand", ".and.":
		if op == ".and." {
			return "1", "fgpu_atomic_and", true
		}
		return "(" + ct + ")~0", "fgpu_atomic_and", true
	case "ior", ".or.":
		return "0", "fgpu_atomic_or", true
	case "ieor", ".neqv.":
		return "0", "fgpu_atomic_xor", true
	}
	return "", "", false
}

// redCombine is the C expression combining two partial values a and b of a
// reduction (op as in Param.Op; logicals are 0/1 integers).
func redCombine(op, ct, a, b string) string {
	switch op {
	case "+":
		return fmt.Sprintf("(%s)(%s + %s)", ct, a, b)
	case "*":
		return fmt.Sprintf("(%s)(%s * %s)", ct, a, b)
	case "max":
		return fmt.Sprintf("fgpu_max<%s>(%s, %s)", ct, a, b)
	case "min":
		return fmt.Sprintf("fgpu_min<%s>(%s, %s)", ct, a, b)
	case "iand", ".and.":
		return fmt.Sprintf("(%s)(%s & %s)", ct, a, b)
	case "ior", ".or.":
		return fmt.Sprintf("(%s)(%s | %s)", ct, a, b)
	case "ieor", ".neqv.":
		return fmt.Sprintf("(%s)(%s ^ %s)", ct, a, b)
	case ".eqv.":
		return fmt.Sprintf("(%s)((%s != 0) == (%s != 0))", ct, a, b)
	}
	return fmt.Sprintf("/* unknown reduction %s */ %s", op, a)
}

// localArray declares an array of an iteration or a device procedure of a
// constant shape (lowering.FixedShape) in thread-private storage, with the
// names an array argument has (b_, lb, sm, ex: constants), so that every
// reference is written as one of an argument is.
func (g *kernelGen) localArray(s *frontend.Symbol) {
	if g.k != nil && g.proc == nil {
		if w := g.k.WorkspaceOf(s); w != nil {
			g.workspaceArray(w)
			return
		}
	}
	n := int64(1)
	for _, d := range s.Dims {
		n *= int64(d)
	}
	ct := ctype(s.Type)
	g.line("%s v_%s[%d];", ct, s.Name, max(n, 1))
	sp := g.localSpace()
	g.line("%schar* const b_%s = (%schar*)v_%s;", sp, s.Name, sp, s.Name)
	stride := int64(1)
	for d := 0; d < s.Rank; d++ {
		lb, _ := lowering.ConstLowerBound(s, d)
		g.line("const int64_t lb%d_%s = %d, sm%d_%s = (int64_t)sizeof(%s) * %d, ex%d_%s = %d;", d+1, s.Name, lb, d+1, s.Name, ct, stride, d+1, s.Name, s.Dims[d])
		stride *= int64(s.Dims[d])
	}
	g.line("(void)b_%s;", s.Name)
}

// heapSetup resets the device heap for the launch of a kernel that
// allocates on it (rules/heap.mg, loop_heap); its address goes to the
// kernel module once.
func (g *kernelGen) heapSetup() {
	if !g.k.Heap {
		return
	}
	g.line("{")
	g.indent++
	g.line("fgpu_heap* const fgpu_h = fgpu_rt_heap(kname, loop);")
	g.line("#ifdef __CUDACC__")
	g.line("static fgpu_heap* fgpu_h_set = nullptr;")
	g.line("if (fgpu_h != fgpu_h_set) {")
	g.line("  FGPU_CUDA_CHECK(cudaMemcpyToSymbol(fgpu_hp, &fgpu_h, sizeof fgpu_h), kname, loop);")
	g.line("  fgpu_h_set = fgpu_h;")
	g.line("}")
	g.line("#else")
	g.line("fgpu_hp = fgpu_h;")
	g.line("#endif")
	g.indent--
	g.line("}")
}

// workspaceSetup sizes the slices of the kernel's workspaces, one slice an
// iteration rounded to 16 bytes, from the bounds the host evaluated (wlo,
// whi), or from the largest slice it found over the iterations when the
// bounds read an index (wm, Varying), and gets the buffer of all of them
// from the runtime (only the device holds it: nothing is copied).
func (g *kernelGen) workspaceSetup() {
	ws := g.k.Workspaces
	if len(ws) == 0 {
		return
	}
	var total []string
	for _, w := range ws {
		elems := fmt.Sprintf("wm%d", w.Slot)
		if !w.Varying {
			var n []string
			for d := 1; d <= w.Sym.Rank; d++ {
				g.line("const int64_t wex%d_%d = fgpu_max<int64_t>(whi%d_%d - wlo%d_%d + 1, 0);", w.Slot, d, w.Slot, d, w.Slot, d)
				n = append(n, fmt.Sprintf("wex%d_%d", w.Slot, d))
			}
			elems = strings.Join(n, " * ")
		}
		g.line("const int64_t wsb%d = (%s * (int64_t)sizeof(%s) + 15) / 16 * 16; // %s", w.Slot, elems, ctype(w.Sym.Type), w.Sym.Name)
		total = append(total, fmt.Sprintf("wsb%d", w.Slot))
	}
	g.line("char* const fgpu_ws = (char*)fgpu_rt_workspace(ntot, %s, kname, loop);", strings.Join(total, " + "))
	off := "fgpu_ws"
	for _, w := range ws {
		g.line("char* const ws%d = %s;", w.Slot, off)
		off = fmt.Sprintf("ws%d + ntot * wsb%d", w.Slot, w.Slot)
	}
}

// workspaceArray declares an array of the iteration in its slice of a
// workspace (lowering.Workspace): the slice of iteration fgpu_it, with the
// bounds the launch was given, or, when they read an index (Varying), this
// iteration's own, from the parts the host evaluated and the indices (it
// uses the leading part of its slice).
func (g *kernelGen) workspaceArray(w *lowering.Workspace) {
	s := w.Sym
	ct := ctype(s.Type)
	g.line("%s const b_%s = ws%d + fgpu_it * wsb%d;", g.pointerDecl("char"), s.Name, w.Slot, w.Slot)
	lo := make([]string, s.Rank)
	ex := make([]string, s.Rank)
	for d := 0; d < s.Rank; d++ {
		lo[d] = fmt.Sprintf("wlo%d_%d", w.Slot, d+1)
		ex[d] = fmt.Sprintf("wex%d_%d", w.Slot, d+1)
	}
	if w.Varying {
		if g.subst == nil {
			g.subst = map[*frontend.Expr]string{}
		}
		for i, x := range w.Parts {
			g.subst[x] = fmt.Sprintf("wv%d_%d", w.Slot, i)
		}
		for d, dim := range s.Shape.Dims {
			lo[d] = "1"
			if dim.Lo != nil {
				lo[d] = g.convertTo(dim.Lo, "int64_t")
			}
			ex[d] = fmt.Sprintf("fgpu_max<int64_t>(%s - lb%d_%s + 1, 0)", g.convertTo(dim.Hi, "int64_t"), d+1, s.Name)
		}
		for _, x := range w.Parts {
			delete(g.subst, x)
		}
	}
	stride := "(int64_t)sizeof(" + ct + ")"
	for d := 0; d < s.Rank; d++ {
		g.line("const int64_t lb%d_%s = %s, sm%d_%s = %s, ex%d_%s = %s;", d+1, s.Name, lo[d], d+1, s.Name, stride, d+1, s.Name, ex[d])
		stride = fmt.Sprintf("sm%d_%s * ex%d_%s", d+1, s.Name, d+1, s.Name)
	}
	g.line("(void)b_%s;", s.Name)
}
