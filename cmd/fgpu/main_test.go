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
			pending := map[string]bool{"check": true, "explain": true, "facts": true, "query": true, "build": true, "run": true}
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
		{[]string{"--dump"}, `unknown command "--dump"`},
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

func TestNotYetImplemented(t *testing.T) {
	for _, name := range []string{"check", "explain", "facts", "query", "build", "run"} {
		code, out, errOut := runCLI(t, name, heatExample)
		if code != 2 || out != "" {
			t.Errorf("%s: exit %d, stdout %q; want 2 and nothing", name, code, out)
		}
		if want := "fgpu: " + name + ": not yet implemented\n"; errOut != want {
			t.Errorf("%s: stderr %q, want %q", name, errOut, want)
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
