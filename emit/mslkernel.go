package emit

// The Metal backend's kernels (issue 16, first slice): each kernel is an
// MSL `kernel` function over one iteration a thread (the iteration number
// is thread_position_in_grid plus the first iteration of the dispatch),
// its arrays device buffers ([[buffer(n)]], `device char*`), its scalar
// arguments, bounds, strides and trip counts one `constant` struct, its
// written scalars device buffers, and the stop status buffer of a kernel
// that can stop. The iteration's statements are the shared body writer's
// (kernel.go, body.go, expr.go): the MSL-specific parts are the address
// space of every pointer (g.space), the end of an iteration without goto
// (g.nextIteration, g.stopLeave: MSL has no goto, and a thread runs one
// iteration, so it returns), and the std:: functions written as Metal's
// (mslMath). What MSL cannot hold or this slice does not write yet
// (reductions, values after the loop, the device heap, workspaces,
// element tables, complex, array dummies of device procedures, the
// lambdas of array reductions in a body) is a "not yet implemented" error
// at the loop (mslCheck scans each kernel's text as a last guard).
//
// The launch routines are C++ (mslBackend.host): they register the
// buffers with the runtime as every backend's do, fill the argument
// struct and dispatch the kernel over the iterations. On --gpu=metal_cpu
// the whole file is one C++ translation unit: fgpu_msl_cpu.h (MSL as C++),
// the MSL, then the launch routines, whose dispatch calls the kernel
// function for every grid position on the host (fgpu_msl_dispatch). The
// Objective-C++ launch routines of --gpu=metal are a later slice.

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strings"

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
// trailing blank ("" for the C++ backends): a kernel's array arguments
// are device buffers, every other array (of an iteration, of a device
// procedure) is the thread's.
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
	return "thread "
}

// nextIteration is the statement that ends the iteration early (a mask
// that is false, CYCLE of the loop): C++ jumps to the write-back after the
// body; an MSL thread, which runs one iteration, writes back and returns.
func (g *kernelGen) nextIteration() string {
	if !g.msl() {
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

// kernel writes the MSL kernel of g.k into g.b and its launch routine into
// m.host.
func (m *mslBackend) kernel(g *kernelGen, hostParams []string, loopAt string) {
	k := g.k
	before := len(g.diags)
	for _, p := range k.Params {
		switch p.Kind {
		case lowering.ReduceParam:
			g.nyi(frontend.NYIMSL, k.Do.Pos, "reduce(%s: %s) in an MSL kernel (SIMD-group and threadgroup reductions)", p.Op, p.Sym.Name)
		case lowering.LastParam:
			g.nyi(frontend.NYIMSL, k.Do.Pos, "the value after the loop of %s, which the iterations assign, in an MSL kernel", p.Sym.Name)
		case lowering.ArrayParam:
			if p.ElemsOnly {
				g.nyi(frontend.NYIMSL, k.Do.Pos, "the allocatable components of the elements of %s in an MSL kernel", p.Sym.Name)
			}
		}
	}
	if k.Heap {
		g.nyi(frontend.NYIMSL, k.Do.Pos, "the device heap in an MSL kernel")
	}
	if len(k.Workspaces) > 0 {
		g.nyi(frontend.NYIMSL, k.Do.Pos, "arrays of the iterations of run-time shape (workspaces) in an MSL kernel")
	}
	if k.Grouped {
		g.internal(k.Do.Pos, "a grouped kernel for a backend without block nests")
	}
	if len(g.diags) > before {
		return
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
	n := len(k.Indices)
	for d := 1; d <= n; d++ {
		field("int64_t", fmt.Sprintf("lo%d", d))
		field("int64_t", fmt.Sprintf("st%d", d))
		field("int64_t", fmt.Sprintf("n%d", d))
	}
	fields = append(fields, "int64_t ntot;", "int64_t fgpu_base; // the iteration of thread 0 of the dispatch")
	fill = append(fill, "fgpu_a.ntot = ntot;", "fgpu_a.fgpu_base = 0;")
	if k.CanStop {
		bufs = append(bufs, "device int64_t* fgpu_status")
		args = append(args, "fgpu_status")
	}

	g.line("struct %s_args {", k.Name)
	for _, f := range fields {
		g.line("  %s", f)
	}
	g.line("};")
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
	// An iteration that ends early writes back what it wrote of the
	// shared scalars the loop writes, then returns.
	var back []string
	for _, p := range k.Params {
		if p.Kind == lowering.ScalarOut {
			back = append(back, fmt.Sprintf("if (w_%s) *ref_%s = %s;", p.Sym.Name, p.Sym.Name, cname(p.Sym)))
		}
	}
	g.mslLeave = "return;"
	if len(back) > 0 {
		g.mslLeave = "{ " + strings.Join(back, " ") + " return; }"
	}
	g.trip = tripOfLinear("t", n, "")
	start := g.b.Len()
	g.iterationBody()
	g.trip = nil
	g.indent--
	g.line("}")
	// Metal's names for the shared body writer's std:: functions.
	text := g.b.String()
	body := mslMath(text[start:])
	g.b.Reset()
	g.b.WriteString(text[:start] + body)
	mslCheck(g, body, k.Do.Pos)

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
	g.line("%s_args fgpu_a;", k.Name)
	for _, f := range fill {
		g.line("%s", f)
	}
	args = append([]string{"fgpu_a"}, args...)
	g.line("fgpu_msl_dispatch(ntot, &fgpu_a.fgpu_base, [&](uint fgpu_tid) { %s_dev(%s, fgpu_tid); });", k.Name, strings.Join(args, ", "))
	g.line("fgpu_rt_launched(kname, loop);")
	g.indent--
	g.line("}")
	text = g.b.String()
	m.host.WriteString("\n// " + k.Name + ": launch\n" + text[start:])
	g.b.Reset()
	g.b.WriteString(text[:start])
}

// lastRecord: values after the loop are not yet written for MSL (the
// kernel reports it first).
func (*mslBackend) lastRecord(n, it, v string) string { return "" }

// leaveStopped: an MSL thread returns at the stop (stopLeave).
func (*mslBackend) leaveStopped(g *kernelGen) string { return "" }

// blockNests: nested loops run in the iteration's thread (threadgroup
// sharing is a later slice).
func (*mslBackend) blockNests() bool { return false }

// mslFuncs are the std:: functions of the shared body writer that Metal
// has under the same name in namespace metal.
var mslFuncs = map[string]bool{
	"fabs": true, "sqrt": true, "exp": true, "log": true, "log10": true, "log2": true, "pow": true,
	"sin": true, "cos": true, "tan": true, "asin": true, "acos": true, "atan": true, "atan2": true,
	"sinh": true, "cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true,
	"floor": true, "ceil": true, "trunc": true, "round": true, "fmod": true, "copysign": true,
	"fmin": true, "fmax": true,
}

var stdCallRE = regexp.MustCompile(`\bstd::(\w+)`)

// mslMath writes std::f as metal::f for the functions Metal has; others
// stay std:: (mslCheck reports them).
func mslMath(text string) string {
	return stdCallRE.ReplaceAllStringFunc(text, func(s string) string {
		if f := strings.TrimPrefix(s, "std::"); mslFuncs[f] {
			return "metal::" + f
		}
		return s
	})
}

// mslLimits are what the shared body writer may write that is not MSL, or
// not MSL this slice writes correctly, with what to call it.
var mslLimits = []struct {
	re   *regexp.Regexp
	what string
	// ok, when set, accepts a match (an address with its space).
	ok func(m []string) bool
}{
	{regexp.MustCompile(`\bstd::(\w+)`), "the function %s, which Metal does not have (or not under that name)", nil},
	{regexp.MustCompile(`\[&\]`), "an array value computed in the body (a reduction, norm or shift of an array: a lambda, which MSL does not have)", nil},
	{regexp.MustCompile(`\bgoto\b`), "a jump (MSL has no goto)", nil},
	{regexp.MustCompile(`fgpu_cx<|fgpu_c[a-z]+\(`), "complex arithmetic", nil},
	{regexp.MustCompile(`\bfgpu_hp\b|fgpu_heap_alloc|fgpu_desc<`), "the device heap", nil},
	{regexp.MustCompile(`\bfgpu_tab\d`), "element tables of allocatable components", nil},
	{regexp.MustCompile(`(\w*)\s*\b(?:char|void)\*`), "an address without an MSL address space (an array dummy of a device procedure, a section passed whole)",
		func(m []string) bool { return m[1] == "device" || m[1] == "thread" || m[1] == "constant" }},
	{regexp.MustCompile(`&\(\*\(device `), "an element of a device buffer passed by reference to a device procedure", nil},
	{regexp.MustCompile(`\bfgpu_bcheck\b`), "-fcheck=bounds", nil},
	{regexp.MustCompile(`\b(?:double|fgpu_shfl_down|__\w+)\b`), "%s, which MSL does not have", nil},
}

// mslCheck reports, at pos, the first construct of text (MSL the shared
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
			var loop frontend.Pos
			if g.k != nil {
				loop = g.k.Do.Pos
			}
			g.diags = append(g.diags, frontend.NYI(frontend.NYIMSL, pos, loop, "%s in MSL (--gpu=metal_cpu)", what))
			return
		}
	}
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
