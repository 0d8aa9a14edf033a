package driver

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"fgpu/frontend"
)

// ompDataReport writes one line per OpenMP data directive of the program
// (frontend.OmpDataDirective): fgpu's residency analysis places the copies
// (the host statements DataReport lists), so each directive is redundant
// and the host rewrite drops it (emit/omp.go).
func ompDataReport(w io.Writer, r *Result) {
	if r == nil || r.Prog == nil || r.Check == nil || !r.Check.Target.Offloads() {
		return
	}
	var lines []frontend.Pos
	words := map[frontend.Pos]string{}
	var walk func(u *frontend.Procedure)
	walk = func(u *frontend.Procedure) {
		frontend.InspectStmts(u.Body, func(n frontend.Node) bool {
			if d, ok := n.(*frontend.DirectiveStmt); ok && frontend.OmpDataDirective(d) {
				lines = append(lines, d.Pos)
				words[d.Pos] = strings.Join(frontend.OmpDirectiveWords(d), " ")
			}
			return true
		})
		for _, c := range u.Contains {
			walk(c)
		}
	}
	for _, f := range r.Prog.Files {
		for _, u := range f.Units {
			walk(u)
		}
	}
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].File != lines[j].File {
			return lines[i].File < lines[j].File
		}
		return lines[i].Line < lines[j].Line
	})
	for _, p := range lines {
		fmt.Fprintf(w, "%s:%d: !$omp %s: redundant, dropped (fgpu's residency analysis places the copies the kernels need)\n", p.File, p.Line, words[p])
	}
}
