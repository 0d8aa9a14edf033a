// Command snapshot writes what fgpu generates (host Fortran, interface
// module, kernels, diagnostics) for every spec-test and e2e program, for
// the cpu and cuda targets, into a directory: a refactoring that changes
// nothing must leave two snapshots identical (`diff -r`).
//
//	go run ./scripts/snapshot OUTDIR
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/rules"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/snapshot OUTDIR")
		os.Exit(2)
	}
	out := os.Args[1]
	var progs []string
	for _, pat := range []string{"spec-tests/*/*.f90", "spec-tests/*/*.F90", "emit/testdata/e2e/*.f90", "emit/testdata/e2e/*.F90"} {
		m, _ := filepath.Glob(pat)
		progs = append(progs, m...)
	}
	sort.Strings(progs)
	for _, p := range progs {
		for _, dev := range []string{"cpu", "cuda", "metal_cpu"} {
			text := generate(p, dev)
			dst := filepath.Join(out, p+"."+dev)
			os.MkdirAll(filepath.Dir(dst), 0o755)
			if err := os.WriteFile(dst, []byte(text), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
	fmt.Printf("%d programs x 3 targets written under %s\n", len(progs), out)
}

func generate(path, dev string) (text string) {
	defer func() {
		if r := recover(); r != nil {
			text = fmt.Sprintf("PANIC: %v\n", r)
		}
	}()
	var b strings.Builder
	var opts rules.CheckOptions
	for _, f := range driver.ProgramFlags(path) {
		switch {
		case f == "--gpu-allow-cpu-fallback":
			opts.Fallback = true
		case f == "--gpu-offload-omp-loops":
			opts.OffloadOmp = true
		case strings.HasPrefix(f, "--unsupported-as="):
			opts.UnsupportedAs = target.Must(strings.TrimPrefix(f, "--unsupported-as="))
		}
	}
	r, err := driver.Pipeline(driver.Config{Files: []string{path}, Target: target.Must(dev), Check: opts, StopAfter: driver.PhaseEmit})
	if err != nil {
		return "pipeline: " + err.Error() + "\n"
	}
	if r.Check == nil {
		r.Diags.Render(&b, r.Prog)
		return b.String()
	}
	for _, l := range r.Check.Loops {
		fmt.Fprintf(&b, "loop %s:%d %s %s\n", l.Pos.File, l.Pos.Line, l.Outcome, l.Reason)
	}
	r.PhaseDiags(driver.PhaseArrayStmts).Render(&b, r.Prog)
	if r.Last < driver.PhaseArrayStmts {
		return b.String()
	}
	var later frontend.Diagnostics
	for _, p := range []driver.Phase{driver.PhaseLowering, driver.PhaseSync, driver.PhaseEmit} {
		later = append(later, r.PhaseDiags(p)...)
	}
	later.Sort().Render(&b, r.Prog)
	out := r.Output
	if out == nil {
		return b.String()
	}
	var files []string
	for f := range out.Host {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		fmt.Fprintf(&b, "==== host %s\n%s", f, out.Host[f])
	}
	fmt.Fprintf(&b, "==== interface %s\n%s", out.InterfaceFile, out.Interface)
	fmt.Fprintf(&b, "==== kernels %s\n%s", out.KernelFile, out.Kernels)
	return b.String()
}
