package emit

import (
	"regexp"
	"sort"
	"strings"

	"fgpu/frontend"
)

// The host rewrite's use of the launch module: each unit names, in an only
// list, the routines of the module its edits call, so that the host
// compiler's cost of a unit follows the unit's launches, not the program's
// (issue 35: without the list, every unit that launches imported the
// interfaces of every kernel).

// procHead matches the heading of a procedure of the launch module: the
// interface bodies (a kernel's launch routine, the runtime's entries) and
// the module procedures after contains (the wait, leave and replay
// routines). Dummy declarations never start with these words.
var procHead = regexp.MustCompile(`(?m)^\s*(?:subroutine|function)\s+([A-Za-z_][A-Za-z0-9_]*)`)

// moduleProcedures returns the lower-case names of the procedures the
// launch module's text declares.
func moduleProcedures(module string) map[string]bool {
	names := map[string]bool{}
	for _, m := range procHead.FindAllStringSubmatch(module, -1) {
		names[strings.ToLower(m[1])] = true
	}
	return names
}

// fortranName matches a Fortran name in generated lines.
var fortranName = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// editNames is, for the edits of one file sorted by line, the names of
// the launch module each mentions (launchNames).
type editNames struct {
	from  []int
	names [][]string
}

// launchNames scans each edit of each file once for the names of exported.
func launchNames(edits map[string][]edit, exported map[string]bool) map[string]*editNames {
	out := map[string]*editNames{}
	for file, es := range edits {
		sorted := append([]edit(nil), es...)
		sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].from < sorted[j].from })
		en := &editNames{}
		for _, e := range sorted {
			var ns []string
			for _, l := range e.lines {
				for _, n := range fortranName.FindAllString(l, -1) {
					if n = strings.ToLower(n); exported[n] {
						ns = append(ns, n)
					}
				}
			}
			en.from = append(en.from, e.from)
			en.names = append(en.names, ns)
		}
		out[file] = en
	}
	return out
}

// in returns, sorted, the names that the edits within unit p (after its
// heading, up to its END statement, contained procedures included)
// mention. A name mentioned in a contained procedure is listed by its host
// too: the contained procedure may reach it by host association only (the
// units the edits launch from have their own use). Extra names cost
// nothing but a symbol; a missing one would not compile.
func (en *editNames) in(p *frontend.Procedure) []string {
	if en == nil {
		return nil
	}
	first := headEndLine(p) + 1
	last := int(^uint(0) >> 1)
	if p.End != nil {
		last = frontend.StmtPos(p.End).Line
	}
	seen := map[string]bool{}
	for i := sort.SearchInts(en.from, first); i < len(en.from) && en.from[i] <= last; i++ {
		for _, n := range en.names[i] {
			seen[n] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
