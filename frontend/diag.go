package frontend

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	SevError Severity = iota
	SevWarning
	SevNote
)

func (s Severity) String() string {
	switch s {
	case SevWarning:
		return "warning"
	case SevNote:
		return "note"
	}
	return "error"
}

// Diagnostic is one positioned message. Notes are printed tab-indented
// below it (for chains).
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
	Notes    []Diagnostic
	// Code is the catalogue name of the diagnostic, where it has one (a
	// not-yet-implemented Limit, nyi.go); Loop is the parallel loop it
	// is about (the zero Pos when none).
	Code string
	Loop Pos
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// Diagnostics is a list of diagnostics.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SevError {
			return true
		}
	}
	return false
}

// Errors counts the errors.
func (ds Diagnostics) Errors() int {
	n := 0
	for _, d := range ds {
		if d.Severity == SevError {
			n++
		}
	}
	return n
}

// Sort orders diagnostics by position (stable for equal positions) and drops
// exact duplicates.
func (ds Diagnostics) Sort() Diagnostics {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos.Before(ds[j].Pos) })
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d.Pos == ds[i-1].Pos && d.Msg == ds[i-1].Msg && d.Severity == ds[i-1].Severity && sameNotes(d.Notes, ds[i-1].Notes) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// SourceLines gives the text of a line of an original source file, for
// carets. Implemented by *Program and by a plain map.
type SourceLines interface {
	Line(file string, line int) (string, bool)
}

// Render writes each diagnostic as `file:line:col: error: message`, then the
// source line and a caret under the column, then its notes tab-indented.
func (ds Diagnostics) Render(w io.Writer, src SourceLines) {
	for _, d := range ds {
		fmt.Fprintln(w, d.String())
		if src != nil && d.Pos.IsValid() {
			if text, ok := src.Line(d.Pos.File, d.Pos.Line); ok {
				text = strings.ReplaceAll(text, "\t", " ")
				fmt.Fprintln(w, text)
				col := d.Pos.Col
				if col < 1 {
					col = 1
				}
				if col > len(text)+1 {
					col = len(text) + 1
				}
				fmt.Fprintln(w, strings.Repeat(" ", col-1)+"^")
			}
		}
		for _, n := range d.Notes {
			fmt.Fprintf(w, "\t%s\n", n.String())
		}
	}
}

// diagSink collects diagnostics during a stage.
type diagSink struct {
	list Diagnostics
}

func (s *diagSink) errorf(pos Pos, format string, args ...any) {
	s.list = append(s.list, Diagnostic{Pos: pos, Severity: SevError, Msg: fmt.Sprintf(format, args...)})
}

func (s *diagSink) warnf(pos Pos, format string, args ...any) {
	s.list = append(s.list, Diagnostic{Pos: pos, Severity: SevWarning, Msg: fmt.Sprintf(format, args...)})
}

func sameNotes(a, b []Diagnostic) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Pos != b[i].Pos || a[i].Msg != b[i].Msg {
			return false
		}
	}
	return true
}

// RuleRejections are the reasons of the errors of ds when every error is a
// rejection by the analyses' rules (a catalogue reason in brackets at the
// end of the message, "[real8_on_metal]", not a not-yet-implemented
// limit), sorted and each once; nil otherwise. The tests that run a
// program on every backend skip it where the backend's rules reject it.
func (ds Diagnostics) RuleRejections() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range ds {
		if d.Severity != SevError {
			continue
		}
		m := ruleReasonRe.FindStringSubmatch(d.Msg)
		if m == nil || strings.HasPrefix(m[1], "nyi_") {
			return nil
		}
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// ruleReasonRe is the reason at the end of a rules diagnostic.
var ruleReasonRe = regexp.MustCompile(`\[(\w+)\]$`)
