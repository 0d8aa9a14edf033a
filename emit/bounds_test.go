package emit_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// boundsPrograms are the programs of the -fcheck=bounds tests: each fails
// one check in one iteration (so the message is gfortran's whichever
// iteration reports), or none (ok*).
var boundsPrograms = []struct{ name, src string }{
	// Above the upper bound, in a module procedure over a module array.
	{"upper", `module bm
  implicit none
  real :: a(10), b(10)
contains
  subroutine shift(n)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)
      b(i) = a(i + 1) * 2
    end do
  end subroutine
end module
program upper
  use bm
  implicit none
  a = 1
  print *, 'before'
  call shift(9)
  print *, sum(b)
  call shift(10)
  print *, sum(b)
end program
`},
	// Below the lower bound of an allocatable with lower bound -3.
	{"lower", `program lower
  implicit none
  real, allocatable :: c(:)
  real :: d(9)
  integer :: i
  allocate(c(-3:5))
  c = 2
  print *, 'before'
  do concurrent (i = 1:9)
    d(i) = c(i - 5) + 1
  end do
  print *, sum(d)
end program
`},
	// An assumed-shape dummy, in a subroutine a time loop calls.
	{"dummy", `module bd
  implicit none
contains
  subroutine step(x, y, k)
    real, intent(in) :: x(:)
    real, intent(inout) :: y(:)
    integer, intent(in) :: k
    integer :: i
    do concurrent (i = 1:size(y))
      y(i) = y(i) + x(i + k)
    end do
  end subroutine
end module
program dummy
  use bd
  implicit none
  real :: x(8), y(6)
  integer :: t
  x = 1
  y = 0
  do t = 1, 5
    call step(x, y, t - 1)
    print *, t, sum(y)
  end do
end program
`},
	// Dimension 2 of a rank-2 array.
	{"rank2", `program rank2
  implicit none
  real :: z(4, 3), w(4)
  integer :: i
  z = 3
  print *, 'before'
  do concurrent (i = 1:4)
    w(i) = z(i, i)
  end do
  print *, sum(w)
end program
`},
	// In a pure function the loop calls (a device procedure), through an
	// assumed-shape dummy of the function.
	{"func", `module bf
  implicit none
contains
  pure real function get(v, j)
    real, intent(in) :: v(:)
    integer, intent(in) :: j
    get = v(j)
  end function
end module
program func
  use bf
  implicit none
  real :: x(5), y(5)
  integer :: i, t
  x = 4
  do t = 0, 1
    do concurrent (i = 1:5)
      y(i) = get(x, i + t)
    end do
    print *, t, sum(y)
  end do
end program
`},
	// Nothing out of bounds: lower bounds other than 1, sections,
	// reductions of sections, a rank-2 section, a named constant array, a
	// device procedure; the output is that of the unchecked program.
	{"ok", `module bo
  implicit none
  integer, parameter :: wts(0:2) = [1, 2, 3]
contains
  pure real function pick(v, j)
    real, intent(in) :: v(:)
    integer, intent(in) :: j
    pick = v(j) + v(size(v) + 1 - j)
  end function
end module
program ok
  use bo
  implicit none
  real :: a(-2:7), b(0:9, 3), s(10), u(10, 2)
  real, allocatable :: c(:)
  integer :: i, j
  a = [(real(i), i = 1, 10)]
  b = 2
  allocate(c(5:14))
  c = 1
  do concurrent (i = -2:7)
    s(i + 3) = a(i) + sum(b(i + 2, 1:3)) + sum(a(-2:i)) + c(i + 7) * wts(mod(i + 3, 3))
  end do
  print *, s
  do concurrent (i = 1:10, j = 1:2)
    u(i, j) = pick(s, i) + b(i - 1, j + 1)
    u(i, j:j) = u(i, j:j) + 1
  end do
  print *, u
end program
`},
}

// TestBoundsCheck: with -fcheck=bounds, a subscript of device code out of
// bounds ends the program after the launch as gfortran -fcheck=bounds
// ends it: the same standard output before, the same first two lines of
// standard error ("At line N of file F", "Fortran runtime error: Index
// 'I' of dimension D of array 'A' above upper bound of U"), status 2; in
// both CPU memory modes. In bounds, the checks never fire and the output
// is gfortran's.
func TestBoundsCheck(t *testing.T) {
	needTool(t, "gfortran")
	for _, p := range boundsPrograms {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			dir, src, want := boundsReference(t, p.name, p.src)
			if strings.HasPrefix(p.name, "ok") != (want.rc == 0) {
				t.Fatalf("gfortran's run: status %d\n%s", want.rc, want.err)
			}
			var log bytes.Buffer
			exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", BoundsCheck: true, Output: filepath.Join(dir, "fgpu"), Stderr: &log})
			if err != nil {
				t.Fatalf("build: %v\n%v\n%s", err, diags, log.String())
			}
			for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}} {
				checkBoundsRun(t, exe, env, want)
			}
		})
	}
}

// boundsRun is how a run of a bounds program ended.
type boundsRun struct {
	out, err string
	rc       int
}

// boundsReference writes the program src into a new folder and runs
// gfortran -fcheck=bounds's build of it: the folder, the source's path and
// how its run ended.
func boundsReference(t *testing.T, name, src string) (dir, path string, want boundsRun) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, name+".f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, "ref")
	if out, err := exec.Command("gfortran", "-O2", "-fcheck=bounds", "-ffpe-summary=none", "-J", dir, path, "-o", ref).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want.out, want.err, want.rc = runBounds(t, ref, nil)
	return dir, path, want
}

// checkBoundsRun runs exe with env and fails t unless it ends as want:
// the same standard output and status, the same first two lines of
// standard error.
func checkBoundsRun(t *testing.T, exe string, env []string, want boundsRun) {
	t.Helper()
	gotOut, gotErr, gotRC := runBounds(t, exe, env)
	if gotOut != want.out || gotRC != want.rc || firstLines(gotErr, 2) != firstLines(want.err, 2) {
		t.Errorf("%v: got status %d, stdout\n%s\nstderr\n%s\nwant status %d, stdout\n%s\nstderr (first two lines)\n%s", env, gotRC, gotOut, gotErr, want.rc, want.out, firstLines(want.err, 2))
	}
}

// TestBoundsCheckOff: without the option the same in-bounds program runs
// unchanged, and a kernel has no check.
func TestBoundsCheckOff(t *testing.T) {
	needTool(t, "gfortran")
	dir := t.TempDir()
	src := filepath.Join(dir, "upper.f90")
	if err := os.WriteFile(src, []byte(boundsPrograms[0].src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{false, true} {
		r, err := driver.Pipeline(driver.Config{Files: []string{src}, StopAfter: driver.PhaseEmit})
		if on {
			cfg := driver.Config{Files: []string{src}, StopAfter: driver.PhaseEmit}
			cfg.Check.BoundsCheck = true
			r, err = driver.Pipeline(cfg)
		}
		if err != nil || r.Failed() || r.Output == nil {
			t.Fatalf("on=%v: %v %v", on, err, r.Diags)
		}
		if got := strings.Contains(r.Output.Kernels, "fgpu_bcheck"); got != on {
			t.Errorf("on=%v: the kernels check bounds: %v\n%s", on, got, r.Output.Kernels)
		}
		if got := strings.Contains(r.Output.Interface, "_bounds(code, 9, "); got != on {
			t.Errorf("on=%v: the replay reports line 9: %v\n%s", on, got, r.Output.Interface)
		}
	}
}

// TestBoundsCheckCUDA: the checked kernels of every program compile with
// nvcc and the programs link (nothing runs: no GPU here; the GPU batch,
// spec-tests/gpu, runs them).
func TestBoundsCheckCUDA(t *testing.T) {
	needTool(t, "gfortran")
	nvcc := os.Getenv("NVCC")
	if nvcc == "" {
		nvcc = "nvcc"
	}
	if f := strings.Fields(nvcc); len(f) > 0 {
		needTool(t, f[0])
	}
	for _, p := range boundsPrograms {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			src := filepath.Join(dir, p.name+".f90")
			if err := os.WriteFile(src, []byte(p.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			_, diags, err := driver.Build([]string{src}, driver.Options{Device: "cuda", BoundsCheck: true, Output: filepath.Join(dir, "fgpu"), Stderr: &log})
			var te *driver.ToolError
			if errors.As(err, &te) {
				if toolsRequired() {
					t.Fatalf("%v (required in CI)", te)
				}
				t.Skip(te.Error())
			}
			if err != nil {
				t.Fatalf("build: %v\n%v\n%s", err, diags, log.String())
			}
		})
	}
}

func runBounds(t *testing.T, exe string, env []string) (stdout, stderr string, rc int) {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), env...)
	// Standard error to a file, as gfortran buffers it (not a pipe): the
	// message must be flushed before the program ends.
	ef, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	var o bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, ef
	err = cmd.Run()
	e, rerr := os.ReadFile(ef.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		rc = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", exe, err)
	}
	return o.String(), string(e), rc
}

func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "")
}
