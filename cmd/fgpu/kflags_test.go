package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fmaProgram: a weighted stencil in a module procedure called in a time
// loop, whose sum (printed in hex) changes in its last bits when a*b+c is
// contracted into an FMA.
const fmaProgram = `module fma_m
  implicit none
  real(8), allocatable :: a(:), b(:), c(:)
contains
  subroutine step(n)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 2:n-1)
      b(i) = 0.25d0*a(i-1) + 0.5d0*a(i) + 0.25d0*a(i+1) + c(i)*a(i)
    end do
    do concurrent (i = 2:n-1)
      a(i) = b(i)*1.0000001d0 + c(i)*b(i-1)
    end do
  end subroutine
end module
program fma
  use fma_m
  implicit none
  integer :: n, i, t
  real(8) :: s
  n = 100000
  allocate (a(n), b(n), c(n))
  do i = 1, n
    a(i) = sin(real(i, 8)); b(i) = 0; c(i) = 1d-3*cos(real(i, 8))
  end do
  do t = 1, 50
    call step(n)
  end do
  s = 0
  do i = 1, n
    s = s + a(i)
  end do
  print '(z16)', s
  if (s /= s) error stop 1
end program
`

// TestKernelFlagsFollowHost: gfortran's code-generation flags reach the
// C++ kernels' compile line (and so the kernel cache key, which hashes
// that line), and the kernels then compute the bits gfortran alone
// computes with the same flags: under -march=native gfortran contracts
// a*b+c into FMAs wherever the processor has them, so the kernels
// contract too; an explicit -ffp-contract=off keeps both exact.
func TestKernelFlagsFollowHost(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "fma.f90", fmaProgram)
	for _, tc := range []struct {
		flags      []string
		want, deny []string // on the kernels' compile line (after the defaults)
	}{
		{[]string{"-O3", "-march=native", "-mtune=native"}, []string{"-march=native", "-mtune=native", "-ffp-contract=fast"}, nil},
		{[]string{"-O3", "-march=native", "-ffp-contract=off"}, []string{"-march=native"}, []string{"-ffp-contract=fast"}},
		{[]string{"-O2"}, []string{"-ffp-contract=off"}, []string{"-ffp-contract=fast", "-march="}},
		{[]string{"-Ofast"}, []string{"-ffast-math"}, nil},
	} {
		name := strings.Join(tc.flags, " ")
		ref := filepath.Join(t.TempDir(), "ref")
		if out, err := exec.Command("gfortran", append(tc.flags, src, "-o", ref)...).CombinedOutput(); err != nil {
			t.Fatalf("gfortran %s: %v\n%s", name, err, out)
		}
		want, wantErr := exec.Command(ref).Output()
		exe := filepath.Join(t.TempDir(), "a")
		code, _, errOut := runCLI(t, append(append([]string{"build", "--keep"}, tc.flags...), src, "-o", exe)...)
		if code != 0 {
			t.Fatalf("fgpu build %s: exit %d\n%s", name, code, errOut)
		}
		_, dir, ok := strings.Cut(errOut, "work directory: ")
		if !ok {
			t.Fatalf("--keep printed no work directory:\n%s", errOut)
		}
		dir = strings.TrimSpace(strings.SplitN(dir, "\n", 2)[0])
		defer os.RemoveAll(dir)
		script, err := os.ReadFile(filepath.Join(dir, "build.sh"))
		if err != nil {
			t.Fatal(err)
		}
		var line string
		for _, l := range strings.Split(string(script), "\n") {
			if strings.Contains(l, "-std=c++17") && strings.Contains(l, "fgpu_kernels") {
				line = l
			}
		}
		if line == "" {
			t.Fatalf("%s: no kernel compile in build.sh:\n%s", name, script)
		}
		// The last -ffp-contract= of the line decides.
		last := ""
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "-ffp-contract=") {
				last = f
			}
		}
		for _, w := range tc.want {
			if strings.HasPrefix(w, "-ffp-contract=") {
				if last != w {
					t.Errorf("%s: the kernels' compile ends with %s, want %s: %s", name, last, w, line)
				}
			} else if !strings.Contains(line, " "+w) {
				t.Errorf("%s: the kernels' compile lacks %s: %s", name, w, line)
			}
		}
		for _, d := range tc.deny {
			if strings.HasPrefix(d, "-ffp-contract=") && last == d || !strings.HasPrefix(d, "-ffp-contract=") && strings.Contains(line, " "+d) {
				t.Errorf("%s: the kernels' compile has %s: %s", name, d, line)
			}
		}
		got, err := exec.Command(exe).Output()
		if string(got) != string(want) || exitCode(err) != exitCode(wantErr) {
			t.Errorf("fgpu build %s prints %q (%v), gfortran %s %q (%v)", name, got, err, name, want, wantErr)
		}
	}
}
