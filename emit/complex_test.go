package emit_test

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestComplexIntrinsics: the complex elementary functions and powers in a
// CPU kernel give the host build's bits (the host C library's csqrt, cexp,
// ..., cpow; libgfortran's integer powers, the base inverted first for a
// negative exponent), for complex(4) and complex(8).
func TestComplexIntrinsics(t *testing.T) {
	needTool(t, "gfortran")
	exprs := []string{"sqrt(z(i))", "exp(z(i))", "log(z(i))", "sin(z(i))", "cos(z(i))", "tan(z(i))", "sinh(z(i))",
		"cosh(z(i))", "tanh(z(i))", "z(i)**2.5_k", "z(i)**w", "z(i)**3", "z(i)**(-3)", "z(i)**k3", "z(i)**(-k3)",
		"z(i) / (z(i) + (1.0_k, 2.0_k))", "abs(z(i)) * z(i)"}
	var dev, host strings.Builder
	for j, x := range exprs {
		fmt.Fprintf(&dev, "    y(i, %d) = %s\n", j+1, x)
		fmt.Fprintf(&host, "    h(i, %d) = %s\n", j+1, x)
	}
	tmpl := `program cx
  implicit none
  integer, parameter :: k = KIND, n = 2000, m = %d
  complex(k) :: z(n), y(n, m), h(n, m), w
  integer :: i, j, k3
  k3 = 5 + command_argument_count()
  w = cmplx(0.5_k, -1.25_k, k)
  do i = 1, n
    z(i) = cmplx(-1.3_k + 0.0013_k * i, 0.9_k - 0.0011_k * i, k)
  end do
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
		prog := strings.Replace(fmt.Sprintf(tmpl, len(exprs), dev.String(), host.String()), "KIND", kind, 1)
		exe := buildCPU(t, dir, "cx"+kind, prog, "")
		out, err := exec.Command(exe).CombinedOutput()
		if err != nil || strings.Contains(string(out), "differs") || !strings.Contains(string(out), "done") {
			t.Errorf("complex(%s): kernel values differ from the host's (numbered as in %v):\n%v\n%s", kind, exprs, err, out)
		}
	}
}
