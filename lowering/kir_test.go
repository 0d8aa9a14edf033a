package lowering

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/kernelir"
	"fgpu/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/kir")

// TestKIR: each program of testdata/kir (real layouts: module procedures
// over module arrays, dummies of a subroutine called in a time loop,
// reductions, nested DO loops) is lowered for the CPU and its kernels'
// IR, in the text form (kernelir.Fprint), must equal NAME.kir (go test
// ./lowering -run TestKIR -update rewrites them). Every kernel's IR passed
// kernelir.Verify (the kir pass reports a violation as an error).
func TestKIR(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "kir", "*.f90"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in testdata/kir (%v)", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			prog, ds := frontend.Load([]string{f}, frontend.Options{})
			if ds.HasErrors() {
				t.Fatalf("front end: %v", ds)
			}
			cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must("cpu")})
			if err != nil {
				t.Fatal(err)
			}
			plan, ds := Lower(prog, cr, Options{Target: target.Must("cpu")})
			if ds.HasErrors() {
				t.Fatalf("lowering: %v", ds)
			}
			if len(plan.Kernels) == 0 {
				t.Fatal("no kernel")
			}
			ks := append([]*Kernel(nil), plan.Kernels...)
			sort.Slice(ks, func(i, j int) bool { return ks[i].Name < ks[j].Name })
			var b strings.Builder
			for _, k := range ks {
				if k.IR == nil {
					t.Fatalf("%s has no IR", k.Name)
				}
				if err := kernelir.Verify(k.IR); err != nil {
					t.Fatalf("%s: %v", k.Name, err)
				}
				kernelir.Fprint(&b, k.IR)
			}
			golden := strings.TrimSuffix(f, ".f90") + ".kir"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./lowering -run TestKIR -update writes it)", err)
			}
			if b.String() != string(want) {
				t.Errorf("the IR differs from %s (-update rewrites it):\n%s", golden, b.String())
			}
		})
	}
}
