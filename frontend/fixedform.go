package frontend

// This file implements the reading of fixed-form source (F2018 6.3.3): the
// text of a fixed-form file is converted to free-form text that has the same
// lines, each statement on its original line and its characters in their
// original columns, so that positions, diagnostics and the host program's
// rewrite (emit/hostf90.go) work on it as on a free-form file.
//
// The rules are those gfortran applies (gfortran 12, "Fixed form" in its
// manual, and -ffixed-line-length-N, -fpad-source, -fd-lines-as-comments):
//
//   - a line with C, c, *, !, D or d in column 1 is a comment line (D lines
//     are debug lines, comments by default); so is a line blank through the
//     line length, and one whose first non-blank character is ! anywhere but
//     in column 6;
//   - columns 1-5 hold the label (digits and blanks), column 6 a
//     continuation mark (any character but blank and 0), columns 7 to the
//     line length (72 by default) the statement; columns beyond it are
//     ignored (sequence numbers);
//   - tab format: a tab in columns 1-6 ends the label field; a digit 1-9
//     right after it marks a continuation line, else the statement starts
//     after the tab;
//   - a character context that runs to the end of a line continues on the
//     continuation line, padded with blanks to the line length;
//   - the OpenMP sentinels !$omp, c$omp, *$omp in columns 1-5, with a
//     continuation mark in column 6 for a continued directive.
//
// A continued statement becomes a free-form continuation: "&" right after
// the last character of the line (so that a token split across the lines
// is joined as fixed form joins it) and "&" in column 6 of the continuation
// line, before the text of column 7 on. Comment lines and blank lines
// between them stay comment lines.
//
// Blanks are significant in the converted text, as in free form: fgpu does
// not remove the blanks fixed form allows inside keywords and names
// ("GO TO" reads either way, "D O 10 I" does not). The parser reports such
// a statement as a syntax error, with a note that says why (fixedFormNote).

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// defaultFixedLineLength is gfortran's default fixed-form line length.
const defaultFixedLineLength = 72

// ConvertFixedForm converts fixed-form source text to free-form text with
// the same number of lines (see the file comment). lineLength is the
// statement line length: 0 for 72, a negative value for none (no limit,
// -ffixed-line-length-none). Errors (a malformed label field, a
// continuation line with nothing to continue) are positioned in path.
func ConvertFixedForm(path string, src []byte, lineLength int) ([]byte, Diagnostics) {
	diags := &diagSink{}
	out := fixedToFree(path, src, lineLength, nil, diags)
	return out, diags.list.Sort()
}

// fixedLineKind classifies a line of fixed-form source.
type fixedLineKind int

const (
	fixedComment      fixedLineKind = iota // comment or blank line
	fixedInitial                           // the first line of a statement
	fixedContinuation                      // a continuation line
	fixedOmp                               // the first line of an OpenMP directive
	fixedOmpCont                           // a continuation line of one
	fixedOther                             // a line left as it is (a '#' line cpp left)
)

// fixedLine is one line of fixed-form source, split into its fields.
type fixedLine struct {
	kind fixedLineKind
	// head is the text before the statement text, as it is written out:
	// the label field and column 6 (with "&" for a continuation mark).
	head string
	// body is the statement text (columns 7 to the line length), start its
	// offset in the line.
	body  string
	start int
	// width is the number of bytes from start to the line length, for
	// padding a continued character context (-1: no line length).
	width int
}

// fixedToFree converts src (see ConvertFixedForm). lineMap, when not nil,
// maps a line of src (preprocessed text) to the original file and line for
// diagnostics.
func fixedToFree(path string, src []byte, lineLength int, lineMap func(int) (string, int), diags *diagSink) []byte {
	if lineLength == 0 {
		lineLength = defaultFixedLineLength
	}
	pos := func(line, col int) Pos {
		if lineMap != nil {
			f, l := lineMap(line)
			if f != "" {
				return Pos{File: f, Line: l, Col: col}
			}
		}
		return Pos{File: path, Line: line, Col: col}
	}
	raw := strings.Split(string(src), "\n")
	lines := make([]fixedLine, len(raw))
	for i, r := range raw {
		r = strings.TrimSuffix(r, "\r")
		raw[i] = r
		lines[i] = splitFixedLine(r, lineLength, func(col int) Pos { return pos(i+1, col) }, diags)
	}

	out := make([]string, len(raw))
	inStr := byte(0) // the quote of a character context continued to the next line
	prevStmt := -1   // the last statement line (initial or continuation), -1 at a statement's end
	for i := range lines {
		l := &lines[i]
		switch l.kind {
		case fixedComment:
			out[i] = fixedComment1(raw[i], lineLength)
			continue
		case fixedOther:
			out[i] = raw[i]
			prevStmt = -1
			inStr = 0
			continue
		case fixedContinuation, fixedOmpCont:
			if (inStr == 0 || prevStmt < 0) && strings.TrimSpace(l.body) == "" {
				// An empty continuation adds nothing: a blank line, and the
				// statement goes on with the next continuation.
				out[i] = ""
				continue
			}
			if prevStmt < 0 || (l.kind == fixedOmpCont) != (lines[prevStmt].kind == fixedOmp || lines[prevStmt].kind == fixedOmpCont) {
				what := "statement"
				if l.kind == fixedOmpCont {
					what = "!$omp directive"
				}
				diags.errorf(pos(i+1, 6), "syntax error: a continuation line (a character other than blank or 0 in column 6) with no %s to continue", what)
				out[i] = ""
				continue
			}
		default:
			inStr = 0
		}
		code, comment, endStr := splitFixedComment(l.body, inStr)
		text := l.head
		continued := nextContinues(lines, i, endStr)
		switch {
		case continued && endStr != 0:
			// A character context goes on: the blanks to the line length
			// are part of it (-fpad-source), "&" is its last character.
			if l.width > len(code) {
				code += strings.Repeat(" ", l.width-len(code))
			}
			text += code + "&"
		case continued && (l.kind == fixedOmp || l.kind == fixedOmpCont):
			text += strings.TrimRight(code, " \t") + " &" // directives split no token
			if comment != "" {
				text += " " + comment
			}
		case continued:
			text += strings.TrimRight(code, " \t") + "&"
			if comment != "" {
				text += " " + comment
			}
		default:
			text += strings.TrimRight(code+comment, " \t")
			endStr = 0 // an unterminated string ends with the statement; the lexer reports it
		}
		out[i] = strings.TrimRight(text, " \t")
		if continued && endStr != 0 {
			out[i] = text // the blanks before "&" belong to the string
		}
		inStr = endStr
		if continued {
			prevStmt = i
		} else {
			prevStmt = -1
		}
	}
	return []byte(strings.Join(out, "\n"))
}

// nextContinues reports whether the statement of line i goes on: the next
// line that is not a comment line (nor, outside a character context, an
// empty continuation line) is a continuation line.
func nextContinues(lines []fixedLine, i int, inStr byte) bool {
	omp := lines[i].kind == fixedOmp || lines[i].kind == fixedOmpCont
	for j := i + 1; j < len(lines); j++ {
		switch lines[j].kind {
		case fixedComment:
			continue
		case fixedContinuation:
			if omp {
				return false
			}
			if inStr == 0 && strings.TrimSpace(lines[j].body) == "" {
				continue
			}
			return true
		case fixedOmpCont:
			return omp
		}
		return false
	}
	return false
}

// fixedComment1 writes a comment line as a free-form comment line (or an
// empty line).
func fixedComment1(line string, lineLength int) string {
	t := strings.TrimLeft(line, " \t")
	if t == "" {
		return ""
	}
	switch line[0] {
	case 'C', 'c', '*', 'D', 'd':
		return "!" + line[1:]
	}
	if t[0] == '!' {
		return line
	}
	// Blank through the line length, something after it: the columns
	// beyond are ignored.
	return ""
}

// splitFixedLine reads the fields of one line.
func splitFixedLine(line string, lineLength int, pos func(col int) Pos, diags *diagSink) fixedLine {
	if line == "" {
		return fixedLine{kind: fixedComment}
	}
	switch line[0] {
	case 'C', 'c', '*', '!', 'D', 'd':
		if omp, cont := fixedOmpSentinel(line); omp {
			l := fixedLine{kind: fixedOmp, head: "!$omp "}
			if cont {
				l.kind, l.head = fixedOmpCont, "!$omp&"
			}
			l.start = 6
			l.body, l.width = fixedBody(line, 6, lineLength)
			return l
		}
		return fixedLine{kind: fixedComment}
	case '#':
		return fixedLine{kind: fixedOther}
	}
	// Tab format: a tab in columns 1-6 ends the label field.
	if t := strings.IndexByte(line, '\t'); t >= 0 && t < 6 && strings.Trim(line[:t], " 0123456789") == "" {
		l := fixedLine{kind: fixedInitial, start: t + 1}
		if t+1 < len(line) && line[t+1] >= '1' && line[t+1] <= '9' {
			l.kind = fixedContinuation
			l.start = t + 2
		}
		// The statement starts in column 7.
		l.body, l.width = fixedBody(line, l.start, lineLength)
		if b := strings.TrimLeft(l.body, " \t"); l.kind == fixedInitial && (b == "" || b[0] == '!') {
			return fixedLine{kind: fixedComment}
		}
		if l.kind == fixedContinuation {
			if strings.TrimSpace(line[:t]) != "" {
				diags.errorf(pos(1), "syntax error: a continuation line has a statement label (columns 1-5 of a continuation line must be blank)")
			}
			l.head = line[:t+1] + "&"
		} else {
			l.head = line[:t+1]
		}
		return l
	}
	body, width := fixedBody(line, 6, lineLength)
	field := line
	if len(field) > 6 {
		field = field[:6]
	}
	if lineLength > 0 && len(field) > lineLength {
		field = field[:lineLength]
	}
	if strings.TrimSpace(field) == "" && strings.TrimSpace(body) == "" {
		return fixedLine{kind: fixedComment} // blank through the line length
	}
	if fnb := strings.IndexFunc(line, func(r rune) bool { return r != ' ' }); fnb >= 0 && fnb != 5 && line[fnb] == '!' {
		return fixedLine{kind: fixedComment}
	}
	label := field
	if len(label) > 5 {
		label = label[:5]
	}
	for k := 0; k < len(label); k++ {
		if c := label[k]; c != ' ' && (c < '0' || c > '9') {
			diags.errorf(pos(k+1), "syntax error: %q in the label field (columns 1-5 hold a statement label, digits only; a comment line has C, c, * or ! in column 1)", string(c))
			return fixedLine{kind: fixedComment}
		}
	}
	l := fixedLine{kind: fixedInitial, start: 6, body: body, width: width}
	mark := byte(' ')
	if len(field) == 6 {
		mark = field[5]
	}
	if mark != ' ' && mark != '0' {
		l.kind = fixedContinuation
		if strings.TrimSpace(label) != "" {
			diags.errorf(pos(1), "syntax error: a continuation line has a statement label (columns 1-5 of a continuation line must be blank)")
		}
		l.head = label + "&"
		return l
	}
	l.head = label
	if len(field) == 6 {
		l.head += " "
	}
	return l
}

// fixedOmpSentinel reports an OpenMP directive line of fixed form (!$omp,
// c$omp, *$omp in columns 1-5) and whether column 6 marks it as a
// continuation.
func fixedOmpSentinel(line string) (omp, cont bool) {
	if len(line) < 5 || line[0] == 'D' || line[0] == 'd' || !strings.EqualFold(line[1:5], "$omp") {
		return false, false
	}
	if len(line) == 5 {
		return true, false
	}
	c := line[5]
	return true, c != ' ' && c != '0' && c != '\t'
}

// fixedBody is the statement text of a line from offset start (column 7,
// or the column after a tab) to the line length, and the number of bytes
// from start to the line length (-1 when there is no line length).
func fixedBody(line string, start, lineLength int) (string, int) {
	if start >= len(line) {
		start = len(line)
	}
	if lineLength < 0 {
		return line[start:], -1
	}
	width := lineLength - 6
	if width < 0 {
		width = 0
	}
	end := start + width
	if end > len(line) {
		end = len(line)
	}
	return line[start:end], width
}

// splitFixedComment splits statement text into its code and its inline
// comment (from a "!" outside a character context), given the quote of a
// character context continued from the line before (0 when none). endStr
// is the quote of a character context still open at the end of the code.
func splitFixedComment(body string, inStr byte) (code, comment string, endStr byte) {
	for j := 0; j < len(body); j++ {
		c := body[j]
		if inStr != 0 {
			if c == inStr {
				if j+1 < len(body) && body[j+1] == inStr {
					j++
					continue
				}
				inStr = 0
			}
			continue
		}
		switch c {
		case '\'', '"':
			inStr = c
		case '!':
			return body[:j], body[j:], 0
		}
	}
	return body, "", inStr
}

// fixedFormNote is the note added to the first syntax error of a
// fixed-form file: fgpu reads its blanks as free form does.
const fixedFormNote = "fgpu reads fixed-form source with its blanks significant, as in free form: a keyword or name with blanks inside it (D O 10 I) is not yet implemented (GO TO, END DO, DOUBLE PRECISION are fine)"

// mapOrNil is m.Map, or nil for a nil map.
func (m *LineMap) mapOrNil() func(int) (string, int) {
	if m == nil {
		return nil
	}
	return m.Map
}

// fixedInclude matches an INCLUDE line of converted fixed-form text.
var fixedInclude = regexp.MustCompile(`(?i)^[ \t]*include[ \t]*('[^']*'|"[^"]*")[ \t]*(!.*)?$`)

// maxIncludeDepth bounds nested INCLUDE lines (a file that includes itself).
const maxIncludeDepth = 32

// expandFixedIncludes replaces each INCLUDE line of converted fixed-form
// text by the converted text of the file it names: an included file is
// read in the form of the file that includes it (gfortran), and the host
// program's rewrite of a fixed-form file is compiled as free form, where
// the host compiler would read the included file as free form. The lines
// keep their origin in the LineMap returned (lm maps text's own lines, nil
// for the lines of path itself); the INCLUDE line becomes a comment after
// the included text. A file not found is left to the parser, which
// reports it.
func expandFixedIncludes(prog *Program, path string, text []byte, lm *LineMap, opts Options, diags *diagSink, depth int) ([]byte, *LineMap) {
	if !bytes.Contains(bytes.ToLower(text), []byte("include")) {
		return text, lm
	}
	lines := strings.Split(string(text), "\n")
	origin := func(n int) (string, int) {
		if lm != nil {
			if f, l := lm.Map(n); f != "" {
				return f, l
			}
		}
		return path, n
	}
	var out []string
	nm := &LineMap{}
	changed := false
	continued := false // the line before ends with "&"
	for i, line := range lines {
		m := fixedInclude.FindStringSubmatch(line)
		prevCont := continued
		continued = strings.HasSuffix(strings.TrimRight(line, " \t"), "&") && !strings.HasPrefix(strings.TrimLeft(line, " \t"), "!")
		if m == nil || prevCont {
			f, l := origin(i + 1)
			out = append(out, line)
			nm.add(len(out), f, l)
			continue
		}
		from, fromLine := origin(i + 1)
		name := unquote(m[1])
		inc, ok := findInclude(from, name, opts)
		if !ok {
			out = append(out, line)
			nm.add(len(out), from, fromLine)
			continue
		}
		pos := Pos{File: from, Line: fromLine, Col: strings.Index(line, m[1]) + 1}
		if depth >= maxIncludeDepth {
			diags.errorf(pos, "INCLUDE nested more than %d deep (does %s include itself?)", maxIncludeDepth, name)
			out = append(out, "")
			nm.add(len(out), from, fromLine)
			continue
		}
		b, err := os.ReadFile(inc)
		if err != nil {
			diags.errorf(pos, "cannot read included file %q: %v", name, err)
			out = append(out, "")
			nm.add(len(out), from, fromLine)
			continue
		}
		changed = true
		prog.lines[inc] = fixedSourceLines(splitLines(b), opts.FixedLineLength)
		conv := fixedToFree(inc, b, opts.FixedLineLength, nil, diags)
		conv, sub := expandFixedIncludes(prog, inc, conv, nil, opts, diags, depth+1)
		incLines := strings.Split(strings.TrimSuffix(string(conv), "\n"), "\n")
		if len(incLines) == 0 {
			incLines = []string{""}
		}
		for k, il := range incLines {
			f, l := inc, k+1
			if sub != nil {
				f, l = sub.Map(k + 1)
			}
			out = append(out, il)
			nm.add(len(out), f, l)
		}
		// The INCLUDE line itself becomes a comment after the text it
		// brought: what the rewrite inserts after it goes after that text.
		out = append(out, "! fgpu: the end of "+strings.TrimSpace(line))
		nm.add(len(out), from, fromLine)
	}
	if !changed {
		return text, lm
	}
	return []byte(strings.Join(out, "\n")), nm
}

// findInclude looks for an included file as INCLUDE does: in the directory
// of the file that includes it, then in the -I directories.
func findInclude(from, name string, opts Options) (string, bool) {
	if filepath.IsAbs(name) {
		_, err := os.Stat(name)
		return name, err == nil
	}
	for _, d := range append([]string{filepath.Dir(from)}, opts.IncludeDirs...) {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, true
		}
	}
	return "", false
}

// fixedSourceLines cuts the columns past the line length off the lines of
// a fixed-form file, for Program.Line: the compiler reads none of them, and
// the analyses that copy a statement's text from its line (a one-line IF
// split by the sync placement, lowering/sync.go) must not copy sequence
// numbers into the rewrite. The columns of what is left are the original
// ones.
func fixedSourceLines(lines []string, lineLength int) []string {
	if lineLength == 0 {
		lineLength = defaultFixedLineLength
	}
	if lineLength < 0 {
		return lines
	}
	for i, l := range lines {
		limit := lineLength
		if t := strings.IndexByte(l, '\t'); t >= 0 && t < 6 && strings.Trim(l[:t], " 0123456789") == "" {
			// Tab format: the statement starts in column 7 after the tab
			// (or after the continuation digit that follows it).
			limit = t + 1 + lineLength - 6
			if t+1 < len(l) && l[t+1] >= '1' && l[t+1] <= '9' {
				limit++
			}
		}
		if len(l) > limit {
			lines[i] = l[:limit]
		}
	}
	return lines
}

// fixedFormSyntaxNote adds fixedFormNote to the first syntax error
// reported from index from on.
func fixedFormSyntaxNote(diags *diagSink, from int) {
	for i := from; i < len(diags.list); i++ {
		d := &diags.list[i]
		if d.Severity == SevError && strings.HasPrefix(d.Msg, "syntax error") && !strings.Contains(d.Msg, "column 6") && !strings.Contains(d.Msg, "label field") && !strings.Contains(d.Msg, "continuation line") {
			d.Notes = append(d.Notes, Diagnostic{Pos: d.Pos, Severity: SevNote, Msg: fixedFormNote})
			return
		}
	}
}
