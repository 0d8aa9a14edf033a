package emit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// TestHostWholeCheck: an element of an array the host hands over defined
// whole in an offloaded loop (an assignment, a call that may define it)
// gets its value in the element's device buffers when every allocatable
// component keeps its allocation status, bounds and shape; a value of
// another shape ends the program with the error that names the element,
// its component and the statement (facts/hostwhole.go), in both memory
// modes.
func TestHostWholeCheck(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		if toolsRequired() {
			t.Fatal("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "whole.f90")
	prog := `module whole_mod
  implicit none
  type cell
    real(8), allocatable :: v(:)
  end type
contains
  pure subroutine refill(c, m)
    type(cell), intent(inout) :: c
    integer, intent(in) :: m
    integer :: j
    c%v = [(real(j, 8), j = 1, m)]
  end subroutine
  pure function make(m) result(c)
    integer, intent(in) :: m
    type(cell) :: c
    integer :: j
    allocate(c%v(m))
    c%v = [(2 * j, j = 1, m)]
  end function
end module
program whole
  use whole_mod
  implicit none
  integer, parameter :: n = 64
  type(cell), allocatable :: c(:), d(:)
  integer :: i
  allocate(c(n), d(n))
  do i = 1, n
    allocate(c(i)%v(3), d(i)%v(3))
  end do
  do concurrent (i = 1:n)
    call refill(c(i), merge(3, 4, i /= CALLBAD))
    d(i) = make(merge(3, 2, i /= ASSIGNBAD))
  end do
  print *, sum(c(1)%v), sum(c(n)%v), sum(d(n)%v)
end program
`
	for _, tc := range []struct {
		call, assign string
		msg, at      string
	}{
		{"0", "0", "", ""},
		{"17", "0", "the call that defines c(i) at whole.f90:32 in an offloaded loop would reallocate its allocatable component v", "whole.f90:32"},
		{"0", "40", "the assignment to d(i) at whole.f90:33 in an offloaded loop would reallocate its allocatable component v", "whole.f90:33"},
	} {
		text := strings.NewReplacer("CALLBAD", tc.call, "ASSIGNBAD", tc.assign).Replace(prog)
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "whole"), Stderr: os.Stderr})
		if err != nil {
			t.Fatalf("build: %v\n%v", err, diags)
		}
		for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}} {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), env...)
			out, err := cmd.CombinedOutput()
			if tc.msg == "" {
				if err != nil || !strings.Contains(string(out), "6.0000000000000000") || !strings.Contains(string(out), "12.000000000000000") {
					t.Errorf("every value of the element's shape: %v\n%s", err, out)
				}
				continue
			}
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), tc.msg) {
				t.Errorf("call=%s assign=%s %v: want exit status 1 and %q, got %v\n%s", tc.call, tc.assign, env, tc.msg, err, out)
			}
		}
	}
}
