package driver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"
)

// needTools skips the test when a tool is missing, except in CI (CI=true),
// where a missing tool is a failure (TOOLCHAINS.md, "CI facts").
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1" {
				t.Fatalf("%s is required in CI: %v", tool, err)
			}
			t.Skipf("%s not installed", tool)
		}
	}
}

// writeFiles writes name -> text into a new directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runExe runs a built program and returns its stdout and exit status.
func runExe(t *testing.T, exe string, args ...string) (string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code, err := Run(exe, args, nil, &out, &errOut)
	if err != nil {
		t.Fatalf("%s: %v", exe, err)
	}
	return out.String(), code
}

// reference builds files with gfortran alone, the oracle (ARCHITECTURE.md 6).
func reference(t *testing.T, dir string, files ...string) string {
	t.Helper()
	exe := filepath.Join(dir, "ref.exe")
	args := append([]string{"-O2", "-ffpe-summary=none", "-J", t.TempDir(), "-o", exe}, files...)
	if out, err := exec.Command("gfortran", args...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran %v: %v\n%s", args, err, out)
	}
	return exe
}

const loopsProgram = `program loops
  implicit none
  integer :: i, j
  real(8) :: a(100), b(20, 30), s
  do concurrent (i = 1:100)
    a(i) = 0.5d0 * i
  end do
  do concurrent (i = 1:20, j = 1:30, mod(i + j, 3) /= 0)
    b(i, j) = a(i) + j
  end do
  s = 0
  do i = 1, 100
    s = s + a(i)
  end do
  print '(f12.3)', s
  print '(3f10.3)', b(1, 1), b(2, 3), b(20, 30)
end program
`

func TestBuildNoneMatchesGfortran(t *testing.T) {
	needTools(t, "gfortran")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	src := filepath.Join(dir, "loops.f90")
	exe, diags, err := Build([]string{src}, Options{Device: "none", Output: filepath.Join(dir, "loops"), CacheDir: t.TempDir()})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	got, code := runExe(t, exe)
	want, wantCode := runExe(t, reference(t, dir, src))
	if got != want || code != wantCode {
		t.Errorf("fgpu: exit %d, stdout %q\ngfortran: exit %d, stdout %q", code, got, wantCode, want)
	}
}

func TestBuildCPUMatchesGfortran(t *testing.T) {
	needTools(t, "gfortran", "c++")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	src := filepath.Join(dir, "loops.f90")
	exe, diags, err := Build([]string{src}, Options{Device: "cpu", Output: filepath.Join(dir, "loops"), CacheDir: t.TempDir()})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	got, code := runExe(t, exe)
	want, wantCode := runExe(t, reference(t, dir, src))
	if got != want || code != wantCode {
		t.Errorf("fgpu: exit %d, stdout %q\ngfortran: exit %d, stdout %q", code, got, wantCode, want)
	}
}

func TestErrorStopStatus(t *testing.T) {
	needTools(t, "gfortran")
	dir := writeFiles(t, map[string]string{"stop.f90": `program stop3
  implicit none
  integer :: i
  real :: a(4)
  do concurrent (i = 1:4)
    a(i) = i
  end do
  print *, 'before'
  if (a(4) > 3) error stop 3
  print *, 'not reached'
end program
`})
	exe, _, err := Build([]string{filepath.Join(dir, "stop.f90")}, Options{Device: "none", Output: filepath.Join(dir, "stop"), CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	out, code := runExe(t, exe)
	if code != 3 || strings.TrimSpace(out) != "before" {
		t.Errorf("exit %d, stdout %q; want 3 and before", code, out)
	}
}

// Three files whose modules depend on each other, given in reverse order.
var moduleFiles = map[string]string{
	"a.f90": `module a_mod
  implicit none
  integer, parameter :: n = 5
end module
`,
	"b.f90": `module b_mod
  use a_mod
  implicit none
contains
  pure real function twice(x)
    real, intent(in) :: x
    twice = 2 * x * n
  end function
end module
`,
	"main.f90": `program main
  use b_mod, only: twice
  implicit none
  integer :: i
  real :: a(3)
  do concurrent (i = 1:3)
    a(i) = i
  end do
  block
    use a_mod
    print *, twice(a(3)), n
  end block
end program
`,
}

func TestModuleOrder(t *testing.T) {
	dir := writeFiles(t, moduleFiles)
	files := []string{filepath.Join(dir, "main.f90"), filepath.Join(dir, "b.f90"), filepath.Join(dir, "a.f90")}
	prog, diags := frontend.Load(files, frontend.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	order, err := moduleOrder(prog, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{files[2], files[1], files[0]}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Errorf("order %v, want %v", order, want)
	}
	// Emit's order wins, completed with the files it left out.
	order, _ = hostOrder(prog, files, []string{files[1]})
	if strings.Join(order, " ") != strings.Join([]string{files[1], files[0], files[2]}, " ") {
		t.Errorf("emitted order not kept: %v", order)
	}
}

func TestModuleCycle(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"x.f90": "module x\n  use y\nend module\n",
		"y.f90": "module y\n  use x\nend module\n",
		"z.f90": "program z\nend program\n",
	})
	files := []string{filepath.Join(dir, "z.f90"), filepath.Join(dir, "x.f90"), filepath.Join(dir, "y.f90")}
	prog, _ := frontend.Load(files, frontend.Options{})
	_, err := moduleOrder(prog, files)
	if err == nil || !strings.Contains(err.Error(), "cycle") || !strings.Contains(err.Error(), "x.f90, y.f90") || strings.Contains(err.Error(), "z.f90") {
		t.Errorf("err = %v, want a cycle of x.f90 and y.f90", err)
	}
}

func TestBuildReverseModuleOrder(t *testing.T) {
	needTools(t, "gfortran")
	dir := writeFiles(t, moduleFiles)
	files := []string{filepath.Join(dir, "main.f90"), filepath.Join(dir, "b.f90"), filepath.Join(dir, "a.f90")}
	exe, diags, err := Build(files, Options{Device: "none", Output: filepath.Join(dir, "main"), CacheDir: t.TempDir()})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	got, code := runExe(t, exe)
	want, wantCode := runExe(t, reference(t, dir, files[2], files[1], files[0]))
	if got != want || code != wantCode {
		t.Errorf("fgpu: exit %d, stdout %q\ngfortran: exit %d, stdout %q", code, got, wantCode, want)
	}
}

func TestMissingTools(t *testing.T) {
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	src := filepath.Join(dir, "loops.f90")
	_, _, err := Build([]string{src}, Options{Device: "none", FC: "fgpu-no-such-fortran-compiler", CacheDir: t.TempDir()})
	var te *ToolError
	if !errors.As(err, &te) || te.Tool != "fgpu-no-such-fortran-compiler" || !strings.Contains(err.Error(), "apt-get install gfortran") {
		t.Errorf("missing FC: err = %v, want a *ToolError naming gfortran", err)
	}
	t.Setenv("FC", "fgpu-no-such-fc-from-env")
	if _, _, err := Build([]string{src}, Options{Device: "none"}); !errors.As(err, &te) || te.Tool != "fgpu-no-such-fc-from-env" {
		t.Errorf("missing $FC: err = %v", err)
	}

	needTools(t, "gfortran", "c++")
	_, _, err = Build([]string{src}, Options{Device: "cuda", FC: "gfortran", NVCC: "fgpu-no-such-nvcc", CacheDir: t.TempDir()})
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "nvidia-cuda-toolkit") || !strings.Contains(err.Error(), "non-free") {
		t.Errorf("missing nvcc: err = %v, want a *ToolError naming nvidia-cuda-toolkit", err)
	}
}

func TestToolFailure(t *testing.T) {
	needTools(t, "false")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	_, _, err := Build([]string{filepath.Join(dir, "loops.f90")}, Options{Device: "none", FC: "false", Output: filepath.Join(dir, "x"), CacheDir: t.TempDir()})
	var ce *CommandError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "loops.f90") || !strings.Contains(err.Error(), "command failed") {
		t.Errorf("err = %v, want a *CommandError with the command line", err)
	}
}

func TestFrontEndErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"bad.f90": "program bad\n  x = = 1\nend program\n"})
	needTools(t, "gfortran")
	_, diags, err := Build([]string{filepath.Join(dir, "bad.f90")}, Options{Device: "cpu", CacheDir: t.TempDir()})
	if !errors.Is(err, ErrCompile) || !diags.HasErrors() {
		t.Errorf("err = %v, diags %v; want ErrCompile with errors", err, diags)
	}
}

func TestRuntimeCache(t *testing.T) {
	needTools(t, "gfortran", "c++")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	cache := t.TempDir()
	opts := Options{Device: "cpu", Output: filepath.Join(dir, "p1"), CacheDir: cache}
	before := runtimeCompiles.Load()
	if _, diags, err := Build([]string{filepath.Join(dir, "loops.f90")}, opts); err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	objs, _ := filepath.Glob(filepath.Join(cache, "runtime-cpu-*", "fgpu_rt_cpu.o"))
	if len(objs) != 1 {
		t.Fatalf("runtime objects in the cache: %v", objs)
	}
	st1, _ := os.Stat(objs[0])
	opts.Output = filepath.Join(dir, "p2")
	if _, _, err := Build([]string{filepath.Join(dir, "loops.f90")}, opts); err != nil {
		t.Fatal(err)
	}
	st2, _ := os.Stat(objs[0])
	if n := runtimeCompiles.Load() - before; n != 1 {
		t.Errorf("runtime compiled %d times, want once", n)
	}
	if !st1.ModTime().Equal(st2.ModTime()) {
		t.Errorf("cached runtime object rewritten")
	}
	if _, code := runExe(t, opts.Output); code != 0 {
		t.Errorf("second build: exit %d", code)
	}

	// A damaged entry (a truncated object; then one without its SUMS, as
	// a build killed before it finished leaves it) is rebuilt, with a
	// note, never linked.
	for i, damage := range []func() error{
		func() error { return os.Truncate(objs[0], 100) },
		func() error { return os.Remove(filepath.Join(filepath.Dir(objs[0]), sumsFile)) },
	} {
		if err := damage(); err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		opts.Output = filepath.Join(dir, fmt.Sprintf("p%d", 3+i))
		opts.Stderr = &errb
		if _, _, err := Build([]string{filepath.Join(dir, "loops.f90")}, opts); err != nil {
			t.Fatalf("build after damage %d: %v", i, err)
		}
		if n := runtimeCompiles.Load() - before; n != int64(2+i) {
			t.Errorf("damage %d: runtime compiled %d times, want %d", i, n, 2+i)
		}
		if !strings.Contains(errb.String(), "is damaged") {
			t.Errorf("damage %d: no note on stderr: %q", i, errb.String())
		}
		if _, code := runExe(t, opts.Output); code != 0 {
			t.Errorf("build after damage %d: exit %d", i, code)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(cache, "damaged-*")); len(left) != 0 {
		t.Errorf("damaged entries left in the cache: %v", left)
	}
}

func TestBuildCUDACompiles(t *testing.T) {
	needTools(t, "gfortran", "c++", "nvcc")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	exe, diags, err := Build([]string{filepath.Join(dir, "loops.f90")}, Options{Device: "cuda", Output: filepath.Join(dir, "loops"), CacheDir: t.TempDir(), Keep: true, KeepDir: filepath.Join(dir, "work")})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "work", "build.sh")); err != nil || !strings.Contains(string(b), "-lcudart") {
		t.Errorf("build.sh: %v\n%s", err, b)
	}
}

func TestBuildPreprocessed(t *testing.T) {
	needTools(t, "gfortran")
	dir := writeFiles(t, map[string]string{
		"pp.F90": `program pp
  implicit none
  integer :: i
  real :: a(N)
#include "defs.h"
  include 'body.inc'
#ifdef LOUD
  print *, 'loud', M
#endif
end program
`,
		"body.inc": "  do concurrent (i = 1:size(a))\n    a(i) = i\n  end do\n  print *, sum(a)\n",
	})
	inc := filepath.Join(dir, "inc")
	if err := os.Mkdir(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inc, "defs.h"), []byte("#define M 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, diags, err := Build([]string{filepath.Join(dir, "pp.F90")}, Options{Device: "none", Output: filepath.Join(dir, "pp"),
		Defines: []string{"N=4", "LOUD"}, IncludeDirs: []string{inc}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	out, code := runExe(t, exe)
	if code != 0 || strings.Join(strings.Fields(out), " ") != "10.0000000 loud 42" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
}

// TestKernelCache: the same kernels are compiled once per cache; another
// optimisation level is another entry; a damaged entry is compiled again.
func TestKernelCache(t *testing.T) {
	needTools(t, "gfortran", "c++")
	dir := writeFiles(t, map[string]string{"loops.f90": loopsProgram})
	cache := t.TempDir()
	src := []string{filepath.Join(dir, "loops.f90")}
	before := kernelCompiles.Load()
	build := func(name, opt string, want int64) {
		t.Helper()
		opts := Options{Device: "cpu", Output: filepath.Join(dir, name), CacheDir: cache, Opt: opt}
		if _, diags, err := Build(src, opts); err != nil {
			t.Fatalf("build %s: %v (%v)", name, err, diags)
		}
		if n := kernelCompiles.Load() - before; n != want {
			t.Errorf("build %s: kernels compiled %d times in all, want %d", name, n, want)
		}
		if _, code := runExe(t, opts.Output); code != 0 {
			t.Errorf("build %s: exit %d", name, code)
		}
	}
	build("p1", "-O2", 1)
	build("p2", "-O2", 1)
	build("p3", "-O1", 2)
	entries, _ := filepath.Glob(filepath.Join(cache, "kernels", "*.o"))
	if len(entries) != 2 {
		t.Fatalf("cache entries %v, want two", entries)
	}
	for _, e := range entries {
		if err := os.Truncate(e, 10); err != nil {
			t.Fatal(err)
		}
	}
	build("p4", "-O2", 3)
}
