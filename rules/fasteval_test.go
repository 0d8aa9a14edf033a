package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"

	"github.com/google/go-cmp/cmp"
	"github.com/google/mangle/ast"
)

// TestFastCompiles: the embedded rules are all evaluated by fasteval.go
// (a rule it cannot compile would put every check back on Mangle's engine).
func TestFastCompiles(t *testing.T) {
	p, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := compileFast(p.info); err != nil {
		t.Fatal(err)
	}
}

// evalBoth evaluates facts with fasteval.go and with Mangle's engine and
// compares the models, every fact of every predicate.
func evalBoth(t *testing.T, name string, p *program, in []ast.Atom) {
	t.Helper()
	if p.fast == nil {
		t.Fatalf("%s: the program does not compile for the fast evaluator", name)
	}
	fast, err1 := p.evaluate(in, 0, 0)
	useMangleEngine = true
	slow, err2 := p.evaluate(in, 0, 0)
	useMangleEngine = false
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: errors differ: fast %v, mangle %v", name, err1, err2)
	}
	if err1 != nil {
		return
	}
	a, b := strs(fast.All()), strs(slow.All())
	if strings.Contains(name, "hash_collision") {
		// group_by keeps, of keys whose hashes collide, the first key of
		// its input order (P3), which differs between the two: the
		// rules' fallback makes the decisions the same.
		a, b = nil, nil
		for _, pred := range decisions {
			a = append(a, strs(fast.Facts(pred))...)
			b = append(b, strs(slow.Facts(pred))...)
		}
	}
	if d := cmp.Diff(b, a); d != "" {
		t.Errorf("%s: models differ (-mangle +fast):\n%s", name, d)
	}
	if len(a) == 0 {
		t.Errorf("%s: no facts", name)
	}
}

// decisions are the predicates the check reads (rules/check*.go, lowering).
var decisions = []string{"async_start", "buffer", "calls", "calls_external", "external_at", "in_loop",
	"local_read_before_write", "loop", "nest_stage", "outcome", "outcome_reason", "race_omits",
	"reduce_inferred_at", "semantic_error", "shared_reduce", "stop_stmt", "unsupported_at", "violation",
	"workspace_unsized", "kernel_var", "launch", "fetch_at", "discard_at"}

// TestFastEvalSame: the fast evaluator's model equals Mangle's engine's on
// every rule test's facts and on the facts of the spec-test programs.
func TestFastEvalSame(t *testing.T) {
	p, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/*/*.txtar")
	if len(cases) < 50 {
		t.Fatalf("%d rule tests", len(cases))
	}
	for _, c := range cases {
		b, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range parseTxtar(string(b)).sections {
			if s.name != "facts.mg" {
				continue
			}
			in, err := ParseFacts(s.data)
			if err != nil {
				continue // (a case of bad facts)
			}
			evalBoth(t, c, p, in)
		}
	}
	progs, _ := filepath.Glob("../spec-tests/*/*.f90")
	if testing.Short() && len(progs) > 40 {
		progs = progs[:40]
	}
	n := 0
	devs := []string{target.Must("cuda").DeviceFact(), target.Must("cpu").DeviceFact()}
	for i, f := range progs {
		prog, diags := frontend.Load([]string{f}, frontend.Options{})
		if diags.HasErrors() || prog == nil {
			continue
		}
		set := facts.Extract(prog, facts.Options{})
		in := append(append([]ast.Atom(nil), set.Atoms...), ast.NewAtom("device", nameConst(devs[i%2])))
		evalBoth(t, f, p, in)
		n++
	}
	if n < 10 {
		t.Errorf("only %d spec programs compared", n)
	}
}
