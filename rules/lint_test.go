package rules

// A lint over the rule files for Mangle's silent hazards (MANGLE.md section
// 6) and the project's conventions for rule files (STYLE habit 1). Each
// check also runs on small bad programs, so that the lint cannot pass by
// checking nothing.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
)

// lint returns the problems of a set of rule files (name -> text), each as
// "file: message", in file order.
func lint(srcs map[string]string) []string {
	var probs []string
	var units []parse.SourceUnit
	parsed := true
	aggFile := map[ast.PredicateSym][]string{}
	for _, f := range sortedKeys(srcs) {
		text := srcs[f]
		add := func(msgs []string) {
			for _, m := range msgs {
				probs = append(probs, f+": "+m)
			}
		}
		if f != "schema.mg" {
			add(lintHeader(text))
		}
		u, err := parse.Unit(strings.NewReader(text))
		if err != nil {
			probs = append(probs, parseError(f, err).Error())
			parsed = false
			continue
		}
		units = append(units, u)
		for _, c := range u.Clauses {
			add(lintNegation(c))
			add(lintClauseNames(c))
			if c.Transform != nil && !c.Transform.IsLetTransform() {
				aggFile[c.Head.Predicate] = append(aggFile[c.Head.Predicate], f)
			}
		}
		for _, d := range u.Decls {
			if implicitDecl(d) {
				continue
			}
			add(lintDecl(d))
			add(lintDeclNames(d))
		}
	}
	probs = append(probs, lintAggregates(aggFile)...)
	if parsed {
		if _, err := analysis.AnalyzeAndCheckBounds(units, nil, analysis.ErrorForBoundsMismatch); err != nil {
			probs = append(probs, "bounds: "+err.Error())
		}
	}
	return probs
}

// lintHeader: a rule file opens with a comment that names the design-doc
// section it implements (a line with "Design doc:" in the first 10 lines).
func lintHeader(text string) []string {
	lines := strings.SplitN(text, "\n", 11)
	if len(lines) == 0 || !strings.HasPrefix(strings.TrimSpace(lines[0]), "#") {
		return []string{"does not start with a comment header"}
	}
	for i, l := range lines {
		if i == 10 {
			break
		}
		if strings.HasPrefix(strings.TrimSpace(l), "#") && strings.Contains(l, "Design doc:") {
			return nil
		}
	}
	return []string{`header names no design-doc section (a "Design doc:" line in the first 10 lines)`}
}

// lintNegation (P1): every variable of a negated atom must be bound by an
// earlier premise of the same clause, and `_` may not occur in it: the
// engine silently drops such a negation.
func lintNegation(c ast.Clause) []string {
	var probs []string
	bound := map[ast.Variable]bool{}
	bindVars := func(t ast.Term) {
		vs := map[ast.Variable]bool{}
		ast.AddVars(t, vs)
		for v := range vs {
			bound[v] = true
		}
	}
	for _, p := range c.Premises {
		switch p := p.(type) {
		case ast.Atom:
			bindVars(p)
		case ast.Eq:
			if v, ok := p.Left.(ast.Variable); ok {
				bound[v] = true
			}
			if v, ok := p.Right.(ast.Variable); ok {
				bound[v] = true
			}
		case ast.NegAtom:
			vs := map[ast.Variable]bool{}
			ast.AddVars(p.Atom, vs)
			var bad []string
			for _, v := range sortedVars(vs) {
				if v.Symbol == "_" {
					bad = append(bad, "_")
				} else if !bound[v] {
					bad = append(bad, v.Symbol)
				}
			}
			if len(bad) > 0 {
				probs = append(probs, fmt.Sprintf("negated %v has %s not bound by an earlier positive premise; the engine drops it (P1): %v",
					p.Atom, strings.Join(bad, ", "), c))
			}
		}
	}
	// A let binds its variable (for the head); transforms come after the
	// premises, so they cannot bind a negated atom's variables.
	return probs
}

func sortedVars(vs map[ast.Variable]bool) []ast.Variable {
	names := map[string]bool{}
	for v := range vs {
		names[v.Symbol] = true
	}
	var out []ast.Variable
	for _, n := range sortedKeys(names) {
		out = append(out, ast.Variable{Symbol: n})
	}
	return out
}

// lintAggregates (P2): one aggregation rule per head predicate.
func lintAggregates(aggFile map[ast.PredicateSym][]string) []string {
	var probs []string
	byName := map[string]ast.PredicateSym{}
	for sym := range aggFile {
		byName[sym.String()] = sym
	}
	for _, n := range sortedKeys(byName) {
		files := aggFile[byName[n]]
		if len(files) > 1 {
			probs = append(probs, fmt.Sprintf("%s: %d aggregation rules (|> do fn:group_by) for %s; their inputs merge (P2): aggregate once over a helper predicate",
				files[0], len(files), n))
		}
	}
	return probs
}

// lintDecl: every Decl has a non-empty doc(...) and an arg(...) for each
// argument.
func lintDecl(d ast.Decl) []string {
	var probs []string
	hasDoc := false
	args := map[string]bool{}
	for _, a := range d.Descr {
		switch a.Predicate.Symbol {
		case ast.DescrDoc:
			for _, t := range a.Args {
				if c, ok := t.(ast.Constant); ok && c.Type == ast.StringType && strings.TrimSpace(c.Symbol) != "" {
					hasDoc = true
				}
			}
		case ast.DescrArg:
			if len(a.Args) > 0 {
				if v, ok := a.Args[0].(ast.Variable); ok {
					args[v.Symbol] = true
				}
			}
		}
	}
	if !hasDoc {
		probs = append(probs, fmt.Sprintf("Decl %v has no doc(...)", d.DeclaredAtom))
	}
	for _, t := range d.DeclaredAtom.Args {
		if v, ok := t.(ast.Variable); ok && !args[v.Symbol] {
			probs = append(probs, fmt.Sprintf("Decl %v has no arg(%s, ...)", d.DeclaredAtom, v.Symbol))
		}
	}
	return probs
}

// lintClauseNames (P17, P18): name constants that Mangle text cannot spell.
func lintClauseNames(c ast.Clause) []string {
	var consts []ast.Constant
	collect := func(t ast.Term) { consts = append(consts, termConsts(t)...) }
	collect(c.Head)
	for _, p := range c.Premises {
		collect(p)
	}
	if c.Transform != nil {
		for t := c.Transform; t != nil; t = t.Next {
			for _, st := range t.Statements {
				collect(st.Fn)
			}
		}
	}
	return badNames(consts, c.String())
}

func lintDeclNames(d ast.Decl) []string {
	var consts []ast.Constant
	for _, b := range d.Bounds {
		for _, t := range b.Bounds {
			consts = append(consts, termConsts(t)...)
		}
	}
	return badNames(consts, "Decl "+d.DeclaredAtom.String())
}

func badNames(consts []ast.Constant, where string) []string {
	var probs []string
	for _, c := range consts {
		walkConst(c, func(c ast.Constant) {
			if c.Type == ast.NameType && !ValidName(c.Symbol) {
				probs = append(probs, fmt.Sprintf("name %s has characters outside [A-Za-z0-9._~%%-] or ends in '.' (P17, P18): %s", c.Symbol, where))
			}
		})
	}
	return probs
}

// termConsts returns the constants in a term, at any depth.
func termConsts(t ast.Term) []ast.Constant {
	var out []ast.Constant
	var walk func(t ast.Term)
	walk = func(t ast.Term) {
		switch t := t.(type) {
		case ast.Constant:
			out = append(out, t)
		case ast.Atom:
			for _, a := range t.Args {
				walk(a)
			}
		case ast.NegAtom:
			walk(t.Atom)
		case ast.Eq:
			walk(t.Left)
			walk(t.Right)
		case ast.Ineq:
			walk(t.Left)
			walk(t.Right)
		case ast.ApplyFn:
			for _, a := range t.Args {
				walk(a)
			}
		}
	}
	walk(t)
	return out
}

// TestLintRules lints every embedded rule file.
func TestLintRules(t *testing.T) {
	for _, p := range lint(Sources()) {
		t.Error(p)
	}
}

// TestLintEngineTestProgram: the engine's own test rules are clean too.
func TestLintEngineTestProgram(t *testing.T) {
	for _, p := range lint(engineSources(t)) {
		t.Error(p)
	}
}

func engineSources(t *testing.T) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "engine", "*.mg"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata/engine/*.mg: %v", err)
	}
	srcs := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		srcs[filepath.Base(p)] = string(b)
	}
	return srcs
}

const lintSchema = `Decl n(X) descr [doc("n"), arg(X, "x")] bound [/number].
Decl r(X, Y) descr [doc("r"), arg(X, "x"), arg(Y, "y")] bound [/number, /number].
Decl s(X) descr [doc("s"), arg(X, "x")] bound [/name].
`

const lintHead = "# t.mg -- a lint self-test.\n# Design doc: none.\n"

// TestLintCatches runs each check on a bad program and a good one.
func TestLintCatches(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string // want: a substring of a problem ("" = clean)
	}{
		{"negation wildcard", `p(X) :- n(X), !r(X, _).`, "P1"},
		{"negation unbound", `p(X) :- n(X), !r(Y, X).`, "P1"},
		{"negation before binder", `p(X) :- !r(X, X), n(X).`, "P1"},
		{"negation projected", "hr(X) :- r(X, _).\np(X) :- n(X), !hr(X).", ""},
		{"negation bound by eq", `p(Y) :- n(X), Y = fn:plus(X, 1), !r(X, Y).`, ""},
		{"two aggregates", "c(N) :- n(X), r(X, _) |> do fn:group_by(), let N = fn:count().\nc(N) :- r(_, X), n(X) |> do fn:group_by(), let N = fn:count().", "P2"},
		{"one aggregate", "c(N) :- n(_) |> do fn:group_by(), let N = fn:count().", ""},
		{"decl without doc", "Decl q(X) descr [arg(X, \"x\")].\nq(X) :- n(X).", "no doc"},
		{"decl without descr", "Decl q(X).\nq(X) :- n(X).", "no doc"},
		{"decl without arg", "Decl q(X, Y) descr [doc(\"q\"), arg(X, \"x\")].\nq(X, Y) :- r(X, Y).", "no arg(Y"},
		// v0.4.0 checks source facts against bounds, not rule bodies.
		{"bounds mismatch", `n(/a).`, "bounds"},
		{"parse error", `p(X) :- n(X)`, "t.mg:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probs := lint(map[string]string{"schema.mg": lintSchema, "t.mg": lintHead + tc.src + "\n"})
			if tc.want == "" {
				if len(probs) > 0 {
					t.Errorf("want no problems, got %q", probs)
				}
				return
			}
			for _, p := range probs {
				if strings.Contains(p, tc.want) {
					return
				}
			}
			t.Errorf("want a problem with %q, got %q", tc.want, probs)
		})
	}
}

func TestLintHeader(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"# x.mg -- does x.\n# Design doc: \"Outcomes\".\n", true},
		{"# x.mg\n#\n#\n#\n#\n#\n#\n#\n#\n# Design doc: too late\n", true},
		{"# x.mg\n#\n#\n#\n#\n#\n#\n#\n#\n#\n# Design doc: too late\n", false},
		{"p(1).\n# Design doc: x\n", false},
		{"# x.mg, no section named\n", false},
	} {
		if got := len(lintHeader(tc.text)) == 0; got != tc.ok {
			t.Errorf("lintHeader(%q) ok = %v, want %v", tc.text, got, tc.ok)
		}
	}
	// schema.mg is exempt; any other file is not.
	if probs := lint(map[string]string{"schema.mg": lintSchema}); len(probs) > 0 {
		t.Errorf("schema.mg: %q", probs)
	}
	if probs := lint(map[string]string{"schema.mg": lintSchema, "t.mg": "p(X) :- n(X).\n"}); len(probs) == 0 {
		t.Error("a rule file without a header passed")
	}
}

// TestLintNames: the parser rejects most bad names itself; names built in
// Go (ast.Name does not check) and names ending in '.' are caught here.
func TestLintNames(t *testing.T) {
	bad := ast.Constant{Type: ast.NameType, Symbol: "/t/real(8)"}
	c := ast.NewClause(ast.NewAtom("p", ast.Variable{Symbol: "X"}),
		[]ast.Term{ast.NewAtom("q", ast.Variable{Symbol: "X"}), ast.Eq{Left: ast.Variable{Symbol: "X"}, Right: bad}})
	if probs := lintClauseNames(c); len(probs) != 1 {
		t.Errorf("bad name in a premise: %q", probs)
	}
	inList := ast.List([]ast.Constant{ast.Number(1), {Type: ast.NameType, Symbol: "/a b"}})
	if probs := lintClauseNames(ast.NewClause(ast.NewAtom("p", inList), nil)); len(probs) != 1 {
		t.Errorf("bad name in a list: %q", probs)
	}
	good, _ := ast.Name("/t/real/8")
	if probs := lintClauseNames(ast.NewClause(ast.NewAtom("p", good), nil)); len(probs) != 0 {
		t.Errorf("good name: %q", probs)
	}
	if probs := lint(map[string]string{"t.mg": lintHead + "p(/a.b).\n"}); len(probs) != 0 {
		t.Errorf("/a.b: %q", probs)
	}
}
