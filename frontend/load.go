package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Options configure Load.
type Options struct {
	Defines     []string // -D NAME[=VALUE] for .F90 files
	IncludeDirs []string // -I DIR

	// The source form, as gfortran's flags choose it: by default by the
	// file's extension (sourceForm); FixedForm (-ffixed-form) reads every
	// file as fixed form, FreeForm (-ffree-form) every file as free form.
	FixedForm, FreeForm bool
	// FixedLineLength is the line length of fixed-form source
	// (-ffixed-line-length-N): 0 for gfortran's default, 72; -1 for none
	// (-ffixed-line-length-none, -ffixed-line-length-0).
	FixedLineLength int
	// OmpLoops: host !$omp parallel do (and parallel loop) loops become
	// parallel loops too (--gpu-offload-omp-loops; omp.go); the target
	// loop constructs always do.
	OmpLoops bool
}

// IsFixedForm reports whether Load reads the file path as fixed-form
// source under opts.
func IsFixedForm(path string, opts Options) bool {
	switch {
	case opts.FreeForm:
		return false
	case opts.FixedForm:
		return true
	}
	free, _ := sourceForm(path)
	return !free
}

// Load reads, parses and type-checks the given files as one program. Files
// may be given in any order; modules are resolved among them. It always
// returns a Program (possibly partial) and the diagnostics, sorted.
func Load(paths []string, opts Options) (*Program, Diagnostics) {
	prog := &Program{Modules: map[string]*Procedure{}, Globals: map[string]*Procedure{}, lines: map[string][]string{}}
	diags := &diagSink{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			diags.errorf(Pos{File: path}, "cannot read file: %v", errors.Unwrap(err))
			continue
		}
		f := parseSource(prog, path, src, opts, diags)
		if f != nil {
			prog.Files = append(prog.Files, f)
		}
	}
	analyze(prog, diags)
	return prog, diags.list.Sort()
}

// LoadSource parses and checks one in-memory source (tests, fuzzing).
func LoadSource(path string, src []byte) (*Program, Diagnostics) {
	prog := &Program{Modules: map[string]*Procedure{}, Globals: map[string]*Procedure{}, lines: map[string][]string{}}
	diags := &diagSink{}
	if f := parseSource(prog, path, src, Options{}, diags); f != nil {
		prog.Files = append(prog.Files, f)
	}
	analyze(prog, diags)
	return prog, diags.list.Sort()
}

// sourceForm tells free from fixed form by the file extension.
func sourceForm(path string) (free bool, known bool) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".f90", ".f95", ".f03", ".f08", ".f18", ".f23":
		return true, true
	case ".f", ".for", ".ftn", ".f77", ".fpp":
		return false, true
	}
	return true, false
}

// parseSource preprocesses (when asked), converts fixed form to free form
// (fixedform.go), lexes, parses and builds the program units of one file.
//
// The C preprocessor runs first, then the fixed-form reading, as gfortran
// does. The text parsed is kept in prog.pre (Program.Preprocessed), with
// where each original line went: the host program's rewrite is made in
// it, and the lines of the file itself stay the original ones, for carets
// (of a fixed-form file, without the columns past the line length).
func parseSource(prog *Program, path string, src []byte, opts Options, diags *diagSink) *SourceUnit {
	prog.lines[path] = splitLines(src)
	fixed := IsFixedForm(path, opts)
	if fixed {
		prog.lines[path] = fixedSourceLines(prog.lines[path], opts.FixedLineLength)
	}
	var lm *LineMap
	text := src
	if NeedsPreprocessing(path) || hasCppDirectives(src) {
		out, m, err := Preprocess(path, src, opts.Defines, opts.IncludeDirs)
		if err != nil {
			var pe *PreprocessError
			if errors.As(err, &pe) {
				diags.errorf(pe.Pos, "%s", pe.Msg)
			} else {
				diags.errorf(Pos{File: path, Line: 1, Col: 1}, "preprocessing failed: %v", err)
			}
			return nil
		}
		text, lm = out, m
	} else if hasLineMarkers(src) {
		// The output of a preprocessor run by the build (`gfortran -E -cpp
		// x.F90 > x_cpp.f90`): its line markers say where each line came
		// from, as gfortran honours them; positions are the original file's.
		text, lm = stripMarkers(src, path)
	}
	// origin is the file whose lines this file's text holds: path itself,
	// or the file the first line marker names (markerOrigin).
	origin := markerOrigin(lm, path)
	nerr := len(diags.list)
	if fixed {
		text = fixedToFree(path, text, opts.FixedLineLength, lm.mapOrNil(), diags)
		text, lm = expandFixedIncludes(prog, path, text, lm, opts, diags, 0)
	}
	var lineMap func(int) (string, int)
	if lm != nil {
		lineMap = lm.Map
	}
	if lm != nil || fixed {
		pp := &preprocessed{lines: splitLines(text), toPre: map[int]int{}, origin: origin, lm: lm}
		for n := range pp.lines {
			f, line := path, n+1
			if lm != nil {
				f, line = lm.Map(n + 1)
			}
			if f == origin {
				if _, seen := pp.toPre[line]; !seen {
					pp.toPre[line] = n + 1
				}
			}
		}
		if prog.pre == nil {
			prog.pre = map[string]*preprocessed{}
		}
		prog.pre[path] = pp
	}
	if lm != nil {
		// Lines of included files, for carets.
		seen := map[string]bool{path: true}
		if origin != path {
			// Carets show the original file's lines where it can be read,
			// else this file's own line of the same text.
			if b, err := os.ReadFile(origin); err == nil {
				prog.lines[origin] = splitLines(b)
			} else {
				prog.lines[origin] = pp0Lines(prog.pre[path], origin)
			}
			seen[origin] = true
		}
		for n := 1; n <= bytes.Count(text, []byte("\n"))+1; n++ {
			f, _ := lm.Map(n)
			if f != "" && !seen[f] {
				seen[f] = true
				if _, ok := prog.lines[f]; ok {
					continue
				}
				if b, err := os.ReadFile(f); err == nil {
					prog.lines[f] = splitLines(b)
				}
			}
		}
	}
	if fixed {
		defer fixedFormSyntaxNote(diags, nerr)
	}
	raws := lexFile(path, text, lineMap, diags)
	sp := &stmtParser{diags: diags}
	var stmts []Stmt
	for i := range raws {
		if raws[i].Directive == "" && len(raws[i].Toks) > 0 && raws[i].Toks[0].Type == TokIdent && raws[i].Toks[0].Value == "include" {
			stmts = append(stmts, includeStmts(prog, &raws[i], path, opts, sp, diags)...)
			continue
		}
		if s := sp.parseStmt(&raws[i]); s != nil {
			stmts = append(stmts, s)
		}
	}
	b := &blockBuilder{stmts: stmts, file: path, diags: diags}
	units := b.buildFile()
	ompLoops(units, opts.OmpLoops, diags)
	return &SourceUnit{Path: path, Units: units}
}

// includeStmts follows an INCLUDE line: the file is parsed in place.
func includeStmts(prog *Program, st *RawStmt, from string, opts Options, sp *stmtParser, diags *diagSink) []Stmt {
	if len(st.Toks) != 2 || st.Toks[1].Type != TokString {
		diags.errorf(st.Pos, "syntax error: INCLUDE needs a file name")
		return nil
	}
	name := unquote(st.Toks[1].Value)
	dirs := append([]string{filepath.Dir(from)}, opts.IncludeDirs...)
	for _, d := range dirs {
		p := filepath.Join(d, name)
		src, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if _, seen := prog.lines[p]; seen && strings.Contains(st.Pos.File, p) {
			diags.errorf(st.Pos, "recursive INCLUDE of %s", name)
			return nil
		}
		prog.lines[p] = splitLines(src)
		var out []Stmt
		for _, r := range lexFile(p, src, nil, diags) {
			r := r
			if s := sp.parseStmt(&r); s != nil {
				out = append(out, s)
			}
		}
		return out
	}
	diags.errorf(st.Pos, "cannot find included file %q", name)
	return nil
}

func splitLines(b []byte) []string {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	return strings.Split(s, "\n")
}

// unquote decodes a Fortran character literal token (quotes, doubled
// quotes, an optional kind prefix).
func unquote(lit string) string {
	i := strings.IndexAny(lit, "'\"")
	if i < 0 || len(lit) < i+2 {
		return lit
	}
	q := lit[i]
	body := lit[i+1 : len(lit)-1]
	return strings.ReplaceAll(body, string([]byte{q, q}), string(q))
}

// Summary is a one-line description of the program.
func (p *Program) Summary() string {
	units, procs, loops, conc := 0, 0, 0, 0
	for _, f := range p.Files {
		for _, u := range f.Units {
			units++
			Inspect(u, func(n Node) bool {
				switch x := n.(type) {
				case *Procedure:
					if x != u {
						procs++
					}
					return true
				case *Construct:
					return true
				case *DoStmt:
					loops++
					if x.Concurrent != nil {
						conc++
					}
				}
				return false
			})
		}
	}
	return fmt.Sprintf("%d files, %d program units, %d procedures, %d loops (%d do concurrent)", len(p.Files), units, procs, loops, conc)
}

// walkStmts calls f for every statement of ss in order (not for the
// expressions): the heads, branch heads and END statements of constructs
// (not the *Construct nodes themselves) and the action of a logical IF; the
// action of a statement-form FORALL or WHERE is not entered.
func walkStmts(ss []Stmt, f func(Stmt)) {
	InspectStmts(ss, func(n Node) bool {
		switch s := n.(type) {
		case *Construct:
			return true
		case *IfStmt:
			f(s)
			return true
		case Stmt:
			f(s)
		}
		return false
	})
}

// hasCppDirectives reports whether a source has C preprocessor directives
// (#if, #ifdef, #define, #include, ... at the start of a line). Such a line is
// never free-form Fortran, and real projects preprocess their .f90 files at
// build time, so fgpu preprocesses them too.
func hasCppDirectives(src []byte) bool {
	if !bytes.Contains(src, []byte("#")) {
		return false
	}
	for _, line := range strings.Split(string(src), "\n") {
		t := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimLeft(t[1:], " \t")
		for _, d := range []string{"if", "ifdef", "ifndef", "define", "include", "undef", "elif", "else", "endif", "error", "pragma", "line"} {
			if strings.HasPrefix(t, d) && (len(t) == len(d) || t[len(d)] == ' ' || t[len(d)] == '\t' || t[len(d)] == '(' || t[len(d)] == '"' || t[len(d)] == '<') {
				return true
			}
		}
	}
	return false
}
