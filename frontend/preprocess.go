package frontend

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The preprocessor is run as gfortran -cpp runs it: traditional mode (so
// that Fortran's `//` concatenation and apostrophes in comments survive), no
// C or system-specific predefined macros, and the macros gfortran defines.
//
// `gfortran -cpp -dM -E x.F90` (gfortran 12.2, x86-64 Linux) lists the
// predefined macros below (plus __pic__/__PIE__ and the __ATOMIC_* values,
// which Fortran code has no use for); `-ffreestanding` gives gfortran's
// __STDC_HOSTED__ 0 and skips the implicit <stdc-predef.h>, and the -U
// options drop the few C-only macros that -undef keeps.
var cppBaseArgs = []string{
	"-traditional-cpp",
	"-undef",
	"-ffreestanding",
	"-U__STDC_VERSION__",
	"-U__STDC_UTF_16__",
	"-U__STDC_UTF_32__",
	"-fno-diagnostics-show-caret",
	"-fdiagnostics-color=never",
}

// gfortranMacros are the macros gfortran 12 predefines for Fortran sources.
var gfortranMacros = []string{
	"__GFORTRAN__=1",
	"_LANGUAGE_FORTRAN=1",
	"__GNUC__=12",
	"__GNUC_MINOR__=2",
	"__GNUC_PATCHLEVEL__=0",
	`__VERSION__="12.2.0"`,
	"_LP64=1",
	"__LP64__=1",
	"__CHAR_BIT__=8",
	"__SIZEOF_INT__=4",
	"__SIZEOF_LONG__=8",
	"__SIZEOF_LONG_LONG__=8",
	"__SIZEOF_SHORT__=2",
	"__SIZEOF_POINTER__=8",
	"__SIZEOF_SIZE_T__=8",
	"__SIZEOF_FLOAT__=4",
	"__SIZEOF_DOUBLE__=8",
	"__SIZEOF_LONG_DOUBLE__=16",
	"__BIGGEST_ALIGNMENT__=16",
	"__ORDER_LITTLE_ENDIAN__=1234",
	"__ORDER_BIG_ENDIAN__=4321",
	"__ORDER_PDP_ENDIAN__=3412",
	"__BYTE_ORDER__=__ORDER_LITTLE_ENDIAN__",
	"__FLOAT_WORD_ORDER__=__ORDER_LITTLE_ENDIAN__",
	"__FINITE_MATH_ONLY__=0",
	"__NO_MATH_ERRNO__=1",
	"__GFC_INT_1__=1",
	"__GFC_INT_2__=1",
	"__GFC_INT_8__=1",
	"__GFC_INT_16__=1",
	"__GFC_REAL_10__=1",
	"__GFC_REAL_16__=1",
}

// LineMap maps lines of preprocessed text back to original files.
type LineMap struct {
	segs []lineSeg // ordered by out
}

// lineSeg says that output lines from out on come from file, starting at
// line (each following output line is the next line of that file).
type lineSeg struct {
	out  int
	file string
	line int
}

// Map returns the original file and line of output line n (1-based). Lines
// past the end continue the last segment; n < 1 (or an empty map) gives
// ("", 0).
func (m *LineMap) Map(n int) (file string, line int) {
	if m == nil || len(m.segs) == 0 || n < 1 {
		return "", 0
	}
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].out > n }) - 1
	if i < 0 {
		return "", 0
	}
	s := m.segs[i]
	return s.file, s.line + (n - s.out)
}

// add records that output line out comes from file:line, starting a new
// segment only where the mapping is not the continuation of the last one.
func (m *LineMap) add(out int, file string, line int) {
	if k := len(m.segs); k > 0 {
		s := m.segs[k-1]
		if s.file == file && s.line+(out-s.out) == line {
			return
		}
	}
	m.segs = append(m.segs, lineSeg{out, file, line})
}

// PreprocessError is a failure reported by the C preprocessor (an #error
// directive, a missing include file, a malformed directive). Pos is the
// position of the first error cpp reported, in the original files; Output
// is everything cpp wrote to stderr.
type PreprocessError struct {
	Path   string
	Pos    Pos
	Msg    string
	Output string
}

func (e *PreprocessError) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: error: %s", e.Pos, e.Msg)
	}
	return fmt.Sprintf("%s: error: preprocessing failed: %s", e.Path, e.Msg)
}

// cppErrorLine matches `file:line:col: [fatal ]error: message`.
var cppErrorLine = regexp.MustCompile(`^(.+?):(\d+):(\d+): (?:fatal )?error: (.*)$`)

// NeedsPreprocessing reports whether a file name asks for the preprocessor:
// an upper-case Fortran extension (.F, .FOR, .FTN, .FPP, .F77, .F90, .F95,
// .F03, .F08, .F18, .F23) or .fpp, as gfortran decides.
func NeedsPreprocessing(path string) bool {
	switch filepath.Ext(path) {
	case ".F", ".FOR", ".FTN", ".FPP", ".F77", ".F90", ".F95", ".F03", ".F08", ".F18", ".F23", ".fpp":
		return true
	}
	return false
}

// Preprocess runs the C preprocessor over src, the text of the file path,
// as gfortran -cpp does, with the given defines ("N=4", "DEBUG") and include
// directories. `#include "x.h"` is looked up in path's own directory first
// (the source goes to cpp on stdin, so cpp also looks in the current
// directory before that; gfortran does not).
// It returns the text with cpp's `# N "file"` line markers removed and a
// LineMap built from them. Where a marker only skips lines of the same file
// (a false #if block), blank lines take its place, so a file without
// #include keeps its line numbers; lines of included files map to those
// files. A missing cpp, and any error cpp reports, is returned as an error
// (a *PreprocessError for cpp's own errors).
func Preprocess(path string, src []byte, defines, includeDirs []string) ([]byte, *LineMap, error) {
	cpp, err := exec.LookPath("cpp")
	if err != nil {
		return nil, nil, fmt.Errorf("%s: the C preprocessor `cpp` is needed for this file but was not found in PATH (Debian: apt-get install -y cpp)", path)
	}
	args := append([]string(nil), cppBaseArgs...)
	for _, d := range gfortranMacros {
		args = append(args, "-D"+d)
	}
	for _, d := range defines {
		if d != "" {
			args = append(args, "-D"+d)
		}
	}
	args = append(args, "-iquote", dirOf(path))
	for _, d := range includeDirs {
		if d != "" {
			args = append(args, "-I"+d)
		}
	}
	args = append(args, "-")

	// The source arrives on stdin; a leading #line gives it its name, so that
	// __FILE__, cpp's markers and cpp's messages all name path.
	var in bytes.Buffer
	in.WriteString("#line 1 " + cQuote(path) + "\n")
	in.Write(src)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		in.WriteByte('\n')
	}

	cmd := exec.Command(cpp, args...)
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return nil, nil, fmt.Errorf("%s: running cpp: %v", path, err)
		}
		return nil, nil, cppError(path, src, stderr.String())
	}
	out, lm := stripMarkers(stdout.Bytes(), path)
	return out, lm, nil
}

// dirOf is the directory searched first for `#include "..."` in path.
func dirOf(path string) string {
	return filepath.Dir(path)
}

// cQuote writes s as a C string literal.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cppError builds the error for a failed cpp run from its stderr.
func cppError(path string, src []byte, stderr string) error {
	e := &PreprocessError{Path: path, Output: stderr}
	for _, l := range strings.Split(stderr, "\n") {
		m := cppErrorLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		e.Pos = Pos{File: mapName(m[1], path), Line: line, Col: col}
		e.Msg = m[4]
		fixIncludePos(&e.Pos, path, src, m[4])
		break
	}
	if e.Msg == "" {
		e.Msg = strings.TrimSpace(stderr)
		if e.Msg == "" {
			e.Msg = "cpp failed"
		}
	}
	return e
}

// fixIncludePos corrects the position of a missing include file: cpp in
// traditional mode (and so gfortran -cpp) reports it on the line after the
// #include. pos moves to the file name in the directive when the line before
// is an #include of that name.
func fixIncludePos(pos *Pos, path string, src []byte, msg string) {
	name, _, ok := strings.Cut(msg, ": No such file or directory")
	if !ok || pos.Line < 2 {
		return
	}
	text := src
	if pos.File != path {
		b, err := os.ReadFile(pos.File)
		if err != nil {
			return
		}
		text = b
	}
	lines := strings.Split(string(text), "\n")
	if pos.Line-2 >= len(lines) {
		return
	}
	prev := lines[pos.Line-2]
	t := strings.TrimLeft(prev, " \t")
	if !strings.HasPrefix(t, "#") || !strings.Contains(t, "include") {
		return
	}
	if i := strings.Index(prev, name); i > 0 {
		pos.Line--
		pos.Col = i // the opening quote or angle bracket
	}
}

// mapName turns a file name of cpp's output into the name reported to users.
func mapName(name, path string) string {
	if name == "<stdin>" || name == path {
		return path
	}
	if strings.HasPrefix(name, "<") {
		return name
	}
	return filepath.Clean(name)
}

// lineMarker matches cpp's `# N "file" flags...` lines.
var lineMarker = regexp.MustCompile(`^# (\d+) ("(?:[^"\\]|\\.)*")((?: \d+)*)$`)

// hasLineMarkers reports whether src has a line of the form cpp's line
// markers take (`# N "file" flags...`).
func hasLineMarkers(src []byte) bool {
	if !bytes.Contains(src, []byte("# ")) {
		return false
	}
	for _, line := range bytes.Split(src, []byte("\n")) {
		if len(line) > 2 && line[0] == '#' && lineMarker.Match(bytes.TrimRight(line, "\r")) {
			return true
		}
	}
	return false
}

// markerOrigin is the file whose lines the text mapped by lm holds: the
// first file other than path and cpp's "<built-in>"-style names that lm
// maps a line to, when path's own lines are not among them (a file written
// by a preprocessor run of the user's build); else path.
func markerOrigin(lm *LineMap, path string) string {
	if lm == nil {
		return path
	}
	first := ""
	for _, s := range lm.segs {
		if s.file == path {
			return path
		}
		if first == "" && !strings.HasPrefix(s.file, "<") {
			first = s.file
		}
	}
	if first == "" {
		return path
	}
	return first
}

// stripMarkers removes cpp's line markers from out and builds the LineMap.
func stripMarkers(out []byte, path string) ([]byte, *LineMap) {
	lm := &LineMap{}
	var b bytes.Buffer
	b.Grow(len(out))
	file, line := path, 1 // position of the next text line
	n := 0                // output lines written
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<30)
	for sc.Scan() {
		text := sc.Text()
		if m := lineMarker.FindStringSubmatch(text); m != nil {
			nl, err1 := strconv.Atoi(m[1])
			name, err2 := strconv.Unquote(m[2])
			if err1 == nil && err2 == nil {
				name = mapName(name, path)
				if name == file && nl > line && m[3] == "" {
					// Skipped lines of the same file: keep the numbering.
					for ; line < nl; line++ {
						n++
						lm.add(n, file, line)
						b.WriteByte('\n')
					}
				}
				file, line = name, nl
				continue
			}
		}
		n++
		lm.add(n, file, line)
		b.WriteString(text)
		b.WriteByte('\n')
		line++
	}
	return b.Bytes(), lm
}
