package frontend

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ppNeedTool skips the test when tool is missing, except in CI (CI=true),
// where a missing tool is a failure.
func ppNeedTool(t *testing.T, tool string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required in CI: %v", tool, err)
		}
		t.Skipf("%s not installed: %v", tool, err)
	}
}

// ppWriteFile writes text to dir/name and returns the path.
func ppWriteFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func ppRun(t *testing.T, path, src string, defines, includeDirs []string) ([]string, *LineMap) {
	t.Helper()
	out, lm, err := Preprocess(path, []byte(src), defines, includeDirs)
	if err != nil {
		t.Fatalf("Preprocess: %v", err)
	}
	if len(out) > 0 && out[len(out)-1] != '\n' {
		t.Errorf("output does not end in a newline: %q", out)
	}
	if strings.Contains(string(out), "\n# ") || strings.HasPrefix(string(out), "# ") {
		t.Errorf("line markers left in the output:\n%s", out)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"), lm
}

// ppFindLine returns the 1-based number of the first output line containing s.
func ppFindLine(t *testing.T, lines []string, s string) int {
	t.Helper()
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("no line contains %q in:\n%s", s, strings.Join(lines, "\n"))
	return 0
}

func ppCheckMap(t *testing.T, lm *LineMap, n int, wantFile string, wantLine int) {
	t.Helper()
	f, l := lm.Map(n)
	if f != wantFile || l != wantLine {
		t.Errorf("Map(%d) = %s:%d, want %s:%d", n, f, l, wantFile, wantLine)
	}
}

func TestNeedsPreprocessing(t *testing.T) {
	for name, want := range map[string]bool{
		"a.F90": true, "dir/a.F95": true, "a.F03": true, "a.F08": true,
		"a.F": true, "a.FOR": true, "a.fpp": true, "a.FPP": true, "a.F77": true,
		"a.f90": false, "a.f": false, "a.for": false, "a.f08": false,
		"F90": false, "a.F90.bak": false, "a.h": false, "": false,
	} {
		if got := NeedsPreprocessing(name); got != want {
			t.Errorf("NeedsPreprocessing(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestPreprocessDefineIfdef(t *testing.T) {
	ppNeedTool(t, "cpp")
	src := `program p
#define LEN 3
  integer :: a(LEN)
#ifdef DEBUG
  print *, 'debug'
#else
  print *, 'quiet'
#endif
end program p
`
	path := "p.F90"
	lines, lm := ppRun(t, path, src, nil, nil)
	if n := ppFindLine(t, lines, "integer"); lines[n-1] != "  integer :: a(3)" {
		t.Errorf("macro not expanded: %q", lines[n-1])
	}
	n := ppFindLine(t, lines, "print")
	if lines[n-1] != "  print *, 'quiet'" {
		t.Errorf("without DEBUG got %q", lines[n-1])
	}
	ppCheckMap(t, lm, n, path, 7)

	lines, lm = ppRun(t, path, src, []string{"DEBUG"}, nil)
	n = ppFindLine(t, lines, "print")
	if lines[n-1] != "  print *, 'debug'" {
		t.Errorf("with -DDEBUG got %q", lines[n-1])
	}
	ppCheckMap(t, lm, n, path, 5)
	if strings.Contains(strings.Join(lines, "\n"), "quiet") {
		t.Errorf("#else branch kept with -DDEBUG")
	}
}

func TestPreprocessDefineValues(t *testing.T) {
	ppNeedTool(t, "cpp")
	src := "integer, parameter :: n = N, m = M\nreal :: x = SCALE\n"
	lines, _ := ppRun(t, "v.F90", src, []string{"N=4", "M=N*2", "SCALE=1.5d0"}, nil)
	want := []string{"integer, parameter :: n = 4, m = 4*2", "real :: x = 1.5d0"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

func TestPreprocessPredefined(t *testing.T) {
	ppNeedTool(t, "cpp")
	src := `#ifdef __GFORTRAN__
gfortran
#endif
#if defined(linux) || defined(unix) || defined(__linux__) || defined(__STDC_VERSION__) || defined(__cplusplus)
c_macros
#endif
#if __STDC_HOSTED__ == 0
freestanding
#endif
file = __FILE__
line = __LINE__
`
	path := filepath.Join("some", "dir", "m.F90")
	lines, _ := ppRun(t, path, src, nil, nil)
	text := strings.Join(lines, "\n")
	for _, want := range []string{"gfortran", "freestanding", `file = "` + path + `"`, "line = 11"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "c_macros") {
		t.Errorf("C or system macros are defined:\n%s", text)
	}
}

func TestPreprocessKeepsFortranSyntax(t *testing.T) {
	ppNeedTool(t, "cpp")
	src := `program p
  ! don't lose this apostrophe, nor "this" quote
  character(len=*), parameter :: s = 'a' // 'b' // "c"  ! it's a // concatenation
  character(len=*), parameter :: u = 'http://x/y'
  print *, s // u
end program p
`
	lines, _ := ppRun(t, "k.F90", src, nil, nil)
	if got, want := strings.Join(lines, "\n")+"\n", src; got != want {
		t.Errorf("text changed:\ngot\n%s\nwant\n%s", got, want)
	}
}

func TestPreprocessLineNumbersAfterIf(t *testing.T) {
	ppNeedTool(t, "cpp")
	var b strings.Builder
	b.WriteString("program p\n") // 1
	b.WriteString("#if 0\n")     // 2
	for i := 0; i < 20; i++ {    // 3..22: longer than cpp fills with blank lines
		b.WriteString("  dropped\n")
	}
	b.WriteString("#endif\n")        // 23
	b.WriteString("  x = 1\n")       // 24
	b.WriteString("#ifdef NOPE\n")   // 25
	b.WriteString("  y = 2\n")       // 26
	b.WriteString("  y = 3\n")       // 27
	b.WriteString("#endif\n")        // 28
	b.WriteString("  z = 4\n")       // 29
	b.WriteString("end program p\n") // 30
	path := "lines.F90"
	lines, lm := ppRun(t, path, b.String(), nil, nil)
	for _, c := range []struct {
		text string
		line int
	}{{"program p", 1}, {"x = 1", 24}, {"z = 4", 29}, {"end program", 30}} {
		n := ppFindLine(t, lines, c.text)
		// Without #include, output lines keep the original numbering.
		if n != c.line {
			t.Errorf("%q is on output line %d, want %d", c.text, n, c.line)
		}
		ppCheckMap(t, lm, n, path, c.line)
	}
	if strings.Contains(strings.Join(lines, "\n"), "dropped") {
		t.Errorf("#if 0 block kept")
	}
}

func TestPreprocessInclude(t *testing.T) {
	ppNeedTool(t, "cpp")
	dir := t.TempDir()
	hdr := ppWriteFile(t, dir, "params.h", "! the header's first line\ninteger, parameter :: from_header = 1\n")
	incDir := filepath.Join(dir, "inc")
	other := ppWriteFile(t, incDir, "other.h", "#define OTHER 7\ninteger, parameter :: from_other = OTHER\n")
	src := `program p
#include "params.h"
#include "other.h"
  print *, from_header, from_other
end program p
`
	path := ppWriteFile(t, dir, "main.F90", src)
	lines, lm := ppRun(t, path, src, nil, []string{incDir})

	n := ppFindLine(t, lines, "from_header = 1")
	ppCheckMap(t, lm, n, hdr, 2)
	ppCheckMap(t, lm, n-1, hdr, 1)
	n = ppFindLine(t, lines, "from_other = 7")
	ppCheckMap(t, lm, n, other, 2)
	n = ppFindLine(t, lines, "print")
	ppCheckMap(t, lm, n, path, 4)
	ppCheckMap(t, lm, n+1, path, 5)
	ppCheckMap(t, lm, 1, path, 1)
	if f, l := lm.Map(0); f != "" || l != 0 {
		t.Errorf("Map(0) = %s:%d, want nothing", f, l)
	}

	// The file's own directory is searched even when the process runs
	// elsewhere and the path is relative.
	t.Chdir(dir)
	lines, lm = ppRun(t, "main.F90", src, nil, []string{"inc"})
	n = ppFindLine(t, lines, "from_header = 1")
	ppCheckMap(t, lm, n, "params.h", 2)
	n = ppFindLine(t, lines, "from_other = 7")
	ppCheckMap(t, lm, n, filepath.Join("inc", "other.h"), 2)
	n = ppFindLine(t, lines, "end program")
	ppCheckMap(t, lm, n, "main.F90", 5)
}

func TestPreprocessError(t *testing.T) {
	ppNeedTool(t, "cpp")
	src := "program p\n#ifndef N\n#error N must be defined, it's required\n#endif\nend program p\n"
	_, _, err := Preprocess("e.F90", []byte(src), nil, nil)
	var pe *PreprocessError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v (%T), want a *PreprocessError", err, err)
	}
	if pe.Pos.File != "e.F90" || pe.Pos.Line != 3 {
		t.Errorf("error at %v, want e.F90:3", pe.Pos)
	}
	if !strings.Contains(pe.Msg, "N must be defined, it's required") {
		t.Errorf("message %q lacks the #error text", pe.Msg)
	}
	if !strings.HasPrefix(err.Error(), "e.F90:3:") {
		t.Errorf("Error() = %q, want it to start with the position", err.Error())
	}
	if _, _, err := Preprocess("e.F90", []byte(src), []string{"N=1"}, nil); err != nil {
		t.Errorf("with -DN=1: %v", err)
	}

	// An #error in a header, and a missing header, are positioned there.
	dir := t.TempDir()
	hdr := ppWriteFile(t, dir, "bad.h", "integer :: ok\n#error from the header\n")
	path := filepath.Join(dir, "m.F90")
	_, _, err = Preprocess(path, []byte("program p\n#include \"bad.h\"\nend\n"), nil, nil)
	if !errors.As(err, &pe) || pe.Pos.File != hdr || pe.Pos.Line != 2 {
		t.Errorf("got %v, want an error at %s:2", err, hdr)
	}
	_, _, err = Preprocess(path, []byte("program p\n\n#include \"missing.h\"\nend\n"), nil, nil)
	if !errors.As(err, &pe) || pe.Pos.File != path || pe.Pos.Line != 3 || pe.Pos.Col != 10 || !strings.Contains(pe.Msg, "missing.h") {
		t.Errorf("got %v, want an error about missing.h at %s:3:10", err, path)
	}
}

func TestPreprocessWithoutCpp(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, _, err := Preprocess("x.F90", []byte("end\n"), nil, nil)
	if err == nil || !strings.Contains(err.Error(), "cpp") || !strings.Contains(err.Error(), "x.F90") {
		t.Errorf("got %v, want an error naming cpp and the file", err)
	}
}

// TestPreprocessMatchesGfortran compares the text with what gfortran -cpp -E
// produces for the same file.
func TestPreprocessMatchesGfortran(t *testing.T) {
	ppNeedTool(t, "cpp")
	ppNeedTool(t, "gfortran")
	dir := t.TempDir()
	ppWriteFile(t, dir, "h.h", "  integer, parameter :: h = HV ! it's from h.h\n")
	src := `module m
  ! comment with an apostrophe: don't, and a // too
#define HV 2
#include "h.h"
#if defined(__GFORTRAN__) && __GNUC__ >= 4
  character(len=*), parameter :: s = 'x' // "y"
#else
  character(len=*), parameter :: s = 'z'
#endif
#ifdef FLAG
  integer, parameter :: flag = FLAG
#endif
contains
  subroutine w()
    print *, __LINE__, s
  end subroutine
end module m
`
	path := ppWriteFile(t, dir, "m.F90", src)
	t.Chdir(dir)
	lines, _ := ppRun(t, "m.F90", src, []string{"FLAG=5"}, nil)
	ref, err := exec.Command("gfortran", "-cpp", "-E", "-DFLAG=5", "m.F90").Output()
	if err != nil {
		t.Fatalf("gfortran -cpp -E %s: %v", path, err)
	}
	refText, _ := stripMarkers(ref, "m.F90")
	got := strings.Join(lines, "\n") + "\n"
	if got != string(refText) {
		t.Errorf("differs from gfortran -cpp -E:\ngot\n%s\nwant\n%s", got, refText)
	}
}
