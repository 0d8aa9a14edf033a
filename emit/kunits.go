package emit

// This file splits the kernels into translation units the driver compiles
// one by one, in parallel, each cached on its own (cmd/fgpu/driver/build.go,
// kcache.go): the kernels of one source file per unit, and a file with more
// than unitKernels kernels in chunks of about equal size, so that a
// one-file program compiles in parallel too and a change in one file
// recompiles that file's units only.
//
// Each unit is a whole translation unit: the prelude, the derived types and
// the device functions its own kernels use (named with the unit's tag, so
// that two units never define one name differently: CUDA's device functions
// are inline, not static), then its kernels. Nothing in a unit depends on
// another file's kernels, so a unit's text, and its cache key, changes only
// with its file's loops (and what the whole plan numbers: its stop sites).
// CUDA builds without relocatable device code: a kernel and every device
// function it calls are in one unit.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// KernelUnit is one translation unit of the kernels.
type KernelUnit struct {
	File   string // its file name: the kernel file's, numbered (fgpu_kernels_HASH_u3.cpp)
	Text   string
	Source string // the source file whose loops it holds
	Kernel []string
}

// unitKernels is the most kernels of a unit: a file with more is split in
// chunks of about equal size (a fixed number, not one from -j or the
// machine: the units and their cache keys are the same on every machine).
const unitKernels = 64

// kernelUnits splits plan's kernels into units (see the file comment),
// named after file (the kernel file's name).
func kernelUnits(plan *lowering.Plan, be backend, hostPowers, fast bool, file string) ([]KernelUnit, frontend.Diagnostics) {
	byFile := map[string][]*lowering.Kernel{}
	var files []string
	for _, k := range plan.Kernels {
		if _, ok := byFile[k.File]; !ok {
			files = append(files, k.File)
		}
		byFile[k.File] = append(byFile[k.File], k)
	}
	sort.Strings(files)
	ext := filepath.Ext(file)
	stem := strings.TrimSuffix(file, ext)
	var units []KernelUnit
	var diags frontend.Diagnostics
	for _, f := range files {
		ks := byFile[f]
		sort.SliceStable(ks, func(i, j int) bool { return kernelNumber(ks[i].Name) < kernelNumber(ks[j].Name) })
		n := (len(ks) + unitKernels - 1) / unitKernels
		for c := 0; c < n; c++ {
			// Chunk c of n: kernels [c*len/n, (c+1)*len/n).
			part := ks[c*len(ks)/n : (c+1)*len(ks)/n]
			sub := *plan
			sub.Kernels = part
			tag := fmt.Sprintf("%s_c%d_", strings.TrimPrefix(kernelPrefix(part[0].Name), "fgpu_"), c+1)
			text, d := unitSource(&sub, be, hostPowers, fast, tag)
			diags = append(diags, d...)
			u := KernelUnit{File: fmt.Sprintf("%s_u%d%s", stem, len(units)+1, ext), Text: text, Source: f}
			for _, k := range part {
				u.Kernel = append(u.Kernel, k.Name)
			}
			units = append(units, u)
		}
	}
	return units, diags
}

// kernelPrefix is the file's part of a kernel's name (fgpu_HASH of
// fgpu_HASH_kN, lowering.go).
func kernelPrefix(name string) string {
	if i := strings.LastIndex(name, "_k"); i > 0 {
		return name[:i]
	}
	return name
}

// kernelNumber is N of fgpu_HASH_kN: the kernel's place in its file.
func kernelNumber(name string) int {
	i := strings.LastIndex(name, "_k")
	if i < 0 {
		return 0
	}
	n, err := strconv.Atoi(name[i+len("_k"):])
	if err != nil {
		return 0
	}
	return n
}
