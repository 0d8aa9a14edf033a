package lowering

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/rules"
)

func lower(t *testing.T, src string) (*Plan, frontend.Diagnostics) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.f90")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ds := frontend.Load([]string{path}, frontend.Options{})
	if ds.HasErrors() {
		t.Fatalf("front end: %v", ds)
	}
	cr, err := rules.Check(prog, rules.CheckOptions{Target: target.Must("cpu")})
	if err != nil {
		t.Fatal(err)
	}
	return Lower(prog, cr, Options{Target: target.Must("cpu")})
}

func TestExtractParams(t *testing.T) {
	plan, ds := lower(t, `program p
  implicit none
  integer :: i, n, cnt
  real :: a(10), b(10), s, tmp
  n = 10; s = 0; cnt = 0
  b = 1
  do concurrent (i = 1:n) reduce(+: s) local(tmp)
    tmp = b(i) * 2
    a(i) = tmp
    s = s + tmp
    if (i == 3) cnt = i
  end do
  print *, a(1), s, cnt
end program
`)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if len(plan.Kernels) != 1 {
		t.Fatalf("%d kernels, want 1", len(plan.Kernels))
	}
	got := map[string]string{}
	for _, p := range plan.Kernels[0].Params {
		got[p.Sym.Name] = [...]string{"array", "in", "out", "reduce", "last"}[p.Kind]
		if p.Kind == ArrayParam && p.Sym.Name == "a" && !p.Written {
			t.Errorf("a is written by the loop")
		}
		if p.Kind == ArrayParam && p.Sym.Name == "b" && p.Written {
			t.Errorf("b is only read by the loop")
		}
	}
	// n appears only in the header: the host evaluates the bounds. cnt,
	// written without a locality spec and read after the loop, keeps the
	// value of the last iteration that wrote it (rules/shared.mg).
	want := map[string]string{"a": "array", "b": "array", "s": "reduce", "cnt": "last"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("param %s: %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	if _, ok := got["i"]; ok {
		t.Errorf("the index must not be a parameter")
	}
	if len(plan.Kernels[0].Locals) != 1 || plan.Kernels[0].Locals[0].Sym.Name != "tmp" {
		t.Errorf("locals: %v", plan.Kernels[0].Locals)
	}
}

func TestVerifyNotYetImplemented(t *testing.T) {
	_, ds := lower(t, `module m
contains
  pure real function f(x)
    real, intent(in) :: x
    f = 2 * x
  end function
end module
program p
  use m
  implicit none
  integer :: i
  real :: a(10)
  character(len=4) :: s(10)
  do concurrent (i = 1:10)
    a(i) = f(real(i))
    s(i) = 'ab'
  end do
  print *, a(1), s(1)
end program
`)
	if !ds.HasErrors() {
		t.Fatal("want not-yet-implemented errors")
	}
	text := ""
	for _, d := range ds {
		text += d.String() + "\n"
	}
	for _, want := range []string{"not yet implemented: a value of type character"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
}

func TestPassList(t *testing.T) {
	var names []string
	for _, p := range Passes {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "dispatch,nest,components,extract,stops,packs,workspaces,serial,mapping,iterlimit,verify,kir" {
		t.Errorf("passes %v", names)
	}
}

// TestExtractSharedScalars: the scalars a loop writes without a locality
// spec are what rules/shared.mg decided: a reduction (s: a reduce
// parameter, marked inferred), a local (t, dead after the loop), a last
// value (u, printed after the loop).
func TestExtractSharedScalars(t *testing.T) {
	plan, ds := lower(t, `program p
  implicit none
  integer :: i
  real :: a(100), s, t, u
  a = 1; s = 0
  do concurrent (i = 1:100)
    t = a(i) * 2
    a(i) = t
    s = s + t
    u = t - 1
  end do
  print *, s, u
end program
`)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if len(plan.Kernels) != 1 {
		t.Fatalf("%d kernels, want 1", len(plan.Kernels))
	}
	k := plan.Kernels[0]
	got := map[string]string{}
	for _, p := range k.Params {
		got[p.Sym.Name] = [...]string{"array", "in", "out", "reduce", "last"}[p.Kind]
		if p.Sym.Name == "s" && (!p.Inferred || p.Op != "+") {
			t.Errorf("s: inferred %v, op %q; want an inferred + reduction", p.Inferred, p.Op)
		}
	}
	want := map[string]string{"a": "array", "s": "reduce", "u": "last"}
	for n, v := range want {
		if got[n] != v {
			t.Errorf("param %s: %q, want %q (all: %v)", n, got[n], v, got)
		}
	}
	if len(k.Locals) != 1 || k.Locals[0].Sym.Name != "t" {
		t.Errorf("locals: %v, want t", k.Locals)
	}
}

// TestWorkspaceUnsized: an array of the iterations the host cannot size
// is a not-yet-implemented error that says why, for a block array (a
// procedure call in its bounds, a value of the iteration) and for an
// automatic local of a procedure the loop calls; the wording is complete
// (no stray formatting).
func TestWorkspaceUnsized(t *testing.T) {
	_, ds := lower(t, `module wm
contains
  pure integer function f(n)
    integer, intent(in) :: n
    f = n + 1
  end function
  pure real(8) function g(v)
    real(8), intent(in) :: v(:)
    real(8) :: t(f(size(v)))
    t = 1
    g = sum(t)
  end function
end module
program p
  use wm
  implicit none
  integer :: i, m
  real(8) :: a(10), q(3, 10)
  m = 3
  q = 1
  do concurrent (i = 1:10)
    block
      real(8) :: w(f(m))
      integer :: k
      k = i
      block
        real(8) :: u(k)
        u = 1
        w = 1
        a(i) = sum(u) + sum(w) + g(q(:, i))
      end block
    end block
  end do
  print *, sum(a)
end program
`)
	text := ""
	for _, d := range ds {
		text += d.String() + "\n"
	}
	for _, want := range []string{
		"workspace w cannot be sized on the host: its declaration calls a procedure) [nyi_workspace]",
		"workspace u cannot be sized on the host: its declaration reads k, a value of the iteration) [nyi_workspace]",
		"workspace t cannot be sized on the host: its bounds cannot be written over the actual arguments of this call) [nyi_workspace]",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "%!") {
		t.Errorf("a malformed message:\n%s", text)
	}
}
