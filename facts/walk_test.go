package facts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// walkIO is a program whose input/output statements the loop facts
// (access) and the host flow (hacc) walked differently before they shared
// one walker (issue 12). Each line names, after "! SEES:", the accesses
// (variable mode) both must record on that line, and after "NOT:" those
// neither may record.
const walkIO = `program walkio
  implicit none
  integer :: a, b, u, n, ios, rl, idn, sz, pend
  logical :: ex
  character(len=20) :: buf, frm, msg
  namelist /grp/ a, b
  open(newunit=u, file='x.txt', iostat=ios, iomsg=msg) ! SEES: u write, ios write, msg write
  read(u, nml=grp) ! SEES: a write, b write, u read
  write(u, grp) ! SEES: a read, b read
  write(unit=buf, fmt='(i4)') a ! SEES: buf write, a read NOT: buf read
  read(u, *, id=idn, asynchronous='yes', size=sz) n ! SEES: idn write, sz write, n write NOT: idn read
  inquire(unit=u, exist=ex, form=frm, recl=rl, id=idn, pending=pend) ! SEES: ex write, frm write, rl write, pend write, idn read NOT: frm read, rl read, idn write
  inquire(iolength=n) a, b ! SEES: n write NOT: n read
  close(u)
end program walkio
`

// TestWalkIO checks that the loop facts and the host flow see the same
// accesses of input/output specifiers, namelist groups and internal units.
func TestWalkIO(t *testing.T) {
	f := filepath.Join(t.TempDir(), "walkio.f90")
	if err := os.WriteFile(f, []byte(walkIO), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ds := frontend.Load([]string{f}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatalf("front end: %v", ds)
	}
	set := Extract(prog, Options{})
	// line -> "var mode" seen, per predicate.
	seen := map[string]map[int]map[string]bool{"access": {}, "hacc": {}}
	for _, a := range set.Atoms {
		var st, v, mode ast.BaseTerm
		switch a.Predicate.Symbol {
		case "access":
			st, v, mode = a.Args[0], a.Args[2], a.Args[3]
		case "hacc":
			st, v, mode = a.Args[0], a.Args[1], a.Args[2]
		default:
			continue
		}
		p, ok := set.Pos(st.(ast.Constant))
		if !ok {
			t.Fatalf("%s: no position", a)
		}
		sym := set.Vars[v.(ast.Constant).Symbol]
		m := seen[a.Predicate.Symbol]
		if m[p.Line] == nil {
			m[p.Line] = map[string]bool{}
		}
		m[p.Line][sym.Name+" "+strings.TrimPrefix(mode.String(), "/")] = true
	}
	for i, line := range strings.Split(walkIO, "\n") {
		_, spec, ok := strings.Cut(line, "! SEES:")
		if !ok {
			continue
		}
		sees, not, _ := strings.Cut(spec, "NOT:")
		for _, pred := range []string{"access", "hacc"} {
			got := seen[pred][i+1]
			for _, w := range strings.Split(sees, ",") {
				if w = strings.TrimSpace(w); !got[w] {
					t.Errorf("line %d: %s misses %q (has %v)", i+1, pred, w, got)
				}
			}
			for _, w := range strings.Split(not, ",") {
				if w = strings.TrimSpace(w); w != "" && got[w] {
					t.Errorf("line %d: %s records %q", i+1, pred, w)
				}
			}
		}
	}
}
