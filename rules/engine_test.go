package rules

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/mangle/ast"
)

// loadEngine analyses the engine's own test program, testdata/engine/*.mg.
func loadEngine(t *testing.T) *program {
	t.Helper()
	p, err := programFrom(engineSources(t))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustFacts(t testing.TB, text string) []ast.Atom {
	t.Helper()
	fs, err := ParseFacts(text)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func mustAtom(t testing.TB, text string) ast.Atom {
	t.Helper()
	fs := mustFacts(t, text+".")
	if len(fs) != 1 {
		t.Fatalf("%q: %d facts", text, len(fs))
	}
	return fs[0]
}

func strs(as []ast.Atom) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.String())
	}
	return out
}

const graphFacts = `
in_loop(/s/1, /l/1).
calls(/s/1, /p/main, /p/a).
calls(/s/2, /p/a, /p/b).
calls(/s/3, /p/b, /p/a).
calls(/s/4, /p/b, /p/b).
calls(/s/9, /p/other, /p/c).
num(1). num(2). num(3). marked(2).
item(/g/a, "x"). item(/g/a, "y"). item(/g/b, "z").
`

func TestProgramEmbedded(t *testing.T) {
	info, err := Program()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i, err := Program(); err != nil || i != info {
				t.Errorf("Program() = %p, %v; want the cached %p", i, err, info)
			}
		}()
	}
	wg.Wait()
	if len(Sources()) == 0 || SourceNames()[0] == "" {
		t.Fatal("no embedded sources")
	}
	if _, ok := Sources()["schema.mg"]; !ok {
		t.Error("schema.mg is not embedded")
	}
}

func TestProgramErrors(t *testing.T) {
	_, err := programFrom(map[string]string{"ok.mg": "p(1).\n", "bad.mg": "q(1).\n\nr(X) :- q(X)\n"})
	if err == nil || !strings.Contains(err.Error(), "bad.mg:4:") {
		t.Errorf("parse error = %v, want one at bad.mg:4:", err)
	}
	_, err = programFrom(map[string]string{"a.mg": "p(1).\n", "b.mg": "r(X) :- nosuch(X).\n"})
	if err == nil || !strings.Contains(err.Error(), "b.mg") {
		t.Errorf("analysis error = %v, want one naming b.mg", err)
	}
}

func TestEvaluateQuery(t *testing.T) {
	p := loadEngine(t)
	r, err := p.evaluate(mustFacts(t, graphFacts), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		goal string
		want []string
	}{
		{"reach(/l/1, P)", []string{"reach(/l/1,/p/a)", "reach(/l/1,/p/b)"}},
		{"reach(L, /p/b).", []string{"reach(/l/1,/p/b)"}},
		{"reach(_, _)", []string{"reach(/l/1,/p/a)", "reach(/l/1,/p/b)"}},
		{"calls(S, P, P)", []string{"calls(/s/4,/p/b,/p/b)"}}, // P9: repeated variables
		{"reach(/l/2, P)", []string{}},
		{"unmarked(X)", []string{"unmarked(1)", "unmarked(3)"}},
		{"scaled(2, Y)", []string{"scaled(2,20)"}},
		{"group_size(K, N)", []string{`group_size(/g/a,2)`, `group_size(/g/b,1)`}},
		{"next(fn:plus(1, 1), Y)", []string{"next(2,3)"}},
	} {
		got, err := r.Query(tc.goal)
		if err != nil {
			t.Errorf("%s: %v", tc.goal, err)
			continue
		}
		if d := cmp.Diff(tc.want, strs(got)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.goal, d)
		}
	}
	for _, bad := range []string{"nosuch(X)", "reach(L)", "reach(L, P", "reach(L, P), calls(S, L, P)"} {
		if _, err := r.Query(bad); err == nil {
			t.Errorf("Query(%q): no error", bad)
		}
	}
	if d := cmp.Diff([]string{"big(3)"}, strs(r.Facts("big"))); d != "" {
		t.Errorf("Facts(big):\n%s", d)
	}
	if got := r.Facts("nosuch"); got != nil {
		t.Errorf("Facts(nosuch) = %v", got)
	}
	if n := len(r.Facts("calls")); n != 5 {
		t.Errorf("%d calls facts", n)
	}
	for _, f := range r.All() {
		if strings.Contains(f.Predicate.Symbol, "__tmp") {
			t.Errorf("All() has an internal fact %v", f)
		}
	}
	if _, ok := r.FileTimes["reach.mg"]; !ok {
		t.Errorf("FileTimes = %v, want reach.mg", r.FileTimes)
	}
	if _, ok := r.FileTimes["misc.mg"]; !ok {
		t.Errorf("FileTimes = %v, want misc.mg", r.FileTimes)
	}
	if _, ok := r.FileTimes["schema.mg"]; ok {
		t.Errorf("FileTimes = %v: schema.mg has no rules", r.FileTimes)
	}
}

// TestEvaluateFresh (P6): every evaluation starts from an empty store.
func TestEvaluateFresh(t *testing.T) {
	p := loadEngine(t)
	r1, err := p.evaluate(mustFacts(t, `item(/g/a, "x").`), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := p.evaluate(mustFacts(t, `item(/g/a, "x"). item(/g/a, "y").`), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := strs(r1.Facts("group_size")); !cmp.Equal(got, []string{"group_size(/g/a,1)"}) {
		t.Errorf("first: %v", got)
	}
	if got := strs(r2.Facts("group_size")); !cmp.Equal(got, []string{"group_size(/g/a,2)"}) {
		t.Errorf("second: %v", got)
	}
}

func TestEvaluateRejectsBadFacts(t *testing.T) {
	p := loadEngine(t)
	x := ast.Variable{Symbol: "X"}
	name := func(s string) ast.Constant { c, _ := ast.Name(s); return c }
	for _, tc := range []struct {
		fact ast.Atom
		want string
	}{
		{ast.NewAtom("nosuch", ast.Number(1)), "not declared"},
		{ast.NewAtom("num", ast.Number(1), ast.Number(2)), "arguments"},
		{ast.NewAtom("num", x), "not a constant"},
		{ast.NewAtom("in_loop", ast.Constant{Type: ast.NameType, Symbol: "/t/real(8)"}, ast.Constant{Type: ast.NameType, Symbol: "/l/1"}), "cannot be written"},
		{ast.NewAtom("num", ast.String("1")), "bound"},
		{ast.NewAtom("in_loop", ast.Constant{Type: ast.NameType, Symbol: "/s/1"}, name("/l/1")), "hash"},
	} {
		_, err := p.evaluate([]ast.Atom{tc.fact}, 0, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one with %q", tc.fact, err, tc.want)
		}
	}
}

const runaway = `# runaway.mg -- never reaches a fixpoint.
Decl seed(X) descr [doc("seed"), arg(X, "x")].
nat(X) :- seed(X).
nat(Y) :- nat(X), Y = fn:plus(X, 1).
`

func TestEvaluateDeadline(t *testing.T) {
	p, err := programFrom(map[string]string{"runaway.mg": runaway})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = p.evaluate([]ast.Atom{ast.NewAtom("seed", ast.Number(0))}, 0, 200*time.Millisecond)
	if !errors.Is(err, ErrDeadline) {
		t.Fatalf("error %v, want ErrDeadline", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopped after %v", d)
	}
}

func TestEvaluateLimit(t *testing.T) {
	p, err := programFrom(map[string]string{"runaway.mg": runaway})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.evaluate([]ast.Atom{ast.NewAtom("seed", ast.Number(0))}, 1000, 0)
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("error %v, want the fact limit", err)
	}
	// The error names the rule file of the relation that grew.
	if !strings.Contains(err.Error(), "runaway.mg (") || !strings.Contains(err.Error(), "facts of nat)") {
		t.Errorf("error %v names no rule file", err)
	}
}

// TestEvaluateConcurrent: one analysed program, separate stores (run -race).
func TestEvaluateConcurrent(t *testing.T) {
	p := loadEngine(t)
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b strings.Builder
			b.WriteString("in_loop(/s/0, /l/1).\ncalls(/s/0, /p/main, /p/p0).\n")
			for i := range 20 + g {
				fmt.Fprintf(&b, "calls(/s/%d, /p/p%d, /p/p%d).\n", i+1, i, i+1)
			}
			facts, err := ParseFacts(b.String())
			if err != nil {
				t.Error(err)
				return
			}
			r, err := p.evaluate(facts, 0, 10*time.Second)
			if err != nil {
				t.Error(err)
				return
			}
			if n := len(r.Facts("reach")); n != 21+g {
				t.Errorf("g=%d: %d reach facts, want %d", g, n, 21+g)
			}
			if _, err := r.Explain(mustAtom(t, fmt.Sprintf("reach(/l/1, /p/p%d)", 20+g)), 0); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

func TestFormatParseRoundTrip(t *testing.T) {
	n := func(s string) ast.Constant { c, _ := ast.Name(s); return c }
	one, two := ast.Number(1), ast.String("two")
	m := ast.Map(map[*ast.Constant]*ast.Constant{&one: &two})
	lbl := n("/line")
	st := ast.Struct(map[*ast.Constant]*ast.Constant{&lbl: &one})
	atoms := []ast.Atom{
		ast.NewAtom("p", n("/s/12"), ast.String(`real(8) "x" \ y`+"\n\tz ü")),
		ast.NewAtom("p", ast.Number(-42), ast.Float64(1)),
		ast.NewAtom("p", ast.Float64(-0.125), ast.Float64(2.5e-7)),
		ast.NewAtom("q", ast.List([]ast.Constant{n("/a"), ast.Number(2), ast.String("s")})),
		ast.NewAtom("q", ast.List(nil)),
		ast.NewAtom("q", ast.Pair(&one, &two)),
		ast.NewAtom("q", *m),
		ast.NewAtom("q", *st),
		ast.NewAtom("z"),
		ast.NewAtom("p", n("/s/12"), ast.String(`real(8) "x" \ y`+"\n\tz ü")), // a duplicate
	}
	var b bytes.Buffer
	if err := FormatFacts(&b, atoms); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if strings.Count(text, "\n") != len(atoms)-1 {
		t.Errorf("duplicates kept:\n%s", text)
	}
	back, err := ParseFacts(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for _, a := range atoms {
		found := false
		for _, c := range back {
			if c.Equals(a) {
				found = true
			}
		}
		if !found {
			t.Errorf("%v did not survive:\n%s", a, text)
		}
	}
	var b2 bytes.Buffer
	_ = FormatFacts(&b2, back)
	if d := cmp.Diff(text, b2.String()); d != "" {
		t.Errorf("second round (-first +second):\n%s", d)
	}
	if got, want := FormatFact(atoms[1]), "p(-42, 1.0)."; got != want {
		t.Errorf("FormatFact = %s, want %s", got, want)
	}
	for _, bad := range []string{"p(X).", "p(1) :- q(1).", "Decl p(X).", "p(1"} {
		if _, err := ParseFacts(bad); err == nil {
			t.Errorf("ParseFacts(%q): no error", bad)
		}
	}
}

func TestValidName(t *testing.T) {
	for s, want := range map[string]bool{
		"/s/12": true, "/t/real/8": true, "/a.b-c_d~e%20": true, "/A": true,
		"": false, "/": false, "a": false, "/a//b": false, "/a/": false, "/real(8)": false,
		"/a b": false, "/a.": false, "/ä": false,
	} {
		if got := ValidName(s); got != want {
			t.Errorf("ValidName(%q) = %v", s, got)
		}
	}
}

// TestSimpleBounds: every schema predicate takes checkFact's fast path.
func TestSimpleBounds(t *testing.T) {
	p, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"loc", "access", "var_type", "outcome_reason"} {
		sym, ok := p.lookup(name)
		if !ok {
			t.Fatalf("no predicate %s", name)
		}
		if _, ok := p.simpleBounds[sym]; !ok {
			t.Errorf("%s: no simple bounds", name)
		}
	}
	for _, s := range []string{"/a", "/a/b.c", "/s/1"} {
		if !ValidName(s) {
			t.Errorf("ValidName(%q) = false", s)
		}
	}
	for _, s := range []string{"", "/", "a", "//a", "/a//b", "/a/", "/a.", "/a(b)"} {
		if ValidName(s) {
			t.Errorf("ValidName(%q) = true", s)
		}
	}
}
