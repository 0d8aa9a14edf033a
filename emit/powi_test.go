package emit_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestConstantPowers: x**n in a kernel gives the bits the host build
// gives (emit/powi.go), for real(4) and real(8), constant exponents from 2
// to 63, a sample up to 255, larger and negative ones, and a variable
// exponent, with the host compiled at -O2 (gfortran expands constant
// powers into chains of multiplications) and at -O0 (it calls libgcc's
// routine). The program compares the kernel's values with the same
// expressions evaluated on the host. (An exponent variable whose value
// gfortran can prove at compile time is expanded by it as a constant one;
// kernels see a run-time value: the test's is not provable.)
func TestConstantPowers(t *testing.T) {
	needTool(t, "gfortran")
	var ns []int
	for n := 2; n < 64; n++ {
		ns = append(ns, n)
	}
	for n := 65; n < 256; n += 7 {
		ns = append(ns, n)
	}
	ns = append(ns, 256, 257, 263, 300, 1001, -1, -2, -7, -13, -64)
	var dev, host strings.Builder
	for j, n := range ns {
		fmt.Fprintf(&dev, "    y4(i, %d) = x4(i)**(%d)\n    y8(i, %d) = x8(i)**(%d)\n", j+1, n, j+1, n)
		fmt.Fprintf(&host, "    h4(i, %d) = x4(i)**(%d)\n    h8(i, %d) = x8(i)**(%d)\n", j+1, n, j+1, n)
	}
	m := len(ns) + 1
	fmt.Fprintf(&dev, "    y4(i, %d) = x4(i)**k\n    y8(i, %d) = x8(i)**(-k)\n", m, m)
	fmt.Fprintf(&host, "    h4(i, %d) = x4(i)**k\n    h8(i, %d) = x8(i)**(-k)\n", m, m)
	prog := fmt.Sprintf(`program powers
  implicit none
  integer, parameter :: n = 3000, m = %d
  real(4) :: x4(n), y4(n, m), h4(n, m)
  real(8) :: x8(n), y8(n, m), h8(n, m)
  integer :: i, k, j
  k = 23 + command_argument_count() ! (not a constant gfortran could propagate into the host's power)
  do i = 1, n
    x4(i) = 0.9 + 0.00011 * i
    x8(i) = 0.9d0 + 0.000110003d0 * i
  end do
  do concurrent (i = 1:n)
%s  end do
  do i = 1, n
%s  end do
  do j = 1, m
    if (any(y4(:, j) /= h4(:, j)) .or. any(y8(:, j) /= h8(:, j))) print '(a, i0)', 'differs: column ', j
  end do
  print '(a)', 'done'
end program
`, m, dev.String(), host.String())
	dir := t.TempDir()
	for _, opt := range []string{"-O2", "-O0"} {
		exe := buildCPU(t, dir, "powers", prog, opt)
		out, err := exec.Command(exe).CombinedOutput()
		if err != nil || strings.Contains(string(out), "differs") || !strings.Contains(string(out), "done") {
			t.Errorf("host %s: kernel powers differ from the host's (exponents %v, then the variable one):\n%v\n%s", opt, ns, err, out)
		}
	}
}
