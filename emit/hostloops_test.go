package emit_test

// Golden tests of the rewrite of do concurrent loops kept on the host
// (hostloop.go, hostLoopEdit): every testdata/hostloops/*.f90 is rewritten
// for --gpu=none and compared with its .golden file (the host text, or the
// diagnostics of a loop not rewritten yet). What the rewritten loops
// compute is checked by the end-to-end programs (e2e_test.go, device none).
//
//	FGPU_UPDATE=1 go test ./emit -run TestHostLoopRewrite   rewrites the .golden files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend/target"

	"github.com/google/go-cmp/cmp"
)

func TestHostLoopRewrite(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "hostloops", "*.f90"))
	if len(paths) == 0 {
		t.Fatal("no testdata/hostloops/*.f90")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			// As the driver builds --gpu=none: no analyses.
			r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: name, Text: src}, Target: target.Must("none"), StopAfter: driver.PhaseEmit})
			if err != nil {
				t.Fatal(err)
			}
			if r.Prog == nil || r.PhaseDiags(driver.PhaseLoad).HasErrors() {
				t.Fatalf("front end: %s", syncDiagText(r.Diags))
			}
			var got string
			if r.Failed() || r.Output == nil {
				got = syncDiagText(r.Diags)
			} else {
				got = r.Output.Host[name]
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
				t.Errorf("host rewrite differs from %s (-want +got):\n%s", golden, d)
			}
		})
	}
}
