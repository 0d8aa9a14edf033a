package main

// Programs at the sizes random testing found limits at (issue 29): a
// statement of 4,000 terms in a loop (its references once made a join of
// 16 million solutions, over the engine's fact limit, an error without a
// position).

import (
	"fmt"
	"strings"
	"testing"
)

// longSumProgram: a module procedure called in a time loop whose do
// concurrent assigns the sum of a(1), ..., a(n) (continued over lines of
// at most 132 characters) to a scalar of the iteration.
func longSumProgram(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "module longsum\n  implicit none\n  integer, parameter :: n = %d\n  real(8) :: a(n), r(16)\ncontains\n", n)
	b.WriteString("  subroutine step()\n    integer :: i\n    real(8) :: s\n    do concurrent (i = 1:16)\n")
	line := "      s = "
	for k := 1; k <= n; k++ {
		t := fmt.Sprintf("a(%d)", k)
		if k < n {
			t += " + "
		}
		if len(line)+len(t) > 120 {
			b.WriteString(line + "&\n")
			line = "        & "
		}
		line += t
	}
	b.WriteString(line + "\n")
	b.WriteString("      r(i) = r(i) + s * i\n    end do\n  end subroutine step\nend module longsum\n\n")
	b.WriteString("program main\n  use longsum\n  implicit none\n  integer :: k, it\n")
	b.WriteString("  do k = 1, n\n    a(k) = real(mod(k, 7), 8)\n  end do\n  r = 0\n")
	b.WriteString("  do it = 1, 3\n    call step()\n  end do\n  print '(f0.1)', sum(r)\nend program main\n")
	return b.String()
}

func TestLongStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a statement of 4,000 terms")
	}
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	const n = 4000
	src := writeProgram(t, "longsum.f90", longSumProgram(n))
	// The sum is exact in real(8): small integers.
	s := 0
	for k := 1; k <= n; k++ {
		s += k % 7
	}
	want := fmt.Sprintf("%d.0\n", 3*s*(16*17/2))
	code, out, errOut := runCLI(t, "check", "--gpu=cpu", src)
	if code != 0 || !strings.Contains(out, "offload (cpu)") {
		t.Fatalf("check: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// (-O0: gfortran and g++ take minutes to optimise the sum.)
	code, out, errOut = runCLI(t, "run", "--gpu=cpu", "-O0", src)
	if code != 0 || out != want {
		t.Errorf("run --gpu=cpu: exit %d, stdout %q (want %q), stderr %q", code, out, want, errOut)
	}
}
