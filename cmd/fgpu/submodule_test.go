package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// submodFiles is the program of several files whose separate module
// procedures have their bodies in submodules of other files (the module,
// a submodule, a submodule of it, the main program: emit's e2e program
// multi/submod_files), in the order gfortran compiles them.
var submodFiles = []string{"a_fields", "b_fields_impl", "c_fields_more", "d_main"}

const submodDir = "../../emit/testdata/e2e/multi/submod_files"

// TestCompilerModeSubmodule: fgpu as FC compiles the module, its
// submodules and the main program one at a time (-c, the .mod and .smod
// files in -J); the link finds the bodies of the separate module
// procedures the loop calls in the submodules' objects and compiles them
// for the device: the loop launched 40 times, the output gfortran's. A
// link without the objects of the submodules that hold the bodies stops
// at the call with the not-yet-implemented error naming it.
func TestCompilerModeSubmodule(t *testing.T) {
	needBuildTools(t, "gfortran", "objcopy")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	mods := filepath.Join(dir, "mods")
	if err := os.MkdirAll(mods, 0o755); err != nil {
		t.Fatal(err)
	}
	obj := func(name string) string { return filepath.Join(dir, name+".o") }
	var srcs []string
	for _, f := range submodFiles {
		src, err := filepath.Abs(filepath.Join(submodDir, f+".f90"))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, src)
		if code, out, errOut := runCLI(t, "-O2", "-J", mods, "-c", src, "-o", obj(f)); code != 0 {
			t.Fatalf("fgpu -c %s: exit %d\n%s%s", f, code, out, errOut)
		}
	}
	for _, smod := range []string{"fields.smod", "fields@fields_impl.smod", "fields@fields_more.smod"} {
		if _, err := os.Stat(filepath.Join(mods, smod)); err != nil {
			t.Errorf("the host compiler's %s is not in -J: %v", smod, err)
		}
	}
	ref := filepath.Join(dir, "ref")
	gf := exec.Command("gfortran", append([]string{"-O2", "-J", t.TempDir(), "-o", ref}, srcs...)...)
	if out, err := gf.CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want, err := exec.Command(ref).Output()
	if err != nil {
		t.Fatalf("reference run: %v", err)
	}
	// The objects in another order than the modules need: the link orders
	// the sources they carry.
	exe := filepath.Join(dir, "app")
	link := []string{"--gpu=cpu", "-O2", obj("d_main"), obj("c_fields_more"), obj("a_fields"), obj("b_fields_impl"), "-o", exe}
	if code, out, errOut := runCLI(t, link...); code != 0 {
		t.Fatalf("fgpu %s: exit %d\n%s%s", strings.Join(link, " "), code, out, errOut)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "FGPU_STATS=1", "FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	if stdout.String() != string(want) {
		t.Errorf("stdout %q, gfortran's %q", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "40 launches") {
		t.Errorf("want the loop launched 40 times (FGPU_STATS), got\n%s", stderr.String())
	}
	// Without the grandchild submodule (half's body): the call stays an
	// external call, a positioned error at the link.
	code, _, errOut := runCLI(t, "--gpu=cpu", "-O2", obj("d_main"), obj("a_fields"), obj("b_fields_impl"), "-o", filepath.Join(dir, "app2"))
	if code == 0 || !strings.Contains(errOut, "a_fields.f90:28:") || !strings.Contains(errOut, "a call of half (no body among the given files)") {
		t.Errorf("link without half's body: exit %d, want the not-yet-implemented call error at a_fields.f90:28, stderr:\n%s", code, errOut)
	}
}
