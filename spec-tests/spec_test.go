// Package spectests runs the spec-tests: Fortran programs, one folder per id
// of SPEC-MAP.md, whose markers say what fgpu must decide for every parallel
// loop (README.md in this folder describes the conventions).
package spectests

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fgpu/frontend/target"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"fgpu/frontend"
	"fgpu/rules"
)

// reasons is the catalogue of reason names a marker may name: the reason
// facts of rules/reasons.mg.
var reasons = func() map[string]bool {
	out := map[string]bool{}
	re := regexp.MustCompile(`reason\(/reason/([a-z0-9_]+)`)
	for _, m := range re.FindAllStringSubmatch(rules.Sources()["reasons.mg"], -1) {
		out[m[1]] = true
	}
	return out
}()

// unsupportedReasons are the entries of the unsupported list: a loop failing
// for one of them is reported exactly once (an error, or a warning when it
// goes to the host).
var unsupportedReasons = map[string]bool{
	"real8_on_metal":     true,
	"real_ext_precision": true,
	"io_in_loop":         true,
	"internal_io":        true,
	// fgpu's entry (rules/shared.mg): iterations that may read a scalar
	// another iteration wrote.
	"shared_scalar_race": true,
	// (rules/race.mg): two iterations touch the same array element, one
	// writing it.
	"array_race": true,
}

// want is a "! WANT: outcome [reason]" marker.
type want struct {
	outcome, reason string
}

// program is one spec-test program with its markers.
type program struct {
	path   string // as given to frontend.Load
	name   string // folder/file, for messages
	flags  []string
	opts   rules.CheckOptions
	gfort  string // "" (compile and run), "rejects", "compile-only", "stops" or "miscompiles"
	stops  int    // "GFORTRAN: stops N": the exit status of the gfortran run
	wants  map[int]want
	diags  map[int][]string // line -> reasons of "! DIAG:" markers
	guards []string         // reasons of "! GUARDS:" lines: none may fire here
	loops  []int            // lines of parallel loops found in the text
	extent map[int]int      // loop line -> line of its end do
}

var (
	dcRe = regexp.MustCompile(`(?i)^\s*(?:[a-z_]\w*\s*:\s*)?do\s+concurrent\b`)
	// The OpenMP loops: parallel do and parallel loop, the target loop
	// constructs (frontend/omp.go).
	ompRe   = regexp.MustCompile(`(?i)^\$omp\s+(?:parallel\s+(?:do|loop)|target\s+(?:teams\s+distribute|teams\s+loop|parallel\s+(?:do|loop)|loop|simd))\b`)
	doRe    = regexp.MustCompile(`(?i)^\s*(?:[a-z_]\w*\s*:\s*)?do\b`)
	endDoRe = regexp.MustCompile(`(?i)^\s*end\s*do\b`)
	tagRe   = regexp.MustCompile(`\[([a-z0-9_]+)\]\s*$`)
	idRe    = regexp.MustCompile(`^\|\s*([A-Z][0-9]+)\s*\|`)
	dirRe   = regexp.MustCompile(`^([A-Z][0-9]+)-[a-z0-9][a-z0-9-]*$`)
)

// splitComment returns the code part of a line and its comment (from the
// first '!' outside a character literal, without the '!'), and whether
// there is a comment.
func splitComment(line string) (code, comment string, has bool) {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '!':
			return line[:i], line[i+1:], true
		}
	}
	return line, "", false
}

// directives splits a comment into its '!'-separated parts, so that a line
// may carry "! WANT: ..." after code and "! DIAG: ..." after other text.
func directives(comment string) []string {
	var out []string
	for _, p := range strings.Split(comment, "!") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

func parseFlags(p *program) error {
	p.opts = rules.CheckOptions{Target: target.Must("cpu")}
	for _, f := range p.flags {
		switch {
		case f == "--gpu=cpu" || f == "--gpu=cuda_cpu":
			p.opts.Target = target.Must("cpu")
		case f == "--gpu=cuda":
			p.opts.Target = target.Must("cuda")
		case f == "--gpu=metal":
			p.opts.Target = target.Must("metal")
		case f == "--gpu-allow-cpu-fallback":
			p.opts.Fallback = true
		case f == "--show-gpu-kernel-source":
			p.opts.ShowKernelSource = true
		case f == "--gpu-offload-omp-loops":
			p.opts.OffloadOmp = true
		case f == "--unsupported-as=metal":
			p.opts.Target = target.Must("cpu")
			p.opts.UnsupportedAs = target.Must("metal")
		case f == "--realloc-lhs-arrays" || f == "--fast" || f == "-g" || strings.HasPrefix(f, "-O"):
			// Build flags: no effect on the analyses.
		default:
			return fmt.Errorf("unknown flag %q in FLAGS", f)
		}
	}
	return nil
}

func parseProgram(path, name string) (*program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p := &program{path: path, name: name, wants: map[int]want{}, diags: map[int][]string{}, extent: map[int]int{}}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	header := true
	var errs []string
	bad := func(n int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", name, n, fmt.Sprintf(format, args...)))
	}
	for i, line := range lines {
		n := i + 1
		code, comment, has := splitComment(line)
		if strings.TrimSpace(code) != "" || !has {
			header = false
		}
		if dcRe.MatchString(code) {
			p.loops = append(p.loops, n)
		}
		if !has {
			continue
		}
		for _, d := range directives(comment) {
			switch {
			case ompRe.MatchString(d) && strings.TrimSpace(code) == "":
				p.loops = append(p.loops, n)
			case strings.HasPrefix(d, "FLAGS:"):
				if n != 1 {
					bad(n, "FLAGS must be the first line")
				}
				p.flags = strings.Fields(strings.TrimPrefix(d, "FLAGS:"))
			case strings.HasPrefix(d, "GFORTRAN:"):
				f := strings.Fields(strings.TrimPrefix(d, "GFORTRAN:"))
				if !header || len(f) == 0 || (f[0] != "rejects" && f[0] != "compile-only" && f[0] != "stops" && f[0] != "miscompiles") {
					bad(n, "GFORTRAN: needs rejects, compile-only, stops N or miscompiles, in the leading comment lines")
					continue
				}
				if f[0] == "stops" {
					st, err := strconv.Atoi(strings.Join(f[1:2], ""))
					if err != nil || st <= 0 {
						bad(n, "GFORTRAN: stops needs the exit status, a positive number")
						continue
					}
					p.stops = st
				}
				p.gfort = f[0]
			case strings.HasPrefix(d, "GUARDS:"):
				// The reasons, then an optional "(why)".
				rs, _, _ := strings.Cut(strings.TrimPrefix(d, "GUARDS:"), "(")
				f := strings.Fields(rs)
				if !header || len(f) == 0 {
					bad(n, "GUARDS: needs one or more catalogue reasons, in the leading comment lines")
					continue
				}
				for _, r := range f {
					if !reasons[r] {
						bad(n, "GUARDS: %q is no catalogue reason", r)
						continue
					}
					p.guards = append(p.guards, r)
				}
			case strings.HasPrefix(d, "WANT:"):
				f := strings.Fields(strings.TrimPrefix(d, "WANT:"))
				if _, dup := p.wants[n]; dup {
					bad(n, "two WANT markers on one line")
				}
				switch {
				case len(f) == 1 && f[0] == "offload":
					p.wants[n] = want{outcome: "offload"}
				case len(f) == 2 && (f[0] == "host" || f[0] == "error") && reasons[f[1]]:
					p.wants[n] = want{outcome: f[0], reason: f[1]}
				default:
					bad(n, "malformed marker %q (offload, host <reason> or error <reason>, with a catalogue reason)", d)
				}
			case strings.HasPrefix(d, "DIAG:"):
				f := strings.Fields(strings.TrimPrefix(d, "DIAG:"))
				if len(f) != 1 || !reasons[f[0]] {
					bad(n, "malformed marker %q (DIAG: <reason>)", d)
					continue
				}
				p.diags[n] = append(p.diags[n], f[0])
			case strings.Contains(d, "WANT:") || strings.Contains(d, "DIAG:") || strings.Contains(d, "FLAGS:") || strings.Contains(d, "GUARDS:"):
				bad(n, "marker not at the start of a comment: %q", d)
			}
		}
	}
	sort.Ints(p.loops)
	// The extent of each loop: from its line to the matching end do (an
	// !$omp line extends over the do loop that follows it).
	for _, start := range p.loops {
		depth := 0
		for j := start; j <= len(lines); j++ {
			code, _, _ := splitComment(lines[j-1])
			if doRe.MatchString(code) {
				depth++
			} else if endDoRe.MatchString(code) {
				depth--
				if depth == 0 {
					p.extent[start] = j
					break
				}
			}
		}
		if _, ok := p.extent[start]; !ok {
			bad(start, "cannot find the end do of this loop")
		}
	}
	isLoop := map[int]bool{}
	for _, l := range p.loops {
		isLoop[l] = true
		if _, ok := p.wants[l]; !ok {
			bad(l, "MISSING marker: parallel loop without ! WANT:")
		}
	}
	for l := range p.wants {
		if !isLoop[l] {
			bad(l, "WANT marker on a line that is not a do concurrent or !$omp parallel do")
		}
	}
	if err := parseFlags(p); err != nil {
		bad(1, "%v", err)
	}
	for l, w := range p.wants {
		if w.outcome == "host" && !p.opts.Fallback && !p.opts.ShowKernelSource && w.reason != "omp_not_offloaded" {
			bad(l, "WANT: host needs --gpu-allow-cpu-fallback or --show-gpu-kernel-source in FLAGS")
		}
	}
	for _, r := range p.guards {
		for l, w := range p.wants {
			if w.reason == r {
				bad(l, "WANT names %s, which the program GUARDS against", r)
			}
		}
		for l, rs := range p.diags {
			for _, d := range rs {
				if d == r {
					bad(l, "DIAG names %s, which the program GUARDS against", r)
				}
			}
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return p, errors.New(strings.Join(errs, "\n"))
	}
	return p, nil
}

// specPrograms lists every .f90 program of every spec-test folder.
func specPrograms(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("*", "*.f90"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no spec-test programs found")
	}
	return files
}

func reasonTag(msg string) string {
	if m := tagRe.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

func sameFile(p frontend.Pos, path string) bool {
	return p.File == "" || filepath.Base(p.File) == filepath.Base(path)
}

// TestSpecMarkers checks the markers of every program without running fgpu.
func TestSpecMarkers(t *testing.T) {
	for _, f := range specPrograms(t) {
		if _, err := parseProgram(f, f); err != nil {
			t.Error(err)
		}
	}
}

// TestSpecPrograms runs the check on every program and compares each loop's
// outcome with its marker.
func TestSpecPrograms(t *testing.T) {
	for _, f := range specPrograms(t) {
		t.Run(filepath.ToSlash(strings.TrimSuffix(f, ".f90")), func(t *testing.T) {
			t.Parallel()
			p, err := parseProgram(f, filepath.ToSlash(f))
			if err != nil {
				t.Fatal(err)
			}
			checkProgram(t, p)
		})
	}
}

func checkProgram(t *testing.T, p *program) {
	prog, loadDiags := frontend.Load([]string{p.path}, frontend.Options{OmpLoops: p.opts.OffloadOmp})
	for _, d := range loadDiags {
		if d.Severity == frontend.SevError && !reasons[reasonTag(d.Msg)] {
			t.Fatalf("front end error (not a catalogue reason):\n%s", diagText(loadDiags))
		}
	}
	res, err := rules.Check(prog, p.opts)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	diags := append(append(frontend.Diagnostics{}, loadDiags...), res.Diags...)

	// Outcomes against markers, by line.
	got := map[int]rules.LoopOutcome{}
	for _, lo := range res.Loops {
		if !sameFile(lo.Pos, p.path) {
			continue
		}
		if prev, dup := got[lo.Pos.Line]; dup {
			t.Errorf("%s:%d: two loop outcomes on one line: %+v and %+v", p.name, lo.Pos.Line, prev, lo)
		}
		got[lo.Pos.Line] = lo
	}
	for _, l := range p.loops {
		w := p.wants[l]
		lo, ok := got[l]
		if !ok {
			t.Errorf("%s:%d: no outcome for this parallel loop (want %s %s)", p.name, l, w.outcome, w.reason)
			continue
		}
		if lo.Outcome != w.outcome || lo.Reason != w.reason {
			t.Errorf("%s:%d: got %s %s, want %s %s", p.name, l, lo.Outcome, lo.Reason, w.outcome, w.reason)
		}
	}
	for l, lo := range got {
		if _, ok := p.wants[l]; !ok {
			t.Errorf("%s:%d: MISSING marker: fgpu found a parallel loop here (%s %s)", p.name, l, lo.Outcome, lo.Reason)
		}
	}

	// Diagnostics against markers.
	sev := func(outcome string) frontend.Severity {
		if outcome == "host" {
			return frontend.SevWarning
		}
		return frontend.SevError
	}
	wantCount := map[frontend.Severity]map[string]int{frontend.SevError: {}, frontend.SevWarning: {}}
	for _, w := range p.wants {
		// An OpenMP loop left to OpenMP (no --gpu-offload-omp-loops) is the
		// user's choice: no diagnostic.
		if w.outcome != "offload" && w.reason != "omp_not_offloaded" {
			wantCount[sev(w.outcome)][w.reason]++
		}
	}
	gotCount := map[frontend.Severity]map[string]int{frontend.SevError: {}, frontend.SevWarning: {}}
	for _, d := range diags {
		tag := reasonTag(d.Msg)
		if d.Severity == frontend.SevError || d.Severity == frontend.SevWarning {
			gotCount[d.Severity][tag]++
		}
		if d.Severity != frontend.SevError {
			continue
		}
		if wantCount[frontend.SevError][tag] == 0 {
			t.Errorf("unexpected error: %s", d)
		}
	}
	for _, s := range []frontend.Severity{frontend.SevError, frontend.SevWarning} {
		for r, n := range wantCount[s] {
			if gotCount[s][r] == 0 {
				t.Errorf("%s: no %s diagnostic ending in [%s] (%d loop(s) want it)", p.name, s, r, n)
			} else if unsupportedReasons[r] && gotCount[s][r] != n {
				// C4: each failing loop is reported once.
				t.Errorf("%s: %d %s diagnostics ending in [%s], want one per loop: %d", p.name, gotCount[s][r], s, r, n)
			}
		}
		for r, n := range gotCount[s] {
			if unsupportedReasons[r] && wantCount[s][r] == 0 {
				t.Errorf("%s: %d unexpected %s diagnostic(s) ending in [%s]", p.name, n, s, r)
			}
		}
	}
	for line, rs := range p.diags {
		for _, r := range rs {
			checkDiagMarker(t, p, diags, line, r)
		}
	}
	// GUARDS: the nearest correct program gets no diagnostic (error,
	// warning or note) and no loop outcome of the reason.
	for _, r := range p.guards {
		for _, d := range diags {
			if strings.Contains(d.String(), "["+r+"]") {
				t.Errorf("%s: GUARDS: %s, but: %s", p.name, r, d)
			}
		}
		for _, lo := range res.Loops {
			if lo.Reason == r {
				t.Errorf("%s: GUARDS: %s, but the loop at line %d is %s %s", p.name, r, lo.Pos.Line, lo.Outcome, lo.Reason)
			}
		}
	}
	if t.Failed() {
		t.Logf("diagnostics:\n%s", diagText(diags))
	}
}

// checkDiagMarker checks a "! DIAG: reason" marker: a diagnostic with that
// reason is positioned on the line, and when the line is outside every
// failing loop (the construct is in a called procedure) each such
// diagnostic points into a loop failing for that reason through its notes.
func checkDiagMarker(t *testing.T, p *program, diags frontend.Diagnostics, line int, reason string) {
	t.Helper()
	inFailing := func(l int) bool {
		for start, end := range p.extent {
			if w := p.wants[start]; w.outcome != "offload" && w.reason == reason && l >= start && l <= end {
				return true
			}
		}
		return false
	}
	var at []frontend.Diagnostic
	for _, d := range diags {
		if (d.Severity == frontend.SevError || d.Severity == frontend.SevWarning) &&
			reasonTag(d.Msg) == reason && d.Pos.Line == line && sameFile(d.Pos, p.path) {
			at = append(at, d)
		}
	}
	if len(at) == 0 {
		t.Errorf("%s:%d: DIAG: no diagnostic ending in [%s] on this line", p.name, line, reason)
		return
	}
	if inFailing(line) {
		return
	}
	// A warning about a statement of a loop's own body needs no chain.
	for start, end := range p.extent {
		if line >= start && line <= end && at[0].Severity == frontend.SevWarning {
			return
		}
	}
	for _, d := range at {
		ok := false
		var walk func(ns []frontend.Diagnostic)
		walk = func(ns []frontend.Diagnostic) {
			for _, n := range ns {
				if sameFile(n.Pos, p.path) && inFailing(n.Pos.Line) {
					ok = true
				}
				walk(n.Notes)
			}
		}
		walk(d.Notes)
		if !ok {
			t.Errorf("%s:%d: DIAG: the construct is in a called procedure, but the diagnostic has no note pointing into a loop failing for [%s]: %s", p.name, line, reason, d)
		}
	}
}

func diagText(ds frontend.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteByte('\n')
		for _, n := range d.Notes {
			b.WriteString("\t" + n.String() + "\n")
		}
	}
	return b.String()
}

// repoRoot is the root of the clone (the parent of spec-tests/).
func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(wd)
}

func inCI() bool { return os.Getenv("CI") == "true" }

// TestSpecMapCoverage checks the folders against SPEC-MAP.md: every folder
// names an id of the map and holds a program; ids without a folder are
// listed.
func TestSpecMapCoverage(t *testing.T) {
	mapPath := filepath.Join(repoRoot(t), "docs", "SPEC-MAP.md")
	src, err := os.ReadFile(mapPath)
	if err != nil {
		t.Fatalf("docs/SPEC-MAP.md: %v", err)
	}
	ids := map[string]bool{}
	var order []string
	for _, line := range strings.Split(string(src), "\n") {
		if m := idRe.FindStringSubmatch(line); m != nil && !ids[m[1]] {
			ids[m[1]] = true
			order = append(order, m[1])
		}
	}
	if len(ids) == 0 {
		t.Fatalf("%s: no ids found", mapPath)
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "gpu" { // gpu/: the GPU batch scripts
			continue
		}
		m := dirRe.FindStringSubmatch(e.Name())
		if m == nil {
			t.Errorf("folder %s: not named <id>-<slug>", e.Name())
			continue
		}
		if !ids[m[1]] {
			t.Errorf("folder %s: id %s is not in SPEC-MAP.md", e.Name(), m[1])
		}
		if covered[m[1]] {
			t.Errorf("folder %s: a second folder for id %s", e.Name(), m[1])
		}
		covered[m[1]] = true
		progs, _ := filepath.Glob(filepath.Join(e.Name(), "*.f90"))
		if len(progs) == 0 {
			t.Errorf("folder %s: holds no .f90 program", e.Name())
		}
	}
	var missing []string
	for _, id := range order {
		if !covered[id] {
			missing = append(missing, id)
		}
	}
	t.Logf("%d of %d ids have a folder; without one: %s", len(covered), len(ids), strings.Join(missing, " "))
}

// TestSpecProgramsGfortran compiles every program that gfortran can build
// and runs it: it must exit with status 0, print PASSED and never FAIL.
// A program gfortran miscompiles at -O1 and above ("GFORTRAN: miscompiles")
// is built at -O0.
func TestSpecProgramsGfortran(t *testing.T) {
	fc, err := exec.LookPath("gfortran")
	if err != nil {
		if inCI() {
			t.Fatal("gfortran not found")
		}
		t.Skip("gfortran not found")
	}
	for _, f := range specPrograms(t) {
		t.Run(filepath.ToSlash(strings.TrimSuffix(f, ".f90")), func(t *testing.T) {
			t.Parallel()
			p, err := parseProgram(f, filepath.ToSlash(f))
			if err != nil {
				t.Fatal(err)
			}
			abs, err := filepath.Abs(f)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			opt := "-O1"
			if p.gfort == "miscompiles" {
				opt = "-O0"
			}
			cmd := exec.CommandContext(ctx, fc, opt, "-ffpe-summary=none", "-o", "prog", abs)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if p.gfort == "rejects" {
				if err == nil {
					t.Logf("marked GFORTRAN: rejects, but gfortran compiles it")
				}
				return
			}
			if err != nil {
				t.Fatalf("gfortran: %v\n%s", err, out)
			}
			if p.gfort == "compile-only" {
				return
			}
			rctx, rcancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer rcancel()
			run := exec.CommandContext(rctx, filepath.Join(dir, "prog"))
			run.Dir = dir
			run.Stdin = strings.NewReader("")
			out, err = run.CombinedOutput()
			if p.gfort == "stops" {
				// The program ends by a stop (a stop on the device, replayed
				// by the host under fgpu): that status, and no FAIL.
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != p.stops {
					t.Fatalf("run: %v, want exit status %d\n%s", err, p.stops, out)
				}
				if bytes.Contains(out, []byte("FAIL")) {
					t.Fatalf("output has FAIL:\n%s", out)
				}
				return
			}
			if err != nil {
				t.Fatalf("run: %v\n%s", err, out)
			}
			if bytes.Contains(out, []byte("FAIL")) || !bytes.Contains(out, []byte("PASSED")) {
				t.Fatalf("output has FAIL or lacks PASSED:\n%s", out)
			}
		})
	}
}

// TestReasonsGuarded is the other half of TestReasonsCovered: every reason
// of the catalogue has a not-fire test, a spec-test program with a
// "! GUARDS: <reason>" line -- the nearest correct variant of a program
// where the reason fires -- on which TestSpecPrograms finds no diagnostic
// and no loop outcome of that reason. unguardedReasons lists the reasons
// still without one (the gap, visible); a listed reason that has one fails
// too (drop it from the list).
func TestReasonsGuarded(t *testing.T) {
	guarded := map[string][]string{}
	for _, f := range specPrograms(t) {
		p, err := parseProgram(f, filepath.ToSlash(f))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range p.guards {
			guarded[r] = append(guarded[r], p.name)
		}
	}
	var missing []string
	for r := range reasons {
		switch {
		case len(guarded[r]) == 0 && !unguardedReasons[r]:
			missing = append(missing, r)
		case len(guarded[r]) > 0 && unguardedReasons[r]:
			t.Errorf("%s is in unguardedReasons but %v guards it: remove it from the list", r, guarded[r])
		}
	}
	for r := range unguardedReasons {
		if !reasons[r] {
			t.Errorf("unguardedReasons: %s is no catalogue reason", r)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("reasons without a not-fire spec test (a program with \"! GUARDS: <reason>\"): %v", missing)
	}
}

// unguardedReasons are the catalogue reasons without a GUARDS program yet
// (TestReasonsGuarded). Empty: every reason has one.
var unguardedReasons = map[string]bool{}

// TestReasonsCovered fails when a reason of the catalogue (rules/reasons.mg)
// has no spec test: no WANT or DIAG marker names it.
func TestReasonsCovered(t *testing.T) {
	used := map[string]bool{}
	files, err := filepath.Glob("*/*.f90")
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec-test programs: %v", err)
	}
	marker := regexp.MustCompile(`!\s*(?:WANT:\s*(?:host|error)|DIAG:)\s+([a-z0-9_]+)`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range marker.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
	}
	var missing []string
	for r := range reasons {
		if !used[r] {
			missing = append(missing, r)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("reasons without a spec test: %v", missing)
	}
}
