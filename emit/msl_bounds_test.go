package emit_test

// TestBoundsCheckMetalCPU: bounds_test.go's -fcheck=bounds programs built
// for --gpu=metal_cpu (the checks in the MSL kernels and device
// procedures) end as gfortran -fcheck=bounds ends them, or, in bounds, run
// as gfortran's.

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

func TestBoundsCheckMetalCPU(t *testing.T) {
	needTool(t, "gfortran")
	for _, p := range boundsPrograms {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			dir, src, want := boundsReference(t, p.name, p.src)
			var log bytes.Buffer
			exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "metal_cpu", BoundsCheck: true, Output: filepath.Join(dir, "fgpu"), Stderr: &log})
			if err != nil {
				if reasons := diags.RuleRejections(); len(reasons) > 0 {
					t.Skipf("Metal's rules reject it: %s", strings.Join(reasons, ", "))
				}
				t.Fatalf("build: %v\n%v\n%s", err, diags, log.String())
			}
			checkBoundsRun(t, exe, metalCPUMode.Env, want)
		})
	}
}
