package lowering

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/rules"
)

func lowerFor(t *testing.T, dev, src string) (*Plan, frontend.Diagnostics) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ds := frontend.Load([]string{path}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatalf("front end: %v", ds)
	}
	cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must(dev)})
	if err != nil {
		t.Fatal(err)
	}
	return Lower(prog, cr, Options{Target: target.Must(dev)})
}

// tileProgram is the blocked transpose with K local tiles t1, ...
// of b x b real(8) each, filled and drained by inner DO loops.
func tileProgram(b string, k int) string {
	var names, fill, drain []string
	for i := 1; i <= k; i++ {
		names = append(names, fmt.Sprintf("t%d", i))
		fill = append(fill, fmt.Sprintf("          t%d(i, j) = a(it + i - 1, jt + j - 1) + %d", i, i))
		drain = append(drain, fmt.Sprintf("          c(jt + j - 1, it + i - 1) = c(jt + j - 1, it + i - 1) + t%d(i, j)", i))
	}
	return fmt.Sprintf(`module tr_m
  implicit none
  integer, parameter :: n = 4096, b = %s
  real(8) :: a(n, n), c(n, n)
contains
  subroutine tr()
    integer :: it, jt, i, j
    real(8), dimension(b, b) :: %s
    do concurrent (jt = 1:n:b, it = 1:n:b) local(%s)
      do j = 1, b
        do i = 1, b
%s
        end do
      end do
      do i = 1, b
        do j = 1, b
%s
        end do
      end do
    end do
  end subroutine
end module
`, b, strings.Join(names, ", "), strings.Join(names, ", "), strings.Join(fill, "\n"), strings.Join(drain, "\n"))
}

// TestIterArrayLimit: a tile larger than a thread holds (rules/workspace.mg
// thread_bytes: 64 KiB on CUDA, 1 MiB on the CPU) lives in a workspace,
// so that b = n builds; tiles that each fit but together exceed the
// thread's memory (CUDA: 512 KiB of local memory, the CPU: 4 MiB of an
// OpenMP thread's stack) are an error at the largest one's declaration
// naming each, its size and the limit.
func TestIterArrayLimit(t *testing.T) {
	for _, c := range []struct {
		dev, b string
		k      int
		want   string // "" no error
		ws     int    // workspaces of the kernel
	}{
		{"cuda", "n", 1, "", 1},
		{"cpu", "n", 1, "", 1},
		{"cuda", "32", 1, "", 0},
		{"cuda", "90", 8, "", 0}, // 8 x 64800 bytes: 518400, under 524288
		{"cuda", "90", 9, "583200 bytes, more than the 524288 bytes of a CUDA thread's local memory", 0},
		{"cuda", "91", 9, "", 9}, // 66248 bytes each: workspaces
		{"cpu", "362", 4, "", 0}, // 4 x 1048352 bytes
		{"cpu", "362", 5, "5241760 bytes, more than the 4194304 bytes of an OpenMP thread's stack", 0},
	} {
		plan, ds := lowerFor(t, c.dev, tileProgram(c.b, c.k))
		var errs []string
		for _, d := range ds {
			if d.Severity == frontend.SevError {
				errs = append(errs, d.String())
			}
		}
		name := fmt.Sprintf("%s, b = %s, %d tiles", c.dev, c.b, c.k)
		if c.want == "" {
			if len(errs) != 0 {
				t.Errorf("%s: %v, want no error", name, errs)
			} else if len(plan.Kernels) != 1 || len(plan.Kernels[0].Workspaces) != c.ws {
				t.Errorf("%s: want one kernel with %d workspaces", name, c.ws)
			}
			continue
		}
		if len(errs) != 1 || !strings.Contains(errs[0], c.want) || !strings.Contains(errs[0], "p.f90:8:") || !strings.Contains(errs[0], "t1 (real(8), ") || !strings.Contains(errs[0], fmt.Sprintf("t%d (real(8), ", c.k)) {
			t.Errorf("%s: %v, want one error at the tiles' declaration (line 8) with %q naming each", name, errs, c.want)
		}
	}
}
