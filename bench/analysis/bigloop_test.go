package analysisbench

// Analysis cost in the size of one loop body (issue 29): one do concurrent
// loop of n statements (bigloop/), checked for cuda. BenchmarkBigLoop
// reports the time for 250 to 2,000 statements, so that growth shows
// (target: 1,000 statements in under 2 s for the whole `fgpu check`);
// TestBigLoopLinear guards the growth without a clock: the facts the
// evaluation derives and the facts its joins look at (rules.Result.Visited)
// for 2,000 statements are at most 2.2 times those for 1,000.

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"fgpu/bench/analysis/bigloop"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/rules"
)

func loadBigLoop(tb testing.TB, n int, opts bigloop.Options) *frontend.Program {
	tb.Helper()
	prog, diags := frontend.LoadSource(fmt.Sprintf("bigloop%d.f90", n), []byte(bigloop.Source(n, opts)))
	if diags.HasErrors() {
		tb.Fatalf("front end errors:\n%v", diags)
	}
	return prog
}

// checkBigLoop checks the program for cuda and requires its one loop to be
// offloaded, without errors.
func checkBigLoop(tb testing.TB, prog *frontend.Program) *rules.CheckResult {
	tb.Helper()
	cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must("cuda")})
	if err != nil {
		tb.Fatal(err)
	}
	if len(cr.Loops) != 1 || cr.Loops[0].Outcome != "offload" {
		tb.Fatalf("loops: %+v, want one, offloaded", cr.Loops)
	}
	if cr.Diags.HasErrors() {
		tb.Fatalf("unexpected errors:\n%v", cr.Diags)
	}
	return cr
}

func BenchmarkBigLoop(b *testing.B) {
	for _, n := range []int{250, 500, 1000, 2000} {
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			start := time.Now()
			prog := loadBigLoop(b, n, bigloop.Options{})
			load := time.Since(start)
			var cr *rules.CheckResult
			var factsT, evalT time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				cr = checkBigLoop(b, prog)
				factsT += cr.FactsTime
				evalT += cr.EvalTime
			}
			b.StopTimer()
			k := float64(b.N)
			b.ReportMetric(float64(load.Microseconds())/1e3, "load-ms")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/k, "ms/op")
			b.ReportMetric(float64(factsT.Microseconds())/1e3/k, "facts-ms/op")
			b.ReportMetric(float64(evalT.Microseconds())/1e3/k, "eval-ms/op")
			b.ReportMetric(float64(cr.Result.Store().EstimateFactCount()), "model-facts")
			b.ReportMetric(float64(sum(cr.Result.Visited())), "visited")
		})
	}
}

func sum(m map[string]int64) int64 {
	var t int64
	for _, v := range m {
		t += v
	}
	return t
}

// maxGrowth is the largest ratio TestBigLoopLinear admits between the
// 2,000- and the 1,000-statement loop: 2 for linear cost, some slack for
// the parts that do not grow with the body (the quadratic joins it guards
// against gave 4).
const maxGrowth = 2.2

func TestBigLoopLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("checks loops of 1,000 and 2,000 statements")
	}
	for _, c := range []struct {
		name string
		opts bigloop.Options
	}{{"inferred", bigloop.Options{}}, {"local", bigloop.Options{Local: true}}} {
		t.Run(c.name, func(t *testing.T) {
			var model [2]int
			var visited [2]map[string]int64
			for i, n := range []int{1000, 2000} {
				cr := checkBigLoop(t, loadBigLoop(t, n, c.opts))
				model[i] = cr.Result.Store().EstimateFactCount()
				visited[i] = cr.Result.Visited()
			}
			v0, v1 := sum(visited[0]), sum(visited[1])
			t.Logf("model facts %d -> %d (%.2fx), facts visited by lookups %d -> %d (%.2fx)",
				model[0], model[1], float64(model[1])/float64(model[0]), v0, v1, float64(v1)/float64(v0))
			if float64(model[1]) > maxGrowth*float64(model[0]) {
				t.Errorf("the model grows %.2fx from 1,000 to 2,000 statements, over %.1fx", float64(model[1])/float64(model[0]), maxGrowth)
			}
			if float64(v1) > maxGrowth*float64(v0) {
				t.Errorf("the lookups of the evaluation grow %.2fx from 1,000 to 2,000 statements, over %.1fx; the predicates that grew most:\n%s",
					float64(v1)/float64(v0), maxGrowth, growth(visited[0], visited[1]))
			}
		})
	}
}

// growth lists the predicates whose lookups grew the most (by the facts
// added), with their counts.
func growth(a, b map[string]int64) string {
	type g struct {
		pred   string
		n0, n1 int64
	}
	var gs []g
	for p, n := range b {
		gs = append(gs, g{p, a[p], n})
	}
	sort.Slice(gs, func(i, j int) bool {
		di, dj := gs[i].n1-2*gs[i].n0, gs[j].n1-2*gs[j].n0
		if di != dj {
			return di > dj
		}
		return gs[i].pred < gs[j].pred
	})
	var lines []string
	for i := 0; i < len(gs) && i < 8; i++ {
		lines = append(lines, fmt.Sprintf("\t%s: %d -> %d", gs[i].pred, gs[i].n0, gs[i].n1))
	}
	return strings.Join(lines, "\n")
}
