package main

// The text `fgpu help build` (run, check) gives each flag: every flag the
// commands read has a line here (TestHelpDocumentsEveryFlag checks the
// synopses against it).

import (
	"fmt"
	"io"
	"strings"
)

type flagDoc struct {
	flag, text string
	cmds       string // the commands that take it: b(uild/run), c(heck and the other analyses)
}

var flagDocs = []flagDoc{
	{"--gpu=DEVICE", "where the loops run: cpu (C++ kernels on the host's threads, the default), cuda (NVIDIA GPUs, with nvcc), cuda_cpu (the CUDA rules, CPU kernels), none (every loop on the host, as gfortran runs it), metal_cpu (Metal's rules, MSL kernels compiled as C++ and run on the CPU: a test backend), metal (Apple GPUs: build writes the sources for macOS, see below; run refuses it)", "bc"},
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
	{"--gpu-offload-omp-loops", "offload !$omp parallel do loops too", "bc"},
	{"-fcheck=bounds|all", "check array subscripts in kernels and host code, reported as gfortran reports them (exit status 2)", "bc"},
	{"-D NAME[=VAL]", "define a preprocessor macro for .F90 and .F files (also -DNAME); repeatable", "bc"},
	{"-I DIR", "add DIR to the include and #include search path (also -IDIR); repeatable", "bc"},
	{"-ffixed-form|-ffree-form", "read every source in that form (else the extension decides: .f, .for, .F fixed; .f90 free)", "bc"},
	{"-ffixed-line-length-N|none", "the length of a fixed-form line (default 72)", "bc"},
}

// flagHelp writes the flags of command name.
func flagHelp(w io.Writer, name string) {
	var key string
	switch name {
	case "build", "run":
		key = "b"
	case "check", "explain", "facts", "query":
		key = "c"
	default:
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Flags:")
	for _, d := range flagDocs {
		if !strings.Contains(d.cmds, key) {
			continue
		}
		fmt.Fprintf(w, "  %-28s %s\n", d.flag, d.text)
	}
	if key == "b" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Inputs: Fortran sources; objects (.o), archives (.a) and shared libraries (.so) are linked,")
		fmt.Fprintln(w, "and objects fgpu compiled (fgpu -c) bring their sources into the program.")
		fmt.Fprintln(w, "As FC in make, CMake and other build systems, fgpu also reads gfortran's command line:")
		fmt.Fprintln(w, "  fgpu [gfortran flags] -c a.f90 [-o a.o]   compile (the host compiler's object, carrying the source)")
		fmt.Fprintln(w, "  fgpu [gfortran flags] a.o b.o -o app      link: the whole program built, its loops offloaded")
		fmt.Fprintln(w, "with -J/-module, -I, -D, -O, -L, -l, -E; every other flag goes to the host compiler.")
		fmt.Fprintln(w, "build takes the same line: -march, -mtune, -ffast-math and -g reach the C++ kernels too,")
		fmt.Fprintln(w, "-L, -l, -Wl, the link. nvfortran's flags are read: -stdpar[=gpu] (--gpu=cuda),")
		fmt.Fprintln(w, "-stdpar=multicore (--gpu=cpu), -gpu=ccXX (the CUDA compute capability, default 90),")
		fmt.Fprintln(w, "-Minfo[=stdpar|accel] (--offload-report), -mp[=multicore] (-fopenmp); -mp=gpu is not yet.")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "--gpu=metal: the final build and link need Apple's toolchain (xcrun metal, metallib, clang++,")
		fmt.Fprintln(w, "the Metal framework). build writes the kernels in MSL (.metal), their launch routines (C++),")
		fmt.Fprintln(w, "the runtime (Objective-C++), the rewritten host files and build.sh into the --keep directory,")
		fmt.Fprintln(w, "else OUT-metal beside the executable -o names, and exits with status 3 (a missing tool) and a")
		fmt.Fprintln(w, "note naming it; on a Mac, `sh DIR/build.sh [OUTPUT]` builds the executable, which carries the")
		fmt.Fprintln(w, "Metal library (FGPU_METALLIB=PATH overrides it). On macOS with xcrun, build runs build.sh itself.")
		fmt.Fprintln(w, "Errors in the program exit 1 as for every device.")
	}
}
