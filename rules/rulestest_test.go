package rules

// The rule-test harness (STYLE habit 7). Every rules/testdata/<analysis>/*.txtar
// holds `-- facts.mg --` (input facts as Mangle text) and one or more
// `-- want/<pred>.mg --` sections: the expected facts of that predicate, one
// a line (an empty section: none). All rules are evaluated; each wanted
// predicate is compared, sorted, with the actual facts. Cases named neg_*
// are negative cases (usually empty wants).
//
//	go test ./rules/ -run TestRules -update   (or FGPU_UPDATE=1)
//
// rewrites the want sections from the actual results.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the want sections of rules/testdata/*/*.txtar from the actual results")

func updating() bool { return *update || os.Getenv("FGPU_UPDATE") == "1" }

// archive is a txtar archive: a comment, then named sections.
type archive struct {
	comment  string
	sections []section
}

type section struct {
	name, data string
}

// sectionName returns the name of a "-- name --" header line.
func sectionName(line string) (string, bool) {
	line = strings.TrimRight(line, "\r")
	if !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") || len(line) < 7 {
		return "", false
	}
	return strings.TrimSpace(line[3 : len(line)-3]), true
}

func parseTxtar(text string) archive {
	var a archive
	var cur *section
	var b strings.Builder
	flush := func() {
		if cur == nil {
			a.comment = b.String()
		} else {
			cur.data = b.String()
			a.sections = append(a.sections, *cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if name, ok := sectionName(strings.TrimSuffix(line, "\n")); ok {
			flush()
			cur = &section{name: name}
			continue
		}
		b.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	flush()
	return a
}

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, s := range a.sections {
		fmt.Fprintf(&b, "-- %s --\n%s", s.name, s.data)
	}
	return b.String()
}

// runArchive evaluates an archive's facts with p and returns one diff per
// wanted predicate that differs, and the archive with its want sections
// replaced by the actual results.
func runArchive(p *program, a archive) (diffs []string, updated archive, err error) {
	var factsText *string
	nwant := 0
	for i := range a.sections {
		switch s := &a.sections[i]; {
		case s.name == "facts.mg":
			factsText = &s.data
		case strings.HasPrefix(s.name, "want/") && strings.HasSuffix(s.name, ".mg"):
			nwant++
		default:
			return nil, a, fmt.Errorf("unknown section %q (facts.mg, want/<pred>.mg)", s.name)
		}
	}
	if factsText == nil || nwant == 0 {
		return nil, a, fmt.Errorf("need a facts.mg section and at least one want/<pred>.mg section")
	}
	facts, err := ParseFacts(*factsText)
	if err != nil {
		return nil, a, fmt.Errorf("facts.mg: %w", err)
	}
	res, err := p.evaluate(facts, 1_000_000, 30*time.Second)
	if err != nil {
		return nil, a, err
	}
	updated = archive{comment: a.comment}
	for _, s := range a.sections {
		if s.name == "facts.mg" {
			updated.sections = append(updated.sections, s)
			continue
		}
		pred := strings.TrimSuffix(strings.TrimPrefix(s.name, "want/"), ".mg")
		if _, ok := p.lookup(pred); !ok {
			return nil, a, fmt.Errorf("%s: unknown predicate %s", s.name, pred)
		}
		var got bytes.Buffer
		_ = FormatFacts(&got, res.Facts(pred))
		wantFacts, err := ParseFacts(s.data)
		if err != nil {
			return nil, a, fmt.Errorf("%s: %w", s.name, err)
		}
		for _, f := range wantFacts {
			if f.Predicate.Symbol != pred {
				return nil, a, fmt.Errorf("%s: fact %v is not of %s", s.name, f, pred)
			}
		}
		var want bytes.Buffer
		_ = FormatFacts(&want, wantFacts)
		if d := cmp.Diff(lines(want.String()), lines(got.String())); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s (-want +got):\n%s", s.name, d))
		}
		updated.sections = append(updated.sections, section{s.name, got.String()})
	}
	return diffs, updated, nil
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// runTxtarDir runs every *.txtar of dir with p.
func runTxtarDir(t *testing.T, p *program, dir string) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(b))
			diffs, updated, err := runArchive(p, a)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if updating() {
				if out := updated.format(); out != string(b) {
					if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("updated %s", path)
				}
				return
			}
			for _, d := range diffs {
				t.Errorf("%s: %s", path, d)
			}
		})
	}
}

// TestRules runs the rule tests of every analysis with the embedded rules.
func TestRules(t *testing.T) {
	p, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || filepath.Base(dir) == "engine" {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) { runTxtarDir(t, p, dir) })
	}
}

// TestRuleTestsExist: every analysis file has a folder of rule tests with at
// least one positive and one neg_ case.
func TestRuleTestsExist(t *testing.T) {
	var missing []string
	for _, f := range SourceNames() {
		if f == "schema.mg" || f == "reasons.mg" || !strings.HasSuffix(f, ".mg") {
			continue
		}
		stem := strings.TrimSuffix(f, ".mg")
		paths, _ := filepath.Glob(filepath.Join("testdata", stem, "*.txtar"))
		pos, neg := 0, 0
		for _, p := range paths {
			if strings.HasPrefix(filepath.Base(p), "neg_") {
				neg++
			} else {
				pos++
			}
		}
		if pos == 0 {
			missing = append(missing, fmt.Sprintf("%s: no testdata/%s/*.txtar case", f, stem))
		}
		if neg == 0 {
			missing = append(missing, fmt.Sprintf("%s: no testdata/%s/neg_*.txtar case", f, stem))
		}
	}
	if len(missing) > 0 {
		t.Errorf("rule files without rule tests:\n\t%s", strings.Join(missing, "\n\t"))
	}
}

// TestHarness runs the harness on the engine's test program.
func TestHarness(t *testing.T) {
	runTxtarDir(t, loadEngine(t), filepath.Join("testdata", "engine"))
}

// TestHarnessReports: a wrong want is reported, an update fixes it, and
// malformed archives are errors, so the harness cannot pass by not looking.
func TestHarnessReports(t *testing.T) {
	p := loadEngine(t)
	a := parseTxtar(`comment line
-- facts.mg --
in_loop(/s/1, /l/1).
calls(/s/1, /p/main, /p/a).
-- want/reach.mg --
reach(/l/1, /p/b).
-- want/unmarked.mg --
`)
	if a.comment != "comment line\n" || len(a.sections) != 3 || a.sections[2].data != "" {
		t.Fatalf("parse: %+v", a)
	}
	diffs, updated, err := runArchive(p, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) != 1 || !strings.Contains(diffs[0], "want/reach.mg") {
		t.Errorf("diffs = %q", diffs)
	}
	want := "comment line\n-- facts.mg --\nin_loop(/s/1, /l/1).\ncalls(/s/1, /p/main, /p/a).\n-- want/reach.mg --\nreach(/l/1, /p/a).\n-- want/unmarked.mg --\n"
	if d := cmp.Diff(want, updated.format()); d != "" {
		t.Errorf("updated (-want +got):\n%s", d)
	}
	if diffs, _, err := runArchive(p, updated); err != nil || len(diffs) > 0 {
		t.Errorf("after update: %q %v", diffs, err)
	}
	for _, bad := range []string{
		"-- facts.mg --\nnum(1).\n",                                // no want
		"-- want/reach.mg --\n",                                    // no facts
		"-- facts.mg --\nnum(1).\n-- want/nosuch.mg --\n",          // unknown predicate
		"-- facts.mg --\nnum(1).\n-- want/reach.mg --\nnum(1).\n",  // wrong predicate
		"-- facts.mg --\nnum(1).\n-- wants/reach.mg --\n",          // unknown section
		"-- facts.mg --\nnosuch(1).\n-- want/reach.mg --\n",        // undeclared input
		"-- facts.mg --\nnum(1)\n-- want/reach.mg --\n",            // syntax
		"-- facts.mg --\nnum(X) :- num(1).\n-- want/reach.mg --\n", // not a fact
	} {
		if _, _, err := runArchive(p, parseTxtar(bad)); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
