package emit

// The loop nest of a CPU kernel (--gpu=cpu). The iteration space is not
// linearised: the first Fortran index is the innermost loop, a plain
// counted loop under `#pragma omp simd` (the iterations of a do concurrent
// are independent by the standard, so the assertion is sound; locals are
// declared in the body, hence private), and the other indices are the
// outer loops, shared among the threads by `#pragma omp parallel for
// collapse(n-1) schedule(static)` (a one-index loop is one `parallel for
// simd`). The nest is written twice: a unit-stride version, taken when at
// launch every array's first-dimension byte stride is its element size,
// in which those strides are compile-time constants (shadowing sm1_X) and
// a default-integer innermost index is computed in 32-bit arithmetic from
// a 32-bit counter (so that addresses are affine in the counter and the
// compiler vectorises contiguous accesses), and the general version.
// Floating point is untouched: the kernels are still built without FMA
// contraction and fast math, so every operation rounds as gfortran's.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// cpuSerialBelow is the trip count below which a light kernel (no loop,
// no procedure call in its body) runs on the calling thread: a parallel
// region costs a few microseconds, more than a few thousand cheap
// iterations.
const cpuSerialBelow = 4096

// emitCPUNest writes the loop nest of the launch routine of a CPU kernel,
// after ntot, the n%d and the reduction accumulators; red holds the
// reduction clauses.
func (g *kernelGen) emitCPUNest(red []string) {
	k := g.k
	n := len(k.Indices)
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
		if p.Kind == lowering.ScalarOut {
			simd = false
		}
	}
	light := !strings.Contains(body, "for (") && !strings.Contains(body, "while (") && !strings.Contains(body, "fgpu_p")
	// The unit-stride condition.
	var cond, shadow []string
	for _, p := range k.Params {
		if p.Kind != lowering.ArrayParam {
			continue
		}
		s := p.Sym
		ct := ctype(s.Type)
		cond = append(cond, fmt.Sprintf("sm1_%s == (int64_t)sizeof(%s)", s.Name, ct))
		shadow = append(shadow, fmt.Sprintf("const int64_t sm1_%s = (int64_t)sizeof(%s);", s.Name, ct))
	}
	narrow := n > 0 && k.Indices[0].Type.Base == frontend.TyInteger && k.Indices[0].Type.Kind == 4
	if narrow {
		cond = append(cond, "n1 <= 2147483647 && st1 >= -2147483647 && st1 <= 2147483647 && (n1 <= 1 || (st1 < 0 ? -st1 : st1) <= 2147483647 / (n1 - 1))")
	}
	if len(cond) == 0 {
		g.cpuNest(body, red, simd, light, false)
		return
	}
	g.line("if (%s) {", strings.Join(cond, " && "))
	g.indent++
	g.line("// Unit stride: constant first-dimension strides, 32-bit innermost index.")
	for _, s := range shadow {
		g.line("%s", s)
	}
	if narrow {
		g.line("const int32_t fgpu_lo1 = (int32_t)lo1, fgpu_st1 = (int32_t)st1, fgpu_n1 = (int32_t)n1;")
		g.line("{")
		g.indent++
		g.line("const int32_t lo1 = fgpu_lo1, st1 = fgpu_st1;")
	}
	g.cpuNest(body, red, simd, light, narrow)
	if narrow {
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("} else {")
	g.indent++
	g.cpuNest(strings.ReplaceAll(body, "fgpu_next", "fgpu_next_g"), red, simd, light, false)
	g.indent--
	g.line("}")
}

// cpuNest writes one loop nest around body (a label per copy: labels are
// per function in C++). narrow: the innermost counter is 32-bit, bounded
// by fgpu_n1.
func (g *kernelGen) cpuNest(body string, red []string, simd, light, narrow bool) {
	n := len(g.k.Indices)
	r := strings.Join(red, " ")
	par := "#pragma omp parallel for schedule(static)"
	if light {
		par += fmt.Sprintf(" if(parallel: ntot >= %d)", cpuSerialBelow)
	}
	inner := "for (int64_t t1 = 0; t1 < n1; ++t1) {"
	if narrow {
		inner = "for (int32_t t1 = 0; t1 < fgpu_n1; ++t1) {"
	}
	if n == 1 {
		if simd {
			par = strings.Replace(par, "parallel for", "parallel for simd", 1)
		}
		g.line("%s %s", par, r)
		g.line("%s", inner)
	} else {
		if n > 2 {
			par = strings.Replace(par, "schedule(static)", fmt.Sprintf("collapse(%d) schedule(static)", n-1), 1)
		}
		g.line("%s %s", par, r)
		for d := n; d >= 2; d-- {
			g.line("for (int64_t t%d = 0; t%d < n%d; ++t%d)", d, d, d, d)
		}
		g.line("{")
		g.indent++
		if simd {
			g.line("#pragma omp simd %s", r)
		}
		g.line("%s", inner)
	}
	g.indent++
	pre := strings.Repeat("  ", g.indent)
	for _, l := range strings.SplitAfter(body, "\n") {
		if l != "" {
			g.b.WriteString(pre + l)
		}
	}
	g.indent--
	g.line("}")
	if n > 1 {
		g.indent--
		g.line("}")
	}
}
