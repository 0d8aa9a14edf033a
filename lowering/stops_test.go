package lowering

import (
	"strings"
	"testing"
)

// TestStopSites: sites numbered in source order over the plan (a pure
// function reached by two loops has one site), the kernels that can stop,
// the device procedures with hidden arguments, and the codes classified.
func TestStopSites(t *testing.T) {
	plan, ds := lower(t, `module m
  implicit none
contains
  pure integer function check(v)
    integer, intent(in) :: v
    if (v < 0) error stop 'negative'
    check = v
  end function
  pure subroutine outer(v, r)
    integer, intent(in) :: v
    integer, intent(out) :: r
    r = check(v) + 1
  end subroutine
  pure integer function quiet_one(v)
    integer, intent(in) :: v
    quiet_one = v
  end function
end module
program p
  use m
  implicit none
  integer :: i, a(10), b(10)
  integer(8) :: k8
  a = 1
  k8 = 3
  do concurrent (i = 1:10)
    if (a(i) > 5) error stop 40 + i
    call outer(a(i), b(i))
  end do
  do concurrent (i = 1:10)
    b(i) = check(a(i))
    if (b(i) > 7) error stop k8, quiet=.true.
  end do
  do concurrent (i = 1:10)
    b(i) = quiet_one(a(i))
  end do
  do concurrent (i = 1:10)
    if (b(i) > 100) error stop
  end do
  print *, b
end program
`)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if len(plan.Kernels) != 4 {
		t.Fatalf("%d kernels, want 4", len(plan.Kernels))
	}
	for i, want := range []bool{true, true, false, true} {
		if plan.Kernels[i].CanStop != want {
			t.Errorf("kernel %d: CanStop = %v, want %v", i+1, plan.Kernels[i].CanStop, want)
		}
	}
	var got []string
	for _, s := range plan.StopSites {
		got = append(got, s.Pos.String()[strings.LastIndex(s.Pos.String(), "/")+1:]+" "+s.Statement("code"))
	}
	want := []string{
		"p.f90:6:16 error stop \"negative\"",
		"p.f90:27:19 error stop code",
		"p.f90:32:19 error stop code, quiet=.true.",
		"p.f90:38:21 error stop",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stop sites:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i, s := range plan.StopSites {
		if s.ID != i+1 {
			t.Errorf("site %d has ID %d", i+1, s.ID)
		}
	}
	procs := map[string]bool{}
	for p := range plan.StopProcs {
		procs[p.Name] = true
	}
	if !procs["check"] || !procs["outer"] || procs["quiet_one"] || len(procs) != 2 {
		t.Errorf("procedures that can stop: %v, want check and outer", procs)
	}
}

// TestStopCharacterCode: a character stop code computed at run time is an
// error at the statement, with the loop in a note (design doc: "a
// character stop code that is not a constant").
func TestStopCharacterCode(t *testing.T) {
	_, ds := lower(t, `module m
  implicit none
contains
  pure subroutine need(v, what)
    integer, intent(in) :: v
    character(*), intent(in) :: what
    if (v < 0) error stop 'bad ' // what
  end subroutine
end module
program p
  use m
  implicit none
  integer :: i, a(10)
  a = 1
  do concurrent (i = 1:10)
    call need(a(i), 'a')
  end do
  print *, a
end program
`)
	if !ds.HasErrors() {
		t.Fatal("no error")
	}
	found := false
	for _, d := range ds {
		if strings.Contains(d.Msg, "a character stop code that is not a constant") {
			found = true
			if d.Pos.Line != 7 || d.Pos.Col != 16 {
				t.Errorf("at %s, want line 7 column 16", d.Pos)
			}
			if len(d.Notes) != 1 || d.Notes[0].Pos.Line != 15 {
				t.Errorf("notes %v, want the loop at line 15", d.Notes)
			}
		}
	}
	if !found {
		t.Errorf("no character stop code error in %v", ds)
	}
}
