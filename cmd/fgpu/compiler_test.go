package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const saxpyMod = `module saxpy_mod
  implicit none
  real(8), allocatable :: x(:), y(:)
contains
  subroutine saxpy(a)
    real(8), intent(in) :: a
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = a * x(i) + y(i)
    end do
  end subroutine saxpy
end module saxpy_mod
`

const saxpyMain = `program main
  use saxpy_mod
  implicit none
  integer :: i, t
  interface
    real(8) function twice(v) bind(c)
      import
      real(8), value :: v
    end function
  end interface
  allocate(x(1000), y(1000))
  do i = 1, size(x)
    x(i) = i
    y(i) = 1
  end do
  do t = 1, 10
    call saxpy(0.5d0)
  end do
  print '(f0.1)', twice(sum(y))
end program main
`

// TestCompilerMode: fgpu as FC in a build system: objects compiled one at
// a time with gfortran's flags (-J, -O2, -W...), the module in its own
// object, an archive, an object of another compiler (C++), libraries; the
// link builds the whole program from the sources the objects carry, its
// loop offloaded (FGPU_STATS: 10 launches), and gives the host's result.
func TestCompilerMode(t *testing.T) {
	needBuildTools(t, "gfortran", "c++", "objcopy", "ar")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	mods := filepath.Join(dir, "mods")
	for _, d := range []string{src, mods} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mod := write("saxpy_mod.f90", saxpyMod)
	main := write("main.f90", saxpyMain)
	csrc := write("twice.cpp", "extern \"C\" double twice(double v) { return 2 * v; }\n")
	obj := func(name string) string { return filepath.Join(dir, name) }
	cli := func(args ...string) {
		t.Helper()
		code, out, errOut := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("fgpu %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
	cli("-O2", "-Wall", "-J", mods, "-c", mod, "-o", obj("saxpy_mod.o"))
	cli("-O2", "-Wall", "-J"+mods, "-c", main, "-o", obj("main.o"))
	if out, err := exec.Command("c++", "-O2", "-c", csrc, "-o", obj("twice.o")).CombinedOutput(); err != nil {
		t.Fatalf("c++: %v\n%s", err, out)
	}
	if out, err := exec.Command("ar", "rcs", obj("libsaxpy.a"), obj("saxpy_mod.o")).CombinedOutput(); err != nil {
		t.Fatalf("ar: %v\n%s", err, out)
	}
	for name, link := range map[string][]string{
		"objects": {obj("main.o"), obj("saxpy_mod.o"), obj("twice.o")},
		"archive": {obj("main.o"), obj("twice.o"), "-L" + dir, "-lsaxpy", "-lm"},
	} {
		exe := obj("app_" + name)
		cli(append([]string{"--gpu=cpu", "-O2"}, append(link, "-o", exe)...)...)
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "FGPU_STATS=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "5007000.0") || !strings.Contains(string(out), "10 launches") {
			t.Errorf("%s: want 5007000.0 and 10 launches (the loop offloaded), got %v\n%s", name, err, out)
		}
	}
	// An error in a source is the host compiler's, with its status.
	bad := write("bad.f90", "program bad\n  x = \nend program\n")
	code, _, errOut := runCLI(t, "-c", bad, "-o", obj("bad.o"))
	if code == 0 || !strings.Contains(errOut, "bad.f90") {
		t.Errorf("a syntax error: exit %d, stderr %q", code, errOut)
	}
	// A fixed-form source compiled on its own (its loop continued in
	// column 6) and linked: the loop offloaded.
	fx := write("fx.f", "      program fx\n      integer i\n      real a(10)\n      do concurrent (i = 1:\n     &  10)\n        a(i) = i\n      end do\n      print *, sum(a)\n      end\n")
	code, _, errOut = runCLI(t, "-O2", "-c", fx, "-o", obj("fx.o"))
	if code != 0 {
		t.Errorf("fixed form -c: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "-O2", obj("fx.o"), "-o", obj("fx"))
	if code != 0 {
		t.Errorf("fixed form link: exit %d, stderr %q", code, errOut)
	} else {
		cmd := exec.Command(obj("fx"))
		cmd.Env = append(os.Environ(), "FGPU_STATS=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "55.") || !strings.Contains(string(out), "1 launches") {
			t.Errorf("fixed form: want 55. and the loop launched once, got %v %q", err, out)
		}
	}
	// -E: the host compiler's preprocessor.
	pp := write("pp.F90", "#define N 7\nprogram pp\n  print *, N\nend program\n")
	code, out, errOut := runCLI(t, "-E", pp)
	if code != 0 || !strings.Contains(out, "print *, 7") {
		t.Errorf("-E: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestParseCompilerLine(t *testing.T) {
	c, err := parseCompilerLine([]string{"-O3", "-g", "-fopenmp", "-Jm", "-I", "inc", "-DX=1", "-c", "a.f90", "-o", "a.o", "--gpu=cuda", "-lfoo", "-L/opt", "b.o", "-MF", "a.d", "-Xlinker", "-zmuldefs"})
	if err != nil {
		t.Fatal(err)
	}
	if !c.compile || c.moduleDir != "m" || c.build.opts.Opt != "-O3" || c.build.opts.Device != "cuda" || c.build.opts.Output != "a.o" {
		t.Errorf("parsed %+v", c)
	}
	if strings.Join(c.hostFlags, " ") != "-g -fopenmp -MF a.d" || strings.Join(c.linkArgs, " ") != "-lfoo -L/opt b.o -Xlinker -zmuldefs" {
		t.Errorf("host flags %v, link %v", c.hostFlags, c.linkArgs)
	}
	if strings.Join(c.build.files, " ") != "a.f90" || strings.Join(c.build.opts.IncludeDirs, " ") != "inc" || strings.Join(c.build.opts.Defines, " ") != "X=1" {
		t.Errorf("files %v, -I %v, -D %v", c.build.files, c.build.opts.IncludeDirs, c.build.opts.Defines)
	}
	// A file of no language gfortran knows goes to the linker, as
	// gfortran passes it; C sources to the host compiler.
	if c, err := parseCompilerLine([]string{"notes.txt", "x.c", "y.f90"}); err != nil || strings.Join(c.linkArgs, " ") != "notes.txt" ||
		strings.Join(c.otherSources, " ") != "x.c" || strings.Join(c.build.files, " ") != "y.f90" {
		t.Errorf("notes.txt x.c y.f90: link %v, other sources %v, Fortran %v, err %v", c.linkArgs, c.otherSources, c.build.files, err)
	}
	for _, a := range [][]string{{"-O2", "x.f90"}, {"x.f90"}, {"x.o", "-o", "app"}} {
		if !compilerMode(a) {
			t.Errorf("%v: not read as a compiler line", a)
		}
	}
	for _, a := range [][]string{{"build", "x.f90"}, {"--help"}, {"--version"}} {
		if compilerMode(a) {
			t.Errorf("%v: read as a compiler line", a)
		}
	}
}

// TestCheckShowsKernelSource: check --show-gpu-kernel-source prints the
// kernels build would compile (it printed nothing), or says there are
// none.
func TestCheckShowsKernelSource(t *testing.T) {
	src := writeProgram(t, "saxpy_mod.f90", saxpyMod)
	code, out, errOut := runCLI(t, "check", "--show-gpu-kernel-source", src)
	if code != 0 || !strings.Contains(out, "offload (cpu)") || !strings.Contains(out, "fgpu: kernel source (") || !strings.Contains(out, "Generated by fgpu") {
		t.Errorf("check --show-gpu-kernel-source: exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "check", "--show-gpu-kernel-source", "--gpu=metal", src)
	if code != 0 || !strings.Contains(out, "no loop is offloaded") {
		t.Errorf("metal (the loop on the host): exit %d, stdout %s", code, out)
	}
}
