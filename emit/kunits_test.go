package emit_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend/target"
)

// TestKernelUnitsSplit: the kernels of a file with more than 64 loops are
// split in units of about equal size, in the order of the loops; each
// kernel is in exactly one unit; each unit defines the device functions
// its kernels call, named with its own tag, and no other unit's kernels.
func TestKernelUnitsSplit(t *testing.T) {
	for _, dev := range []string{"cpu", "cuda"} {
		var b strings.Builder
		b.WriteString("module m\n  implicit none\n  real(8) :: x(100)\ncontains\n  pure real(8) function f(v)\n    real(8), intent(in) :: v\n    f = v + 1.0d0\n  end function\n  subroutine step()\n    integer :: i\n")
		const loops = 130
		for k := 1; k <= loops; k++ {
			fmt.Fprintf(&b, "    do concurrent (i = 1:100)\n      x(i) = f(x(i)) * %d.0d-2\n    end do\n", k)
		}
		b.WriteString("  end subroutine\nend module\nprogram p\n  use m\n  x = 1\n  call step()\n  print *, x(1)\nend program\n")
		r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: "many.f90", Text: []byte(b.String())}, Target: target.Must(dev), StopAfter: driver.PhaseEmit})
		if err != nil {
			t.Fatal(err)
		}
		if r.Failed() || r.Output == nil {
			t.Fatalf("%s: pipeline failed: %v", dev, r.Diags)
		}
		units := r.Output.KernelUnits
		if len(units) != 3 {
			t.Fatalf("%s: %d units, want 3 (130 kernels, at most 64 a unit)", dev, len(units))
		}
		kernel := regexp.MustCompile(`(?m)^// (fgpu_\w+_k(\d+)): do concurrent at`)
		seen := map[string]int{}
		next := 1
		for i, u := range units {
			ext := r.Output.KernelFile[strings.LastIndex(r.Output.KernelFile, "."):]
			if u.File != strings.TrimSuffix(r.Output.KernelFile, ext)+fmt.Sprintf("_u%d", i+1)+ext {
				t.Errorf("%s: unit %d is named %s", dev, i+1, u.File)
			}
			ks := kernel.FindAllStringSubmatch(u.Text, -1)
			if len(ks) < 43 || len(ks) > 44 || len(ks) != len(u.Kernel) {
				t.Errorf("%s: unit %d holds %d kernels (listed %d), want 43 or 44", dev, i+1, len(ks), len(u.Kernel))
			}
			nums := map[int]bool{}
			for _, k := range ks {
				seen[k[1]]++
				var n int
				fmt.Sscan(k[2], &n)
				nums[n] = true
			}
			for len(nums) > 0 && nums[next] {
				delete(nums, next)
				next++
			}
			if len(nums) != 0 {
				t.Errorf("%s: unit %d holds kernels out of the loops' order: %v", dev, i+1, nums)
			}
			// The device function, defined in the unit with the unit's tag.
			defs := regexp.MustCompile(`(?m)^FGPU_FN double (fgpu_\w+_f)\(.*\{$`).FindAllStringSubmatch(u.Text, -1)
			if len(defs) != 1 || !strings.Contains(defs[0][1], fmt.Sprintf("_c%d_p0_f", i+1)) {
				t.Errorf("%s: unit %d defines %v, want its own f (tag _c%d_)", dev, i+1, defs, i+1)
			}
		}
		if len(seen) != loops {
			t.Errorf("%s: %d kernels in the units, want %d", dev, len(seen), loops)
		}
		for k, n := range seen {
			if n != 1 {
				t.Errorf("%s: %s in %d units", dev, k, n)
			}
		}
	}
}
