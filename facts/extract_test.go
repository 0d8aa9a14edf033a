package facts

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the expected facts in testdata/*.facts")

// TestExtract pins the facts of each testdata/*.f90 program (sorted, one a
// line) in testdata/*.facts; -update (or FGPU_UPDATE=1) rewrites them.
func TestExtract(t *testing.T) {
	files, err := filepath.Glob("testdata/*.f90")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			prog, ds := frontend.Load([]string{f}, frontend.Options{})
			if ds.HasErrors() {
				t.Fatalf("front end: %v", ds)
			}
			set := Extract(prog, Options{})
			var b strings.Builder
			for _, a := range set.Sorted() {
				b.WriteString(a.String() + "\n")
			}
			got := b.String()
			golden := strings.TrimSuffix(f, ".f90") + ".facts"
			if *update || os.Getenv("FGPU_UPDATE") == "1" {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("facts differ (-want +got):\n%s", diff)
			}
			// Every site of every fact has a position.
			for _, a := range set.Atoms {
				for _, arg := range a.Args {
					s := arg.String()
					if strings.HasPrefix(s, "/s/") || strings.HasPrefix(s, "/v/") {
						if _, ok := set.Pos(Name(s)); !ok {
							t.Errorf("%s: site %s has no position", a, s)
						}
					}
				}
			}
		})
	}
}

// TestExtractDeterministic extracts the same program twice.
func TestExtractDeterministic(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.f90")
	for _, f := range files {
		var prev string
		for i := 0; i < 3; i++ {
			prog, _ := frontend.Load([]string{f}, frontend.Options{})
			var b strings.Builder
			for _, a := range Extract(prog, Options{}).Atoms {
				b.WriteString(a.String() + "\n")
			}
			if i > 0 && b.String() != prev {
				t.Fatalf("%s: facts differ between runs", f)
			}
			prev = b.String()
		}
	}
}
