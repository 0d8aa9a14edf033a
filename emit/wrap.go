package emit

// Line layout of the host Fortran fgpu writes: continuations of long
// lines (free form: 132 characters at most) and the indentation of the
// DO nests of loops kept on the host.

import "strings"

// The indentation of the lines of a rewritten loop is capped, so that
// every line fits free form's 132 characters however deep the source's
// loop and however many indices it has (64 indices once made lines of 130
// blanks and more; wrap cuts lines at 100).
const (
	maxIndent     = 40 // columns of the loop's own indentation
	maxNestIndent = 8  // levels (two columns each) of the DO nest
)

func capIndent(ind string) string {
	if len(ind) > maxIndent {
		return ind[:maxIndent]
	}
	return ind
}

// nestIndent is the indentation of a line levels deep in the DO nest of a
// loop indented by ind.
func nestIndent(ind string, levels int) string {
	return ind + strings.Repeat("  ", min(levels, maxNestIndent))
}

// wrap splits a long Fortran line with & continuations (free form: 132
// characters at most; the lines are cut before 100). A cut goes after a
// comma, else at a blank, else anywhere (a token or a character literal
// may be split when the next line starts with &, F2018 6.3.2.4), never in
// a trailing comment.
func wrap(line string) []string {
	const max = 100
	if len(line) <= max {
		return []string{line}
	}
	// Past maxIndent+20 columns of indentation, a cut could fall in the
	// blanks and leave a continuation line of & alone (no statement text):
	// the indentation is cut instead.
	if lead := len(line) - len(strings.TrimLeft(line, " ")); lead > maxIndent+20 {
		line = line[lead-(maxIndent+20):]
	}
	var out []string
	for len(line) > max {
		cut, kind := wrapCut(line, max)
		if cut <= 0 {
			break
		}
		if kind == ',' {
			out = append(out, line[:cut+1]+" &")
			line = "      & " + line[cut+2:]
			continue
		}
		out = append(out, line[:cut]+"&")
		line = "      &" + line[cut:]
	}
	return append(out, line)
}

// wrapCut finds where to cut line before max: the last ", " outside
// character literals (kind ','), else the last blank outside them (' '),
// else the last position before max (0); before a trailing comment only
// (-1 when there is no place before it: the line is left as it is).
func wrapCut(line string, max int) (int, byte) {
	comma, blank := -1, -1
	var quote byte
	comment := false
	for i := 0; i < max && i < len(line) && !comment; i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '!':
			comment = true
		case c == ',' && i+1 < len(line) && line[i+1] == ' ':
			comma = i
		case c == ' ' && i > 0 && strings.TrimSpace(line[:i]) != "" && i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '!':
			// A blank before more of the statement (not before a comment:
			// the continuation line would hold the comment alone).
			blank = i
		}
	}
	// A cut at or before the continuation's own "      & " would not
	// shorten the line.
	const least = 8
	if comma > least {
		return comma, ','
	}
	if blank > least {
		return blank, ' '
	}
	if comment {
		return -1, 0
	}
	return max - 1, 0
}
