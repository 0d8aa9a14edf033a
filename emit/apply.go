package emit

import (
	"sort"
	"strings"
)

// apply applies edits (non-overlapping) to lines, in one pass over the
// lines (an edit a time, copying the file for each, cost the product of the
// file's lines and its edits: issue 35). Edits at the same line go in the
// order applyEach gives them: what is inserted first ends up last, a
// replacement after the insertions before it.
func apply(lines []string, edits []edit) string {
	es := append([]edit(nil), edits...)
	// applyEach's order, then stably by line: within a line the order
	// stays applyEach's.
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].from != es[j].from {
			return es[i].from > es[j].from
		}
		return es[i].to > es[j].to
	})
	type group struct {
		from, to int // slice indices: lines[from:to] replaced
		es       []edit
	}
	var groups []group
	for i := len(es) - 1; i >= 0; i-- { // ascending lines
		e := es[i]
		from, to := e.from-1, e.to
		if from < 0 {
			from = 0
		}
		if from > len(lines) {
			from = len(lines)
		}
		if to > len(lines) {
			to = len(lines)
		}
		if to < from {
			to = from
		}
		if n := len(groups); n > 0 && groups[n-1].from == from {
			g := &groups[n-1]
			g.es = append(g.es, e) // reversed application order: the output order
			if to > from {
				if g.to > g.from {
					return applyEach(lines, edits) // two replacements at one line
				}
				g.to = to
			}
			continue
		}
		if n := len(groups); n > 0 && from < groups[n-1].to {
			return applyEach(lines, edits) // overlapping edits
		}
		groups = append(groups, group{from: from, to: to, es: []edit{e}})
	}
	out := make([]string, 0, len(lines)+2*len(es))
	at := 0
	for _, g := range groups {
		out = append(out, lines[at:g.from]...)
		for _, e := range g.es {
			out = append(out, e.lines...)
		}
		at = g.to
	}
	out = append(out, lines[at:]...)
	return joinLines(out)
}

// joinLines joins lines with newlines, the text ending with one.
func joinLines(out []string) string {
	s := strings.Join(out, "\n")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// applyEach applies edits one at a time, from the last line up (the
// reference apply follows; it copies the file for each edit).
func applyEach(lines []string, edits []edit) string {
	edits = append([]edit(nil), edits...)
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].from != edits[j].from {
			return edits[i].from > edits[j].from
		}
		return edits[i].to > edits[j].to
	})
	out := append([]string(nil), lines...)
	for _, e := range edits {
		from, to := e.from-1, e.to // slice indices [from, to)
		if from < 0 {
			from = 0
		}
		if to > len(out) {
			to = len(out)
		}
		if to < from {
			to = from
		}
		var next []string
		next = append(next, out[:from]...)
		next = append(next, e.lines...)
		next = append(next, out[to:]...)
		out = next
	}
	return joinLines(out)
}
