package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// heatExample is the example program, relative to this package's folder.
var heatExample = filepath.Join("..", "..", "examples", "heat.f90")

// runCLI runs the command line args and returns the exit status and output.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := runCLI(t, args...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		if !strings.HasPrefix(out, "fgpu "+version+" ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%v: stdout %q, want fgpu %s and the Go version", args, out, version)
		}
		if strings.Count(out, "\n") != 1 {
			t.Errorf("%v: want one line, got %q", args, out)
		}
	}
	if code, _, _ := runCLI(t, "version", "extra"); code != 2 {
		t.Errorf("version with an argument: exit %d, want 2", code)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := runCLI(t, args...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		for _, c := range []string{"parse", "check", "explain", "facts", "query", "build", "run", "version", "help"} {
			if !strings.Contains(out, "\n  "+c+" ") {
				t.Errorf("%v: help does not list %s:\n%s", args, c, out)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			pending := map[string]bool{}
			if pending[fields[0]] != strings.Contains(line, "not yet implemented") && lookup(fields[0]) != nil {
				t.Errorf("%v: wrong implementation mark on %q", args, line)
			}
		}
	}
	code, out, _ := runCLI(t, "help", "parse")
	if code != 0 || !strings.Contains(out, "fgpu parse") || !strings.Contains(out, "--dump") || !strings.Contains(out, "-D NAME") {
		t.Errorf("help parse: exit %d, stdout %q", code, out)
	}
	if code, _, errOut := runCLI(t, "help", "nosuch"); code != 2 || !strings.Contains(errOut, "nosuch") {
		t.Errorf("help nosuch: exit %d, stderr %q", code, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // in stderr
	}{
		{nil, "no command"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"--dump"}, `unknown flag --dump`}, // a compiler line (compiler.go)
		{[]string{"-O2"}, `no input files`},
		{[]string{"parse"}, "no files"},
		{[]string{"parse", "--dump"}, "no files"},
		{[]string{"parse", "-DN=4", "-I", "inc"}, "no files"},
		{[]string{"parse", "--bogus", "x.f90"}, "unknown flag --bogus"},
		{[]string{"parse", "x.f90", "-D"}, "flag -D needs a value"},
		{[]string{"parse", "x.f90", "-I"}, "flag -I needs a value"},
	} {
		code, out, errOut := runCLI(t, c.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", c.args, code)
		}
		if out != "" {
			t.Errorf("%q: stdout %q, want nothing", c.args, out)
		}
		if !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "Usage") {
			t.Errorf("%q: stderr %q, want %q and the usage", c.args, errOut, c.want)
		}
	}
}

func TestParseArgs(t *testing.T) {
	got, err := parseParseArgs([]string{"-DN=4", "a.F90", "-D", "DEBUG", "--dump", "-Iinc", "-I", "other dir", "b.f90", "--", "-odd.f90"})
	if err != nil {
		t.Fatal(err)
	}
	want := parseFlags{
		dump:        true,
		defines:     []string{"N=4", "DEBUG"},
		includeDirs: []string{"inc", "other dir"},
		files:       []string{"a.F90", "b.f90", "-odd.f90"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(parseFlags{})); diff != "" {
		t.Errorf("parseParseArgs (-want +got):\n%s", diff)
	}
}

// The tests below need the front end.

func TestParseHeat(t *testing.T) {
	code, out, errOut := runCLI(t, "parse", heatExample)
	if code != 0 {
		t.Fatalf("parse %s: exit %d, stderr:\n%s", heatExample, code, errOut)
	}
	if strings.Count(out, "\n") != 1 || strings.TrimSpace(out) == "" {
		t.Errorf("parse %s: want a one-line summary, got %q", heatExample, out)
	}

	code, out, errOut = runCLI(t, "parse", "--dump", heatExample)
	if code != 0 {
		t.Fatalf("parse --dump %s: exit %d, stderr:\n%s", heatExample, code, errOut)
	}
	for _, want := range []string{"heat_params", "stencil"} {
		if !strings.Contains(strings.ToLower(out), want) {
			t.Errorf("parse --dump: %q not in the dump:\n%s", want, out)
		}
	}
}

func TestParseErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.f90")
	if err := os.WriteFile(bad, []byte("program p\n  x = = 1\nend program p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "parse", bad)
	if code != 1 {
		t.Errorf("parse bad.f90: exit %d, want 1", code)
	}
	if out != "" {
		t.Errorf("parse bad.f90: stdout %q, want nothing", out)
	}
	if !strings.Contains(errOut, bad+":2:") || !strings.Contains(errOut, "error") {
		t.Errorf("parse bad.f90: stderr %q, want an error at line 2", errOut)
	}

	code, _, errOut = runCLI(t, "parse", filepath.Join(dir, "missing.f90"))
	if code != 1 || !strings.Contains(errOut, "missing.f90") {
		t.Errorf("parse missing.f90: exit %d, stderr %q; want 1 and the file named", code, errOut)
	}
}

func TestParsePreprocessed(t *testing.T) {
	if _, err := exec.LookPath("cpp"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cpp is required in CI: %v", err)
		}
		t.Skip("cpp not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "size.h"), []byte("integer, parameter :: n = SIZE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "program p\n  implicit none\n#include \"size.h\"\n  real :: a(n)\n#ifdef BROKEN\n  a = = 1\n#endif\n  a = 1\n  print *, sum(a)\nend program p\n"
	path := filepath.Join(dir, "p.F90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "parse", "-DSIZE=4", path); code != 0 {
		t.Errorf("parse -DSIZE=4: exit %d, stderr:\n%s", code, errOut)
	}
	code, _, errOut := runCLI(t, "parse", "-D", "SIZE=4", "-DBROKEN", path)
	if code != 1 || !strings.Contains(errOut, path+":6:") {
		t.Errorf("parse -DBROKEN: exit %d, stderr %q; want 1 and an error at line 6", code, errOut)
	}
}

// TestAnalysisCommands runs check, explain, facts and query on a program
// whose loop calls a procedure with a real(8) local: offloaded on cuda, an
// error with a chain on metal.
func TestAnalysisCommands(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.f90")
	prog := `module m
  implicit none
contains
  pure real function f(a)
    real, intent(in) :: a
    real(8) :: t
    t = a
    f = real(t)
  end function f
end module m
program p
  use m
  implicit none
  integer :: i
  real :: a(10)
  a = 1
  do concurrent (i = 1:10)
    a(i) = f(a(i))
  end do
  print *, a(1)
end program p
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	// A facts dump reloads into query.
	dump := filepath.Join(dir, "p.mg")
	{
		var out, errOut bytes.Buffer
		if code := run([]string{"facts", src}, &out, &errOut); code != 0 {
			t.Fatalf("facts: exit %d: %s", code, errOut.String())
		}
		if err := os.WriteFile(dump, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		args     []string
		code     int
		stdout   []string // substrings
		stderrIn []string
	}{
		{[]string{"check", "--gpu=cuda", src}, 0, []string{src + ":17: offload (cuda)"}, nil},
		{[]string{"check", "--gpu=metal", src}, 1, []string{src + ":17: error: real8_on_metal"},
			[]string{src + ":6:16: error: not supported on metal: variable t of type real(8) [real8_on_metal]", "\t" + src + ":17:3: note: in this parallel loop", "\t" + src + ":18:12: note: calls f"}},
		{[]string{"check", "--gpu=metal", "--gpu-allow-cpu-fallback", src}, 0, []string{src + ":17: host: real8_on_metal"}, []string{"warning: this loop runs on the host"}},
		{[]string{"explain", "--gpu=metal", src + ":17"}, 1, []string{src + ":17: error: real8_on_metal", "\t" + src + ":18:12: calls f", "=> not supported on metal"}, nil},
		{[]string{"explain", "--gpu=cuda", src}, 0, []string{src + ":17: offload (cuda)", "reaches 1 procedure(s): f",
			"\tnot packed: a procedure call (" + src + ":18:12) [call]"}, nil},
		{[]string{"facts", src}, 0, []string{"loop(/s/", "calls(/s/", "device(/dev/cpu)."}, nil},
		{[]string{"query", "--gpu=metal", src, "outcome(L, D, O)"}, 0, []string{"/dev/metal, /error)."}, nil},
		{[]string{"query", src, "nosuch(X)"}, 1, nil, []string{"fgpu: query:"}},
		{[]string{"query", dump, "outcome(L, D, O)"}, 0, []string{"/dev/cpu, /offload)."}, nil},
		{[]string{"check", "--gpu=vulkan", src}, 2, nil, []string{"unknown device"}},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", c.args, code, c.code, out.String(), errOut.String())
		}
		for _, s := range c.stdout {
			if !strings.Contains(out.String(), s) {
				t.Errorf("%v: stdout lacks %q:\n%s", c.args, s, out.String())
			}
		}
		for _, s := range c.stderrIn {
			if !strings.Contains(errOut.String(), s) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, s, errOut.String())
			}
		}
	}
	// explain is deterministic.
	var first string
	for i := 0; i < 5; i++ {
		var out, errOut bytes.Buffer
		run([]string{"explain", "--gpu=metal", src}, &out, &errOut)
		if i == 0 {
			first = out.String()
		} else if out.String() != first {
			t.Fatalf("explain output differs between runs:\n%s\n---\n%s", first, out.String())
		}
	}
}

// TestExplainPacking: explain says which offloaded loops run in packs of
// iterations (rules/pack.mg) and, for the others, what prevents it, where.
func TestExplainPacking(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.f90")
	prog := `program p
  implicit none
  integer :: i
  real(8) :: a(100), b(100)
  b = 2
  do concurrent (i = 1:100)
    a(i) = 2 * b(i)
  end do
  do concurrent (i = 2:100)
    a(i) = b(i - 1)
  end do
  print *, sum(a)
end program p
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--gpu=cuda", src}, &out, &errOut); code != 0 {
		t.Fatalf("explain: exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		src + ":6: offload (cuda)\n",
		"\tpackable (rules/pack.mg): runs in packs of consecutive iterations",
		src + ":9: offload (cuda)\n",
		"\tnot packed: an array reference other than an element at the index (" + src + ":10:12) [reference]\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("explain lacks %q:\n%s", want, out.String())
		}
	}
}

// TestExplainSyncGolden: `fgpu explain FILE:LINE` on the lines of a
// testdata/explain program that its first line lists ("! EXPLAIN: 8 31")
// gives the .golden text: why a fetch, discard or wait is where it is,
// also when the launch is in another procedure. FGPU_UPDATE=1 rewrites
// the golden files.
func TestExplainSyncGolden(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "explain", "*.f90"))
	if len(paths) == 0 {
		t.Fatal("no testdata/explain/*.f90")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(src), "\n")
			nums, ok := strings.CutPrefix(first, "! EXPLAIN:")
			if !ok {
				t.Fatalf("%s: the first line must be \"! EXPLAIN: LINE...\"", path)
			}
			args := []string{"explain"}
			for _, n := range strings.Fields(nums) {
				args = append(args, path+":"+n)
			}
			var out, errOut bytes.Buffer
			if code := run(args, &out, &errOut); code != 0 {
				t.Fatalf("explain: exit %d: %s", code, errOut.String())
			}
			golden := strings.TrimSuffix(path, ".f90") + ".golden"
			if os.Getenv("FGPU_UPDATE") == "1" {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (FGPU_UPDATE=1 writes it)", err)
			}
			if d := cmp.Diff(string(want), out.String()); d != "" {
				t.Errorf("explain differs (-want +got):\n%s", d)
			}
		})
	}
}
