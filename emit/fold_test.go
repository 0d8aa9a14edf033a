package emit_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestFoldedConstants: a named constant made of intrinsics of constants,
// and such an expression written in a kernel, have in the kernel the bits
// the host build gives them (the front end folds them correctly rounded,
// as gfortran does with MPFR: frontend/crmath).
func TestFoldedConstants(t *testing.T) {
	needTool(t, "gfortran")
	exprs := []string{"log(3.0_k)", "log10(0.1_k)", "exp(0.7_k)", "sin(1.1_k)", "cos(2.3_k)", "tan(0.9_k)", "atan(7.5_k)",
		"asin(0.3_k)", "acos(-0.6_k)", "atan2(1.0_k, -3.0_k)", "sinh(2.2_k)", "cosh(0.4_k)", "tanh(0.6_k)", "asinh(1.7_k)",
		"acosh(3.2_k)", "atanh(0.45_k)", "hypot(3.1_k, 4.7_k)", "2.0_k ** 0.3_k", "1.7_k ** (-2.5_k)", "log(1.0e-5_k) * 3",
		"sqrt(2.0_k) + exp(-1.0_k)", "4.0_k * atan(1.0_k)"}
	checkFoldedConstants(t, exprs)
}

// checkFoldedConstants builds, for real(4) and real(8), a program in which
// each expression (written with kind k) is a named constant and an
// expression in a kernel and in a host loop, and fails t where a column
// of the kernel's differs from the host's.
func checkFoldedConstants(t *testing.T, exprs []string) {
	t.Helper()
	var decl, dev, host strings.Builder
	for j, x := range exprs {
		fmt.Fprintf(&decl, "  real(k), parameter :: c%d = %s\n", j+1, x)
		fmt.Fprintf(&dev, "    y(i, %d) = c%d * i\n    y(i, %d) = %s * i\n", 2*j+1, j+1, 2*j+2, x)
		fmt.Fprintf(&host, "    h(i, %d) = c%d * i\n    h(i, %d) = %s * i\n", 2*j+1, j+1, 2*j+2, x)
	}
	tmpl := `program fold
  implicit none
  integer, parameter :: k = KIND, n = 100, m = %d
%s  real(k) :: y(n, m), h(n, m)
  integer :: i, j
  do concurrent (i = 1:n)
%s  end do
  do i = 1, n
%s  end do
  do j = 1, m
    if (any(y(:, j) /= h(:, j))) print '(a, i0)', 'differs: ', j
  end do
  print '(a)', 'done'
end program
`
	dir := t.TempDir()
	for _, kind := range []string{"4", "8"} {
		prog := strings.Replace(fmt.Sprintf(tmpl, 2*len(exprs), decl.String(), dev.String(), host.String()), "KIND", kind, 1)
		exe := buildCPU(t, dir, "fold"+kind, prog, "")
		out, err := exec.Command(exe).CombinedOutput()
		if err != nil || strings.Contains(string(out), "differs") || !strings.Contains(string(out), "done") {
			t.Errorf("real(%s): folded constants in the kernel differ from the host's (column 2j-1: the named constant of expression j, 2j: the expression; %v):\n%v\n%s", kind, exprs, err, out)
		}
	}
}
