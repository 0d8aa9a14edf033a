package emit

// The CUDA backend (--gpu=cuda): a __global__ kernel template over the
// iteration number's type (32-bit when the iterations fit), grid-stride
// (block-stride for a grouped kernel, nest.go), its reductions and last
// values combined per block and then by the last block, and the launch
// routine that registers the buffers, picks the geometry and enqueues the
// kernel on the runtime's stream without waiting.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// cudaBackend writes CUDA C++ kernels built by nvcc.
type cudaBackend struct{}

func (cudaBackend) prelude() string { return kernelPrelude }

// kernel writes the __global__ kernel and the launch routine, which
// enqueues the kernel on the runtime's stream and returns without waiting.
func (cudaBackend) kernel(g *kernelGen, hostParams []string, loopAt string) {
	k := g.k
	g.wholeInit = nil
	dev, _ := deviceParams(k)
	n := len(k.Indices)
	for d := 1; d <= n; d++ {
		dev = append(dev, fmt.Sprintf("int64_t lo%d, int64_t st%d, int64_t n%d", d, d, d))
	}
	dev = append(dev, "int64_t ntot")
	if k.CanStop {
		dev = append(dev, "int64_t* fgpu_status")
	}
	// Reductions of a kernel that cannot stop combine per block (warp
	// shuffles, then shared memory) into a partial per block, and the last
	// block to finish combines the partials in block order into the
	// variable: one pass over the grid, no atomic per thread, and the same
	// result from run to run for the same launch geometry. A kernel that
	// can stop keeps one atomic per thread (a stopped thread returns, which
	// a block-wide combination cannot allow).
	type red struct {
		p        *lowering.Param
		ct, id   string
		atomicFn string
	}
	var reds []red
	for _, p := range k.Params {
		if p.Kind != lowering.ReduceParam {
			continue
		}
		id, fn, ok := deviceReduction(p.Op, p.Sym.Type)
		if !ok {
			g.nyi(frontend.NYIReduceType, k.Do.Pos, "reduce(%s: %s) of type %s on cuda", p.Op, p.Sym.Name, p.Sym.Type)
			continue
		}
		reds = append(reds, red{p, ctype(p.Sym.Type), id, fn})
	}
	// Scalars whose value after the loop may be read (shared_last): each
	// thread keeps the (iteration, value) of its last iteration that wrote
	// one, and the blocks combine the pairs as the reductions (the largest
	// iteration wins: the same result whatever the geometry). A kernel that
	// can stop combines them so too: a stopped thread leaves the
	// grid-stride loop instead of returning (iterationBody).
	var lasts []*lowering.Param
	for _, p := range k.Params {
		if p.Kind == lowering.LastParam {
			lasts = append(lasts, p)
		}
	}
	blockRed := len(reds) > 0 && !k.CanStop || len(lasts) > 0 // (complex reductions are not yet implemented: lowering/verify.go)
	if blockRed {
		g.wholeInit = map[*frontend.Symbol]bool{}
		for _, r := range reds {
			dev = append(dev, fmt.Sprintf("%s* part_%s, int od_%s, %s init_%s", r.ct, r.p.Sym.Name, r.p.Sym.Name, r.ct, r.p.Sym.Name))
			g.wholeInit[r.p.Sym] = true
		}
		for _, p := range lasts {
			n, ct := p.Sym.Name, ctype(p.Sym.Type)
			dev = append(dev, fmt.Sprintf("int64_t* pit_%s, %s* pv_%s, int od_%s, %s init_%s", n, ct, n, n, ct, n))
			g.wholeInit[p.Sym] = true
		}
		dev = append(dev, "unsigned int* fgpu_count")
	}
	pk := packPlan(k)
	if pk != nil {
		// fgpu_L: the iterations of a work item (1: one by one).
		g.line("template <typename fgpu_I, int fgpu_L>")
	} else {
		g.line("template <typename fgpu_I>")
	}
	g.line("__global__ void %s_dev(%s) {", k.Name, strings.Join(dev, ", "))
	g.indent++
	g.sharedDecls = nil
	declsAt := g.b.Len() // (the __shared__ arrays of nested loops go here)
	for _, r := range reds {
		g.line("%s acc_%s = %s;", r.ct, r.p.Sym.Name, r.id)
		g.names[r.p.Sym] = "acc_" + r.p.Sym.Name
		g.logic[r.p.Sym] = r.p.Sym.Type.Base == frontend.TyLogical
	}
	for _, p := range lasts {
		ct := ctype(p.Sym.Type)
		g.line("int64_t lit_%s = -1; %s lv_%s = %s();", p.Sym.Name, ct, p.Sym.Name, ct)
	}
	if pk != nil {
		// Packs of fgpu_L iterations, grid-stride; then the iterations
		// after the last whole pack, one a thread.
		g.line("if (fgpu_L > 1) {")
		g.indent++
		g.line("const fgpu_I fgpu_np = (fgpu_I)(ntot / %d);", pk.lanes)
		g.line("for (fgpu_I p = (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x; p < fgpu_np; p += (fgpu_I)gridDim.x * blockDim.x) {")
		g.indent++
		g.line("const int64_t fgpu_i0 = lo1 + (int64_t)p * %d;", pk.lanes)
		g.packBody(pk, "fgpu_i0", smName, func(addr, typ, val string) string {
			return fmt.Sprintf("*(%s*)(%s) = %s;", typ, addr, val)
		})
		g.indent--
		g.line("}")
		g.line("const fgpu_I fgpu_r = fgpu_np * %d + (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x;", pk.lanes)
		g.line("if (fgpu_r < (fgpu_I)ntot) {")
		g.indent++
		g.laneBody("lo1 + (int64_t)fgpu_r")
		g.indent--
		g.line("}")
		g.indent--
		g.line("} else {")
		g.indent++
	}
	// Grid-stride over the iterations; the index type is 32-bit when the
	// iterations fit (the launch routine chooses), so that the
	// decomposition into indices divides in 32 bits.
	// The fastest index (consecutive threads) is the one rules/mapping.mg
	// chose (Kernel.Order), in flat, combined and grouped kernels alike.
	g.trip = tripOfOrder("t", kernelOrder(k), "fgpu_I")
	if k.Grouped {
		// An iteration a block (nest.go), block-stride.
		g.line("for (fgpu_I t = (fgpu_I)blockIdx.x; t < (fgpu_I)ntot; t += (fgpu_I)gridDim.x) {")
		g.group = true
	} else {
		g.line("for (fgpu_I t = (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x; t < (fgpu_I)ntot; t += (fgpu_I)gridDim.x * blockDim.x) {")
	}
	g.indent++
	g.iterationBody()
	g.indent--
	g.line("}")
	g.group = false
	g.trip = nil
	if len(g.sharedDecls) > 0 {
		text := g.b.String()
		g.b.Reset()
		g.b.WriteString(text[:declsAt])
		for _, d := range g.sharedDecls {
			g.b.WriteString(strings.Repeat("  ", g.indent) + d + "\n")
		}
		g.b.WriteString(text[declsAt:])
	}
	if pk != nil {
		g.indent--
		g.line("}")
	}
	if !blockRed {
		for _, r := range reds {
			g.line("%s(ref_%s, acc_%s);", r.atomicFn, r.p.Sym.Name, r.p.Sym.Name)
		}
	} else {
		g.line("const int fgpu_lane = threadIdx.x & 31, fgpu_warp = threadIdx.x >> 5, fgpu_nw = (blockDim.x + 31) >> 5;")
		blockReduce := func(r red, v string) {
			n := r.p.Sym.Name
			g.line("for (int o = 16; o > 0; o >>= 1) %s = %s;", v, redCombine(r.p.Op, r.ct, v, "fgpu_shfl_down("+v+", o)"))
			g.line("if (fgpu_lane == 0) fgpu_sh_%s[fgpu_warp] = %s;", n, v)
			g.line("__syncthreads();")
			g.line("%s = fgpu_lane < fgpu_nw ? fgpu_sh_%s[fgpu_lane] : (%s)(%s);", v, n, r.ct, r.id)
			g.line("if (fgpu_warp == 0) for (int o = 16; o > 0; o >>= 1) %s = %s;", v, redCombine(r.p.Op, r.ct, v, "fgpu_shfl_down("+v+", o)"))
			g.line("__syncthreads();")
		}
		for _, r := range reds {
			n := r.p.Sym.Name
			g.line("__shared__ %s fgpu_sh_%s[32];", r.ct, n)
			blockReduce(r, "acc_"+n)
			g.line("if (threadIdx.x == 0) part_%s[blockIdx.x] = acc_%s;", n, n)
		}
		// The (iteration, value) pair with the largest iteration.
		blockLast := func(p *lowering.Param, it, v string) {
			n := p.Sym.Name
			pick := fmt.Sprintf("{ const int64_t oi = fgpu_shfl_down(%s, o); const %s ov = fgpu_shfl_down(%s, o); if (oi > %s) { %s = oi; %s = ov; } }", it, ctype(p.Sym.Type), v, it, it, v)
			g.line("for (int o = 16; o > 0; o >>= 1) %s", pick)
			g.line("if (fgpu_lane == 0) { fgpu_shi_%s[fgpu_warp] = %s; fgpu_shv_%s[fgpu_warp] = %s; }", n, it, n, v)
			g.line("__syncthreads();")
			g.line("if (fgpu_lane < fgpu_nw) { %s = fgpu_shi_%s[fgpu_lane]; %s = fgpu_shv_%s[fgpu_lane]; } else { %s = -1; }", it, n, v, n, it)
			g.line("if (fgpu_warp == 0) for (int o = 16; o > 0; o >>= 1) %s", pick)
			g.line("__syncthreads();")
		}
		for _, p := range lasts {
			n, ct := p.Sym.Name, ctype(p.Sym.Type)
			g.line("__shared__ int64_t fgpu_shi_%s[32];", n)
			g.line("__shared__ __align__(16) unsigned char fgpu_shb_%s[32 * sizeof(%s)];", n, ct)
			g.line("%s* const fgpu_shv_%s = (%s*)fgpu_shb_%s;", ct, n, ct, n)
			blockLast(p, "lit_"+n, "lv_"+n)
			g.line("if (threadIdx.x == 0) { pit_%s[blockIdx.x] = lit_%s; pv_%s[blockIdx.x] = lv_%s; }", n, n, n, n)
		}
		// One block (a small reduction): its result is the result; no
		// partials to combine.
		g.line("if (gridDim.x == 1) {")
		g.indent++
		g.line("if (threadIdx.x == 0) {")
		g.indent++
		for _, r := range reds {
			n := r.p.Sym.Name
			g.line("*ref_%s = %s;", n, redCombine(r.p.Op, r.ct, fmt.Sprintf("(od_%s ? *ref_%s : init_%s)", n, n, n), "acc_"+n))
		}
		for _, p := range lasts {
			n := p.Sym.Name
			g.line("*ref_%s = lit_%s >= 0 ? lv_%s : (od_%s ? *ref_%s : init_%s);", n, n, n, n, n, n)
		}
		g.indent--
		g.line("}")
		g.line("return;")
		g.indent--
		g.line("}")
		g.line("__shared__ bool fgpu_last;")
		g.line("if (threadIdx.x == 0) { __threadfence(); fgpu_last = atomicAdd(fgpu_count, 1u) == gridDim.x - 1; }")
		g.line("__syncthreads();")
		g.line("if (fgpu_last) {")
		g.indent++
		g.line("__threadfence();")
		for _, r := range reds {
			n := r.p.Sym.Name
			g.line("%s fgpu_v_%s = %s;", r.ct, n, r.id)
			g.line("for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) fgpu_v_%s = %s;", n,
				redCombine(r.p.Op, r.ct, "fgpu_v_"+n, fmt.Sprintf("((volatile %s*)part_%s)[b]", r.ct, n)))
			blockReduce(r, "fgpu_v_"+n)
			g.line("if (threadIdx.x == 0) *ref_%s = %s;", n, redCombine(r.p.Op, r.ct, fmt.Sprintf("(od_%s ? *ref_%s : init_%s)", n, n, n), "fgpu_v_"+n))
		}
		for _, p := range lasts {
			n, ct := p.Sym.Name, ctype(p.Sym.Type)
			g.line("int64_t fgpu_bi_%s = -1; %s fgpu_bv_%s = %s();", n, ct, n, ct)
			g.line("for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) { const int64_t i = ((volatile int64_t*)pit_%s)[b]; if (i > fgpu_bi_%s) { fgpu_bi_%s = i; fgpu_bv_%s = fgpu_vload(pv_%s + b); } }", n, n, n, n, n)
			blockLast(p, "fgpu_bi_"+n, "fgpu_bv_"+n)
			g.line("if (threadIdx.x == 0) *ref_%s = fgpu_bi_%s >= 0 ? fgpu_bv_%s : (od_%s ? *ref_%s : init_%s);", n, n, n, n, n, n)
		}
		g.line("if (threadIdx.x == 0) *fgpu_count = 0u;")
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("}")
	g.line("")
	// The launch routine.
	g.line("extern \"C\" void %s(%s) {", k.Name, strings.Join(hostParams, ", "))
	g.indent++
	g.line("static const char* kname = %q; static const char* loop = %q;", k.Name, loopAt)
	g.registerBuffers()
	_, args := deviceParams(k)
	for d := 1; d <= n; d++ {
		g.line("const int64_t n%d = fgpu_trip(lo%d, hi%d, st%d);", d, d, d, d)
		args = append(args, fmt.Sprintf("lo%d, st%d, n%d", d, d, d))
	}
	g.line("const int64_t ntot = %s;", tripProduct(n))
	args = append(args, "ntot")
	if k.CanStop {
		args = append(args, "fgpu_status")
	}
	if k.Grouped {
		// The block size comes from the trip counts of the shared loops
		// that the host evaluates (nest.go): the largest.
		g.line("long long fgpu_inner = 0;")
		d := 0
		for _, h := range k.Hints {
			var f []string
			for range h {
				d++
				f = append(f, fmt.Sprintf("fgpu_trip(hlo%d, hhi%d, hst%d)", d, d, d))
			}
			g.line("{ const long long h = (long long)(%s); if (h > fgpu_inner) fgpu_inner = h; }", strings.Join(f, " * "))
		}
		if k.Coop != nil {
			g.line("fgpu_inner = %d; // the threads of a block (rules/coop.mg)", k.Coop.Threads)
		}
	}
	if blockRed {
		for _, r := range reds {
			n := r.p.Sym.Name
			args = append(args, "part_"+n, "od_"+n, "init_"+n)
		}
		for _, p := range lasts {
			n := p.Sym.Name
			args = append(args, "pit_"+n, "pv_"+n, "od_"+n, "init_"+n)
		}
		args = append(args, "fgpu_count")
	}
	g.line("fgpu_rt_launch_begin(kname, loop);")
	g.heapSetup()
	g.workspaceSetup()
	g.line("if (ntot > 0) {")
	g.indent++
	g.line("int blocks = 1, threads = 1;")
	scratchKey := k.Name + "_dev<uint32_t>"
	if pk != nil {
		scratchKey = k.Name + "_dev<uint32_t, 1>"
		g.line("const bool fgpu_pk = %s;", g.packCondition(pk))
	}
	launch := func(fn, items string, grid string) {
		if blockRed {
			grid = "FGPU_GRID_REDUCE"
		}
		if k.Grouped {
			flags := []string{"0"}
			if k.Staged() {
				flags = append(flags, "FGPU_NEST_STAGED")
			}
			if k.Coop != nil {
				flags = append(flags, "FGPU_NEST_COOP")
			}
			if blockRed {
				flags = append(flags, "FGPU_NEST_REDUCE")
			}
			g.line("fgpu_cuda_geometry_nested((const void*)%s, (long long)(%s), fgpu_inner, %s, &blocks, &threads, kname, loop);", fn, items, strings.Join(flags, " | "))
		} else {
			g.line("fgpu_cuda_geometry_for((const void*)%s, (long long)(%s), %s, &blocks, &threads, kname, loop);", fn, items, grid)
		}
		if blockRed {
			// The partials, and the counter of finished blocks (zeroed
			// when the scratch is allocated; the last block resets it).
			// Each partial array takes 8 bytes a block (every type
			// reduced this way has at most 8), so each is aligned.
			// A last-value pair takes 24 bytes a block: its iteration, and
			// its value (at most 16 bytes, complex(8)).
			g.line("char* fgpu_scr = (char*)fgpu_cuda_scratch((const void*)%s, 0, 16 + (size_t)blocks * (8 * %d + 24 * %d), kname, loop);", scratchKey, len(reds), len(lasts))
			g.line("unsigned int* fgpu_count = (unsigned int*)fgpu_scr;")
			off := "16"
			for _, r := range reds {
				g.line("%s* part_%s = (%s*)(fgpu_scr + %s);", r.ct, r.p.Sym.Name, r.ct, off)
				off += " + (size_t)blocks * 8"
			}
			for _, p := range lasts {
				n, ct := p.Sym.Name, ctype(p.Sym.Type)
				g.line("int64_t* pit_%s = (int64_t*)(fgpu_scr + %s);", n, off)
				off += " + (size_t)blocks * 8"
				g.line("%s* pv_%s = (%s*)(fgpu_scr + %s);", ct, n, ct, off)
				off += " + (size_t)blocks * 16"
			}
		}
		g.line("%s<<<(unsigned)blocks, (unsigned)threads, 0, fgpu_cuda_stream(kname, loop)>>>(%s);", fn, strings.Join(args, ", "))
	}
	for _, it := range []string{"uint32_t", "int64_t"} {
		if it == "uint32_t" {
			g.line("if (ntot <= 2147483647LL) {")
		} else {
			g.line("} else {")
		}
		g.indent++
		if pk == nil {
			// A full grid (one iteration a thread) for a kernel without a
			// reduction, four resident waves for a block reduction: the
			// resident grid's grid-stride loop made the plain star stencil
			// of bench/apps 1.3x slower on the H100 (bench/RESULTS.md).
			grid := "FGPU_GRID_FULL"
			if len(reds) > 0 {
				grid = "FGPU_GRID_RESIDENT" // (the reductions of a kernel that can stop)
			}
			launch(fmt.Sprintf("%s_dev<%s>", k.Name, it), "ntot", grid)
		} else {
			// Packed: a full grid of packs for a streaming kernel, four
			// resident waves for a reduction (bench/RESULTS.md).
			g.line("if (fgpu_pk) {")
			g.indent++
			launch(fmt.Sprintf("%s_dev<%s, %d>", k.Name, it, pk.lanes), fmt.Sprintf("(ntot + %d) / %d", pk.lanes-1, pk.lanes), "FGPU_GRID_FULL")
			g.indent--
			g.line("} else {")
			g.indent++
			launch(fmt.Sprintf("%s_dev<%s, 1>", k.Name, it), "ntot", "FGPU_GRID_RESIDENT")
			g.indent--
			g.line("}")
		}
		g.indent--
	}
	g.line("}")
	g.indent--
	g.line("}")
	g.line("fgpu_rt_launched(kname, loop);")
	g.indent--
	g.line("}")
}

// lastRecord keeps the pair of the thread's last writing iteration
// (grid-stride order is increasing); the blocks combine the pairs.
func (cudaBackend) lastRecord(n, it, v string) string {
	return fmt.Sprintf("if (w_%s && %s > lit_%s) { lit_%s = %s; lv_%s = %s; }", n, it, n, n, it, n, v)
}

// leaveStopped: a stopped thread returns, unless the block combines
// values after the grid-stride loop (g.wholeInit), which needs every
// thread of the block: then it leaves the loop.
func (cudaBackend) leaveStopped(g *kernelGen) string {
	if g.wholeInit != nil {
		return "break;"
	}
	return "return;"
}

// blockNests: a grouped kernel runs an iteration a block (nest.go).
func (cudaBackend) blockNests() bool { return true }

// deviceParams are the CUDA kernel's parameters for the launch's data, as
// declared in the __global__ function and as the launch routine passes
// them, in one order: per array its buffer and per dimension its lower
// bound, byte stride and extent (an array used only through tables of its
// elements' components: its lower bound), scalars by value or reference,
// then the tables.
func deviceParams(k *lowering.Kernel) (decls, args []string) {
	for _, p := range k.Params {
		n := p.Sym.Name
		switch p.Kind {
		case lowering.ArrayParam:
			if p.ElemsOnly {
				decls, args = append(decls, "int64_t lb1_"+n), append(args, "lb1_"+n)
				continue
			}
			decls, args = append(decls, arrayParams(n, p.Sym.Rank)...), append(args, "b_"+n)
			for d := 1; d <= p.Sym.Rank; d++ {
				args = append(args, fmt.Sprintf("lb%d_%s, (int64_t)d_%s->dim[%d].sm, (int64_t)d_%s->dim[%d].extent", d, n, n, d-1, n, d-1))
			}
		case lowering.ScalarIn:
			decls, args = append(decls, ctype(p.Sym.Type)+" in_"+n), append(args, "in_"+n)
		default:
			decls, args = append(decls, ctype(p.Sym.Type)+"* ref_"+n), append(args, "ref_"+n)
		}
	}
	for _, t := range k.Elems {
		decls = append(decls, fmt.Sprintf("const fgpu_elem* fgpu_tab%d", t.Slot))
		args = append(args, fmt.Sprintf("fgpu_tab%d", t.Slot))
	}
	for d := range k.Serial {
		decls = append(decls, fmt.Sprintf("int64_t slo%d, int64_t sst%d, int64_t sn%d", d+1, d+1, d+1))
		args = append(args, fmt.Sprintf("slo%d, sst%d, fgpu_trip(slo%d, shi%d, sst%d)", d+1, d+1, d+1, d+1, d+1))
	}
	for _, w := range k.Workspaces {
		decls = append(decls, fmt.Sprintf("char* ws%d, int64_t wsb%d", w.Slot, w.Slot))
		args = append(args, fmt.Sprintf("ws%d, wsb%d", w.Slot, w.Slot))
		if w.Varying {
			for i, x := range w.Parts {
				decls = append(decls, fmt.Sprintf("%s wv%d_%d", ctype(x.Type), w.Slot, i))
				args = append(args, fmt.Sprintf("wv%d_%d", w.Slot, i))
			}
			continue
		}
		for d := 1; d <= w.Sym.Rank; d++ {
			decls = append(decls, fmt.Sprintf("int64_t wlo%d_%d, int64_t wex%d_%d", w.Slot, d, w.Slot, d))
			args = append(args, fmt.Sprintf("wlo%d_%d, wex%d_%d", w.Slot, d, w.Slot, d))
		}
	}
	return decls, args
}
