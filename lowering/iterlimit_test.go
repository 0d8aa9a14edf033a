package lowering

import (
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

// tileProgram is the blocked transpose with a local tile t(b, b)
// filled and drained by inner DO loops; B is the tile's size.
const tileProgram = `module tr_m
  implicit none
  integer, parameter :: n = 4096, b = B
  real(8) :: a(n, n), c(n, n)
contains
  subroutine tr()
    integer :: it, jt, i, j
    real(8) :: t(b, b)
    do concurrent (jt = 1:n:b, it = 1:n:b) local(t)
      do j = 1, b
        do i = 1, b
          t(i, j) = a(it + i - 1, jt + j - 1)
        end do
      end do
      do i = 1, b
        do j = 1, b
          c(jt + j - 1, it + i - 1) = t(i, j)
        end do
      end do
    end do
  end subroutine
end module
`

// TestIterArrayLimit: a tile of 4096 x 4096 real(8) (b = n) is an error at
// its declaration naming it, its size and the limit, on CUDA (512 KiB of
// local memory a thread) and on the CPU (4 MiB of an OpenMP thread's
// stack); a 32 x 32 tile (8 KiB) and a 512 x 512 one on the CPU (2 MiB)
// are not.
func TestIterArrayLimit(t *testing.T) {
	for _, c := range []struct {
		dev, b string
		want   string // "" no error
	}{
		{"cuda", "n", "134217728 bytes, more than the 524288 bytes of a CUDA thread's local memory"},
		{"cpu", "n", "134217728 bytes, more than the 4194304 bytes of an OpenMP thread's stack"},
		{"cuda", "256", "524288 bytes"}, // (exactly the limit: no error)
		{"cuda", "257", "528392 bytes, more than the 524288 bytes"},
		{"cuda", "32", ""},
		{"cpu", "512", ""},
	} {
		src := strings.Replace(tileProgram, "b = B", "b = "+c.b, 1)
		_, ds := lowerFor(t, c.dev, src)
		var errs []string
		for _, d := range ds {
			if d.Severity == frontend.SevError {
				errs = append(errs, d.String())
			}
		}
		switch {
		case c.want == "" || c.b == "256":
			if len(errs) != 0 {
				t.Errorf("%s, b = %s: %v, want no error", c.dev, c.b, errs)
			}
		case len(errs) != 1 || !strings.Contains(errs[0], c.want) || !strings.Contains(errs[0], "p.f90:8:") || !strings.Contains(errs[0], "t (real(8), "):
			t.Errorf("%s, b = %s: %v, want one error at t's declaration (line 8) with %q", c.dev, c.b, errs, c.want)
		}
	}
}
