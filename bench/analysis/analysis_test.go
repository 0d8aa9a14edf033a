package analysisbench

// Analysis time (fact extraction + Datalog evaluation) on a realistic
// program: stencil/, a ~1100-line 2-D shallow-water solver in six files
// with 23 do concurrent loops (see stencil/README.md). run.sh runs the
// benchmark and `fgpu check --time-passes` on the same files; the target
// is 1 s per Check, TestAnalysisBudget guards a generous 3 s.

import (
	"fgpu/frontend/target"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"fgpu/frontend"
	"fgpu/rules"
)

// budget is the guard of TestAnalysisBudget; the target is 1 s.
const budget = 3 * time.Second

// loadStencil loads the application as one program and counts the do
// concurrent statements of its source.
func loadStencil(tb testing.TB) (*frontend.Program, int) {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join("stencil", "*.f90"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no stencil sources: %v", err)
	}
	dc := regexp.MustCompile(`(?im)^\s*do\s+concurrent\b`)
	loops := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		loops += len(dc.FindAll(src, -1))
	}
	prog, diags := frontend.Load(paths, frontend.Options{})
	if diags.HasErrors() {
		tb.Fatalf("front end errors:\n%v", diags)
	}
	return prog, loops
}

// BenchmarkAnalysis times rules.Check (facts + evaluation) for cuda; the
// front end runs once, outside the timer.
func BenchmarkAnalysis(b *testing.B) {
	prog, _ := loadStencil(b)
	var cr *rules.CheckResult
	var factsT, evalT time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		cr, err = rules.Check(prog, rules.CheckOptions{Target: target.Must("cuda")})
		if err != nil {
			b.Fatal(err)
		}
		factsT += cr.FactsTime
		evalT += cr.EvalTime
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/n, "ms/op")
	b.ReportMetric(float64(factsT.Microseconds())/1e3/n, "facts-ms/op")
	b.ReportMetric(float64(evalT.Microseconds())/1e3/n, "eval-ms/op")
	b.ReportMetric(float64(len(cr.Facts.Atoms)), "facts")
	b.ReportMetric(float64(len(cr.Loops)), "loops")
}

// TestAnalysisBudget runs Check once within the budget and checks every
// loop's outcome: all offloaded on cuda; all rejected on metal, since the
// whole application is real(wp) with wp = real64.
func TestAnalysisBudget(t *testing.T) {
	prog, want := loadStencil(t)
	if want < 14 {
		t.Fatalf("stencil has %d do concurrent loops, want at least 14", want)
	}

	start := time.Now()
	cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must("cuda")})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cuda: %v (facts %v, evaluation %v), %d facts, %d loops",
		elapsed.Round(time.Millisecond), cr.FactsTime.Round(time.Millisecond),
		cr.EvalTime.Round(time.Millisecond), len(cr.Facts.Atoms), len(cr.Loops))
	if elapsed > budget {
		t.Errorf("Check took %v, over the %v budget (target 1 s)", elapsed, budget)
	}
	if len(cr.Loops) != want {
		t.Errorf("cuda: %d loop outcomes, want %d (one per do concurrent)", len(cr.Loops), want)
	}
	for _, l := range cr.Loops {
		if l.Outcome != "offload" {
			t.Errorf("cuda: %s: outcome %s (%s), want offload", l.Pos, l.Outcome, l.Reason)
		}
	}
	if cr.Diags.HasErrors() {
		t.Errorf("cuda: unexpected errors:\n%v", cr.Diags)
	}

	cr, err = rules.Check(prog, rules.CheckOptions{Target: target.Must("metal")})
	if err != nil {
		t.Fatal(err)
	}
	if len(cr.Loops) != want {
		t.Errorf("metal: %d loop outcomes, want %d", len(cr.Loops), want)
	}
	for _, l := range cr.Loops {
		if l.Outcome != "error" || l.Reason != "real8_on_metal" {
			t.Errorf("metal: %s: outcome %s (%s), want error (real8_on_metal)", l.Pos, l.Outcome, l.Reason)
		}
	}
}
