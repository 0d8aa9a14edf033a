package emit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// orderDependent is a program whose result depends on the order in which
// its do concurrent runs the iterations: every iteration writes the same
// element through an index array, and the last one to run wins (not
// conforming Fortran). The subscript is indirect, which the analyses do
// not follow (rules/race.mg: a note, the independence do concurrent
// asserts is assumed; written a(1) = i it is an array_race error).
// gfortran runs it in order; so does fgpu's CPU backend by default, on one
// thread (fewer than 4096 light iterations).
const orderDependent = `program order_dependent
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), idx(n), i
  a = 0
  idx = 1
  do concurrent (i = 1:n)
    a(idx(i)) = i
  end do
  print '(i0)', a(1)
end program
`

// TestCPUOrderModesFail shows that the iteration-order test modes the e2e
// and spec-test runs use (cpuModes) can fail: the order-dependent program
// prints gfortran's result in the default order and another one with the
// iterations reversed or shuffled (on every thread, although the loop is
// short).
func TestCPUOrderModesFail(t *testing.T) {
	fc := needTool(t, "gfortran")
	dir := t.TempDir()
	src := filepath.Join(dir, "order_dependent.f90")
	if err := os.WriteFile(src, []byte(orderDependent), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e2eProgram{name: "order_dependent.f90", path: src, files: []string{src}}
	ref := gfortranRef(t, fc, p, dir)
	if ref.stdout != "1000\n" {
		t.Fatalf("gfortran: %q, want 1000", ref.stdout)
	}
	exe, ok := buildFgpu(t, p, "cpu", dir)
	if !ok {
		return
	}
	for _, m := range cpuModes {
		got, err := runMode(exe, m.Env)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		ordered := !strings.Contains(m.Name, "FGPU_CPU_ORDER")
		if ordered && got.stdout != ref.stdout {
			t.Errorf("%s: %q, want gfortran's %q", m.Name, got.stdout, ref.stdout)
		}
		if !ordered && got.stdout == ref.stdout {
			t.Errorf("%s: %q, the result of the ordered run: the mode did not change the order", m.Name, got.stdout)
		}
	}
}
