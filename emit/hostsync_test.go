package emit_test

// Golden tests of the placement of fetches, waits, discards and stale
// marks in the host rewrite (lowering/sync.go, hostsync.go): every testdata/sync/*.f90 is rewritten for the cpu device
// and compared with its .golden file (the host text, or the diagnostics of
// a not-yet-implemented placement), the per-plan hash replaced by H.
//
//	FGPU_UPDATE=1 go test ./emit -run TestSyncPlacement   rewrites the .golden files

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend"
	"fgpu/frontend/target"

	"github.com/google/go-cmp/cmp"
)

var planHash = regexp.MustCompile(`fgpu_[0-9a-f]{8}_`)

func TestSyncPlacement(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "sync", "*.f90"))
	if len(paths) == 0 {
		t.Fatal("no testdata/sync/*.f90")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: name, Text: src}, Target: target.Must("cpu"), StopAfter: driver.PhaseEmit})
			if err != nil {
				t.Fatal(err)
			}
			if r.Check == nil {
				t.Fatalf("front end: %s", syncDiagText(r.Diags))
			}
			var got string
			if r.Failed() || r.Output == nil {
				got = syncDiagText(r.Diags)
			} else {
				got = r.Output.Host[name]
			}
			got = planHash.ReplaceAllString(got, "fgpu_H_")
			golden := strings.TrimSuffix(path, ".f90") + ".golden"
			if os.Getenv("FGPU_UPDATE") == "1" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("%s (-want +got):\n%s", golden, d)
			}
		})
	}
}

func syncDiagText(ds frontend.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}
