package emit

import (
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/lowering"
)

// TestContinueLiteral: a long replayed statement is split inside its
// character literal, never between the quotes of a doubled quote, and
// joins back to the original text.
func TestContinueLiteral(t *testing.T) {
	msg := strings.Repeat(`ab""c`, 60)
	line := `      error stop "` + msg + `"`
	got := continueLiteral(line, 40)
	if len(got) < 2 {
		t.Fatalf("not split: %q", got)
	}
	var joined strings.Builder
	for i, l := range got {
		if len(l) > 60 {
			t.Errorf("line %d has %d characters: %q", i, len(l), l)
		}
		if i < len(got)-1 {
			if !strings.HasSuffix(l, "&") {
				t.Errorf("line %d does not end with &: %q", i, l)
			}
			l = strings.TrimSuffix(l, "&")
		}
		if i > 0 {
			if !strings.HasPrefix(l, "      &") {
				t.Errorf("line %d does not start with &: %q", i, l)
			}
			l = strings.TrimPrefix(l, "      &")
		}
		if strings.Count(l, `"`)%2 == 1 && i > 0 && i < len(got)-1 {
			t.Errorf("line %d splits a doubled quote: %q", i, l)
		}
		joined.WriteString(l)
	}
	if joined.String() != line {
		t.Errorf("joined back:\n%s\nwant:\n%s", joined.String(), line)
	}
	if short := continueLiteral(`      error stop "short"`, 40); len(short) != 1 {
		t.Errorf("a short statement was split: %q", short)
	}
}

// TestReplayProcedures: every site is replayed as written, with the
// recorded code for an integer code, under its site number.
func TestReplayProcedures(t *testing.T) {
	pos := func(l int) frontend.Pos { return frontend.Pos{File: "/x/a.f90", Line: l, Col: 5} }
	plan := &lowering.Plan{StopSites: []*lowering.StopSite{
		{ID: 1, Stmt: &frontend.StopStmt{Error: true}, Pos: pos(3), Code: lowering.StopIntCode},
		{ID: 2, Stmt: &frontend.StopStmt{Error: true}, Pos: pos(7), Code: lowering.StopCharCode, Char: `say "hi"`, Quiet: ".true."},
		{ID: 3, Stmt: &frontend.StopStmt{}, Pos: pos(9)},
	}}
	got := replayProcedures("abc", plan)
	for _, want := range []string{
		"subroutine fgpu_abc_wait()\n    call fgpu_rt_wait()\n    call fgpu_abc_replay()",
		"subroutine fgpu_abc_wait_stops()\n    call fgpu_rt_wait_stops()\n    call fgpu_abc_replay()",
		"subroutine fgpu_abc_external()\n    call fgpu_rt_external()\n    call fgpu_abc_replay()",
		"    case (1)  ! a.f90:3\n      error stop code\n",
		"    case (2)  ! a.f90:7\n      error stop \"say \"\"hi\"\"\", quiet=.true.\n",
		"    case (3)  ! a.f90:9\n      stop\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
