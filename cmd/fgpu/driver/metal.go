package driver

// This file is the build of --gpu=metal (issue 16). Apple's toolchain
// (the Metal compiler, the Metal framework) exists only on macOS, so the
// build writes, into one directory, everything a Mac needs and a script
// that builds the executable there:
//
//	fgpu_kernels_H.metal  the kernels in MSL (emit/metalhost.go)
//	fgpu_kernels_H.cpp    their launch routines, C++ (bind(c), as on CUDA)
//	fgpu_launch_H.f90     the interface modules of the launch routines
//	*.f90 ...             the host files, rewritten (or copied as written)
//	fgpu_rt*.h, fgpu_rt_cpu.cpp, fgpu_rt_metal.mm   the runtime
//	build.sh              xcrun metal / metallib, clang++, $FC, the link
//
// The directory is the --keep work directory, else OUT-metal beside the
// executable -o names. On macOS, with xcrun found, the driver runs the
// script itself (not tried here: no Mac); elsewhere Build returns a
// *ToolError naming the directory (exit status 3: the missing tool is
// Apple's toolchain).

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"

	"fgpu/emit"
	"fgpu/frontend"
	rt "fgpu/runtime"
)

// appleHost reports whether the driver runs Apple's toolchain itself
// (macOS with xcrun); a variable so that tests can pretend.
var appleHost = func() bool {
	if goruntime.GOOS != "darwin" {
		return false
	}
	_, err := exec.LookPath("xcrun")
	return err == nil
}

// AppleDir returns the directory a --gpu=metal build writes its sources
// into: the --keep directory, else OUT-metal.
func AppleDir(opts Options) string {
	if opts.Keep && opts.KeepDir != "" {
		return opts.KeepDir
	}
	out := opts.Output
	if out == "" {
		out = "a.out"
	}
	return out + "-metal"
}

// buildApple writes the sources and build.sh of a --gpu=metal build, and
// runs build.sh where Apple's toolchain is (appleHost).
func buildApple(prog *frontend.Program, files []string, out *emit.Output, opts Options) (string, error) {
	var dir string
	if opts.Keep && opts.KeepDir == "" {
		d, _, err := workDir(opts) // (prints it)
		if err != nil {
			return "", err
		}
		dir = d
	} else {
		dir = AppleDir(opts)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
	}
	script, err := writeApple(prog, files, out, opts, dir)
	if err != nil {
		return "", err
	}
	if !appleHost() {
		return "", &ToolError{Tool: "xcrun", Role: "Apple's toolchain",
			Install: fmt.Sprintf("the final build and link of --gpu=metal need macOS (xcrun metal and metallib, clang++, the Metal framework): the MSL kernels, their launch routines, the runtime, the host files and build.sh are in %s; run `sh %s` on a Mac (FC=gfortran, or the Fortran compiler to use)", dir, script)}
	}
	exe, err := filepath.Abs(opts.Output)
	if err != nil {
		return "", err
	}
	cmd := exec.Command("sh", script, exe)
	var buf strings.Builder
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := RunCommand(cmd); err != nil {
		return "", &CommandError{Args: []string{"sh", script, exe}, Output: buf.String(), Err: err, Generated: true}
	}
	return opts.Output, nil
}

// writeApple writes the files into dir and returns the path of build.sh.
func writeApple(prog *frontend.Program, files []string, out *emit.Output, opts Options, dir string) (string, error) {
	used := map[string]bool{"build.sh": true}
	var inputs []string // what put wrote, in order
	put := func(name string, data []byte) (string, error) {
		base := name
		for i := 2; used[base]; i++ {
			ext := filepath.Ext(name)
			base = fmt.Sprintf("%s_%d%s", strings.TrimSuffix(name, ext), i, ext)
		}
		used[base] = true
		inputs = append(inputs, base)
		return base, os.WriteFile(filepath.Join(dir, base), data, 0o644)
	}
	q := func(name string) string { return `"$D"/` + shellJoin([]string{name}) }

	fc := opts.FC
	if strings.TrimSpace(fc) == "" {
		fc = "gfortran"
	}
	ffl := []string{opts.Opt}
	ffl = append(ffl, opts.HostFlags...)
	if strings.Contains(filepath.Base(strings.Fields(fc)[0]), "gfortran") {
		ffl = append(ffl, "-ffpe-summary=none")
	}
	for _, d := range opts.IncludeDirs {
		ffl = append(ffl, "-I", d)
	}
	outName := filepath.Base(opts.Output)
	if opts.Output == "" {
		outName = "a.out"
	}

	var head, s strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&head, format+"\n", args...) }
	line("#!/bin/sh")
	line("# Builds %s for macOS with Apple's toolchain: fgpu build --gpu=metal wrote", outName)
	line("# this directory on a machine without it. Needs the Xcode command line tools")
	line("# (xcrun metal, xcrun metallib, clang++) and a Fortran compiler (FC, default")
	line("# %s). Run from the directory the build ran in (-I directories are as given):", fc)
	line("#   sh %s [OUTPUT]    (default: ./%s)", filepath.Join(filepath.Base(dir), "build.sh"), outName)
	line("# The executable carries the Metal library (section __DATA,__fgpu_metallib);")
	line("# at run time FGPU_METALLIB=PATH names another one.")
	line("set -eu")
	line(`D=$(cd "$(dirname "$0")" && pwd)`)
	line("OUT=${1:-%s}", shellJoin([]string{outName}))
	line("FC=${FC:-%s}", shellJoin([]string{fc}))
	line("FFLAGS=${FFLAGS:-%s}", shellJoin([]string{strings.Join(ffl, " ")}))
	line("CXX=${CXX:-clang++}")
	line("CXXFLAGS=${CXXFLAGS:--std=c++17 -O2 -ffp-contract=off -fno-fast-math}")
	line("")
	line = func(format string, args ...any) { fmt.Fprintf(&s, format+"\n", args...) }

	// The runtime and the Fortran compiler's descriptor layout.
	for _, f := range rt.MetalFiles() {
		if _, err := put(f.Name, f.Data); err != nil {
			return "", err
		}
	}
	line("# The descriptors of the Fortran compiler (kernels and runtime read them).")
	line(`cp "$($FC -print-file-name=include)/ISO_Fortran_binding.h" "$D"/`)

	var objects []string
	var metallib string
	if out.MSL != "" {
		msl, err := put(out.MSLFile, []byte(out.MSL))
		if err != nil {
			return "", err
		}
		stem := strings.TrimSuffix(msl, ".metal")
		metallib = stem + ".metallib"
		math := "-fno-fast-math"
		if opts.Fast {
			math = "-ffast-math"
		}
		line("")
		line("# The kernels: MSL -> AIR -> a Metal library.")
		line("xcrun -sdk macosx metal %s -c %s -o %s", math, q(msl), q(stem+".air"))
		line("xcrun -sdk macosx metallib %s -o %s", q(stem+".air"), q(metallib))
	}
	line("")
	line("# The runtime: the residency table, launches and waits shared with the CUDA")
	line("# and CPU backends (fgpu_rt_cpu.cpp), and the Metal device (fgpu_rt_metal.mm).")
	line(`$CXX $CXXFLAGS -DFGPU_BACKEND_METAL -I"$D" -c %s -o %s`, q(rt.CPU), q("fgpu_rt_cpu.o"))
	line(`$CXX $CXXFLAGS -fobjc-arc -I"$D" -c %s -o %s`, q(rt.Metal), q("fgpu_rt_metal.o"))
	if out.Kernels != "" {
		k, err := put(out.KernelFile, []byte(out.Kernels))
		if err != nil {
			return "", err
		}
		obj := strings.TrimSuffix(k, filepath.Ext(k)) + ".o"
		line("")
		line("# The launch routines the Fortran host calls (bind(c)).")
		line(`$CXX $CXXFLAGS -I"$D" -c %s -o %s`, q(k), q(obj))
		objects = append(objects, obj)
	}

	line("")
	line("# The host program.")
	fortran := func(src string, extra []string, obj string) {
		args := append([]string{"$FC", "$FFLAGS", `-J "$D"`, `-I "$D"`}, extra...)
		line("%s -c %s -o %s", strings.Join(args, " "), q(src), q(obj))
	}
	var fobjs []string
	if out.Interface != "" {
		name := out.InterfaceFile
		if name == "" {
			name = "fgpu_interfaces.f90"
		}
		n, err := put(name, []byte(out.Interface))
		if err != nil {
			return "", err
		}
		obj := strings.TrimSuffix(n, ".f90") + ".o"
		fortran(n, []string{"-w"}, obj)
		fobjs = append(fobjs, obj)
	}
	order, err := hostOrder(prog, files, out.HostOrder)
	if err != nil {
		return "", err
	}
	for _, f := range order {
		orig, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		text, ok := out.Host[f]
		marked, hasMarks := out.HostMarked[f]
		unchanged := !ok || sameText(text, string(orig))
		if frontend.IsFixedForm(f, opts.SourceForm()) && !contains(out.Preprocessed, f) {
			unchanged = true
		}
		var extra []string
		var n string
		if unchanged {
			// As written (the builder compiles the user's file itself).
			if frontend.NeedsPreprocessing(f) || hasDirectives(string(orig)) {
				extra = append(extra, "-cpp")
				for _, d := range opts.Defines {
					extra = append(extra, shellJoin([]string{"-D" + d}))
				}
			}
			extra = append(extra, opts.FormFlags()...)
			if n, err = put(filepath.Base(f), orig); err != nil {
				return "", err
			}
		} else {
			base := filepath.Base(f)
			ext := filepath.Ext(base)
			name := strings.TrimSuffix(base, ext) + strings.ToLower(ext)
			if frontend.IsFixedForm(f, opts.SourceForm()) {
				name = strings.TrimSuffix(base, ext) + ".f90"
				extra = append(extra, "-ffree-form", "-ffree-line-length-none")
			} else if opts.FreeForm {
				extra = append(extra, "-ffree-form")
			}
			if hasMarks {
				text = marked
			}
			if n, err = put(name, []byte(text)); err != nil {
				return "", err
			}
		}
		obj := strings.TrimSuffix(n, filepath.Ext(n)) + ".o"
		for used[obj] {
			obj = strings.TrimSuffix(obj, ".o") + "_.o"
		}
		used[obj] = true
		fortran(n, extra, obj)
		fobjs = append(fobjs, obj)
	}

	line("")
	line("# The link: the Metal library goes into the executable.")
	var link []string
	link = append(link, "$FC", "$FFLAGS", `-o "$OUT"`)
	for _, o := range fobjs {
		link = append(link, q(o))
	}
	for _, o := range objects {
		link = append(link, q(o))
	}
	link = append(link, q("fgpu_rt_cpu.o"), q("fgpu_rt_metal.o"))
	for _, a := range opts.LinkArgs {
		link = append(link, shellJoin([]string{a}))
	}
	link = append(link, "-lc++", "-lobjc", "-framework Metal", "-framework Foundation")
	if metallib != "" {
		link = append(link, `-Wl,-sectcreate,__DATA,__fgpu_metallib,"$D"/`+shellJoin([]string{metallib}))
	}
	line("%s", strings.Join(link, " "))
	line(`echo "built $OUT"`)
	// The files the build reads, checked first (a directory copied to a
	// Mac in part fails here, naming what is missing).
	var check []string
	for _, n := range inputs {
		check = append(check, q(n))
	}
	fmt.Fprintf(&head, "for f in %s; do\n  [ -f \"$f\" ] || { echo \"build.sh: $f is missing\" >&2; exit 1; }\ndone\n\n", strings.Join(check, " "))
	script := filepath.Join(dir, "build.sh")
	if err := os.WriteFile(script, []byte(head.String()+s.String()), 0o755); err != nil {
		return "", err
	}
	return script, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
