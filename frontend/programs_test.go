package frontend

// End-to-end tests over the Fortran corpus: every program in
// testdata/programs must be accepted by gfortran (the oracle) and load
// without errors; every file in testdata/errors must be rejected by
// gfortran and produce exactly the errors its inline `! WANT: error
// <substring>` markers ask for (STYLE.md habit 6).

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

const (
	programsDir = "testdata/programs"
	errorsDir   = "testdata/errors"
	includeDir  = "testdata/programs/include"
)

// fortranFiles lists the *.f90 and *.F90 files of dir, sorted.
func fortranFiles(t testing.TB, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		switch filepath.Ext(e.Name()) {
		case ".f90", ".F90":
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// gfortranPath returns the gfortran binary, or skips the test when there is
// none (and fails in CI, where a missing tool is an error).
func gfortranPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("gfortran")
	if err != nil {
		if inCI() {
			t.Fatal("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found")
	}
	return p
}

// fileHeader reads the conventions of a test program's first lines:
// `! GFORTRAN: rejects` and `! GFORTRAN-FLAGS: ...`.
type fileHeader struct {
	rejects bool
	flags   []string
}

func readHeader(src []byte) fileHeader {
	var h fileHeader
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "!") {
			break // the header is the leading comment block
		}
		body := strings.TrimSpace(strings.TrimPrefix(line, "!"))
		switch {
		case strings.HasPrefix(body, "GFORTRAN-FLAGS:"):
			h.flags = append(h.flags, strings.Fields(strings.TrimPrefix(body, "GFORTRAN-FLAGS:"))...)
		case strings.HasPrefix(body, "GFORTRAN:") && strings.Contains(body, "rejects"):
			h.rejects = true
		}
	}
	return h
}

// runGfortran runs gfortran -fsyntax-only on path (absolute) in a fresh
// directory, so that .mod files land there and not in testdata.
func runGfortran(t *testing.T, gf, path string, h fileHeader) (string, error) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	inc, err := filepath.Abs(includeDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	args := []string{"-fsyntax-only", "-J", dir}
	if filepath.Ext(path) == ".F90" {
		args = append(args, "-cpp", "-I"+inc)
	}
	args = append(args, h.flags...)
	args = append(args, abs)
	ctx, cancel := context.WithTimeout(context.Background(), gfortranTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, gf, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		msg := fmt.Sprintf("gfortran -fsyntax-only took longer than %v on %s", gfortranTimeout, path)
		if inCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return string(out), err
}

// gfortranTimeout bounds one gfortran run: gfortran 12 is quadratic on
// some large constant array constructors (minutes for 20000 elements).
const gfortranTimeout = 60 * time.Second

// inCI reports whether a missing or failing tool must fail the test.
func inCI() bool { return os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1" }

func renderDiags(p *Program, ds Diagnostics) string {
	var b strings.Builder
	ds.Render(&b, p)
	return b.String()
}

// TestPrograms checks that every corpus program is valid Fortran (per
// gfortran) and that the front end loads it without errors.
func TestPrograms(t *testing.T) {
	for _, path := range fortranFiles(t, programsDir) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			h := readHeader(src)
			t.Run("gfortran", func(t *testing.T) {
				gf := gfortranPath(t)
				out, err := runGfortran(t, gf, path, h)
				switch {
				case h.rejects && err == nil:
					t.Errorf("marked `! GFORTRAN: rejects` but gfortran accepts it; drop the marker")
				case !h.rejects && err != nil:
					t.Errorf("gfortran rejects it (%v):\n%s", err, out)
				}
			})
			p, ds := Load([]string{path}, Options{IncludeDirs: []string{includeDir}})
			if ds.HasErrors() {
				t.Errorf("Load reports errors:\n%s", renderDiags(p, ds))
			}
		})
	}
}

// wantRE matches an inline expectation. Markers never start with "!$".
var wantRE = regexp.MustCompile(`!\s*WANT:\s*error\s+(.*?)\s*$`)

// want is one expected error: a message substring on a line.
type want struct {
	line int
	sub  string
}

func parseWants(src []byte) []want {
	var out []want
	for i, line := range strings.Split(string(src), "\n") {
		if m := wantRE.FindStringSubmatch(strings.TrimRight(line, "\r")); m != nil {
			out = append(out, want{line: i + 1, sub: m[1]})
		}
	}
	return out
}

// matchWants compares the errors of one file with its markers and returns
// the problems: SPURIOUS for an error on a line without a marker (or whose
// message matches no marker of its line), MISSING for a marker no error
// matches.
func matchWants(path string, wants []want, ds Diagnostics) []string {
	var problems []string
	matched := make([]bool, len(wants))
	byLine := map[int][]int{}
	for i, w := range wants {
		byLine[w.line] = append(byLine[w.line], i)
	}
	for _, d := range ds {
		if d.Severity != SevError {
			continue
		}
		if d.Pos.File != path {
			problems = append(problems, fmt.Sprintf("SPURIOUS: %s (in another file)", d))
			continue
		}
		ok := false
		for _, i := range byLine[d.Pos.Line] {
			if strings.Contains(strings.ToLower(d.Msg), strings.ToLower(wants[i].sub)) {
				matched[i] = true
				ok = true
			}
		}
		if !ok {
			problems = append(problems, fmt.Sprintf("SPURIOUS: %s", d))
		}
	}
	for i, w := range wants {
		if !matched[i] {
			problems = append(problems, fmt.Sprintf("MISSING: %s:%d: error containing %q", path, w.line, w.sub))
		}
	}
	return problems
}

// TestErrors loads each file of testdata/errors and matches its errors
// against the `! WANT: error <substring>` markers, line by line.
func TestErrors(t *testing.T) {
	files := fortranFiles(t, errorsDir)
	if len(files) == 0 {
		t.Skip("no files in " + errorsDir)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			wants := parseWants(src)
			if len(wants) == 0 {
				t.Fatalf("no `! WANT: error` marker in %s", path)
			}
			t.Run("gfortran", func(t *testing.T) {
				gf := gfortranPath(t)
				if out, err := runGfortran(t, gf, path, readHeader(src)); err == nil {
					t.Errorf("gfortran accepts it; an error test must be invalid Fortran\n%s", out)
				}
			})
			p, ds := Load([]string{path}, Options{IncludeDirs: []string{includeDir}})
			if problems := matchWants(path, wants, ds); len(problems) > 0 {
				t.Errorf("%s\n\ndiagnostics:\n%s", strings.Join(problems, "\n"), renderDiags(p, ds))
			}
		})
	}
}
