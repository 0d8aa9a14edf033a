package lowering

import (
	"fgpu/frontend/target"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/rules"
)

// arrayStmts runs the array statement passes on a program whose host loop
// launches `do concurrent (i = 1:n) x(i) = x(i) + y(i)`.
func arrayStmts(t *testing.T, dev, decls, stmts string) (*rules.CheckResult, *ArrayStmts) {
	t.Helper()
	src := fmt.Sprintf(`program p
  implicit none
  integer, parameter :: n = 8
  real :: x(n), y(n), z(n, 3)
  integer :: i, it
%s
  y = 1; x = 0; z = 2
  do it = 1, 3
    do concurrent (i = 1:n)
      x(i) = x(i) + y(i)
    end do
%s
  end do
  print *, x
contains
  pure real function f(s)
    real, intent(in) :: s
    f = s
  end function
end program
`, decls, stmts)
	path := filepath.Join(t.TempDir(), "p.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ds := frontend.Load([]string{path}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatalf("front end: %v", ds)
	}
	opts := rules.CheckOptions{Target: target.Must(dev)}
	cr, err := rules.Check(prog, opts)
	if err != nil {
		t.Fatal(err)
	}
	cr, as, err := ArrayStatements(prog, cr, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(cr.Diags) != 0 {
		t.Errorf("diagnostics the source did not have: %v", cr.Diags)
	}
	return cr, as
}

// render writes a synthesised loop as Fortran-like text, checking that
// every node carries a type.
func render(t *testing.T, k *frontend.Construct) string {
	t.Helper()
	d := k.Head.(*frontend.DoStmt)
	var ix []string
	for _, c := range d.Concurrent.Indices {
		s := k.Scope.Local(c.Name)
		if s == nil || s.Type != frontend.Int8Type {
			t.Errorf("index %s: symbol %v", c.Name, s)
		}
		ix = append(ix, fmt.Sprintf("%s = %s:%s", c.Name, c.Lo, c.Hi))
	}
	a := k.Body[0].(*frontend.AssignStmt)
	var typed func(e *frontend.Expr)
	typed = func(e *frontend.Expr) {
		if e == nil || e.Kind == frontend.ERange {
			return
		}
		if !e.Type.Known() && e.Kind != frontend.EKeyword {
			t.Errorf("untyped node %s", e)
		}
		if e.Kind == frontend.EName && e.Sym == nil && e.Ref != frontend.RefIntrinsic {
			if e.Type.Known() {
				t.Errorf("name without a symbol: %s", e)
			}
		}
		if e.Kind != frontend.ERef || e.Ref != frontend.RefIntrinsic {
			typed(e.X)
		}
		typed(e.Y)
		for _, x := range e.Args {
			typed(x)
		}
	}
	typed(a.LHS)
	typed(a.RHS)
	if a.LHS.Rank != 0 || a.RHS.Rank != 0 {
		t.Errorf("ranks %d = %d, want scalars", a.LHS.Rank, a.RHS.Rank)
	}
	if k.Pos != a.Pos || d.Pos != a.Pos || k.End.(*frontend.EndStmt).EndLine < a.Pos.Line {
		t.Errorf("positions: loop %v, do %v, body %v", k.Pos, d.Pos, a.Pos)
	}
	return fmt.Sprintf("do concurrent (%s) %s = %s", strings.Join(ix, ", "), a.LHS, a.RHS)
}

func TestArrayStatementsSynthesize(t *testing.T) {
	for _, tc := range []struct {
		name, decls, stmts string
		want               []string
	}{
		{"clear", "", "    x = 0", []string{
			"do concurrent (fgpu_i1 = 1:size(x, 1)) x(((lbound(x, 1) + fgpu_i1) - 1)) = 0"}},
		{"reads target element for element", "", "    x = 2*x + y", []string{
			"do concurrent (fgpu_i1 = 1:size(x, 1)) x(((lbound(x, 1) + fgpu_i1) - 1)) = ((2 * x(((lbound(x, 1) + fgpu_i1) - 1))) + y(((lbound(y, 1) + fgpu_i1) - 1)))"}},
		{"sum over dim", "  real :: dcdb(n)", "    dcdb = sum(z, dim=2)\n    x = x + dcdb", []string{
			"do concurrent (fgpu_i1 = 1:size(dcdb, 1)) dcdb(((lbound(dcdb, 1) + fgpu_i1) - 1)) = sum(z(((lbound(z, 1) + fgpu_i1) - 1), :))",
			"do concurrent (fgpu_i1 = 1:size(x, 1)) x(((lbound(x, 1) + fgpu_i1) - 1)) = (x(((lbound(x, 1) + fgpu_i1) - 1)) + dcdb(((lbound(dcdb, 1) + fgpu_i1) - 1)))"}},
		{"associate name", "", "    associate (xx => x)\n      xx = sqrt(xx) + it\n    end associate", []string{
			"do concurrent (fgpu_i1 = 1:size(xx, 1)) xx(((lbound(xx, 1) + fgpu_i1) - 1)) = (sqrt(xx(((lbound(xx, 1) + fgpu_i1) - 1))) + it)"}},
		{"index name taken", "  integer :: fgpu_i1", "    x = 1", []string{
			"do concurrent (fgpu_i1_1 = 1:size(x, 1)) x(((lbound(x, 1) + fgpu_i1_1) - 1)) = 1"}},
		{"neg reversed section", "", "    x = x(n:1:-1)", nil},
		{"neg other element", "", "    x = x(1) + y", nil},
		{"neg call in a scalar", "", "    x = f(2.0) * y", nil},
		{"neg not named by the loop", "  real :: w(n)", "    w = 3", nil},
		{"neg allocatable with an array value", "  real, allocatable :: a(:)", "    a = y", nil},
		{"component of a scalar (handed over on its own)", "  type t\n    real :: v(8)\n  end type\n  type(t) :: o", "    o%v = x\n    x = o%v", []string{"do concurrent (fgpu_i1 = 1:size(o%v, 1)) o%v(((lbound(o%v, 1) + fgpu_i1) - 1)) = x(((lbound(x, 1) + fgpu_i1) - 1))"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, as := arrayStmts(t, "cpu", tc.decls, tc.stmts)
			var got []string
			for _, sl := range as.Loops {
				got = append(got, render(t, sl.Loop))
				if len(sl.Why) == 0 {
					t.Errorf("no derivation for %s", sl.Assign.LHS)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestArrayStatementsCheckSeesLoops(t *testing.T) {
	cr, as := arrayStmts(t, "cpu", "", "    x = 0\n    x = 2*x + y")
	if len(as.Loops) != 2 || len(as.Dead) != 0 { // x = 0 is read by the next statement: not dead
		t.Fatalf("loops %d dead %d", len(as.Loops), len(as.Dead))
	}
	found := false
	for _, l := range cr.Loops {
		if l.Pos == as.Loops[0].Assign.Pos {
			found = l.Outcome == "offload"
		}
	}
	if !found {
		t.Errorf("the synthesised loop is not an offloaded loop of the final check: %+v", cr.Loops)
	}
}

func TestArrayStatementsDeadStore(t *testing.T) {
	_, as := arrayStmts(t, "cpu", "  real :: dcdb(n)", "    dcdb = 0.\n    dcdb = sum(z, dim=2)\n    x = x + dcdb")
	if len(as.Dead) != 1 || as.Dead[0].Text != "dcdb = 0." {
		t.Fatalf("dead stores: %+v", as.Dead)
	}
	if len(as.Loops) != 2 {
		t.Errorf("loops: %d, want 2", len(as.Loops))
	}
}

func TestArrayStatementsMetalReal8StaysOnHost(t *testing.T) {
	_, as := arrayStmts(t, "metal", "  real(8) :: d(n)", "    d = 1\n    x = real(d, 4) + x")
	if len(as.Loops) != 0 {
		t.Errorf("real(8) on metal sent to the device: %d loops", len(as.Loops))
	}
	_, as = arrayStmts(t, "cuda", "  real(8) :: d(n)", "    d = 1\n    x = real(d, 4) + x")
	if len(as.Loops) != 2 {
		t.Errorf("cuda: %d loops, want 2 (x = real(d, 4) + x, and d = 1 because that statement names d)", len(as.Loops))
	}
}

func TestArrayStatementsNoParallelLoop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.f90")
	src := "program p\n  real :: x(4)\n  integer :: it\n  do it = 1, 3\n    x = 0\n    x = x + it\n  end do\n  print *, x\nend program\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, _ := frontend.Load([]string{path}, frontend.Options{})
	cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must("cpu")})
	if err != nil {
		t.Fatal(err)
	}
	cr2, as, err := ArrayStatements(prog, cr, rules.CheckOptions{Target: target.Must("cpu")})
	if err != nil || cr2 != cr || len(as.Loops)+len(as.Dead) != 0 {
		t.Errorf("a program without parallel loops changed: %v %d %d", err, len(as.Loops), len(as.Dead))
	}
}
