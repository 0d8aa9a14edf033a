package emit_test

// Golden test of the MSL emitter (mslkernel.go): the kernels of every
// testdata/msl/*.f90 built for --gpu=metal_cpu, the MSL part of the kernel
// file after the prelude (argument structs and kernel functions), compared
// with its .golden file. What the kernels compute is checked by the
// end-to-end programs (e2e_test.go, device metal_cpu).
//
//	FGPU_UPDATE=1 go test ./emit -run TestMSLGolden   rewrites the .golden files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend/target"

	"github.com/google/go-cmp/cmp"
)

func TestMSLGolden(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "msl", "*.f90"))
	if len(paths) == 0 {
		t.Fatal("no testdata/msl/*.f90")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: name, Text: src}, Target: target.Must("metal_cpu"), StopAfter: driver.PhaseEmit})
			if err != nil {
				t.Fatal(err)
			}
			if r.Failed() || r.Output == nil {
				t.Fatalf("build for metal_cpu failed:\n%s", syncDiagText(r.Diags))
			}
			k := r.Output.Kernels
			_, msl, ok1 := strings.Cut(k, "// ---- MSL begin ----\n")
			msl, _, ok2 := strings.Cut(msl, "// ---- MSL end ----\n")
			// The kernels start at the first kernel's comment, after the prelude.
			i := strings.Index(msl, "\n// fgpu_")
			if !ok1 || !ok2 || i < 0 {
				t.Fatalf("no MSL kernels in the kernel file:\n%s", k)
			}
			got := msl[i+1:]
			for _, bad := range []string{"goto", "[&]", "std::", "double"} {
				if strings.Contains(got, bad) {
					t.Errorf("the MSL holds %q, which MSL does not have", bad)
				}
			}
			golden := strings.TrimSuffix(path, ".f90") + ".golden"
			if os.Getenv("FGPU_UPDATE") == "1" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (FGPU_UPDATE=1 writes it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("MSL differs from %s (-want +got):\n%s", golden, d)
			}
		})
	}
}
