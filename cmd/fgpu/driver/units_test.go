package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// unitsProgram is two modules in two files and a main program: module ma
// (ma.f90) holds more loops than one kernel unit takes (emit/kunits.go:
// its kernels compile in two units), module mb (mb.f90) three; each
// module has its own pure function f, different from the other's (each
// unit names its device functions its own way, so that no two units
// define one name differently). c is a constant of mb's loops, for the
// edit of mb.f90.
func unitsProgram(loopsA int, c string) map[string]string {
	var a strings.Builder
	a.WriteString(`module ma
  implicit none
  integer, parameter :: na = 1000
  real(8) :: xa(na)
contains
  pure real(8) function f(x)
    real(8), intent(in) :: x
    f = 0.5d0 * x + 1.0d0
  end function
  subroutine stepa(x)
    real(8), intent(inout) :: x(:)
    integer :: i
`)
	for k := 1; k <= loopsA; k++ {
		fmt.Fprintf(&a, "    do concurrent (i = 1:size(x))\n      x(i) = f(x(i)) + %d.0d-3 * i\n    end do\n", k)
	}
	a.WriteString("  end subroutine\nend module\n")
	b := `module mb
  implicit none
  integer, parameter :: nb = 777
  real(8) :: xb(nb)
contains
  pure real(8) function f(x)
    real(8), intent(in) :: x
    f = 0.25d0 * x - 1.0d0
  end function
  subroutine stepb(x)
    real(8), intent(inout) :: x(:)
    integer :: i
    do concurrent (i = 1:size(x))
      x(i) = f(x(i)) + ` + c + ` * i
    end do
    do concurrent (i = 1:size(x))
      x(i) = x(i) * 0.5d0
    end do
    do concurrent (i = 2:size(x))
      x(i) = f(x(i)) - 1.0d-2
    end do
  end subroutine
end module
`
	main := `program units
  use ma
  use mb
  implicit none
  integer :: step, i
  real(8) :: sa, sb
  xa = 1.0d0
  xb = 2.0d0
  do step = 1, 20
    call stepa(xa)
    call stepb(xb)
  end do
  sa = 0
  sb = 0
  do i = 1, na
    sa = sa + xa(i)
  end do
  do i = 1, nb
    sb = sb + xb(i)
  end do
  if (.not. (sa == sa .and. sb == sb)) error stop 'not a number'
  print '(2es25.16)', sa, sb
  print '(3es25.16)', xa(1), xa(na), xb(nb)
end program
`
	return map[string]string{"ma.f90": a.String(), "mb.f90": b, "main.f90": main}
}

// kernelCommands are the kernel compiles a build ran (its build.sh, with
// --keep): the unit file each compiled, and the units taken from the
// cache.
func kernelCommands(t *testing.T, work string) (compiled, cached []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(work, "build.sh"))
	if err != nil {
		t.Fatal(err)
	}
	unit := regexp.MustCompile(`-c \S*/(fgpu_kernels_\w+_u\d+\.(cpp|cu)) `)
	for _, l := range strings.Split(string(data), "\n") {
		m := unit.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if strings.Contains(l, "from the cache:") {
			cached = append(cached, m[1])
		} else {
			compiled = append(compiled, m[1])
		}
	}
	sort.Strings(compiled)
	sort.Strings(cached)
	return compiled, cached
}

// TestKernelUnits: the kernels compile in units, one per source file and
// two for the file with more loops than a unit takes; -j 1 and -j 4 give
// the same program (gfortran's output); after an edit of one file, only
// that file's unit compiles again, the others come from the cache.
func TestKernelUnits(t *testing.T) {
	needTools(t, "gfortran", "c++")
	files := unitsProgram(70, "1.0d-3")
	dir := writeFiles(t, files)
	srcs := []string{filepath.Join(dir, "ma.f90"), filepath.Join(dir, "mb.f90"), filepath.Join(dir, "main.f90")}
	ref, code := runExe(t, reference(t, dir, srcs...))
	if code != 0 {
		t.Fatalf("reference: exit %d", code)
	}
	cache := t.TempDir()
	build := func(name string, jobs int) (out string, compiled, cached []string) {
		t.Helper()
		work := filepath.Join(dir, "work-"+name)
		opts := Options{Device: "cpu", Output: filepath.Join(dir, name), CacheDir: cache, Jobs: jobs, Keep: true, KeepDir: work}
		if _, diags, err := Build(srcs, opts); err != nil {
			t.Fatalf("build %s: %v (%v)", name, err, diags)
		}
		out, code := runExe(t, opts.Output)
		if code != 0 {
			t.Fatalf("build %s: exit %d", name, code)
		}
		compiled, cached = kernelCommands(t, work)
		return out, compiled, cached
	}

	before := kernelCompiles.Load()
	out1, compiled, cached := build("j1", 1)
	if len(compiled) != 3 || len(cached) != 0 {
		t.Fatalf("-j 1, empty cache: units compiled %v, cached %v; want three compiled (two of ma.f90, one of mb.f90)", compiled, cached)
	}
	if n := kernelCompiles.Load() - before; n != 3 {
		t.Errorf("-j 1: %d kernel compiles, want 3", n)
	}
	if out1 != ref {
		t.Errorf("-j 1: output\n%s\nwant (gfortran)\n%s", out1, ref)
	}

	// -j 4 with another cache: the same units, compiled in parallel.
	cache = t.TempDir()
	out4, compiled4, _ := build("j4", 4)
	if out4 != out1 {
		t.Errorf("-j 4: output\n%s\nwant (-j 1)\n%s", out4, out1)
	}
	if strings.Join(compiled4, " ") != strings.Join(compiled, " ") {
		t.Errorf("-j 4 compiled units %v, -j 1 %v", compiled4, compiled)
	}

	// An edit of mb.f90: its unit compiles again, ma.f90's come from the
	// cache.
	files["mb.f90"] = unitsProgram(70, "2.0d-3")["mb.f90"]
	if err := os.WriteFile(srcs[1], []byte(files["mb.f90"]), 0o644); err != nil {
		t.Fatal(err)
	}
	ref2, _ := runExe(t, reference(t, dir, srcs...))
	if ref2 == ref {
		t.Fatal("the edit does not change the reference's output")
	}
	before = kernelCompiles.Load()
	out, compiled, cached := build("edited", 2)
	if n := kernelCompiles.Load() - before; n != 1 || len(compiled) != 1 || len(cached) != 2 {
		t.Errorf("after an edit of mb.f90: %d kernel compiles, units compiled %v, cached %v; want mb.f90's one compiled, ma.f90's two cached", n, compiled, cached)
	}
	if out != ref2 {
		t.Errorf("after the edit: output\n%s\nwant (gfortran)\n%s", out, ref2)
	}
}

// TestKernelUnitsCUDA: the program of TestKernelUnits builds for CUDA
// (nvcc compiles each unit; no relocatable device code: each unit holds
// the device functions its kernels call). Compiled only: no GPU here.
func TestKernelUnitsCUDA(t *testing.T) {
	needTools(t, "gfortran", "c++", "nvcc")
	dir := writeFiles(t, unitsProgram(70, "1.0d-3"))
	srcs := []string{filepath.Join(dir, "ma.f90"), filepath.Join(dir, "mb.f90"), filepath.Join(dir, "main.f90")}
	work := filepath.Join(dir, "work")
	exe, diags, err := Build(srcs, Options{Device: "cuda", Output: filepath.Join(dir, "units"), CacheDir: t.TempDir(), Jobs: 2, Keep: true, KeepDir: work})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, diags)
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatal(err)
	}
	compiled, _ := kernelCommands(t, work)
	if len(compiled) != 3 {
		t.Errorf("CUDA units compiled: %v, want three", compiled)
	}
	for _, u := range compiled {
		if !strings.HasSuffix(u, ".cu") {
			t.Errorf("CUDA unit %s is not a .cu file", u)
		}
	}
}

// TestKernelUnitsHostFails: with -j 1, a host compile that fails (a flag
// gfortran refuses, on the interface module, fgpu's first Fortran file)
// ends the build with its error, the units not yet started not compiled
// (the host files' chain holds the one slot: the build must not wait for
// units that wait for it).
func TestKernelUnitsHostFails(t *testing.T) {
	needTools(t, "gfortran", "c++")
	dir := writeFiles(t, unitsProgram(70, "1.0d-3"))
	srcs := []string{filepath.Join(dir, "ma.f90"), filepath.Join(dir, "mb.f90"), filepath.Join(dir, "main.f90")}
	before := kernelCompiles.Load()
	done := make(chan error, 1)
	go func() {
		_, _, err := Build(srcs, Options{Device: "cpu", Output: filepath.Join(dir, "units"), CacheDir: t.TempDir(), Jobs: 1, HostFlags: []string{"-fno-such-flag-fgpu"}})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "refuses a flag") {
			t.Errorf("err = %v, want the host compiler's refusal of the flag", err)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the build did not end (the host chain and the units wait for each other)")
	}
	if n := kernelCompiles.Load() - before; n > 1 {
		t.Errorf("%d units compiled after the host compile failed, want at most the one started", n)
	}
}
