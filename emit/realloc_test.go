package emit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// TestReallocCheck: an assignment in an offloaded loop to a whole
// allocatable component of an element whose shape differs from the value's
// (intrinsic assignment would reallocate it, which device code cannot)
// ends the program with an error naming the component and the assignment
// (facts/realloc.go), in both memory modes; the elements of the right shape
// are written (spec-tests/P14-element-component-writes).
func TestReallocCheck(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		if toolsRequired() {
			t.Fatal("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "realloc.f90")
	prog := `module cells_mod
  implicit none
  type cell
    real(8), allocatable :: v(:)
  end type
end module
program realloc
  use cells_mod
  implicit none
  integer, parameter :: n = 64
  type(cell) :: c(n)
  integer :: i
  do i = 1, n
    if (i /= BAD) allocate(c(i)%v(merge(3, 2, i /= SHORT)))
  end do
  do concurrent (i = 1:n)
    c(i)%v = [1d0, 2d0, 3d0] * i
  end do
  print *, sum(c(1)%v), sum(c(n)%v)
end program
`
	for _, tc := range []struct {
		bad, short string
		fails      bool
	}{{"0", "0", false}, {"0", "17", true}, {"40", "0", true}} {
		text := strings.NewReplacer("BAD", tc.bad, "SHORT", tc.short).Replace(prog)
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "realloc"), Stderr: os.Stderr})
		if err != nil {
			t.Fatalf("build: %v\n%v", err, diags)
		}
		for _, env := range [][]string{nil, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=shuffle"}} {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), env...)
			out, err := cmd.CombinedOutput()
			const msg = "would reallocate the allocatable component c(i)%v"
			if !tc.fails {
				if err != nil || !strings.Contains(string(out), "6.0000000000000000") {
					t.Errorf("every component allocated with the value's shape: %v\n%s", err, out)
				}
				continue
			}
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), msg) || !strings.Contains(string(out), "realloc.f90:17") {
				t.Errorf("bad=%s short=%s %v: want exit status 1 and %q at realloc.f90:17, got %v\n%s", tc.bad, tc.short, env, msg, err, out)
			}
		}
	}
}
