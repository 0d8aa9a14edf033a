package emit

// The Metal backend's kernels (issue 16): each kernel is an MSL `kernel`
// function, its arrays device buffers ([[buffer(n)]], `device char*`), its
// scalar arguments, bounds, strides and trip counts one `constant` struct,
// its written scalars device buffers, and the stop status buffer of a
// kernel that can stop. A kernel without reductions or values after the
// loop runs one iteration a thread (the iteration number is
// thread_position_in_grid plus the first iteration of the dispatch); one
// with them runs grid-stride and combines them in SIMD-groups,
// threadgroups and a second pass (kernel, combinedKernels). The
// iteration's statements are the shared body writer's (kernel.go,
// body.go, expr.go): the MSL-specific parts are the address space of every
// pointer (g.space, mslElemAt, bytesOf, pointerDecl; device procedures are
// templates over the address spaces of their arrays and scalars by
// reference, mslTemplateParams), the end of an iteration without goto
// (g.nextIteration, g.stopLeave: MSL has no goto, and a thread's iteration
// returns), array values that C++ computes in lambdas written as
// statements before their line (noLambda), and the std:: functions
// written as Metal's (mslMath) or the prelude's (fgpu_prelude.metal:
// complex(4), nint, the reductions' shuffles). What MSL cannot hold or
// this emitter does not write yet (the device heap, element tables of
// allocatable components, values after the loop of derived types,
// reductions of 1- and 2-byte integers, an array value in a DO WHILE or
// ELSE IF condition) is a "not yet implemented" error at the loop: for a
// kernel whose iteration is printed from the kernel IR (cxx.IterationMSL:
// the address spaces from the IR's parameters and arrays, Metal's
// functions by name, no lambdas or goto) decided from the IR's nodes
// (mslIRLimits); for the others and the device procedures by mslCheck, a
// scan of the legacy writer's text (mslMath renames its std:: functions).
//
// The launch routines are C++ (mslBackend.host): they register the
// buffers with the runtime as every backend's do, fill the argument
// struct and dispatch the kernel over the iterations. On --gpu=metal_cpu
// the whole file is one C++ translation unit: fgpu_msl_cpu.h (MSL as C++),
// the MSL, then the launch routines, whose dispatch calls the kernel
// function for every grid position on the host (fgpu_msl_dispatch), or
// runs threadgroups of fibers (fgpu_msl_dispatch_groups). metalhost.go
// turns them into the launch routines of --gpu=metal.

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// mslPrelude is the MSL support of every kernel file (fgpu_prelude.metal).
//
//go:embed fgpu_prelude.metal
var mslPrelude string

// mslCPUHeader maps MSL onto C++ (--gpu=metal_cpu).
//
//go:embed fgpu_msl_cpu.h
var mslCPUHeader string

// mslBackend writes MSL kernels and C++ launch routines.
type mslBackend struct {
	host strings.Builder // the launch routines, in kernel order
}

func (*mslBackend) prelude() string { return mslPrelude }

// msl reports whether g writes MSL.
func (g *kernelGen) msl() bool {
	_, ok := g.be.(*mslBackend)
	return ok
}

// space is the MSL address space of the storage of array s, with a
// trailing blank ("" for the C++ backends, and in MSL where the code does
// not know it: elemAt then writes fgpu_as): a kernel's array arguments
// are device buffers; an array of a device procedure (a dummy, a hidden
// or result array, a local), and an associate name bound to a section,
// may be the device's or the thread's, as the caller or selector has it.
func (g *kernelGen) space(s *frontend.Symbol) string {
	if !g.msl() {
		return ""
	}
	if g.k != nil && g.proc == nil {
		for _, p := range g.k.Params {
			if p.Sym == s && p.Kind == lowering.ArrayParam {
				return "device "
			}
		}
	}
	return ""
}

// localSpace is the address space of the arrays of an iteration or a
// device procedure that device code declares (the thread's).
func (g *kernelGen) localSpace() string {
	if !g.msl() {
		return ""
	}
	return "thread "
}

// mslElemAt is the element of array s, of C type ct, at byte address addr:
// in MSL through fgpu_as (fgpu_prelude.metal), which keeps the address
// space of addr, when space does not know it.
func (g *kernelGen) mslElemAt(s *frontend.Symbol, ct, addr string) string {
	sp := g.space(s)
	if g.msl() && sp == "" {
		return fmt.Sprintf("(*fgpu_as<%s>(%s))", ct, addr)
	}
	return fmt.Sprintf("(*(%s%s*)(%s))", sp, ct, addr)
}

// bytesOf is the address addr (of an element) as a char pointer of its
// address space.
func (g *kernelGen) bytesOf(addr string) string {
	if g.msl() {
		return "fgpu_bytes(" + addr + ")"
	}
	return "(char*)" + addr
}

// pointerDecl is the type of a pointer variable to ct that device code
// initialises with an address ("auto" in MSL, whose type carries the
// address space).
func (g *kernelGen) pointerDecl(ct string) string {
	if g.msl() {
		return "auto"
	}
	return ct + "*"
}

// nullPtr is a null pointer to ct passed for an absent optional argument
// (typed in MSL: the parameter is a template's).
func (g *kernelGen) nullPtr(ct string) string {
	if g.msl() {
		return "(thread " + ct + "*)nullptr"
	}
	return "nullptr"
}

// mslTemplateParams makes the array bases (char* b_X) and the scalars by
// reference (thread T* v_X) of a device procedure's parameters template
// parameters fgpu_A0, fgpu_A1, ...: each call instantiates the procedure
// for the address spaces of its arguments (a device buffer's element, a
// thread's array).
func mslTemplateParams(params []string) []string {
	out := make([]string, len(params))
	n := 0
	for i, p := range params {
		switch {
		case strings.HasPrefix(p, "char* b_"):
			out[i] = fmt.Sprintf("fgpu_A%d %s", n, strings.TrimPrefix(p, "char* "))
			n++
		case strings.HasPrefix(p, "thread ") && strings.Contains(p, "* v_"):
			_, name, _ := strings.Cut(p, "* ")
			out[i] = fmt.Sprintf("fgpu_A%d %s", n, name)
			n++
		default:
			out[i] = p
		}
	}
	return out
}

// mslTemplate is the template head of a device procedure whose parameters
// (mslTemplateParams) name fgpu_A0...; "" when none does.
func mslTemplate(params []string) string {
	var names []string
	for _, p := range params {
		if strings.HasPrefix(p, "fgpu_A") {
			t, _, _ := strings.Cut(p, " ")
			names = append(names, "typename "+t)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "template <" + strings.Join(names, ", ") + "> "
}

// nextIteration is the statement that ends the iteration early (a mask
// that is false, CYCLE of the loop): C++ jumps to the write-back after the
// body; an MSL thread, which runs one iteration, writes back and returns.
func (g *kernelGen) nextIteration() string {
	if !g.msl() {
		if g.serialNext {
			return "goto fgpu_next_s;"
		}
		return "goto fgpu_next;"
	}
	return g.mslLeave
}

// stopLeave ends a kernel iteration that recorded a stop: C++ jumps to
// the end of the iteration, which records it; an MSL thread records it in
// the status buffer and returns.
func (g *kernelGen) stopLeave() string {
	if !g.msl() {
		return "goto fgpu_next;"
	}
	return "{ fgpu_record_stop(fgpu_status, fgpu_site, fgpu_code); return; }"
}

// mslRed is a reduce variable (reduce) or a scalar whose value after the
// loop may be read (last) of an MSL kernel: both are combined in
// threadgroups (mslkernel.go, kernel).
type mslRed struct {
	p      *lowering.Param
	ct, id string
	last   bool
}

// mslSimdFn is Metal's SIMD-group reduction of op over values of type t,
// or "" where fgpu combines the lanes itself with simd_shuffle_down in a
// fixed order: real values (whose sum depends on the order), 64-bit
// integers and .eqv..
func mslSimdFn(op string, t frontend.Type) string {
	if t.Base == frontend.TyReal || t.Kind != 4 {
		return ""
	}
	return map[string]string{"+": "simd_sum", "*": "simd_product", "max": "simd_max", "min": "simd_min",
		"iand": "simd_and", ".and.": "simd_and", "ior": "simd_or", ".or.": "simd_or",
		"ieor": "simd_xor", ".neqv.": "simd_xor"}[op]
}

// mslIdentity is the identity of a reduce operator for a type
// (deviceReduction's, and those of 1- and 2-byte integers and logicals,
// which MSL kernels combine as the others: fgpu_shuffle_down moves them).
func mslIdentity(op string, t frontend.Type) (string, bool) {
	if t.Kind != 1 && t.Kind != 2 || t.Base != frontend.TyInteger && t.Base != frontend.TyLogical {
		id, _, ok := deviceReduction(op, t)
		return id, ok
	}
	wide := t
	wide.Kind = 4
	id, _, ok := deviceReduction(op, wide)
	if !ok {
		return "", false
	}
	bits := t.Kind * 8
	switch id {
	case "INT32_MIN":
		return fmt.Sprintf("INT%d_MIN", bits), true
	case "INT32_MAX":
		return fmt.Sprintf("INT%d_MAX", bits), true
	case "(int32_t)~0":
		return "(" + ctype(t) + ")~0", true
	}
	return id, true
}

// mslShuffled reports a type whose values fgpu_shuffle_down moves
// (fgpu_prelude.metal): real(4), complex(4), integers and logicals.
func mslShuffled(t frontend.Type) bool {
	switch t.Base {
	case frontend.TyReal, frontend.TyComplex:
		return t.Kind == 4
	case frontend.TyInteger, frontend.TyLogical:
		return t.Kind == 1 || t.Kind == 2 || t.Kind == 4 || t.Kind == 8
	}
	return false
}

// kernel writes the MSL kernel of g.k into g.b and its launch routine into
// m.host.
//
// A kernel without reductions or values after the loop runs one iteration
// a thread. One with them (reds) runs grid-stride over the iterations,
// each thread calling the iteration function (K_iter, whose return ends
// an iteration early) with its accumulators and its (iteration, value)
// pairs, and then combines them in its threadgroup: across the lanes of
// each SIMD-group (Metal's simd_sum, simd_min, ... for 32-bit integers,
// where the order cannot change the result; simd_shuffle_down in a fixed
// tree otherwise), across the SIMD-groups through threadgroup memory and a
// threadgroup_barrier, into a partial per threadgroup (part_X; for a last
// value the pair of the largest iteration, pit_X and pv_X). A second
// kernel (K_fin), one threadgroup, combines the partials in threadgroup
// order and the variable's value before the loop into the variable
// (od_X: the device copy is current, else init_X, the host's, as
// fgpu_rt_scalar_init says). No atomics (Metal has no 64-bit float ones),
// and the same result for a launch of the same geometry whatever order the
// threads run in. The geometry's contract: threads a threadgroup a
// multiple of the SIMD-group width, at most 32 SIMD-groups (and the
// threadgroup memory of 32 values a variable), at least one threadgroup.
func (m *mslBackend) kernel(g *kernelGen, hostParams []string, loopAt string) {
	k := g.k
	before := len(g.diags)
	var reds []mslRed
	for _, p := range k.Params {
		switch p.Kind {
		case lowering.ReduceParam:
			id, ok := mslIdentity(p.Op, p.Sym.Type)
			if !ok || !mslShuffled(p.Sym.Type) || p.Sym.Type.Base == frontend.TyComplex {
				g.nyi(frontend.NYIMSL, k.Do.Pos, "reduce(%s: %s) of type %s in an MSL kernel", p.Op, p.Sym.Name, p.Sym.Type)
				continue
			}
			reds = append(reds, mslRed{p: p, ct: ctype(p.Sym.Type), id: id})
		case lowering.LastParam:
			if !mslShuffled(p.Sym.Type) {
				g.nyi(frontend.NYIMSL, k.Do.Pos, "the value after the loop of %s, of type %s, in an MSL kernel", p.Sym.Name, p.Sym.Type)
				continue
			}
			reds = append(reds, mslRed{p: p, ct: ctype(p.Sym.Type), last: true})
		case lowering.ArrayParam:
			if p.ElemsOnly {
				g.nyi(frontend.NYIMSL, k.Do.Pos, "the allocatable components of the elements of %s in an MSL kernel", p.Sym.Name)
			}
		}
	}
	if k.Heap {
		g.nyi(frontend.NYIMSL, k.Do.Pos, "the device heap in an MSL kernel")
	}
	if k.Grouped {
		g.internal(k.Do.Pos, "a grouped kernel for a backend without block nests")
	}
	if len(g.diags) > before {
		return
	}
	combined := len(reds) > 0
	if combined {
		g.wholeInit = map[*frontend.Symbol]bool{}
		for _, r := range reds {
			g.wholeInit[r.p.Sym] = true
		}
	}

	// The argument struct: everything the kernel reads by value.
	var fields, fill, unpack, bufs, args []string
	field := func(ct, n string) {
		fields = append(fields, fmt.Sprintf("%s %s;", ct, n))
		fill = append(fill, fmt.Sprintf("fgpu_a.%s = %s;", n, n))
		unpack = append(unpack, fmt.Sprintf("const %s %s = fgpu_a.%s;", ct, n, n))
	}
	for _, p := range k.Params {
		s := p.Sym
		switch p.Kind {
		case lowering.ArrayParam:
			bufs = append(bufs, "device char* b_"+s.Name)
			args = append(args, "b_"+s.Name)
			for d := 1; d <= s.Rank; d++ {
				field("int64_t", fmt.Sprintf("lb%d_%s", d, s.Name))
				field("int64_t", fmt.Sprintf("sm%d_%s", d, s.Name))
				field("int64_t", fmt.Sprintf("ex%d_%s", d, s.Name))
			}
		case lowering.ScalarIn:
			field(ctype(s.Type), "in_"+s.Name)
		case lowering.ScalarOut:
			bufs = append(bufs, fmt.Sprintf("device %s* ref_%s", ctype(s.Type), s.Name))
			args = append(args, "ref_"+s.Name)
		}
	}
	for _, w := range k.Workspaces {
		// Arrays of the iterations of run-time shape: a slice of
		// workspace buffer ws an iteration (kernel.go, workspaceSetup and
		// workspaceArray).
		bufs = append(bufs, fmt.Sprintf("device char* ws%d", w.Slot))
		args = append(args, fmt.Sprintf("ws%d", w.Slot))
		field("int64_t", fmt.Sprintf("wsb%d", w.Slot))
		if w.Varying {
			for i, x := range w.Parts {
				field(ctype(x.Type), fmt.Sprintf("wv%d_%d", w.Slot, i))
			}
			continue
		}
		for d := 1; d <= w.Sym.Rank; d++ {
			field("int64_t", fmt.Sprintf("wlo%d_%d", w.Slot, d))
			field("int64_t", fmt.Sprintf("wex%d_%d", w.Slot, d))
		}
	}
	n := len(k.Indices)
	for d := 1; d <= n; d++ {
		field("int64_t", fmt.Sprintf("lo%d", d))
		field("int64_t", fmt.Sprintf("st%d", d))
		field("int64_t", fmt.Sprintf("n%d", d))
	}
	fields = append(fields, "int64_t ntot;")
	fill = append(fill, "fgpu_a.ntot = ntot;")
	if combined {
		for _, r := range reds {
			nm := r.p.Sym.Name
			fields = append(fields, fmt.Sprintf("int32_t od_%s; // the device copy of %s is current", nm, nm), fmt.Sprintf("%s init_%s; // else its value", r.ct, nm))
			fill = append(fill, fmt.Sprintf("fgpu_a.od_%s = od_%s;", nm, nm), fmt.Sprintf("fgpu_a.init_%s = init_%s;", nm, nm))
		}
		fields = append(fields, "int64_t fgpu_np; // the threadgroups of the grid: partials")
		fill = append(fill, "fgpu_a.fgpu_np = fgpu_ng;")
	} else {
		fields = append(fields, "int64_t fgpu_base; // the iteration of thread 0 of the dispatch")
		fill = append(fill, "fgpu_a.fgpu_base = 0;")
	}
	if k.CanStop {
		bufs = append(bufs, "device int64_t* fgpu_status")
		args = append(args, "fgpu_status")
	}

	g.line("struct %s_args {", k.Name)
	for _, f := range fields {
		g.line("  %s", f)
	}
	g.line("};")
	// An iteration that ends early writes back what it wrote of the
	// shared scalars the loop writes (and records its value after the
	// loop), then returns.
	var back []string
	for _, p := range k.Params {
		if p.Kind == lowering.ScalarOut {
			back = append(back, fmt.Sprintf("if (w_%s) *ref_%s = %s;", p.Sym.Name, p.Sym.Name, cname(p.Sym)))
		}
	}
	g.trip = tripOfOrder("t", kernelOrder(k), "")
	for _, r := range reds {
		if r.last {
			back = append(back, m.lastRecord(r.p.Sym.Name, fortranLinear(k, g.trip), cname(r.p.Sym)))
		}
	}
	g.mslLeave = "return;"
	if len(back) > 0 {
		g.mslLeave = "{ " + strings.Join(back, " ") + " return; }"
	}
	start := g.b.Len()
	if !combined {
		sig := []string{fmt.Sprintf("constant %s_args& fgpu_a [[buffer(0)]]", k.Name)}
		for i, b := range bufs {
			sig = append(sig, fmt.Sprintf("%s [[buffer(%d)]]", b, i+1))
		}
		sig = append(sig, "uint fgpu_tid [[thread_position_in_grid]]")
		g.line("kernel void %s_dev(%s) {", k.Name, strings.Join(sig, ", "))
		g.indent++
		g.line("const int64_t t = fgpu_a.fgpu_base + (int64_t)fgpu_tid;")
		g.line("if (t >= fgpu_a.ntot) return;")
		for _, u := range unpack {
			g.line("%s", u)
		}
		g.iterationBody()
		g.indent--
		g.line("}")
	} else {
		m.combinedKernels(g, reds, bufs, args, unpack)
	}
	g.trip = nil
	if len(g.pre) > 0 {
		g.internal(k.Do.Pos, "statements computing an array value were written before no line of the kernel")
		g.pre = nil
	}
	text := g.b.String()
	if g.kirMSL != nil {
		// The iteration printed from the kernel IR, which names Metal's
		// functions itself and decided what MSL does not hold.
		n := len(g.diags)
		mslIRLimits(g, *g.kirMSL)
		if kirMSLGuard != nil {
			scratch := &kernelGen{k: k}
			mslCheck(scratch, text[start:], k.Do.Pos)
			kirMSLGuard(k, g.diags[n:], scratch.diags, mslMath(text[start:]) != text[start:])
		}
	} else {
		// Metal's names for the legacy body writer's std:: functions.
		body := mslMath(text[start:])
		g.b.Reset()
		g.b.WriteString(text[:start] + body)
		mslCheck(g, body, k.Do.Pos)
	}

	// The launch routine, cut out of g.b.
	start = g.b.Len()
	g.line("extern \"C\" void %s(%s) {", k.Name, strings.Join(hostParams, ", "))
	g.indent++
	g.line("static const char* kname = %q; static const char* loop = %q;", k.Name, loopAt)
	g.registerBuffers()
	g.arrayLocals()
	for d := 1; d <= n; d++ {
		g.line("const int64_t n%d = fgpu_trip(lo%d, hi%d, st%d);", d, d, d, d)
	}
	g.line("const int64_t ntot = %s;", tripProduct(n))
	g.line("fgpu_rt_launch_begin(kname, loop);")
	g.workspaceSetup()
	if combined {
		// The threadgroups, and the partials (8 bytes a threadgroup for a
		// reduction, 16 for a last value's pair) in the kernel's scratch.
		g.line("const uint fgpu_ng = fgpu_msl_groups(ntot);")
		g.line("static void* fgpu_scr_keep = nullptr; static size_t fgpu_scr_cap = 0;")
		nl := 0
		for _, r := range reds {
			if r.last {
				nl++
			}
		}
		g.line("char* const fgpu_scr = (char*)fgpu_msl_scratch(&fgpu_scr_keep, &fgpu_scr_cap, (size_t)fgpu_ng * (8 * %d + 16 * %d));", len(reds)-nl, nl)
		off := "0"
		for _, r := range reds {
			nm := r.p.Sym.Name
			if r.last {
				g.line("int64_t* const pit_%s = (int64_t*)(fgpu_scr + %s);", nm, off)
				off += " + (size_t)fgpu_ng * 8"
				g.line("%s* const pv_%s = (%s*)(fgpu_scr + %s);", r.ct, nm, r.ct, off)
			} else {
				g.line("%s* const part_%s = (%s*)(fgpu_scr + %s);", r.ct, nm, r.ct, off)
			}
			off += " + (size_t)fgpu_ng * 8"
		}
	}
	g.line("%s_args fgpu_a;", k.Name)
	for _, f := range fill {
		g.line("%s", f)
	}
	args = append([]string{"fgpu_a"}, args...)
	if combined {
		var parts, refs []string
		for _, r := range reds {
			nm := r.p.Sym.Name
			if r.last {
				parts = append(parts, "pit_"+nm, "pv_"+nm)
			} else {
				parts = append(parts, "part_"+nm)
			}
			refs = append(refs, "ref_"+nm)
		}
		pos := "p.tid, p.nthr, p.tg, p.lid, p.ntg, p.lane, p.sg, p.nsg, p.nl"
		g.line("fgpu_msl_dispatch_groups(fgpu_ng, FGPU_MSL_TG, [&](const fgpu_msl_pos& p) { %s_dev(%s, %s); });", k.Name, strings.Join(append(args, parts...), ", "), pos)
		g.line("fgpu_msl_dispatch_groups(1, FGPU_MSL_TG, [&](const fgpu_msl_pos& p) { %s_fin(%s, %s); });", k.Name, strings.Join(append(append([]string{"fgpu_a"}, parts...), refs...), ", "), pos)
	} else {
		g.line("fgpu_msl_dispatch(ntot, &fgpu_a.fgpu_base, [&](uint fgpu_tid) { %s_dev(%s, fgpu_tid); });", k.Name, strings.Join(args, ", "))
	}
	g.line("fgpu_rt_launched(kname, loop);")
	g.indent--
	g.line("}")
	text = g.b.String()
	m.host.WriteString("\n// " + k.Name + ": launch\n" + text[start:])
	g.b.Reset()
	g.b.WriteString(text[:start])
}

// mslPositions are the thread positions every kernel that combines values
// in threadgroups takes (the launch routine passes them in this order).
var mslPositions = []string{
	"uint fgpu_tid [[thread_position_in_grid]]",
	"uint fgpu_nthr [[threads_per_grid]]",
	"uint fgpu_tg [[threadgroup_position_in_grid]]",
	"uint fgpu_lid [[thread_position_in_threadgroup]]",
	"uint fgpu_ntg [[threads_per_threadgroup]]",
	"uint fgpu_lane [[thread_index_in_simdgroup]]",
	"uint fgpu_sg [[simdgroup_index_in_threadgroup]]",
	"uint fgpu_nsg [[simdgroups_per_threadgroup]]",
	"uint fgpu_nl [[threads_per_simdgroup]]",
}

// combinedKernels writes the iteration function, the kernel and the
// second pass of a kernel that combines reductions and last values (reds)
// in threadgroups (see kernel); bufs and args are the kernel's buffers
// (declared, passed), unpack its argument struct's locals.
func (m *mslBackend) combinedKernels(g *kernelGen, reds []mslRed, bufs, args, unpack []string) {
	k := g.k
	// The iteration function.
	params := append([]string{fmt.Sprintf("constant %s_args& fgpu_a", k.Name)}, bufs...)
	params = append(params, "const int64_t t")
	callArgs := append([]string{"fgpu_a"}, args...)
	callArgs = append(callArgs, "t")
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			params = append(params, "thread int64_t& lit_"+nm, fmt.Sprintf("thread %s& lv_%s", r.ct, nm))
			callArgs = append(callArgs, "lit_"+nm, "lv_"+nm)
			continue
		}
		params = append(params, fmt.Sprintf("thread %s& acc_%s", r.ct, nm))
		callArgs = append(callArgs, "acc_"+nm)
		g.names[r.p.Sym] = "acc_" + nm
		g.logic[r.p.Sym] = r.p.Sym.Type.Base == frontend.TyLogical
	}
	g.line("FGPU_FN void %s_iter(%s) {", k.Name, strings.Join(params, ", "))
	g.indent++
	for _, u := range unpack {
		g.line("%s", u)
	}
	g.iterationBody()
	g.indent--
	g.line("}")

	// The kernel: the thread's iterations, then its threadgroup's partials.
	sig := []string{fmt.Sprintf("constant %s_args& fgpu_a [[buffer(0)]]", k.Name)}
	nb := 1
	buf := func(b string) {
		sig = append(sig, fmt.Sprintf("%s [[buffer(%d)]]", b, nb))
		nb++
	}
	for _, b := range bufs {
		buf(b)
	}
	partBufs := func() {
		for _, r := range reds {
			nm := r.p.Sym.Name
			if r.last {
				buf("device int64_t* pit_" + nm)
				buf(fmt.Sprintf("device %s* pv_%s", r.ct, nm))
			} else {
				buf(fmt.Sprintf("device %s* part_%s", r.ct, nm))
			}
		}
	}
	partBufs()
	sig = append(sig, mslPositions...)
	g.line("kernel void %s_dev(%s) {", k.Name, strings.Join(sig, ", "))
	g.indent++
	m.accumulators(g, reds)
	g.line("for (int64_t t = (int64_t)fgpu_tid; t < fgpu_a.ntot; t += (int64_t)fgpu_nthr) %s_iter(%s);", k.Name, strings.Join(callArgs, ", "))
	m.threadgroupCombine(g, reds, func(r mslRed) {
		nm := r.p.Sym.Name
		if r.last {
			g.line("pit_%s[fgpu_tg] = lit_%s; pv_%s[fgpu_tg] = lv_%s;", nm, nm, nm, nm)
		} else {
			g.line("part_%s[fgpu_tg] = acc_%s;", nm, nm)
		}
	})
	g.indent--
	g.line("}")

	// The second pass: one threadgroup combines the partials.
	sig = []string{fmt.Sprintf("constant %s_args& fgpu_a [[buffer(0)]]", k.Name)}
	nb = 1
	partBufs()
	for _, r := range reds {
		buf(fmt.Sprintf("device %s* ref_%s", r.ct, r.p.Sym.Name))
	}
	sig = append(sig, mslPositions...)
	g.line("kernel void %s_fin(%s) {", k.Name, strings.Join(sig, ", "))
	g.indent++
	m.accumulators(g, reds)
	g.line("for (int64_t b = (int64_t)fgpu_lid; b < fgpu_a.fgpu_np; b += (int64_t)fgpu_ntg) {")
	g.indent++
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			g.line("if (pit_%s[b] > lit_%s) { lit_%s = pit_%s[b]; lv_%s = pv_%s[b]; }", nm, nm, nm, nm, nm, nm)
		} else {
			g.line("acc_%s = %s;", nm, redCombine(r.p.Op, r.ct, "acc_"+nm, fmt.Sprintf("part_%s[b]", nm)))
		}
	}
	g.indent--
	g.line("}")
	m.threadgroupCombine(g, reds, func(r mslRed) {
		nm := r.p.Sym.Name
		before := fmt.Sprintf("(fgpu_a.od_%s ? *ref_%s : fgpu_a.init_%s)", nm, nm, nm)
		if r.last {
			g.line("*ref_%s = lit_%s >= 0 ? lv_%s : %s;", nm, nm, nm, before)
		} else {
			g.line("*ref_%s = %s;", nm, redCombine(r.p.Op, r.ct, before, "acc_"+nm))
		}
	})
	g.indent--
	g.line("}")
}

// accumulators declares a thread's accumulators (the identity) and
// (iteration, value) pairs (none yet).
func (*mslBackend) accumulators(g *kernelGen, reds []mslRed) {
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			g.line("int64_t lit_%s = -1; %s lv_%s = %s();", nm, r.ct, nm, r.ct)
		} else {
			g.line("%s acc_%s = %s;", r.ct, nm, r.id)
		}
	}
}

// threadgroupCombine writes the combination of every thread's accumulators
// and pairs into SIMD-group 0's lane 0, which then runs out(r) for each.
func (m *mslBackend) threadgroupCombine(g *kernelGen, reds []mslRed, out func(r mslRed)) {
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			g.line("threadgroup int64_t fgpu_shi_%s[32]; threadgroup %s fgpu_shv_%s[32];", nm, r.ct, nm)
		} else {
			g.line("threadgroup %s fgpu_sh_%s[32];", r.ct, nm)
		}
	}
	m.simdCombine(g, reds)
	g.line("if (fgpu_lane == 0) {")
	g.indent++
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			g.line("fgpu_shi_%s[fgpu_sg] = lit_%s; fgpu_shv_%s[fgpu_sg] = lv_%s;", nm, nm, nm, nm)
		} else {
			g.line("fgpu_sh_%s[fgpu_sg] = acc_%s;", nm, nm)
		}
	}
	g.indent--
	g.line("}")
	g.line("threadgroup_barrier(mem_flags::mem_threadgroup);")
	g.line("if (fgpu_sg != 0) return;")
	for _, r := range reds {
		nm := r.p.Sym.Name
		if r.last {
			g.line("if (fgpu_lane < fgpu_nsg) { lit_%s = fgpu_shi_%s[fgpu_lane]; lv_%s = fgpu_shv_%s[fgpu_lane]; } else { lit_%s = -1; }", nm, nm, nm, nm, nm)
		} else {
			g.line("acc_%s = fgpu_lane < fgpu_nsg ? fgpu_sh_%s[fgpu_lane] : (%s)(%s);", nm, nm, r.ct, r.id)
		}
	}
	m.simdCombine(g, reds)
	g.line("if (fgpu_lane != 0) return;")
	for _, r := range reds {
		out(r)
	}
}

// simdCombine combines each thread's accumulators and pairs across the
// lanes of its SIMD-group, into lane 0 (every lane for Metal's
// reductions).
func (*mslBackend) simdCombine(g *kernelGen, reds []mslRed) {
	for _, r := range reds {
		nm := r.p.Sym.Name
		switch fn := mslSimdFn(r.p.Op, r.p.Sym.Type); {
		case r.last:
			g.line("for (ushort o = fgpu_nl / 2; o > 0; o >>= 1) { const int64_t oi = fgpu_shuffle_down(lit_%s, o); const %s ov = fgpu_shuffle_down(lv_%s, o); if (oi > lit_%s) { lit_%s = oi; lv_%s = ov; } }", nm, r.ct, nm, nm, nm, nm)
		case fn != "":
			g.line("acc_%s = %s(acc_%s);", nm, fn, nm)
		default:
			g.line("for (ushort o = fgpu_nl / 2; o > 0; o >>= 1) acc_%s = %s;", nm, redCombine(r.p.Op, r.ct, "acc_"+nm, fmt.Sprintf("fgpu_shuffle_down(acc_%s, o)", nm)))
		}
	}
}

// lastRecord keeps the pair of the thread's last writing iteration (its
// grid-stride order is increasing); the threadgroups combine the pairs.
func (*mslBackend) lastRecord(n, it, v string) string {
	return fmt.Sprintf("if (w_%s && %s > lit_%s) { lit_%s = %s; lv_%s = %s; }", n, it, n, n, it, n, v)
}

// leaveStopped: an MSL thread returns at the stop (stopLeave).
func (*mslBackend) leaveStopped(g *kernelGen) string { return "" }

// blockNests: nested loops run in the iteration's thread (threadgroup
// sharing is a later slice).
func (*mslBackend) blockNests() bool { return false }

var stdCallRE = regexp.MustCompile(`\bstd::(\w+)`)

// mslMath writes, in the text the legacy writer wrote, std::f as
// metal::f for the functions Metal has, and as the prelude's for those it
// writes (cxx.MetalFunc, the kernel IR's printer's names); others stay
// std:: (mslCheck reports them).
func mslMath(text string) string {
	return stdCallRE.ReplaceAllStringFunc(text, func(s string) string {
		if m, ok := cxx.MetalFunc(strings.TrimPrefix(s, "std::")); ok {
			return m
		}
		return s
	})
}

// The texts of the constructs MSL does not hold (mslLimits, mslIRLimits).
const (
	mslWhatFunc    = "the function %s, which Metal does not have (or not under that name)"
	mslWhatLambda  = "an array value computed in the body (a reduction, norm or shift of an array: a lambda, which MSL does not have)"
	mslWhatMissing = "%s, which MSL does not have"
)

// mslLimits are what the legacy body writer may write that is not MSL, or
// not MSL this slice writes correctly, with what to call it (the kernels
// printed from the kernel IR: mslIRLimits).
var mslLimits = []struct {
	re   *regexp.Regexp
	what string
	// ok, when set, accepts a match (an address with its space).
	ok func(m []string) bool
}{
	{regexp.MustCompile(`\bstd::(\w+)`), mslWhatFunc, nil},
	{regexp.MustCompile(`\[&\]`), mslWhatLambda, nil},
	{regexp.MustCompile(`\bgoto\b`), "a jump (MSL has no goto)", nil},
	{regexp.MustCompile(`\bfgpu_hp\b|fgpu_heap_alloc|fgpu_desc<`), "the device heap", nil},
	{regexp.MustCompile(`\bfgpu_tab\d`), "element tables of allocatable components", nil},
	{regexp.MustCompile(`(\w*)\s*\b(?:char|void)\*`), "an address without an MSL address space (an array dummy of a device procedure, a section passed whole)",
		func(m []string) bool { return m[1] == "device" || m[1] == "thread" || m[1] == "constant" }},
	{regexp.MustCompile(`\b(?:double|fgpu_shfl_down|__\w+)\b`), mslWhatMissing, nil},
}

// mslCheck reports, at pos, the first construct of text (MSL the legacy
// body writer wrote) that MSL does not hold or this slice does not write.
func mslCheck(g *kernelGen, text string, pos frontend.Pos) {
	for _, l := range mslLimits {
		for _, m := range l.re.FindAllStringSubmatch(text, -1) {
			if l.ok != nil && l.ok(m) {
				continue
			}
			what := l.what
			if strings.Contains(what, "%s") {
				arg := m[0]
				if len(m) > 1 && m[1] != "" {
					arg = m[1]
				}
				what = fmt.Sprintf(what, arg)
			}
			mslReport(g, what, pos)
			return
		}
	}
}

// mslIRLimits reports, at the loop, the first construct of a kernel whose
// iteration was printed from the kernel IR that MSL does not hold, as the
// IR printer found them (cxx.MSLLimits: from the IR's nodes and types),
// with mslCheck's texts and order: the same diagnostics as the legacy
// writer's text gives (TestKIRBodiesMSL compares them). What the rest of
// the kernel's text could hold (a jump, the device heap, element tables,
// addresses without a space) is the IR's constructs or rejected before
// the iteration is printed (mslBackend.kernel, openSerial).
func mslIRLimits(g *kernelGen, lim cxx.MSLLimits) {
	pos := g.k.Do.Pos
	switch {
	case lim.Function != "":
		mslReport(g, fmt.Sprintf(mslWhatFunc, lim.Function), pos)
	case lim.Lambda:
		mslReport(g, mslWhatLambda, pos)
	case lim.Double:
		mslReport(g, fmt.Sprintf(mslWhatMissing, "double"), pos)
	}
}

// mslReport is the "not yet implemented" error of construct what at pos.
func mslReport(g *kernelGen, what string, pos frontend.Pos) {
	var loop frontend.Pos
	if g.k != nil {
		loop = g.k.Do.Pos
	}
	g.diags = append(g.diags, frontend.NYI(frontend.NYIMSL, pos, loop, "%s in MSL (--gpu=metal_cpu)", what))
}

// mslFile assembles the kernel file: on metal_cpu, fgpu_msl_cpu.h, the MSL
// (msl: prelude, device functions, kernels), then the launch routines with
// the host-side checks (checks: the static assertion of the stop sites,
// the layout flags).
func (m *mslBackend) file(msl string, checks []string) string {
	var b strings.Builder
	b.WriteString("// fgpu kernels: the Metal Shading Language between the markers, compiled as\n// C++ through fgpu_msl_cpu.h (--gpu=metal_cpu); then the launch routines.\n")
	b.WriteString(mslCPUHeader)
	b.WriteString("// ---- MSL begin ----\n")
	b.WriteString(msl)
	b.WriteString("// ---- MSL end ----\n")
	sort.Strings(checks[1:]) // (the layout flags; the stop assertion first)
	for _, c := range checks {
		b.WriteString(c)
	}
	b.WriteString(m.host.String())
	return b.String()
}

// noLambda is, in MSL, which has no lambdas, the value of the immediately
// invoked lambda lam ("[&]() { STATEMENTS return X; }()", of C type ct)
// as a variable the statements assign, written before the line that
// reads it (g.pre, flushPre); lam itself for C++.
func (g *kernelGen) noLambda(ct, lam string) string {
	if !g.msl() {
		return lam
	}
	stmt, v, ok := cxx.Unlambda(ct, lam, g.tmp)
	if !ok {
		return lam // (mslCheck reports the lambda)
	}
	g.tmp++
	g.pre = append(g.pre, stmt)
	return v
}

// mslArrayInCond is the text of an array value in a condition that
// flushPre (and the kernel IR's printer, cxx.MSLLimits.ArrayInCond) does
// not write.
const mslArrayInCond = "an array value computed in a DO WHILE or ELSE IF condition in MSL (--gpu=metal_cpu)"

// flushPre writes the statements of g.pre before the line of format,
// which reads their values; a line that would evaluate them again (a
// while condition) or after the statements' block (an else-if
// condition) is not written so yet.
func (g *kernelGen) flushPre(format string) {
	pre := g.pre
	g.pre = nil
	if f := strings.TrimSpace(format); strings.HasPrefix(f, "while") || strings.HasPrefix(f, "} else if") {
		var pos frontend.Pos
		switch {
		case g.k != nil:
			pos = g.k.Do.Pos
		case g.proc != nil:
			pos = g.proc.Pos
		}
		g.nyi(frontend.NYIMSL, pos, mslArrayInCond)
	}
	for _, p := range pre {
		g.b.WriteString(strings.Repeat("  ", g.indent) + p + "\n")
	}
}

// mslBoundsPrelude is bounds.go's check for MSL: the site and code it
// records are the thread's (the iteration's, or a device procedure's
// hidden arguments).
func mslBoundsPrelude() string {
	return strings.Replace(boundsPrelude, "int64_t* ps, int64_t* pc", "thread int64_t* ps, thread int64_t* pc", 1)
}
