package main

// The flag table: the text `fgpu help COMMAND` and the manual page
// (fgpu help --man) give each flag. Every flag the commands read has a row
// here, and every row's flag is in the synopsis of each command that takes
// it (TestHelpDocumentsEveryFlag checks both ways).

import (
	"strings"

	"fgpu/cmd/fgpu/driver"
)

type flagDoc struct {
	flag, text string
	// The commands that take it: p(arse), c(heck and the other
	// analyses: explain, facts, query), b(uild and run).
	cmds string
}

// flagTable lists the flags in the order help shows them.
func flagTable() []flagDoc {
	return []flagDoc{
		{"--dump", "print the typed program on stdout", "p"},
		{"--gpu=DEVICE", "where the loops run: cpu (C++ kernels on the host's threads, the default), cuda (NVIDIA GPUs, with nvcc), cuda_cpu (the CUDA rules, CPU kernels), none (every loop on the host, as gfortran runs it), metal_cpu (Metal's rules, MSL kernels compiled as C++ and run on the CPU: a test backend), metal (Apple GPUs: build writes the sources for macOS, fgpu help metal; run refuses it)", "bc"},
		{"-o OUT", "the executable (default a.out); an input file is refused", "b"},
		{"--fc=CMD", "the host Fortran compiler and its flags (default $FGPU_FC, else gfortran)", "b"},
		{"-O0|-O1|-O2|-O3", "the optimisation level of the host compiler and of the kernels (default -O2)", "b"},
		{"--fast", "the vendor's math library in kernels instead of fgpu's host-matching one (results differ from the host's in the last bits more often), FMA contraction", "b"},
		{"--keep", "keep the work folder (generated host code, kernels, commands) and print its path", "b"},
		{"--static-cudart", "link the CUDA runtime statically", "b"},
		{"--offload-report", "one line per loop: where it runs, its kernel, geometry, packing and arrays; then the host statements where data moves between host and device (build: on stderr; check: on stdout)", "bc"},
		{"--realloc-lhs-arrays", "allocate on the host, before the launch, the allocatable components a loop assigns whole (design doc P14)", "bc"},
		{"--gpu-allow-cpu-fallback", "a loop that cannot be offloaded runs on the host with a warning instead of an error", "bc"},
		{"--show-gpu-kernel-source", "print the generated kernels (build: on stderr; check: on stdout)", "bc"},
		{"--unsupported-as=DEVICE", "build for the CPU under another device's rules (metal)", "bc"},
		{"--gpu-offload-omp-loops", "offload the host's !$omp parallel do (and parallel loop) loops too, as the !$omp target loop constructs always are; without it they stay OpenMP on the host (-fopenmp)", "bc"},
		{"-fcheck=bounds|all", "check array subscripts in kernels and host code, reported as gfortran reports them (exit status 2)", "bc"},
		{"-D NAME[=VAL]", "define a preprocessor macro for .F90 and .F files (also -DNAME); repeatable", "pbc"},
		{"-I DIR", "add DIR to the include and #include search path (also -IDIR); repeatable", "pbc"},
		{"-ffixed-form|-ffree-form", "read every source in that form (else the extension decides: .f, .for, .F fixed; .f90 free)", "pbc"},
		{"-ffixed-line-length-N|none", "the length of a fixed-form line (default 72)", "pbc"},
		{"--stop-after=PHASE", "end after PHASE, one of: " + strings.Join(driver.PhaseNames(), ", "), "bc"},
		{"--dump-dir=DIR", "write what each phase produced into DIR: facts.mg (the facts as evaluated; fgpu query DIR/facts.mg GOAL evaluates them again), analyses.mg (input and derived facts), lowering.txt, sync.txt, emit/", "bc"},
		{"--time-passes", "print each phase's time on stderr", "bc"},
		{"-j N", "run at most N compiler processes at a time (also -jN, --jobs=N; default the number of cores): the kernels compile in translation units, one per source file (a file with many loops in several), in parallel and while the host files compile, each cached on its own", "b"},
	}
}

// flagOwner is the command whose flags command name takes ("" if none):
// explain, facts and query take check's, run takes build's.
func flagOwner(name string) string {
	switch name {
	case "parse", "check", "build":
		return name
	case "explain", "facts", "query":
		return "check"
	case "run":
		return "build"
	}
	return ""
}

// flagsOf lists the flags of command name, in the table's order.
func flagsOf(name string) []flagDoc {
	var key string
	switch flagOwner(name) {
	case "parse":
		key = "p"
	case "check":
		key = "c"
	case "build":
		key = "b"
	default:
		return nil
	}
	var out []flagDoc
	for _, d := range flagTable() {
		if strings.Contains(d.cmds, key) {
			out = append(out, d)
		}
	}
	return out
}
