package rules

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/mangle/ast"
)

// A call graph with a cycle (a -> b -> c -> a), a long way to /p/d
// (a -> b -> c -> d) and two equally short ones (a -> x -> d, a -> y -> d).
const cycleFacts = `
in_loop(/s/1, /l/1).
calls(/s/1, /p/main, /p/a).
calls(/s/2, /p/a, /p/b).
calls(/s/3, /p/b, /p/c).
calls(/s/4, /p/c, /p/a).
calls(/s/5, /p/c, /p/d).
calls(/s/8, /p/a, /p/y).
calls(/s/6, /p/y, /p/d).
calls(/s/9, /p/a, /p/x).
calls(/s/7, /p/x, /p/d).
calls(/s/10, /p/d, /p/d).
`

const cycleProof = `reach(/l/1,/p/d)   [reach.mg: reach(L,Q) :- reach(L,P), calls(X0,P,Q).]
  reach(/l/1,/p/x)   [reach.mg: reach(L,Q) :- reach(L,P), calls(X0,P,Q).]
    reach(/l/1,/p/a)   [reach.mg: reach(L,P) :- in_loop(S,L), calls(S,X0,P).]
      in_loop(/s/1,/l/1)   [fact]
      calls(/s/1,/p/main,/p/a)   [fact]
    calls(/s/9,/p/a,/p/x)   [fact]
  calls(/s/7,/p/x,/p/d)   [fact]
`

func explainOne(t *testing.T, r *Result, fact string) *Proof {
	t.Helper()
	p, err := r.Explain(mustAtom(t, fact), 0)
	if err != nil {
		t.Fatalf("Explain(%s): %v", fact, err)
	}
	return p
}

// TestExplainShortestDeterministic: the shortest chain through a cyclic
// graph, the same one for every insertion order of the facts.
func TestExplainShortestDeterministic(t *testing.T) {
	p := loadEngine(t)
	facts := mustFacts(t, cycleFacts)
	for seed := range 20 {
		fs := append([]ast.Atom(nil), facts...)
		rand.New(rand.NewSource(int64(seed))).Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		r, err := p.evaluate(fs, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		pr := explainOne(t, r, "reach(/l/1, /p/d)")
		if d := cmp.Diff(cycleProof, pr.String()); d != "" {
			t.Fatalf("seed %d (-want +got):\n%s", seed, d)
		}
		if pr.Height != 3 {
			t.Errorf("height %d, want 3", pr.Height)
		}
		want := []string{"in_loop(/s/1,/l/1)", "calls(/s/1,/p/main,/p/a)", "calls(/s/9,/p/a,/p/x)", "calls(/s/7,/p/x,/p/d)"}
		if d := cmp.Diff(want, strs(pr.Leaves())); d != "" {
			t.Fatalf("leaves (-want +got):\n%s", d)
		}
		// A fact on the cycle: a is reached directly, not around the cycle.
		if got := explainOne(t, r, "reach(/l/1, /p/a)"); got.Height != 1 {
			t.Errorf("reach(/l/1,/p/a): height %d\n%s", got.Height, got)
		}
		if got := explainOne(t, r, "reach(/l/1, /p/c)"); got.Height != 3 {
			t.Errorf("reach(/l/1,/p/c): height %d\n%s", got.Height, got)
		}
	}
}

func TestExplainNegationLetBuiltins(t *testing.T) {
	p := loadEngine(t)
	r, err := p.evaluate(mustFacts(t, graphFacts), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ fact, want string }{
		{"unmarked(3)", `unmarked(3)   [misc.mg: unmarked(X) :- num(X), !marked(X).]
  num(3)   [fact]
  not marked(3)   [absent]
`},
		{"scaled(3, 30)", `scaled(3,30)   [misc.mg: scaled(X,Y) :- num(X) |> let Y = fn:mult(X,10).]
  num(3)   [fact]
  30 = fn:mult(3,10)   [builtin]
`},
		{"big(3)", `big(3)   [misc.mg: big(X) :- num(X), :gt(X,2).]
  num(3)   [fact]
  :gt(3,2)   [builtin]
`},
		{"next(3, 4)", `next(3,4)   [misc.mg: next(X,Y) :- num(X), Y = fn:plus(X,1).]
  num(3)   [fact]
  4 = fn:plus(3,1)   [builtin]
`},
		{`group_size(/g/a, 2)`, `group_size(/g/a,2)   [misc.mg, aggregate of 2 rows: group_size(K,N) :- item(K,X0) |> do fn:group_by(K), let N = fn:count().]
  item(/g/a,"x")   [fact]
  item(/g/a,"y")   [fact]
`},
		{"num(1)", "num(1)   [fact]\n"},
	} {
		got := explainOne(t, r, tc.fact)
		if d := cmp.Diff(tc.want, got.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.fact, d)
		}
	}
	pr := explainOne(t, r, "unmarked(1)")
	if pr.Kind != ProofRule || pr.Children[1].Kind != ProofAbsent || pr.Height != 1 {
		t.Errorf("unmarked(1):\n%s", pr)
	}
	if got := strs(pr.Leaves()); !cmp.Equal(got, []string{"num(1)"}) {
		t.Errorf("leaves %v", got)
	}
	if leaf := explainOne(t, r, "num(1)"); leaf.Kind != ProofFact || leaf.Height != 0 || len(leaf.Children) != 0 {
		t.Errorf("input fact: %+v", leaf)
	}
}

func TestExplainErrors(t *testing.T) {
	p := loadEngine(t)
	r, err := p.evaluate(mustFacts(t, cycleFacts), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Constants built as Go literals (hash 0) are accepted.
	lit := func(s string) ast.Constant { return ast.Constant{Type: ast.NameType, Symbol: s} }
	if _, err := r.Explain(ast.NewAtom("reach", lit("/l/1"), lit("/p/b")), 0); err != nil {
		t.Errorf("literal constants: %v", err)
	}
	if _, err := r.Explain(mustAtom(t, "unmarked(2)"), 0); !errors.Is(err, ErrNotInModel) {
		t.Errorf("unmarked(2): %v", err)
	}
	if _, err := r.Explain(mustAtom(t, "reach(/l/1, /p/d)"), 2); err == nil || !strings.Contains(err.Error(), "height") {
		t.Errorf("height 2: %v", err)
	}
	// A failed bounded search must not spoil a later unbounded one.
	if pr, err := r.Explain(mustAtom(t, "reach(/l/1, /p/d)"), 0); err != nil || pr.Height != 3 {
		t.Errorf("after a bounded search: %v %v", pr, err)
	}
}

// TestExplainLongChain: minimal height on a long path with shortcuts.
func TestExplainLongChain(t *testing.T) {
	p := loadEngine(t)
	var b strings.Builder
	b.WriteString("in_loop(/s/0, /l/1).\ncalls(/s/0, /p/main, /p/p0).\n")
	site := 1
	for i := range 60 {
		b.WriteString(callFact(&site, i, i+1))
		if i%10 == 0 {
			b.WriteString(callFact(&site, i, i+5)) // a shortcut
		}
		b.WriteString(callFact(&site, i+1, 0)) // back edges: a cycle through every node
	}
	r, err := p.evaluate(mustFacts(t, b.String()), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	pr := explainOne(t, r, "reach(/l/1, /p/p60)")
	// p0 at height 1; each block of 10 costs 6 steps (shortcut + 5).
	if pr.Height != 1+6*6 {
		t.Errorf("height %d, want %d", pr.Height, 1+6*6)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if q, err := r.Explain(mustAtom(t, "reach(/l/1, /p/p60)"), 0); err != nil || q.String() != pr.String() {
				t.Errorf("concurrent Explain differs: %v", err)
			}
		}()
	}
	wg.Wait()
}

func callFact(site *int, from, to int) string {
	*site++
	return fmt.Sprintf("calls(/s/%d, /p/p%d, /p/p%d).\n", *site, from, to)
}
