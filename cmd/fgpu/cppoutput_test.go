package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// cppSource is a program whose build runs the preprocessor itself
// (`FC -E -cpp x.F90 > x_cpp.f90`, then `FC -c x_cpp.f90`), as some public
// solvers' build scripts do: the compiled file carries cpp's line markers.
const cppSource = `#define N 5000
module m
  implicit none
contains
  subroutine scale(a, s)
    real(8), intent(inout) :: a(:)
    real(8), intent(in) :: s
    integer :: i
    do concurrent (i = 1:size(a))
      a(i) = a(i) * s + real(i, 8)
    end do
  end subroutine
end module
program p
  use m
  implicit none
  real(8) :: a(N)
  integer :: step
#ifdef BIG
  a = 2
#else
  a = 1
#endif
  do step = 1, 3
    call scale(a, 0.5d0)
  end do
  print *, sum(a), a(1), a(N)
end program
`

// TestCppOutputInput: a file written by a build's own preprocessor run is
// compiled as gfortran compiles it: cpp's line markers are honoured, the
// program prints what gfortran's build prints, fgpu's messages (the offload
// report) and the host compiler's name the original file's lines.
func TestCppOutputInput(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	if err := os.WriteFile("x.F90", []byte(cppSource), 0o644); err != nil {
		t.Fatal(err)
	}
	pre := func(src, out string) {
		t.Helper()
		text, err := exec.Command("gfortran", "-E", "-cpp", src).Output()
		if err != nil {
			t.Fatalf("gfortran -E: %v", err)
		}
		if !strings.HasPrefix(string(text), "# 1 ") {
			t.Fatalf("gfortran -E wrote no line markers:\n%s", text)
		}
		if err := os.WriteFile(out, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pre("x.F90", "x_cpp.f90")
	if out, err := exec.Command("gfortran", "-O2", "x_cpp.f90", "-o", "ref").CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want, err := exec.Command("./ref").Output()
	if err != nil {
		t.Fatal(err)
	}
	// Compiler mode, as the build script runs it.
	if code, _, errOut := runCLI(t, "-O2", "-c", "x_cpp.f90", "-o", "x.o"); code != 0 {
		t.Fatalf("fgpu -c x_cpp.f90: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "-O2", "--offload-report", "x.o", "-o", "x"); code != 0 {
		t.Fatalf("fgpu link: exit %d\n%s", code, errOut)
	} else if !strings.Contains(errOut, "x.F90:9: offloaded") {
		t.Errorf("the offload report does not name the loop at x.F90:9:\n%s", errOut)
	}
	got, err := exec.Command("./x").Output()
	if err != nil || string(got) != string(want) {
		t.Errorf("fgpu's build prints %q (%v), gfortran's %q", got, err, want)
	}

	// A host error after the rewritten loop: named at the original line.
	bad := strings.Replace(cppSource, "  print *, sum(a), a(1), a(N)\n", "  call undefined_thing(a, 1)\n  call undefined_thing(1, a)\n  print *, sum(a)\n", 1)
	if err := os.WriteFile("bad.F90", []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	pre("bad.F90", "bad_cpp.f90")
	ref, _ := exec.Command("gfortran", "-c", "bad_cpp.f90", "-o", "ref.o").CombinedOutput()
	if !strings.Contains(string(ref), "bad.F90:28:") {
		t.Fatalf("gfortran alone says\n%s", ref)
	}
	code, _, errOut := runCLI(t, "build", "--gpu=cpu", "bad_cpp.f90", "-o", "bad")
	if code != exitError {
		t.Errorf("build: exit %d, want %d", code, exitError)
	}
	msgs, _, _ := strings.Cut(errOut, "fgpu: build: the host compiler failed")
	if !strings.Contains(msgs, "bad.F90:28:") || strings.Contains(msgs, "fgpu-build-") {
		t.Errorf("the host compiler's error does not name bad.F90:28 (or names fgpu's copy):\n%s", errOut)
	}

	// fgpu's own diagnostics name the original lines too.
	// (A scalar updated as t = t + e without a reduce spec: a warning.)
	racy := strings.Replace(cppSource, "      a(i) = a(i) * s + real(i, 8)\n", "      a(i) = a(i) * s + real(i, 8)\n      t = t + a(i)\n", 1)
	racy = strings.Replace(racy, "    integer :: i\n", "    integer :: i\n    real(8) :: t\n    t = 0\n", 1)
	racy = strings.Replace(racy, "      t = t + a(i)\n    end do\n", "      t = t + a(i)\n    end do\n    a(1) = t\n", 1)
	if err := os.WriteFile("racy.F90", []byte(racy), 0o644); err != nil {
		t.Fatal(err)
	}
	pre("racy.F90", "racy_cpp.f90")
	code, _, errOut = runCLI(t, "check", "racy_cpp.f90")
	if !strings.Contains(errOut, "racy.F90:13:7: warning") || strings.Contains(errOut, "racy_cpp.f90:") {
		t.Errorf("fgpu check (exit %d) does not name racy.F90's lines:\n%s", code, errOut)
	}
}
