package emit

// The CPU backend (--gpu=cpu): C++17 kernels whose launch routine runs the
// iterations itself on OpenMP threads, the reductions and last values in
// OpenMP reduction clauses, and returns when they are done.
//
// The loop nest of a CPU kernel. The iteration space is not
// linearised: one index is the innermost loop, a plain counted loop under
// `#pragma omp simd` (the iterations of a do concurrent are independent by
// the standard, so the assertion is sound; locals are declared in the body,
// hence private), and the other indices are the outer loops; the outer
// iterations and blocks of cpuBlock innermost iterations are shared among
// the threads by `#pragma omp parallel for collapse(n) schedule(static)`
// (a one-index loop is one `parallel for simd`). The innermost loop is the
// index most array references of the body have as their first subscript,
// the next one the index of their second subscript, and so on, as
// rules/mapping.mg decided (Kernel.Order); without such references, the
// first Fortran index is innermost (as in gfortran's serial loop). Any order is an order of the iterations the
// standard allows. This nest is the unit-stride version, taken when at
// launch every array's first-dimension byte stride is its element size and
// no FGPU_CPU_ORDER test mode is set, in which those strides are
// compile-time constants (shadowing sm1_X) and a default-integer innermost
// index is computed in 32-bit arithmetic from a 32-bit counter (so that
// addresses are affine in the counter and the compiler vectorises
// contiguous accesses). The other version of every kernel is the general
// one (cpuLinear): scalar rows over the innermost index, shared by the
// threads, which the test modes cut into single iterations and permute;
// a packed kernel has its packed version before both
// (pack.go). Each version is one more OpenMP outlined function and its
// code to compile: two (or three) a kernel, no more (bench/build/README.md).
// Floating point is untouched: the kernels are still built without FMA
// contraction and fast math, so every operation rounds as gfortran's.

import (
	"fmt"
	"regexp"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// cpuSerialBelow is the trip count below which a light kernel (no loop,
// no procedure call in its body) runs on the calling thread: a parallel
// region costs a few microseconds, more than a few thousand cheap
// iterations.
const cpuSerialBelow = 4096

// cpuBlock is the block of the innermost loop of a kernel of several
// indices (cpuNest): long enough that blocks rarely split a row.
const cpuBlock = 16384

// cpuBackend writes C++17 kernels run by OpenMP threads on the host.
type cpuBackend struct{}

func (cpuBackend) prelude() string { return kernelPrelude }

// kernel writes the launch routine of g.k, which runs the iterations
// itself: a loop nest (emitCPUNest) under OpenMP, the reductions and last
// values in OpenMP reduction clauses.
func (cpuBackend) kernel(g *kernelGen, params []string, loopAt string) {
	k := g.k
	g.line("extern \"C\" void %s(%s) {", k.Name, strings.Join(params, ", "))
	g.indent++
	g.line("static const char* kname = %q; static const char* loop = %q;", k.Name, loopAt)
	g.registerBuffers()
	g.arrayLocals()
	n := len(k.Indices)
	for d := 1; d <= n; d++ {
		g.line("const int64_t n%d = fgpu_trip(lo%d, hi%d, st%d);", d, d, d, d)
	}
	g.line("const int64_t ntot = %s;", tripProduct(n))
	for d := range k.Serial {
		g.line("const int64_t sn%d = fgpu_trip(slo%d, shi%d, sst%d);", d+1, d+1, d+1, d+1)
	}
	g.line("fgpu_rt_launch_begin(kname, loop);")
	g.heapSetup()
	g.workspaceSetup()
	// Reductions: accumulators start with the variable's value.
	var red []string
	for _, p := range k.Params {
		if p.Kind == lowering.ReduceParam {
			g.line("%s acc_%s = *ref_%s;", ctype(p.Sym.Type), p.Sym.Name, p.Sym.Name)
			op, ok := ompReduction(p.Op)
			if !ok {
				g.nyi(frontend.NYIReduceType, k.Do.Pos, "reduce(%s: %s)", p.Op, p.Sym.Name)
				continue
			}
			red = append(red, fmt.Sprintf("reduction(%s:acc_%s)", op, p.Sym.Name))
			g.names[p.Sym] = "acc_" + p.Sym.Name
			g.logic[p.Sym] = p.Sym.Type.Base == frontend.TyLogical
		}
	}
	if strings.Contains(strings.Join(red, " "), "fgpu_eqv") {
		g.line("#pragma omp declare reduction(fgpu_eqv : int32_t, int64_t, int8_t, int16_t : omp_out = (omp_out == omp_in)) initializer(omp_priv = 1)")
	}
	// Scalars whose value after the loop may be read: each thread keeps the
	// (iteration, value) of the latest iteration in gfortran's order that
	// wrote it; the larger iteration wins when the threads combine.
	declared := map[string]bool{}
	for _, p := range k.Params {
		if p.Kind != lowering.LastParam {
			continue
		}
		ct := ctype(p.Sym.Type)
		if !declared[ct] {
			declared[ct] = true
			g.line("#pragma omp declare reduction(fgpu_last : fgpu_lastv<%s> : omp_out = (omp_in.it > omp_out.it ? omp_in : omp_out)) initializer(omp_priv = fgpu_lastv<%s>())", ct, ct)
		}
		g.line("fgpu_lastv<%s> lp_%s;", ct, p.Sym.Name)
		red = append(red, fmt.Sprintf("reduction(fgpu_last:lp_%s)", p.Sym.Name))
	}
	g.emitCPUNest(red)
	for _, p := range k.Params {
		switch p.Kind {
		case lowering.ReduceParam:
			g.line("*ref_%s = acc_%s;", p.Sym.Name, p.Sym.Name)
		case lowering.LastParam:
			g.line("if (lp_%s.it >= 0) *ref_%s = lp_%s.v;", p.Sym.Name, p.Sym.Name, p.Sym.Name)
		}
	}
	g.line("fgpu_rt_launched(kname, loop);")
	g.indent--
	g.line("}")
}

// lastRecord keeps the pair of the thread's largest iteration in
// gfortran's order (an OpenMP reduction, fgpu_lastv).
func (cpuBackend) lastRecord(n, it, v string) string {
	return fmt.Sprintf("if (w_%s && %s > lp_%s.it) { lp_%s.it = %s; lp_%s.v = %s; }", n, it, n, n, it, n, v)
}

// leaveStopped: a stopped iteration ends; the thread goes on (the launch
// routine returns after the region).
func (cpuBackend) leaveStopped(g *kernelGen) string { return "" }

// blockNests: the CPU runs shared nested loops in the iteration's thread.
func (cpuBackend) blockNests() bool { return false }

// ompReduction is the OpenMP reduction identifier of a reduce operator
// (fgpu_eqv is declared by the launch routine that uses it).
func ompReduction(op string) (string, bool) {
	switch op {
	case "+":
		return "+", true
	case "*":
		return "*", true
	case "max":
		return "max", true
	case "min":
		return "min", true
	case "iand":
		return "&", true
	case "ior":
		return "|", true
	case "ieor", ".neqv.":
		return "^", true
	case ".and.":
		return "&&", true
	case ".or.":
		return "||", true
	case ".eqv.":
		return "fgpu_eqv", true
	}
	return "", false
}

// emitCPUNest writes the loop nest of the launch routine of a CPU kernel,
// after ntot, the n%d and the reduction accumulators; red holds the
// reduction clauses.
func (g *kernelGen) emitCPUNest(red []string) {
	k := g.k
	g.trip = func(d int) string { return fmt.Sprintf("t%d", d+1) }
	// The body once, at indent 0, cut out of g.b; pasted into both nests.
	saved := g.indent
	start := g.b.Len()
	g.indent = 0
	g.iterationBody()
	all := g.b.String()
	body := all[start:]
	g.b.Reset()
	g.b.WriteString(all[:start])
	g.indent = saved

	// simd is asserted unless iterations write shared scalars (ScalarOut:
	// the write-back of the iterations that wrote them must stay a store
	// of one whole iteration's value).
	simd := true
	for _, p := range k.Params {
		if p.Kind == lowering.ScalarOut || p.Kind == lowering.LastParam {
			simd = false
		}
	}
	// FGPU_CPU_ORDER (runtime/README.md): in the test modes every iteration
	// runs in another order, on every thread, whatever the trip count, in
	// the general version (cpuLinear); the packed and unit-stride versions
	// are taken only without it.
	g.line("const int fgpu_ord = fgpu_cpu_order();")
	order := kernelOrder(k) // (rules/mapping.mg through lowering's mapping pass)
	in := order[0] + 1      // the innermost index, 1-based
	light := !strings.Contains(body, "for (") && !strings.Contains(body, "while (") && !deviceCallRE.MatchString(body)
	// The unit-stride condition.
	cond := []string{"fgpu_ord == 0"}
	var shadow []string
	for _, p := range k.Params {
		if p.Kind != lowering.ArrayParam || p.ElemsOnly {
			continue
		}
		s := p.Sym
		ct := ctype(s.Type)
		cond = append(cond, fmt.Sprintf("sm1_%s == (int64_t)sizeof(%s)", s.Name, ct))
		shadow = append(shadow, fmt.Sprintf("const int64_t sm1_%s = (int64_t)sizeof(%s);", s.Name, ct))
	}
	it := k.Indices[order[0]].Type
	narrow := it.Base == frontend.TyInteger && it.Kind == 4
	// The innermost index's step: 1, or a constant of the source (a loop
	// over tiles, bench/apps/stencil): the nest then runs with the
	// first-dimension strides constant too, so that the loops of the tile
	// vectorise (issue 30), its index lo + t*st in 32 bits where
	// (n - 1) * |st| fits.
	step := int64(1)
	if b := k.Bounds; narrow && order[0] < len(b) && b[order[0]].Step != nil {
		if c, ok := lowering.ConstInt(b[order[0]].Step); ok && c != 0 && c >= -65536 && c <= 65536 {
			step = c
		}
	}
	if narrow && step == 1 {
		cond = append(cond, strings.ReplaceAll("nI <= 2147483647 && stI == 1", "I", fmt.Sprint(in)))
	} else if narrow {
		a := step
		if a < 0 {
			a = -a
		}
		cond = append(cond, fmt.Sprintf("n%d <= %d && st%d == %d", in, 2147483647/a, in, step))
	}
	if pk := packPlan(k); pk != nil && (g.cpuPacked(pk, red) || g.cpuPackedReduce(pk, red)) {
		g.line("} else if (%s) {", strings.Join(cond, " && "))
	} else {
		g.line("if (%s) {", strings.Join(cond, " && "))
	}
	g.indent++
	if len(cond) > 1 {
		if step == 1 {
			g.line("// Unit stride: constant first-dimension strides, 32-bit innermost index, step 1.")
		} else {
			g.line("// Unit stride: constant first-dimension strides, 32-bit innermost index, step %d.", step)
		}
	} else {
		g.line("// The kernel's own order (no stride to test).")
	}
	for _, s := range shadow {
		g.line("%s", s)
	}
	if narrow {
		g.line("const int32_t fgpu_lo = (int32_t)lo%d, fgpu_n = (int32_t)n%d;", in, in)
		g.line("{")
		g.indent++
		g.line("const int32_t lo%d = fgpu_lo, st%d = %d;", in, in, step)
	}
	g.cpuNest(body, red, order, simd, light, narrow)
	if narrow {
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("} else {")
	g.indent++
	g.cpuLinear(strings.ReplaceAll(body, "fgpu_next", "fgpu_next_g"), red, order, light)
	g.indent--
	g.line("}")
}

// cpuLinear writes the general version of a CPU kernel, which is also the
// loop of the FGPU_CPU_ORDER test modes. The iterations are rows: a row is
// a block of consecutive trips of the innermost index (of the kernel's
// order) at fixed outer indices, a plain counted loop (the addresses
// affine in its counter, as in the unit-stride nest; no `omp simd`: the
// strides are not 1 where this version runs, which SSE2 does not
// vectorise with profit, and the vectoriser's attempt costs compile time,
// bench/build/README.md), and the threads share the rows (OpenMP's static
// schedule). Without a test
// mode the innermost trip count is cut into one block a thread (one
// index) or blocks of about cpuBlock trips; in a test mode every block is
// one trip, so row r is the iteration of linear number
// fgpu_cpu_order_index(r, ntot), the innermost index varying fastest (a
// reversal or a permutation: a result that depends on the order of the
// iterations changes), and there is no serial cut-off.
// fgpu_cpu_order_index is called a row without a test of the mode (it
// returns r without one): the loop has no invariant condition for the
// compiler to unswitch into two copies.
func (g *kernelGen) cpuLinear(body string, red []string, order []int, light bool) {
	n := len(g.k.Indices)
	in := order[0] + 1
	r := strings.Join(red, " ")
	g.line("// The general version; FGPU_CPU_ORDER's order when fgpu_ord != 0.")
	if n == 1 {
		g.line("const int64_t fgpu_nb = fgpu_ord != 0 ? n%d : fgpu_min<int64_t>(n%d, fgpu_num_threads());", in, in)
	} else {
		g.line("const int64_t fgpu_nb = fgpu_ord != 0 ? n%d : (n%d + %d) / %d;", in, in, cpuBlock-1, cpuBlock)
	}
	g.line("const int64_t fgpu_nr = ntot == 0 ? 0 : fgpu_nb * (ntot / n%d);", in)
	g.line("const int64_t fgpu_bq = ntot == 0 ? 0 : n%d / fgpu_nb, fgpu_br = ntot == 0 ? 0 : n%d %% fgpu_nb;", in, in)
	par := "#pragma omp parallel for schedule(static)"
	if light {
		par += fmt.Sprintf(" if(parallel: fgpu_ord != 0 || ntot >= %d)", cpuSerialBelow)
	}
	g.line("%s %s", par, r)
	g.line("for (int64_t fgpu_r = 0; fgpu_r < fgpu_nr; ++fgpu_r) {")
	g.indent++
	g.line("int64_t fgpu_l = fgpu_cpu_order_index(fgpu_r, fgpu_nr);")
	g.line("const int64_t fgpu_j = fgpu_l %% fgpu_nb; fgpu_l /= fgpu_nb;")
	for l := 1; l < n; l++ {
		d := order[l] + 1
		if l == n-1 {
			g.line("const int64_t t%d = fgpu_l;", d)
		} else {
			g.line("const int64_t t%d = fgpu_l %% n%d; fgpu_l /= n%d;", d, d, d)
		}
	}
	// Block j: trips [j*bq + min(j, br), (j+1)*bq + min(j+1, br)).
	g.line("const int64_t fgpu_s = fgpu_j * fgpu_bq + fgpu_min<int64_t>(fgpu_j, fgpu_br);")
	g.line("const int64_t fgpu_e = fgpu_s + fgpu_bq + (fgpu_j < fgpu_br ? 1 : 0);")
	g.line("for (int64_t t%d = fgpu_s; t%d < fgpu_e; ++t%d) {", in, in, in)
	g.indent++
	g.text(body)
	g.indent--
	g.line("}")
	g.indent--
	g.line("}")
}

// cpuPacked writes the packed version of a CPU kernel (pack.go) that
// stores arrays, taken when they are contiguous and aligned and the
// elements the loop accesses are more than the last-level cache holds: the
// stores are non-temporal (fgpu_cpu_streaming in the runtime), which saves
// the read of each stored cache line. It opens an "if (...) { ..." that
// the unit-stride and general versions continue with "} else if"; false
// when the kernel stores nothing (nothing written).
func (g *kernelGen) cpuPacked(pk *packInfo, red []string) bool {
	stored, moved := 0, 0
	for _, a := range pk.arrays {
		if a.store {
			stored += a.size
		}
		moved += a.size
	}
	if stored == 0 {
		return false
	}
	g.cpuPackRegion(pk, fmt.Sprintf("%s && fgpu_cpu_streaming((size_t)ntot * %d)", g.packCondition(pk), moved),
		"non-temporal stores", strings.Join(red, " "), nil, func() {
			g.line("fgpu_stream_fence(); // (before the region's closing barrier)")
		}, func(addr, typ, val string) string {
			return fmt.Sprintf("fgpu_stream_store(%s, %s);", addr, val)
		})
	return true
}

// cpuReduceBytes is the size of a pack of the CPU's reductions: 64 bytes of
// the widest element, one accumulator a lane (eight chains of real(8)
// additions instead of the two of a vectorised loop: on the H200 machine's
// 16 cores a dot product so read 95-108 GB/s against 88-98; bench/RESULTS.md).
const cpuReduceBytes = 64

// cpuPackedReduce writes the packed version of a CPU kernel that reduces
// and stores nothing (pack.go), taken when its arrays are contiguous and
// aligned: packs of cpuReduceBytes of the widest element, each lane with
// accumulators of its own, combined in lane order at the end of each
// thread's share (any order of a reduction is one the standard allows). It
// opens an "if (...) { ..." as cpuPacked does; false when the kernel has
// no reduction this path takes.
func (g *kernelGen) cpuPackedReduce(orig *packInfo, red []string) bool {
	type acc struct {
		sym      *frontend.Symbol
		ct, id   string
		op, name string
	}
	var accs []acc
	for _, p := range g.k.Params {
		if p.Kind != lowering.ReduceParam {
			continue
		}
		id, _, ok := deviceReduction(p.Op, p.Sym.Type)
		if !ok {
			return false
		}
		accs = append(accs, acc{p.Sym, ctype(p.Sym.Type), id, p.Op, g.names[p.Sym]})
	}
	if len(accs) == 0 {
		return false
	}
	pk := *orig
	pk.lanes = cpuReduceBytes / pk.widest
	enter := func() {
		for _, a := range accs {
			var ls []string
			for l := 0; l < pk.lanes; l++ {
				ls = append(ls, fmt.Sprintf("%s_%d = %s", a.name, l, a.id))
			}
			g.line("%s %s;", a.ct, strings.Join(ls, ", "))
		}
		g.laneNames = func(lane int) {
			for _, a := range accs {
				g.names[a.sym] = fmt.Sprintf("%s_%d", a.name, lane)
			}
		}
	}
	leave := func() {
		g.laneNames = nil
		for _, a := range accs {
			g.names[a.sym] = a.name
			for l := 0; l < pk.lanes; l++ {
				g.line("%s = %s;", a.name, redCombine(a.op, a.ct, a.name, fmt.Sprintf("%s_%d", a.name, l)))
			}
		}
	}
	g.cpuPackRegion(&pk, g.packCondition(&pk), "accumulators a lane",
		fmt.Sprintf("%s if(parallel: ntot >= %d)", strings.Join(red, " "), cpuSerialBelow), enter, leave, nil)
	return true
}

// cpuPackRegion writes "if (cond) {" (never in a FGPU_CPU_ORDER test
// mode) and a packed CPU loop: one parallel
// region (clauses) whose threads share the packs (`omp for nowait`), with
// enter and leave (when set) written in the region before and after the
// loop, then the iterations after the last whole pack on the calling
// thread; store as for packBody.
func (g *kernelGen) cpuPackRegion(pk *packInfo, cond, what, clauses string, enter, leave func(), store func(addr, typ, val string) string) {
	g.line("if (fgpu_ord == 0 && %s) {", cond)
	g.indent++
	g.line("// Packs of %d iterations, %s.", pk.lanes, what)
	g.line("const int64_t fgpu_np = ntot / %d;", pk.lanes)
	g.line("#pragma omp parallel %s", clauses)
	g.line("{")
	g.indent++
	if enter != nil {
		enter()
	}
	g.line("#pragma omp for schedule(static) nowait")
	g.line("for (int64_t p = 0; p < fgpu_np; ++p) {")
	g.indent++
	g.line("const int64_t fgpu_i0 = lo1 + p * %d;", pk.lanes)
	g.packBody(pk, "fgpu_i0", smName, store)
	g.indent--
	g.line("}")
	if leave != nil {
		leave()
	}
	g.indent--
	g.line("}")
	g.line("for (int64_t fgpu_r = fgpu_np * %d; fgpu_r < ntot; ++fgpu_r) {", pk.lanes)
	g.indent++
	g.laneBody("lo1 + fgpu_r")
	g.indent--
	g.line("}")
	g.indent--
}

// cpuNest writes one loop nest around body (a label per copy: labels are
// per function in C++); order lists the indices innermost first. narrow:
// the innermost counter is 32-bit, bounded by fgpu_n.
func (g *kernelGen) cpuNest(body string, red []string, order []int, simd, light, narrow bool) {
	n := len(g.k.Indices)
	in := order[0] + 1
	r := strings.Join(red, " ")
	par := "#pragma omp parallel for schedule(static)"
	if light {
		par += fmt.Sprintf(" if(parallel: ntot >= %d)", cpuSerialBelow)
	}
	if n == 1 {
		if simd {
			par = strings.Replace(par, "parallel for", "parallel for simd", 1)
		}
		g.line("%s %s", par, r)
		if narrow {
			g.line("for (int32_t t%d = 0; t%d < fgpu_n; ++t%d) {", in, in, in)
		} else {
			g.line("for (int64_t t%d = 0; t%d < n%d; ++t%d) {", in, in, in, in)
		}
	} else {
		// The innermost loop in blocks of cpuBlock iterations, the block
		// number one more collapsed loop: the threads share the blocks when
		// the outer loops are shorter than the number of threads.
		par = strings.Replace(par, "schedule(static)", fmt.Sprintf("collapse(%d) schedule(static)", n), 1)
		g.line("%s %s", par, r)
		for l := n - 1; l >= 1; l-- {
			d := order[l] + 1
			g.line("for (int64_t t%d = 0; t%d < n%d; ++t%d)", d, d, d, d)
		}
		g.line("for (int64_t fgpu_b = 0; fgpu_b < (n%d + %d) / %d; ++fgpu_b)", in, cpuBlock-1, cpuBlock)
		g.line("{")
		g.indent++
		g.line("const int64_t fgpu_e = fgpu_min<int64_t>(n%d, (fgpu_b + 1) * %d);", in, cpuBlock)
		if simd {
			g.line("#pragma omp simd %s", r)
		}
		if narrow {
			g.line("for (int32_t t%d = (int32_t)(fgpu_b * %d); t%d < (int32_t)fgpu_e; ++t%d) {", in, cpuBlock, in, in)
		} else {
			g.line("for (int64_t t%d = fgpu_b * %d; t%d < fgpu_e; ++t%d) {", in, cpuBlock, in, in)
		}
	}
	g.indent++
	g.text(body)
	g.indent--
	g.line("}")
	if n > 1 {
		g.indent--
		g.line("}")
	}
}

// deviceCallRE matches a call of a device procedure (deviceFuncs.add).
var deviceCallRE = regexp.MustCompile(`\bfgpu_p\d+_`)
