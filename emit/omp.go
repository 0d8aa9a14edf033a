package emit

import (
	"strings"

	"fgpu/frontend"
)

// ompDataEdits replaces every OpenMP data directive (target data, end
// target data, target enter data, target exit data, target update:
// frontend.OmpDataDirective) of the program by a comment: the residency
// analysis places the copies the launches need (lowering/sync.go), so the
// host compiler must not map the arrays a second time (with -fopenmp and
// an offloading gfortran it would copy them to a device no kernel of
// fgpu's uses).
func ompDataEdits(prog *frontend.Program, edits map[string][]edit) {
	var walk func(u *frontend.Procedure)
	walk = func(u *frontend.Procedure) {
		frontend.InspectStmts(u.Body, func(n frontend.Node) bool {
			d, ok := n.(*frontend.DirectiveStmt)
			if !ok || !frontend.OmpDataDirective(d) || d.SharedLine {
				return true
			}
			line, _ := prog.Line(d.Pos.File, d.Pos.Line)
			ind := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
			end := d.EndLine
			if end < d.Pos.Line {
				end = d.Pos.Line
			}
			edits[d.Pos.File] = append(edits[d.Pos.File], edit{from: d.Pos.Line, to: end,
				lines: []string{ind + "! fgpu: !$omp " + strings.Join(frontend.OmpDirectiveWords(d), " ") + " dropped (fgpu places the copies)"}})
			return false
		})
		for _, c := range u.Contains {
			walk(c)
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			walk(u)
		}
	}
}
