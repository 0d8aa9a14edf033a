package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pad72 writes a fixed-form line with text in columns 73 and on
// (sequence numbers).
func pad72(line, seq string) string {
	return line + strings.Repeat(" ", 72-len(line)) + seq
}

// to72 pads a line with blanks to column 72.
func to72(line string) string { return pad72(line, "") }

func TestFixedFormConvert(t *testing.T) {
	tests := []struct {
		name    string
		length  int // the line length option (0: 72)
		in, out []string
	}{
		{"comments", 0,
			[]string{"C comment", "c comment", "* comment", "! comment", "      x = 1", "   ! indented", "", "      "},
			[]string{"! comment", "! comment", "! comment", "! comment", "      x = 1", "   ! indented", "", ""}},
		{"debug line", 0,
			[]string{"D     print *, x", "d     y = 2", "      x = 1"},
			[]string{"!     print *, x", "!     y = 2", "      x = 1"}},
		{"labels", 0,
			[]string{"   10 continue", "  100 format(i5)", "    1 x = 1", "      go to 10", "    20continue"},
			[]string{"   10 continue", "  100 format(i5)", "    1 x = 1", "      go to 10", "    2 continue"}},
		{"column 6 zero", 0,
			[]string{"     0x = 1"},
			[]string{"      x = 1"}},
		{"continuation", 0,
			[]string{"      x = a +", "     &    b", "     1  + c", "      y = 2"},
			[]string{"      x = a +&", "     &    b&", "     &  + c", "      y = 2"}},
		{"continuation marks", 0,
			[]string{"      call f(a,", "     $ b,", "     +c,", "     9d)"},
			[]string{"      call f(a,&", "     & b,&", "     &c,&", "     &d)"}},
		{"comments between continuations", 0,
			[]string{"      x = a", "C     a comment", "", "     &  + b"},
			[]string{"      x = a&", "!     a comment", "", "     &  + b"}},
		{"inline comment", 0,
			[]string{"      x = a ! the first", "     &  + b  ! the second", "      s = 'a!b' ! c"},
			[]string{"      x = a& ! the first", "     &  + b  ! the second", "      s = 'a!b' ! c"}},
		{"split token", 0,
			[]string{"      x = 12", "     &34"},
			[]string{"      x = 12&", "     &34"}},
		{"sequence numbers", 0,
			[]string{pad72("      x = a +", "00000010"), pad72("     &    b", "00000020"), pad72("      y = 1", "ABCD0030"), pad72("", "00000040")},
			[]string{"      x = a +&", "     &    b", "      y = 1", ""}},
		{"past column 72", 0,
			[]string{"      x = 1" + strings.Repeat(" ", 61) + "+ 2"},
			[]string{"      x = 1"}},
		{"line length 132", 132,
			[]string{"      x = 1" + strings.Repeat(" ", 61) + "+ 2"},
			[]string{"      x = 1" + strings.Repeat(" ", 61) + "+ 2"}},
		{"line length none", -1,
			[]string{"      x = 1" + strings.Repeat(" ", 200) + "+ 2"},
			[]string{"      x = 1" + strings.Repeat(" ", 200) + "+ 2"}},
		{"tab format", 0,
			[]string{"\tx = 1", "10\tcontinue", "\ty = a +", "\t1b", "\t! comment"},
			[]string{"\tx = 1", "10\tcontinue", "\ty = a +&", "\t&b", "\t! comment"}},
		{"string across continuation", 0,
			[]string{"      s = 'abc", "     &def'"},
			[]string{to72("      s = 'abc") + "&", "     &def'"}},
		{"doubled quotes across continuation", 0,
			[]string{`      s = "it""s`, `     &"" end"`, `      t = 'don''t'`},
			[]string{to72(`      s = "it""s`) + "&", `     &"" end"`, `      t = 'don''t'`}},
		{"string across continuation, no line length", -1,
			[]string{"      s = 'abc", "     &def'"},
			[]string{"      s = 'abc&", "     &def'"}},
		{"string across an empty continuation", 0,
			[]string{"      s = 'ab", "     &", "     &c'"},
			[]string{to72("      s = 'ab") + "&", to72("     &") + "&", "     &c'"}},
		{"empty continuation", 0,
			[]string{"      x = a", "     &", "     &+ b", "      y = 1", "     &"},
			[]string{"      x = a&", "", "     &+ b", "      y = 1", ""}},
		{"trailing blanks", 0,
			[]string{"      x = 1     ", "      y = a   ", "     & + b   "},
			[]string{"      x = 1", "      y = a&", "     & + b"}},
		{"omp directives", 0,
			[]string{"C$OMP PARALLEL DO", "c$omp& private(x)", "*$omp end parallel do", "!$omp barrier", "c$    x = 1"},
			[]string{"!$omp PARALLEL DO &", "!$omp& private(x)", "!$omp end parallel do", "!$omp barrier", "!$    x = 1"}},
		{"crlf", 0,
			[]string{"      x = a\r", "     & + b\r"},
			[]string{"      x = a&", "     & + b"}},
		{"cpp line", 0,
			[]string{"#pragma once", "      x = 1"},
			[]string{"#pragma once", "      x = 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Join(tt.in, "\n") + "\n"
			out, diags := ConvertFixedForm("t.f", []byte(src), tt.length)
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			got := strings.Split(string(out), "\n")
			want := append(append([]string(nil), tt.out...), "")
			if len(got) != len(want) {
				t.Fatalf("%d lines, want %d (the line count is kept):\n%s", len(got), len(want), out)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("line %d:\n got %q\nwant %q", i+1, got[i], want[i])
				}
			}
		})
	}
}

func TestFixedFormConvertErrors(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want string // "line:col: message part"
	}{
		{"label field", []string{"   ab x = 1"}, "1:4: syntax error: \"a\" in the label field"},
		{"continuation first", []string{"C comment", "     &x = 1"}, "2:6: syntax error: a continuation line"},
		{"label on continuation", []string{"      x = 1", "   10& + 2"}, "2:1: syntax error: a continuation line has a statement label"},
		{"directive continuation after statement", []string{"      x = 1", "c$omp& private(x)"}, "2:6: syntax error: a continuation line (a character other than blank or 0 in column 6) with no !$omp directive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Join(tt.in, "\n") + "\n"
			out, diags := ConvertFixedForm("t.f", []byte(src), 0)
			if n := strings.Count(string(out), "\n"); n != len(tt.in) {
				t.Errorf("%d lines, want %d", n, len(tt.in))
			}
			if len(diags) != 1 {
				t.Fatalf("diagnostics %v, want one", diags)
			}
			d := diags[0]
			if got := strings.TrimPrefix(d.String(), "t.f:"); !strings.HasPrefix(strings.Replace(got, ": error:", ":", 1), tt.want) {
				t.Errorf("got %s\nwant t.f:%s", d, tt.want)
			}
		})
	}
}

// fixedProgram is a fixed-form program with a do concurrent loop whose
// header and body are continued.
const fixedProgram = `C     A fixed-form program
      program fixed
      implicit none
      integer n, i
      parameter (n = 8)
      real a(n), b(n)
*     the data
      do 10 i = 1, n
         b(i) = i
   10 continue
      do concurrent (i = 1:n,
     &               b(i) .gt. 2.0)
         a(i) = 2.0 * b(i)                                              00000130
     1        + 1.0
      end do
      print *, a(n)
      end
`

func TestFixedFormParse(t *testing.T) {
	prog, diags := LoadSource("fixed.f", []byte(fixedProgram))
	if len(diags) > 0 {
		t.Fatalf("diagnostics:\n%v", diags)
	}
	if got, want := prog.Summary(), "1 files, 1 program units, 0 procedures, 2 loops (1 do concurrent)"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	var conc *DoStmt
	var assign *AssignStmt
	for _, u := range prog.Units() {
		Inspect(u, func(n Node) bool {
			switch x := n.(type) {
			case *DoStmt:
				if x.Concurrent != nil {
					conc = x
				}
			case *AssignStmt:
				if assign == nil && x.Pos.Line == 13 {
					assign = x
				}
			}
			return true
		})
	}
	if conc == nil || conc.Pos.Line != 11 || conc.Pos.Col != 7 {
		t.Fatalf("do concurrent at %v, want line 11 column 7", conc)
	}
	if assign == nil || assign.Pos.Col != 10 || assign.EndLine != 14 {
		t.Errorf("assignment %+v, want at 13:10 to line 14", assign)
	}
	// The original lines for carets, the converted text for the rewrite.
	if l, _ := prog.Line("fixed.f", 14); l != "     1        + 1.0" {
		t.Errorf("Line(14) = %q, want the original line", l)
	}
	if l, _ := prog.Line("fixed.f", 13); l != to72("         a(i) = 2.0 * b(i)") {
		t.Errorf("Line(13) = %q, want the original line to column 72", l)
	}
	pre, toPre, ok := prog.Preprocessed("fixed.f")
	if !ok || len(pre) != strings.Count(fixedProgram, "\n")+1 || toPre(13) != 13 {
		t.Fatalf("Preprocessed: ok %v, %d lines", ok, len(pre))
	}
	if pre[12] != "         a(i) = 2.0 * b(i)&" || pre[13] != "     &        + 1.0" || pre[0] != "!     A fixed-form program" {
		t.Errorf("converted lines 1, 13, 14: %q %q %q", pre[0], pre[12], pre[13])
	}
}

// TestFixedFormBlanksInKeyword: what fgpu does not read (blanks inside a
// keyword) is an error that says why, never another meaning.
func TestFixedFormBlanksInKeyword(t *testing.T) {
	src := "      program p\n      integer i\n      d o 10 i = 1, 2\n   10 continue\n      end\n"
	_, diags := LoadSource("p.f", []byte(src))
	if !diags.HasErrors() {
		t.Fatal("no error")
	}
	var found bool
	for _, d := range diags {
		for _, n := range d.Notes {
			if strings.Contains(n.Msg, "fixed-form source") {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("no note about fixed form in %v", diags)
	}
}

func TestFixedFormOptions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	free := write("free.f", "program free\n  integer :: i\n  i = 1 + &\n      2\nend program\n")
	fixed := write("fixed.f90", "      program fixed\n      integer i\n      i = 1 +\n     &    2\n      end\n")
	long := write("long.f", "      program long\n      integer i\n      i = 1"+strings.Repeat(" ", 70)+"+ 2\n      print *, i\n      end\n")
	if _, d := Load([]string{free}, Options{}); !d.HasErrors() {
		t.Errorf("free form in a .f file read as fixed form: no error")
	}
	if _, d := Load([]string{free}, Options{FreeForm: true}); len(d) > 0 {
		t.Errorf("-ffree-form: %v", d)
	}
	if _, d := Load([]string{fixed}, Options{FixedForm: true}); len(d) > 0 {
		t.Errorf("-ffixed-form: %v", d)
	}
	if !IsFixedForm("x.F", Options{}) || IsFixedForm("x.F90", Options{}) || IsFixedForm("x.f", Options{FreeForm: true}) || !IsFixedForm("x.f90", Options{FixedForm: true}) {
		t.Errorf("IsFixedForm")
	}
	// Columns past 72 ignored by default, read with a longer line.
	for _, tc := range []struct {
		length int
		want   string
	}{{0, "1"}, {132, "1 + 2"}, {-1, "1 + 2"}} {
		prog, d := Load([]string{long}, Options{FixedLineLength: tc.length})
		if len(d) > 0 {
			t.Fatalf("length %d: %v", tc.length, d)
		}
		pre, _, _ := prog.Preprocessed(long)
		if got := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(pre[2]), "i =")); strings.Join(strings.Fields(got), " ") != tc.want {
			t.Errorf("length %d: line 3 %q, want i = %s", tc.length, pre[2], tc.want)
		}
	}
}

// TestFixedFormCpp: a .F file goes through the C preprocessor first, then
// the fixed-form reading.
func TestFixedFormCpp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pp.F")
	src := "      program pp\n      integer n\n#ifdef BIG\n      n = 100\n#else\n      n = 1 +\n     &    2\n#endif\n      print *, n\n      end\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		defines []string
		line    int
		want    string
	}{{nil, 6, "      n = 1 +&"}, {[]string{"BIG"}, 4, "      n = 100"}} {
		prog, d := Load([]string{p}, Options{Defines: tc.defines})
		if len(d) > 0 {
			t.Fatalf("%v: %v", tc.defines, d)
		}
		pre, toPre, ok := prog.Preprocessed(p)
		if !ok || toPre(tc.line) == 0 || pre[toPre(tc.line)-1] != tc.want {
			t.Errorf("%v: line %d is %q, want %q", tc.defines, tc.line, pre[toPre(tc.line)-1], tc.want)
		}
	}
}

// TestFixedFormInclude: an included file is read in the form of the file
// that includes it, and its converted text takes the INCLUDE line's place
// in the text the host program's rewrite is made in.
func TestFixedFormInclude(t *testing.T) {
	dir := t.TempDir()
	inc := "C     shared data\n      integer n\n      parameter (n =\n     &           4)\n"
	if err := os.WriteFile(filepath.Join(dir, "data.inc"), []byte(inc), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "main.f")
	src := "      program main\n      include 'data.inc'\n      real a(n)\n      a = 1\n      print *, a\n      end\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, d := Load([]string{p}, Options{})
	if len(d) > 0 {
		t.Fatalf("%v", d)
	}
	pre, toPre, _ := prog.Preprocessed(p)
	want := []string{"      program main", "!     shared data", "      integer n", "      parameter (n =&", "     &           4)", "! fgpu: the end of include 'data.inc'", "      real a(n)", "      a = 1", "      print *, a", "      end", ""}
	if strings.Join(pre, "\n") != strings.Join(want, "\n") {
		t.Errorf("expanded text:\n%s\nwant:\n%s", strings.Join(pre, "\n"), strings.Join(want, "\n"))
	}
	if toPre(3) != 7 || toPre(2) != 6 || toPre(1) != 1 {
		t.Errorf("toPre(1, 2, 3) = %d, %d, %d, want 1, 6, 7", toPre(1), toPre(2), toPre(3))
	}
	// A statement of the included file is positioned in it.
	_, d = Load([]string{p}, Options{})
	bad := filepath.Join(dir, "bad.inc")
	os.WriteFile(bad, []byte("      integer n\n      n = = 1\n"), 0o644)
	os.WriteFile(p, []byte("      program main\n      include 'bad.inc'\n      end\n"), 0o644)
	_, d = Load([]string{p}, Options{})
	if len(d) == 0 || d[0].Pos.File != bad || d[0].Pos.Line != 2 {
		t.Errorf("error in an included file: %v, want at %s:2", d, bad)
	}
}
