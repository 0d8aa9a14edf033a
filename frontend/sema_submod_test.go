package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const submodModule = `module m
  implicit none
  type t
    real :: g
  contains
    procedure :: apply => t_apply
  end type t
  interface
    module pure real function f(x)
      real, intent(in) :: x
    end function f
    module pure subroutine s(x)
      real, intent(inout) :: x
    end subroutine s
    module pure real function t_apply(self, x)
      class(t), intent(in) :: self
      real, intent(in) :: x
    end function t_apply
    module pure real function g(x)
      real, intent(in) :: x
    end function g
  end interface
contains
  subroutine run(a, tt)
    real, intent(inout) :: a(:)
    type(t), intent(in) :: tt
    integer :: i
    do concurrent (i = 1:size(a))
      a(i) = f(a(i)) + tt%apply(a(i))
      call s(a(i))
    end do
  end subroutine run
end module m
`

const submodBodies = `submodule (m) m_impl
  implicit none
contains
  module procedure f
    f = 2 * x
  end procedure f
  module pure subroutine s(x)
    real, intent(inout) :: x
    x = x + 1
  end subroutine s
end submodule m_impl
`

const submodGrandchild = `submodule (m:m_impl) m_more
  implicit none
contains
  module procedure t_apply
    t_apply = self%g * x
  end procedure t_apply
end submodule m_more
`

const submodMain = `program p
  use m
  implicit none
  real :: a(4)
  a = 1
  call run(a, t(2.0))
  call s(a(1))
  print *, f(a(2)), g(a(3))
end program p
`

// submodLoad writes the files (name -> text) and loads them in the order
// given.
func submodLoad(t *testing.T, files ...[2]string) (*Program, Diagnostics) {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, f := range files {
		p := filepath.Join(dir, f[0])
		if err := os.WriteFile(p, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return Load(paths, Options{})
}

// submodCalls maps each procedure referenced in the program (calls and
// function references) to the procedures the references resolve to.
func submodCalls(prog *Program) map[string][]*Procedure {
	out := map[string][]*Procedure{}
	var walk func(u *Procedure)
	walk = func(u *Procedure) {
		InspectStmts(u.Body, func(n Node) bool {
			switch x := n.(type) {
			case *CallStmt:
				if x.Proc != nil {
					out[x.Proc.Name] = append(out[x.Proc.Name], x.Proc)
				}
			case *Expr:
				if x.Ref == RefFunction && x.Proc != nil {
					out[x.Proc.Name] = append(out[x.Proc.Name], x.Proc)
				}
			}
			return true
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
	return out
}

// TestSubmoduleBodies: references to a separate module procedure, in the
// module, in a user of it and through a binding, resolve to its body in a
// submodule (either form, a submodule of a submodule, files in any
// order); one without a body stays its interface.
func TestSubmoduleBodies(t *testing.T) {
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}} {
		all := [][2]string{{"m.f90", submodModule}, {"impl.f90", submodBodies}, {"more.f90", submodGrandchild}, {"main.f90", submodMain}}
		var files [][2]string
		for _, i := range order {
			files = append(files, all[i])
		}
		prog, diags := submodLoad(t, files...)
		if diags.HasErrors() {
			t.Fatalf("order %v: %v", order, diags)
		}
		calls := submodCalls(prog)
		for name, want := range map[string]string{"f": "m_impl", "s": "m_impl", "t_apply": "m_more"} {
			ps := calls[name]
			if len(ps) == 0 {
				t.Errorf("order %v: no reference of %s resolved", order, name)
			}
			for _, p := range ps {
				if p.Interface || p.Host == nil || p.Host.Kind != UnitSubmodule || p.Host.Name != want || p.Scope == nil {
					t.Errorf("order %v: a reference of %s resolves to %+v, want its body in submodule %s", order, name, p.Name, want)
				}
			}
		}
		// f: 2 references (run, main); s: 2 (run, main); t_apply: 1.
		if len(calls["f"]) != 2 || len(calls["s"]) != 2 || len(calls["t_apply"]) != 1 {
			t.Errorf("order %v: references %d f, %d s, %d t_apply; want 2, 2, 1", order, len(calls["f"]), len(calls["s"]), len(calls["t_apply"]))
		}
		for _, p := range calls["g"] {
			if !p.Interface || p.Impl != nil {
				t.Errorf("order %v: g has no body among the files but resolves to %+v", order, p)
			}
		}
	}
}

// TestSubmoduleBodiesAlone: without the submodules (a -c compile of the
// module alone), the references are the interfaces.
func TestSubmoduleBodiesAlone(t *testing.T) {
	prog, diags := submodLoad(t, [2]string{"m.f90", submodModule})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for name, ps := range submodCalls(prog) {
		for _, p := range ps {
			if !p.Interface {
				t.Errorf("%s resolves to a body, but no file has one", name)
			}
		}
	}
}

// TestSubmoduleBodyTwice: two submodules implementing one interface is an
// error at the second.
func TestSubmoduleBodyTwice(t *testing.T) {
	twice := strings.Replace(submodBodies, "submodule (m) m_impl", "submodule (m) m_other", 1)
	twice = strings.ReplaceAll(twice, "m_impl", "m_other")
	_, diags := submodLoad(t, [2]string{"m.f90", submodModule}, [2]string{"impl.f90", strings.Replace(submodBodies, "  module procedure f\n    f = 2 * x\n  end procedure f\n", "", 1)}, [2]string{"other.f90", twice})
	found := false
	for _, d := range diags {
		if strings.Contains(d.Msg, "separate module procedure s is implemented twice") {
			found = true
		}
	}
	if !found {
		t.Errorf("no error for s implemented twice: %v", diags)
	}
}

// TestSubmoduleProcedureTwice: two "module procedure f" bodies of one
// interface are an error at the second.
func TestSubmoduleProcedureTwice(t *testing.T) {
	other := "submodule (m) m_other\ncontains\n  module procedure f\n    f = 3 * x\n  end procedure f\nend submodule m_other\n"
	_, diags := submodLoad(t, [2]string{"m.f90", submodModule}, [2]string{"impl.f90", submodBodies}, [2]string{"other.f90", other})
	found := false
	for _, d := range diags {
		if strings.Contains(d.Msg, "separate module procedure f is implemented twice") {
			found = true
		}
	}
	if !found {
		t.Errorf("no error for f implemented twice: %v", diags)
	}
}
