package emit_test

// TestBoundsCheckMetalCPU: bounds_test.go's -fcheck=bounds programs built
// for --gpu=metal_cpu (the checks in the MSL kernels and device
// procedures) end as gfortran -fcheck=bounds ends them, or, in bounds, run
// as gfortran's.

import (
	"bytes"
	"os"
	"os/exec"
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
			dir := t.TempDir()
			src := filepath.Join(dir, p.name+".f90")
			if err := os.WriteFile(src, []byte(p.src), 0o644); err != nil {
				t.Fatal(err)
			}
			ref := filepath.Join(dir, "ref")
			if out, err := exec.Command("gfortran", "-O2", "-fcheck=bounds", "-ffpe-summary=none", "-J", dir, src, "-o", ref).CombinedOutput(); err != nil {
				t.Fatalf("gfortran: %v\n%s", err, out)
			}
			wantOut, wantErr, wantRC := runBounds(t, ref, nil)
			var log bytes.Buffer
			exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "metal_cpu", BoundsCheck: true, Output: filepath.Join(dir, "fgpu"), Stderr: &log})
			if err != nil {
				if reasons := diags.RuleRejections(); len(reasons) > 0 {
					t.Skipf("Metal's rules reject it: %s", strings.Join(reasons, ", "))
				}
				t.Fatalf("build: %v\n%v\n%s", err, diags, log.String())
			}
			env := metalCPUMode.Env
			gotOut, gotErr, gotRC := runBounds(t, exe, env)
			if gotOut != wantOut || gotRC != wantRC || firstLines(gotErr, 2) != firstLines(wantErr, 2) {
				t.Errorf("%v: got status %d, stdout\n%s\nstderr\n%s\nwant status %d, stdout\n%s\nstderr (first two lines)\n%s", env, gotRC, gotOut, gotErr, wantRC, wantOut, firstLines(wantErr, 2))
			}
		})
	}
}
