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
	"errors"
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// kirCompare, when set (TestKIRBodies), is called for every iteration
// printed from the IR with the IR's text and the legacy writer's, both at
// the current indentation (MSL: the legacy text with Metal's function
// names, as mslBackend.kernel gives them).
var kirCompare func(k *lowering.Kernel, ir, legacy string)

// kirMSLGuard, when set (TestKIRBodiesMSL), is called for every MSL
// kernel whose iteration was printed from the IR with the diagnostic its
// limits gave (mslIRLimits), the one the legacy writer's check over the
// kernel's text gives (mslCheck), and whether that text has a C++
// library function mslMath would rename.
var kirMSLGuard func(k *lowering.Kernel, ir, text frontend.Diagnostics, renames bool)

// kirIteration is the masks and body of the iteration of g.k printed from
// its IR, when the CPU, the CUDA or the Metal backend writes a complete
// kernel.
func (g *kernelGen) kirIteration() (string, bool) {
	k := g.k
	_, cpu := g.be.(cpuBackend)
	_, cuda := g.be.(cudaBackend)
	msl := g.msl()
	if !cpu && !cuda && !msl || k.IR == nil || !k.IR.Complete || g.group || g.pack != nil || g.proc != nil {
		return "", false
	}
	if g.diags.HasErrors() {
		// The backend rejected the kernel before its iteration (CUDA: a
		// reduction of a type it does not combine; Metal: the device
		// heap, serial indices...): the legacy writer reports what else
		// it does not lower, as before.
		return "", false
	}
	opts := cxx.Options{Tmp: g.tmp, CUDA: cuda}
	if g.funcs != nil {
		opts.Fast, opts.HostPowers = g.funcs.fast, g.funcs.hostPowers
		funcs := g.funcs
		opts.Callee = func(callee any) string { return funcs.add(callee.(*frontend.Procedure)) }
	}
	var (
		text string
		tmp  int
		lim  cxx.MSLLimits
		err  error
	)
	if msl {
		opts.Leave = g.mslLeave
		text, tmp, lim, err = cxx.IterationMSL(k.IR, opts)
	} else {
		text, tmp, err = cxx.Iteration(k.IR, opts)
	}
	if msl && errors.Is(err, cxx.ErrMSLUnchecked) {
		// A node the MSL mode does not print yet: the legacy writer.
		return "", false
	}
	if err != nil {
		g.internal(k.Do.Pos, "printing the kernel IR of %s: %v", k.Name, err)
		return "", false
	}
	// The conditions that read an array value computed before their line
	// (flushPre's diagnostic).
	var irDiags frontend.Diagnostics
	for i := 0; i < lim.ArrayInCond; i++ {
		irDiags = append(irDiags, frontend.NYI(frontend.NYIMSL, k.Do.Pos, k.Do.Pos, mslArrayInCond))
	}
	if kirCompare != nil {
		start, tmp0, diags := g.b.Len(), g.tmp, len(g.diags)
		g.legacyIteration()
		all := g.b.String()
		legacy := all[start:]
		if msl {
			legacy = mslMath(legacy)
		}
		g.b.Reset()
		g.b.WriteString(all[:start])
		g.tmp = tmp0
		if len(g.diags) > diags {
			legacy += fmt.Sprintf("(diagnostics: %v)", g.diags[diags:])
			g.diags = g.diags[:diags]
		}
		ir := indented(text, g.indent)
		if len(irDiags) > 0 {
			ir += fmt.Sprintf("(diagnostics: %v)", irDiags)
		}
		kirCompare(k, ir, legacy)
	}
	g.diags = append(g.diags, irDiags...)
	if msl {
		g.kirMSL = &lim
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
