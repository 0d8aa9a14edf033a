package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ompLoad loads src (a program whose main program holds the loops) with
// the OmpLoops option given.
func ompLoad(t *testing.T, src string, hostLoops bool) (*Program, Diagnostics) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load([]string{path}, Options{OmpLoops: hostLoops})
}

// ompDos lists the DO statements of the main program's execution part,
// constructs included, in source order.
func ompDos(p *Program) []*DoStmt {
	var out []*DoStmt
	InspectStmts(p.Files[0].Units[0].Body, func(n Node) bool {
		if d, ok := n.(*DoStmt); ok {
			out = append(out, d)
		}
		return true
	})
	return out
}

func TestOmpTargetLoops(t *testing.T) {
	src := `program p
  implicit none
  integer :: i, j, k
  real :: a(10, 10), s, t, w
  s = 0
  w = 1
  !$omp target teams distribute parallel do collapse(2) private(t, i) firstprivate(w) &
  !$omp& reduction(-:s) map(tofrom:a) num_teams(4)
  do j = 1, 10
    do i = 1, 10, 2
      t = a(i, j) * w
      s = s + t
    end do
  end do
  !$omp end target teams distribute parallel do
  !$omp target teams loop
  do k = 10, 1, -1
    do i = 1, 10
      a(i, k) = k
    end do
  end do
  !$omp parallel do
  do i = 1, 10
    a(i, 1) = i
  end do
end program
`
	prog, diags := ompLoad(t, src, false)
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags)
	}
	dos := ompDos(prog)
	// The collapsed nest is one do concurrent (j, i); the second is a do
	// concurrent over k holding a plain DO; the parallel do stays a DO.
	if len(dos) != 4 {
		t.Fatalf("%d DO statements, want 4", len(dos))
	}
	d := dos[0]
	if d.Concurrent == nil || d.Omp == nil || !d.Omp.Target || d.Omp.Directive != "target teams distribute parallel do" {
		t.Fatalf("first loop: not the do concurrent of the target loop: %+v", d)
	}
	if d.Pos.Line != 7 || d.EndLine != 10 {
		t.Errorf("first loop spans lines %d-%d, want the directive's 7 to the inner DO's 10", d.Pos.Line, d.EndLine)
	}
	var idx []string
	for _, ix := range d.Concurrent.Indices {
		idx = append(idx, ix.Name)
	}
	if strings.Join(idx, ",") != "j,i" || d.Concurrent.Indices[1].Step == nil {
		t.Errorf("indices %v (want j,i with i's step)", idx)
	}
	var locs []string
	for _, l := range d.Locality {
		locs = append(locs, l.Kind+l.Op+"("+strings.Join(l.Names, ",")+")")
	}
	if got := strings.Join(locs, " "); got != "local(t) local_init(w) reduce+(s)" {
		t.Errorf("localities %q, want local(t) local_init(w) reduce+(s) (the index i dropped from private, - as +)", got)
	}
	k := findConstruct(prog, d)
	if k == nil || k.End.(*EndStmt).EndLine != 15 {
		t.Errorf("the construct's END does not reach the !$omp end directive's line 15")
	}
	if !dos[1].Omp.Target || dos[1].Concurrent == nil || dos[2].Concurrent != nil || dos[2].Var != "i" {
		t.Errorf("second loop: want a do concurrent over k holding a DO over i")
	}
	if dos[3].Concurrent != nil || dos[3].Omp != nil {
		t.Errorf("!$omp parallel do without OmpLoops: want the user's DO")
	}
	var note bool
	for _, x := range diags {
		if x.Severity == SevNote && strings.Contains(x.Msg, "map (") && strings.Contains(x.Msg, "num_teams (") {
			note = true
		}
	}
	if !note {
		t.Errorf("no note for the ignored clauses: %v", diags)
	}

	prog, diags = ompLoad(t, src, true)
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags)
	}
	if dos := ompDos(prog); len(dos) != 4 || dos[3].Concurrent == nil || dos[3].Omp == nil || dos[3].Omp.Target {
		t.Errorf("!$omp parallel do with OmpLoops: want a do concurrent from a host directive")
	}
}

func findConstruct(p *Program, d *DoStmt) *Construct {
	var out *Construct
	InspectStmts(p.Files[0].Units[0].Body, func(n Node) bool {
		if k, ok := n.(*Construct); ok && k.Head == d {
			out = k
		}
		return true
	})
	return out
}

func TestOmpLoopErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"!$omp target teams distribute parallel do lastprivate(t)\n  do i = 1, 10\n    t = i\n  end do", "the clause lastprivate"},
		{"!$omp target teams loop collapse(2)\n  do i = 1, 10\n    t = i\n  end do", "collapse(2) over 1 tightly nested"},
		{"!$omp target teams loop\n  t = 1", "not followed by a counted DO loop"},
		{"!$omp target\n  t = 1\n  !$omp end target", "the OpenMP directive !$omp target (only"},
		{"!$omp target teams distribute parallel do reduction(inscan, +:t)\n  do i = 1, 10\n    t = t + i\n  end do", "the reduction operator inscan,+"},
		{"!$omp target parallel do default(private)\n  do i = 1, 10\n    t = i\n  end do", "default(private)"},
		{"!$omp target teams loop\n  do while (t < 3)\n    t = t + 1\n  end do", "not followed by a counted DO loop"},
	} {
		src := "program p\n  implicit none\n  integer :: i\n  real :: t\n  t = 0\n  " + c.body + "\nend program\n"
		_, diags := ompLoad(t, src, false)
		found := false
		for _, d := range diags {
			if d.Severity == SevError && d.Code == string(NYIOmpOffload) && strings.Contains(d.Msg, c.want) && d.Pos.Line == 6 {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no not-yet-implemented error at line 6 containing %q: %v", c.body, c.want, diags)
		}
	}
	// The data directives are accepted: no diagnostic.
	src := "program p\n  real :: a(4)\n  !$omp target enter data map(to: a)\n  !$omp target data map(a)\n  !$omp target update from(a)\n  !$omp end target data\n  !$omp target exit data map(delete: a)\nend program\n"
	prog, diags := ompLoad(t, src, false)
	if len(diags) != 0 {
		t.Errorf("data directives: %v", diags)
	}
	n := 0
	InspectStmts(prog.Files[0].Units[0].Body, func(x Node) bool {
		if d, ok := x.(*DirectiveStmt); ok && OmpDataDirective(d) {
			n++
		}
		return true
	})
	if n != 5 {
		t.Errorf("%d data directives, want 5", n)
	}
}

// TestOmpFirstprivate: the scalars a target loop assigns without a clause
// are local_init (firstprivate in OpenMP); a mapped one, a listed one and an
// array are not; a scalar updated from its own value gets a warning.
func TestOmpFirstprivate(t *testing.T) {
	src := `program p
  implicit none
  integer :: i, j
  real :: a(10), s, t, u, w
  s = 0
  !$omp target teams distribute parallel do map(tofrom: u) private(w)
  do i = 1, 10
    t = a(i)
    u = t
    w = t
    s = s + t
    do j = 1, 2
      a(i) = a(i) + j
    end do
  end do
end program
`
	prog, diags := ompLoad(t, src, false)
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags)
	}
	d := ompDos(prog)[0]
	var got []string
	for _, l := range d.Locality {
		got = append(got, l.Kind+"("+strings.Join(l.Names, ",")+")")
	}
	if g := strings.Join(got, " "); g != "local(w) local_init(t,s,j)" {
		t.Errorf("localities %q, want local(w) local_init(t,s,j)", g)
	}
	warned := false
	for _, x := range diags {
		if x.Severity == SevWarning && x.Pos.Line == 11 && strings.Contains(x.Msg, "s is updated from its own value") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning for s = s + t at line 11: %v", diags)
	}
}
