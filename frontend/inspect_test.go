package frontend

import (
	"fmt"
	"strings"
	"testing"
)

// inspectTrace renders what Inspect visits: a statement by its keyword
// (Kw), a construct as "{", an expression by its name, literal or operator;
// it checks that every visit whose children were entered ends with f(nil).
func inspectTrace(n Node) string {
	var out []string
	depth := 0
	Inspect(n, func(n Node) bool {
		switch x := n.(type) {
		case nil:
			depth--
			return false
		case *Procedure:
			out = append(out, "unit:"+x.Name)
		case *Construct:
			out = append(out, "{")
		case Stmt:
			out = append(out, StmtBaseOf(x).Kw)
		case *Expr:
			switch x.Kind {
			case EName, EComponent, EKeyword:
				out = append(out, x.Name)
			case ELit:
				out = append(out, x.Lit.Value)
			case EBinary, EUnary:
				out = append(out, x.Op)
			case ERef:
				out = append(out, "()")
			case ERange:
				out = append(out, ":")
			case EImpliedDo:
				out = append(out, "do:"+x.Name)
			case EStar:
				out = append(out, "*")
			default:
				out = append(out, fmt.Sprint("kind", int(x.Kind)))
			}
		}
		depth++
		return true
	})
	if depth != 0 {
		return fmt.Sprintf("unbalanced f(nil) calls: %d", depth)
	}
	return strings.Join(out, " ")
}

func TestInspectOrder(t *testing.T) {
	units := parseOnly(t, `subroutine s(a, n)
  integer :: n, i
  real :: a(n)
  if (n > 0) a(1) = 2
  do concurrent (i = 1:n, a(i) > 0) local(t)
    a(i) = -a(i)
  end do
  select case (n)
  case (1:3)
    call f(a(2:n), k=n)
  case default
    write (*, '(a)', advance='no') (a(i), i = 1, n)
  end select
  10 continue
  stop n
contains
  subroutine f(x, k)
  end subroutine
end subroutine
`)
	got := inspectTrace(units[0])
	want := "unit:s subroutine decl decl " +
		"if > n 0 = () a 1 2 " +
		"{ do 1 n > () a i 0 = () a i - () a i end " +
		"{ selectcase n case 1 3 call () f () a : 2 n k n case " +
		"write * '(a)' advance 'no' do:i () a i 1 n end " +
		"continue stop n unit:f subroutine end end"
	if got != want {
		t.Errorf("Inspect order:\n got %s\nwant %s", got, want)
	}
}

func TestInspectSkipsChildren(t *testing.T) {
	units := parseOnly(t, `program p
  integer :: i, a(3)
  do i = 1, 3
    if (i > 1) a(i) = i
  end do
end program
`)
	var kws []string
	Inspect(units[0], func(n Node) bool {
		switch x := n.(type) {
		case *Procedure:
			return true
		case *Construct:
			kws = append(kws, "construct")
			return false // the loop's head and body are skipped
		case Stmt:
			kws = append(kws, StmtBaseOf(x).Kw)
		case *Expr:
			t.Errorf("visited expression %s below a statement that returned false", sx(x))
		}
		return false
	})
	if got := strings.Join(kws, " "); got != "program decl construct end" {
		t.Errorf("visited %q", got)
	}
}

// TestInspectTerminalOnce: the labelled terminal statement of a DO is both
// the last statement of its body and the construct's End; Inspect visits it
// once.
func TestInspectTerminalOnce(t *testing.T) {
	units := parseOnly(t, `subroutine s
  do 10 i = 1, 3
    x = i
10 continue
end subroutine
`)
	n := 0
	Inspect(units[0], func(nd Node) bool {
		if _, ok := nd.(*ContinueStmt); ok {
			n++
		}
		return nd != nil
	})
	if n != 1 {
		t.Errorf("the terminal continue was visited %d times, want 1", n)
	}
}

func TestRootSymbol(t *testing.T) {
	prog, ds := LoadSource("t.f90", []byte(`module m
  type t
    real :: c(3)
  end type
  type(t) :: v(2)
end module
subroutine s
  use m, only: w => v
  real :: y
  y = w(1)%c(2) + 1
end subroutine
`))
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	mv := prog.Modules["m"].Scope.Local("v")
	var s *Procedure
	for _, f := range prog.Files {
		for _, u := range f.Units {
			if u.Name == "s" {
				s = u
			}
		}
	}
	a := s.Body[0].(*AssignStmt)
	d := a.RHS.X // w(1)%c(2)
	if got := RootSymbol(d); got != mv {
		t.Errorf("RootSymbol(%s) = %v, want the module's v", sx(d), got)
	}
	local := LocalRootSymbol(d)
	if local == nil || local.Name != "w" || local.Use == nil || UltimateSymbol(local) != mv {
		t.Errorf("LocalRootSymbol(%s) = %+v, want the local w, use-associated with m's v", sx(d), local)
	}
	if got := RootSymbol(a.RHS); got != nil {
		t.Errorf("RootSymbol of an operation = %v, want nil", got)
	}
	if got := UltimateSymbol(nil); got != nil {
		t.Errorf("UltimateSymbol(nil) = %v", got)
	}
}

func TestPromoteNumeric(t *testing.T) {
	r4, r8 := RealType, DoubleType
	c4, c8 := ComplexType, DComplexTy
	i4, i8 := IntType, Int8Type
	for _, c := range []struct{ a, b, want Type }{
		{i4, i8, i8}, {i8, i4, i8},
		{i8, r4, r4}, {r4, i8, r4},
		{r4, r8, r8}, {r8, r4, r8},
		{r8, c4, c8}, {c4, r8, c8}, {c8, r4, c8},
		{i4, c4, c4},
		{BOZType, r8, r8}, {BOZType, BOZType, i4},
		{LogicalType, Type{Base: TyLogical, Kind: 8}, Type{Base: TyLogical, Kind: 8}},
		{UnknownType, r4, UnknownType},
	} {
		if got := PromoteNumeric(c.a, c.b); got != c.want {
			t.Errorf("PromoteNumeric(%s, %s) = %s, want %s", c.a, c.b, got, c.want)
		}
	}
}
