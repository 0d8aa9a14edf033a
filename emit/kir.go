package emit

// This file places the iteration of a kernel printed from the kernel IR
// (lowering/kir.go builds it, emit/cxx prints it) in the CPU backend's
// loop nests and in the CUDA backend's grid-stride loop, inside the
// decomposition of the thread's iteration number into indices: every
// kernel whose IR is complete (CUDA: with fgpu's math functions, emit/crmath,
// through cxx.Options.CUDA). The others, the packed versions (pack.go),
// the grouped kernels (nest.go), device procedures and the Metal backend
// are still written from the Fortran statements (legacyIteration and the
// files it calls).

import (
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// kirCompare, when set (TestKIRBodies), is called for every iteration
// printed from the IR with the IR's text and the legacy writer's, both at
// the current indentation.
var kirCompare func(k *lowering.Kernel, ir, legacy string)

// kirIteration is the masks and body of the iteration of g.k printed from
// its IR, when the CPU or the CUDA backend writes a complete kernel.
func (g *kernelGen) kirIteration() (string, bool) {
	k := g.k
	_, cpu := g.be.(cpuBackend)
	_, cuda := g.be.(cudaBackend)
	if !cpu && !cuda || k.IR == nil || !k.IR.Complete || g.group || g.pack != nil || g.proc != nil {
		return "", false
	}
	if g.diags.HasErrors() {
		// The backend rejected the kernel before its iteration (CUDA: a
		// reduction of a type it does not combine): the legacy writer
		// reports what else it does not lower, as before.
		return "", false
	}
	opts := cxx.Options{Tmp: g.tmp, CUDA: cuda}
	if g.funcs != nil {
		opts.Fast, opts.HostPowers = g.funcs.fast, g.funcs.hostPowers
		funcs := g.funcs
		opts.Callee = func(callee any) string { return funcs.add(callee.(*frontend.Procedure)) }
	}
	text, tmp, err := cxx.Iteration(k.IR, opts)
	if err != nil {
		g.internal(k.Do.Pos, "printing the kernel IR of %s: %v", k.Name, err)
		return "", false
	}
	if kirCompare != nil {
		start, tmp0, diags := g.b.Len(), g.tmp, len(g.diags)
		g.legacyIteration()
		all := g.b.String()
		legacy := all[start:]
		g.b.Reset()
		g.b.WriteString(all[:start])
		g.tmp = tmp0
		if len(g.diags) > diags {
			legacy += fmt.Sprintf("(diagnostics: %v)", g.diags[diags:])
			g.diags = g.diags[:diags]
		}
		kirCompare(k, indented(text, g.indent), legacy)
	}
	g.tmp = tmp
	return text, true
}

// indented is text at indentation level n (kernelGen.text).
func indented(text string, n int) string {
	pre := strings.Repeat("  ", n)
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if l != "" {
			b.WriteString(pre + l)
		}
	}
	return b.String()
}
