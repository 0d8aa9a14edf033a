package frontend

// Unit tests of the statement parser and block builder: each statement
// kind is parsed at least once (without semantic analysis) and its AST
// inspected.

import (
	"strings"
	"testing"
)

// parseOnly lexes, parses and builds the blocks of src (no sema) and fails
// the test on any diagnostic.
func parseOnly(t *testing.T, src string) []*Procedure {
	t.Helper()
	units, ds := parseWithDiags("t.f90", src)
	if len(ds) > 0 {
		var b strings.Builder
		ds.Render(&b, nil)
		t.Fatalf("parse reports:\n%s", b.String())
	}
	return units
}

func parseWithDiags(path, src string) ([]*Procedure, Diagnostics) {
	prog := &Program{Modules: map[string]*Procedure{}, Globals: map[string]*Procedure{}, lines: map[string][]string{}}
	d := &diagSink{}
	f := parseSource(prog, path, []byte(src), Options{}, d)
	if f == nil {
		return nil, d.list.Sort()
	}
	return f.Units, d.list.Sort()
}

// allStmts lists every statement of the units (spec and body, constructs
// entered, contained procedures and interface bodies included).
func allStmts(units []*Procedure) []Stmt {
	var out []Stmt
	var visit func(u *Procedure)
	visit = func(u *Procedure) {
		if u.Head != nil {
			out = append(out, u.Head)
		}
		for _, s := range u.Spec {
			out = append(out, s)
			switch x := s.(type) {
			case *TypeDef:
				out = append(out, x.Head)
				out = append(out, x.Components...)
				out = append(out, x.Bindings...)
			case *InterfaceBlock:
				out = append(out, x.Head)
				for _, b := range x.Bodies {
					visit(b)
				}
				for _, p := range x.Procs {
					out = append(out, p)
				}
			case *EnumDef:
				out = append(out, x.Head)
				for _, e := range x.Items {
					out = append(out, e)
				}
			}
		}
		walkStmts(u.Body, func(s Stmt) { out = append(out, s) })
		for _, c := range u.Contains {
			visit(c)
		}
		if u.End != nil {
			out = append(out, u.End)
		}
	}
	for _, u := range units {
		visit(u)
	}
	return out
}

// find returns the n-th (0-based) statement of type T.
func find[T Stmt](t *testing.T, units []*Procedure, n int) T {
	t.Helper()
	i := 0
	for _, s := range allStmts(units) {
		if x, ok := s.(T); ok {
			if i == n {
				return x
			}
			i++
		}
	}
	var zero T
	t.Fatalf("no statement #%d of type %T (found %d)", n, zero, i)
	return zero
}

// sx renders an expression fully parenthesised, for checking
// precedence and structure.
func sx(e *Expr) string {
	if e == nil {
		return "_"
	}
	switch e.Kind {
	case ELit:
		return e.Lit.Value
	case EName:
		return e.Name
	case ERef:
		return sx(e.X) + "(" + sxList(e.Args) + ")"
	case EComponent:
		return sx(e.X) + "%" + e.Name
	case EBinary:
		return "(" + sx(e.X) + " " + e.Op + " " + sx(e.Y) + ")"
	case EUnary:
		return "(" + e.Op + " " + sx(e.X) + ")"
	case EParen:
		return "[" + sx(e.X) + "]"
	case EComplex:
		return "cmplx(" + sx(e.X) + ", " + sx(e.Y) + ")"
	case EArray:
		ts := ""
		if e.TypeSpec != nil {
			ts = e.TypeSpec.String() + " :: "
		}
		return "[/" + ts + sxList(e.Args) + "/]"
	case EImpliedDo:
		return "(" + sxList(e.Args) + ", " + e.Name + " = " + sx(e.Range[0]) + ", " + sx(e.Range[1]) + ", " + sx(e.Range[2]) + ")"
	case ERange:
		return sx(e.Range[0]) + ":" + sx(e.Range[1]) + ":" + sx(e.Range[2])
	case EKeyword:
		return e.Name + "=" + sx(e.X)
	case EStar:
		return "*" + e.Label
	}
	return "?"
}

func sxList(es []*Expr) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, sx(e))
	}
	return strings.Join(parts, ", ")
}

func TestParseExprPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a - b - c", "((a - b) - c)"},
		{"a ** b ** c", "(a ** (b ** c))"},
		{"-a ** 2", "(- (a ** 2))"},
		{"-a * b", "(- (a * b))"},
		{"a // b == c", "((a // b) == c)"},
		{"a + b < c .and. d", "(((a + b) < c) .and. d)"},
		{"a .lt. b", "(a < b)"},
		{".not. a .and. b", "((.not. a) .and. b)"},
		{"a .or. b .and. c", "(a .or. (b .and. c))"},
		{"a .eqv. b .or. c", "(a .eqv. (b .or. c))"},
		{"a .dot. b + c", "(a .dot. (b + c))"},
		{"(a + b) * c", "([(a + b)] * c)"},
		{"f(x, 1:n:2, :, k=3)", "f(x, 1:n:2, _:_:_, k=3)"},
		{"a%b(i)%c", "a%b(i)%c"},
		{"(1.0, -2.0)", "cmplx(1.0, (- 2.0))"},
		{"[integer :: 1, 2]", "[/integer :: 1, 2/]"},
		{"[(i*2, i = 1, n)]", "[/((i * 2), i = 1, n, _)/]"},
		{"s(2:3)", "s(2:3:_)"},
		{"1.eq.2", "(1 == 2)"},
	}
	for _, tt := range tests {
		// Lexed as the right-hand side of an assignment: a leading
		// integer would otherwise be a statement label.
		x, err := parseExprToks(lexString(t, "x = "+tt.src)[0].Toks[2:])
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := sx(x); got != tt.want {
			t.Errorf("%s\n got: %s\nwant: %s", tt.src, got, tt.want)
		}
	}
}

func TestParseDoConcurrent(t *testing.T) {
	units := parseOnly(t, `program p
  integer :: a(10, 10), s
  do concurrent (integer :: i = 1:10, j = 2:n:2, a(i, j) > 0) local(t, u) local_init(v) shared(a) default(none) reduce(+: s) reduce(max: m)
    s = s + a(i, j)
  end do
end program`)
	d := find[*DoStmt](t, units, 0)
	h := d.Concurrent
	if h == nil {
		t.Fatal("no concurrent header")
	}
	if h.Type == nil || h.Type.Name != "integer" {
		t.Errorf("type-spec %v, want integer", h.Type)
	}
	if len(h.Indices) != 2 {
		t.Fatalf("%d indices, want 2", len(h.Indices))
	}
	i, j := h.Indices[0], h.Indices[1]
	if i.Name != "i" || sx(i.Lo) != "1" || sx(i.Hi) != "10" || i.Step != nil {
		t.Errorf("index i: %s = %s:%s:%s", i.Name, sx(i.Lo), sx(i.Hi), sx(i.Step))
	}
	if j.Name != "j" || sx(j.Lo) != "2" || sx(j.Hi) != "n" || sx(j.Step) != "2" {
		t.Errorf("index j: %s = %s:%s:%s", j.Name, sx(j.Lo), sx(j.Hi), sx(j.Step))
	}
	if got := sx(h.Mask); got != "(a(i, j) > 0)" {
		t.Errorf("mask %s", got)
	}
	var locs []string
	for _, l := range d.Locality {
		s := l.Kind + "(" + strings.Join(l.Names, ",") + ")"
		if l.Op != "" {
			s = l.Kind + "(" + l.Op + ":" + strings.Join(l.Names, ",") + ")"
		}
		locs = append(locs, s)
	}
	if got, want := strings.Join(locs, " "), "local(t,u) local_init(v) shared(a) default(none) reduce(+:s) reduce(max:m)"; got != want {
		t.Errorf("locality\n got: %s\nwant: %s", got, want)
	}
	if d.Var != "" || d.While != nil {
		t.Errorf("concurrent DO has Var %q / While", d.Var)
	}
}

func TestParseDoForms(t *testing.T) {
	units := parseOnly(t, `program p
  outer: do i = 1, n, 2
    do while (x < 1.0)
      exit outer
    end do
    do
      cycle outer
    end do
  end do outer
  do 10 k = 1, 3
    y = k
10 continue
end program`)
	d0 := find[*DoStmt](t, units, 0)
	if d0.Name != "outer" || d0.Var != "i" || sx(d0.Lo) != "1" || sx(d0.Hi) != "n" || sx(d0.Step) != "2" {
		t.Errorf("counted DO: name %q var %q", d0.Name, d0.Var)
	}
	if d1 := find[*DoStmt](t, units, 1); sx(d1.While) != "(x < 1.0)" {
		t.Errorf("DO WHILE cond %s", sx(d1.While))
	}
	if d2 := find[*DoStmt](t, units, 2); d2.Var != "" || d2.While != nil || d2.Concurrent != nil {
		t.Errorf("infinite DO has a header")
	}
	if d3 := find[*DoStmt](t, units, 3); d3.EndLabel != "10" || d3.Var != "k" {
		t.Errorf("labelled DO: end label %q", d3.EndLabel)
	}
	if e := find[*ExitStmt](t, units, 0); e.Name != "outer" {
		t.Errorf("exit name %q", e.Name)
	}
	if c := find[*CycleStmt](t, units, 0); c.Name != "outer" {
		t.Errorf("cycle name %q", c.Name)
	}
	// The labelled DO's body ends at its terminal statement.
	var labelled *Construct
	walkStmts(units[0].Body, func(s Stmt) {})
	for _, s := range units[0].Body {
		if c, ok := s.(*Construct); ok {
			if d, ok := c.Head.(*DoStmt); ok && d.EndLabel == "10" {
				labelled = c
			}
		}
	}
	if labelled == nil || labelled.End == nil || labelled.End.base().Label != "10" {
		t.Errorf("labelled DO construct does not end at label 10: %+v", labelled)
	}
}

func TestParseUnitsAndSpecs(t *testing.T) {
	units := parseOnly(t, `module m
  use iso_fortran_env, only: wp => real64, int32
  use other, a => b
  implicit none
  private
  public :: f, operator(+)
  integer, parameter :: n = 10
  real(wp), allocatable, target :: x(:, :)
  character(len=*), parameter :: s = 'x'
  type, extends(base) :: pt
    sequence
    real :: c(3) = 0.0
    procedure(iface), pointer, nopass :: fp => null()
  contains
    procedure, pass(self) :: norm => pt_norm, scale
    generic :: operator(+) => add
    final :: clean
  end type pt
  interface operator(+)
    module procedure add
  end interface
  abstract interface
    pure function iface(x) result(y)
      real, intent(in) :: x
      real :: y
    end function
  end interface
  enum, bind(c)
    enumerator :: red = 1, green
  end enum
  common /blk/ p, q(3)
  namelist /nml/ n2, x2
  equivalence (e1, e2(1))
  data d1, d2 /1, 2*0.0/
  procedure(iface), pointer :: pp
contains
  elemental real function f(a) result(r) bind(c, name='f_c')
    real, value :: a
    r = a
  end function f
  recursive subroutine sub(a, *)
    import :: pt
    integer, intent(inout) :: a
  end subroutine
end module m
submodule (m:sm) child
contains
  module procedure g
  end procedure g
end submodule child`)
	if len(units) != 2 || units[0].Kind != UnitModule || units[1].Kind != UnitSubmodule {
		t.Fatalf("units %v", units)
	}
	use := find[*UseStmt](t, units, 0)
	if use.Module != "iso_fortran_env" || !use.Only || len(use.Items()) != 2 || use.Items()[0].Local.Name != "wp" || use.Items()[0].Use.Name != "real64" {
		t.Errorf("use only: %+v", use)
	}
	if u2 := find[*UseStmt](t, units, 1); u2.Only || len(u2.Renames) != 1 || u2.Renames[0].Local.Name != "a" {
		t.Errorf("use rename: %+v", u2)
	}
	if im := find[*ImplicitStmt](t, units, 0); !im.None {
		t.Error("implicit none not recognised")
	}
	acc := find[*AttrStmt](t, units, 1)
	if acc.Attr.Word != "public" || len(acc.Entities) != 2 || acc.Entities[1].Spec.String() != "operator(+)" {
		t.Errorf("public stmt: %+v", acc)
	}
	decl := find[*TypeDeclStmt](t, units, 1)
	if decl.Type.Name != "real" || sx(decl.Type.Kind) != "wp" || len(decl.Attrs) != 2 || decl.Entities[0].Array == nil || len(decl.Entities[0].Array.Dims) != 2 {
		t.Errorf("real(wp) decl: %+v", decl)
	}
	if cd := find[*TypeDeclStmt](t, units, 2); !cd.Type.LenStar || sx(cd.Entities[0].Init) != "'x'" {
		t.Errorf("character(len=*) decl: %+v", cd.Type)
	}
	td := find[*TypeDef](t, units, 0)
	if td.Head.Name != "pt" || !td.Sequence || len(td.Components) != 2 || len(td.Bindings) != 3 {
		t.Errorf("type def: name %q seq %v comps %d bindings %d", td.Head.Name, td.Sequence, len(td.Components), len(td.Bindings))
	}
	if td.Head.Attrs[0].Extends != "base" {
		t.Errorf("extends %q", td.Head.Attrs[0].Extends)
	}
	b := find[*BindingStmt](t, units, 0)
	if len(b.Bindings) != 2 || b.Bindings[0].Name != "norm" || b.Bindings[0].Target != "pt_norm" || b.Attrs[0].Pass == nil || b.Attrs[0].Pass.Arg != "self" {
		t.Errorf("binding: %+v", b)
	}
	if g := find[*GenericBindingStmt](t, units, 0); g.Spec.String() != "operator(+)" || g.Targets[0] != "add" {
		t.Errorf("generic binding: %+v", g)
	}
	if f := find[*FinalStmt](t, units, 0); f.Names[0] != "clean" {
		t.Errorf("final: %+v", f)
	}
	pd := find[*ProcDeclStmt](t, units, 0)
	if pd.Interface.Name != "iface" || pd.Entities[0].Name != "fp" || pd.Entities[0].PtrInit == nil {
		t.Errorf("procedure component: %+v", pd)
	}
	ib := find[*InterfaceBlock](t, units, 0)
	if ib.Head.Spec.String() != "operator(+)" || len(ib.Procs) != 1 || !ib.Procs[0].Module || ib.Procs[0].Names[0] != "add" {
		t.Errorf("interface operator(+): %+v", ib.Head)
	}
	ab := find[*InterfaceBlock](t, units, 1)
	if !ab.Head.Abstract || len(ab.Bodies) != 1 || ab.Bodies[0].Name != "iface" || !ab.Bodies[0].IsFunction {
		t.Errorf("abstract interface: %+v", ab.Head)
	}
	if fs := find[*FunctionStmt](t, units, 0); fs.ResultName() != "y" || fs.Prefixes[0].Word != "pure" {
		t.Errorf("interface function: %+v", fs)
	}
	en := find[*EnumDef](t, units, 0)
	if en.Head.Bind == nil || len(en.Items) != 1 || len(en.Items[0].Entities) != 2 {
		t.Errorf("enum: %+v", en)
	}
	cm := find[*CommonStmt](t, units, 0)
	if cm.Blocks[0].Name.Name != "blk" || len(cm.Blocks[0].Entities) != 2 {
		t.Errorf("common: %+v", cm.Blocks[0])
	}
	if nl := find[*NamelistStmt](t, units, 0); nl.Groups[0].Name != "nml" || len(nl.Groups[0].Names) != 2 {
		t.Errorf("namelist: %+v", nl.Groups[0])
	}
	if eq := find[*EquivalenceStmt](t, units, 0); len(eq.Sets) != 1 || len(eq.Sets[0].Objects) != 2 {
		t.Errorf("equivalence: %+v", eq)
	}
	da := find[*DataStmt](t, units, 0)
	if len(da.Sets) != 1 || len(da.Sets[0].Objects) != 2 || len(da.Sets[0].Values) != 2 || sx(da.Sets[0].Values[1].Repeat) != "2" {
		t.Errorf("data: %+v", da.Sets)
	}
	f := units[0].Contains[0]
	if f.Name != "f" || !f.IsFunction || !f.Elemental || !f.BindC || f.Kind != UnitFunction {
		t.Errorf("function f: %+v", f)
	}
	fs := f.Head.(*FunctionStmt)
	if fs.ResultName() != "r" || fs.BindOf() == nil || sx(fs.BindOf().Name) != "'f_c'" || fs.Prefixes[1].Type == nil {
		t.Errorf("function statement: %+v", fs)
	}
	sub := units[0].Contains[1]
	if !sub.Recursive || sub.Head.(*SubroutineStmt).Args[1] != "*" {
		t.Errorf("subroutine: %+v", sub.Head)
	}
	if im := find[*ImportStmt](t, units, 0); im.Names[0] != "pt" {
		t.Errorf("import: %+v", im)
	}
	sm := units[1].Head.(*SubmoduleStmt)
	if sm.Ancestor != "m" || sm.Parent != "sm" || sm.Name != "child" {
		t.Errorf("submodule: %+v", sm)
	}
	if mp := units[1].Contains[0]; mp.Name != "g" || !mp.Separate {
		t.Errorf("module procedure: %+v", mp)
	}
}

func TestParseExecutable(t *testing.T) {
	units := parseOnly(t, `program p
  x = 1
  ptr => tgt
  call s(1, b=2)
  call obj%method
  if (a > b) x = 2
  if (a) 10, 20, 30
10 continue
20 continue
30 continue
  chk: if (a) then
  else if (b) then chk
  else chk
  end if chk
  select case (n)
  case (1, 3:5, :0)
  case default
  end select
  select type (q => obj)
  type is (integer)
  class is (shape)
  class default
  end select
  select rank (arr)
  rank (0)
  rank (*)
  rank default
  end select
  where (a > 0) b = 1
  where (a > 0)
    b = 2
  elsewhere (a < 0)
    b = 3
  elsewhere
    b = 4
  end where
  forall (i = 1:n, j = 1:m, i /= j) c(i, j) = 0
  forall (i = 1:n)
    c(i, i) = 1
  end forall
  named: block
    integer :: t
    t = 1
  end block named
  associate (v => x%y, w => 2*z)
  end associate
  critical
  end critical
  allocate (real :: buf(n), stat=ierr, errmsg=msg)
  allocate (obj2, source=obj)
  deallocate (buf, stat=ierr)
  nullify (ptr, q%next)
  print *, 'a', x
  print '(a)', 'b'
  write (unit=6, fmt='(i0)', advance='no') (k, k = 1, 3)
  read (5, *, iostat=ios) x, y
  open (newunit=u, file='f.txt', status='replace')
  close (u)
  inquire (file='f.txt', exist=ex)
  rewind u
  go to 10
  go to (10, 20), k
  stop 'bye'
  error stop 3, quiet=.true.
  return
end program`)
	if a := find[*AssignStmt](t, units, 0); sx(a.LHS) != "x" || sx(a.RHS) != "1" {
		t.Errorf("assign: %s = %s", sx(a.LHS), sx(a.RHS))
	}
	if pa := find[*PtrAssignStmt](t, units, 0); sx(pa.LHS) != "ptr" || sx(pa.RHS) != "tgt" {
		t.Errorf("pointer assign")
	}
	if c := find[*CallStmt](t, units, 0); len(c.Args) != 2 || sx(c.Args[1]) != "b=2" {
		t.Errorf("call: %s", sx(c.Callee))
	}
	if c := find[*CallStmt](t, units, 1); sx(c.Callee) != "obj%method" || len(c.Args) != 0 {
		t.Errorf("call binding: %s", sx(c.Callee))
	}
	if is := find[*IfStmt](t, units, 0); sx(is.Cond) != "(a > b)" {
		t.Errorf("logical if: %s", sx(is.Cond))
	} else if _, ok := is.Action.(*AssignStmt); !ok {
		t.Errorf("logical if action %T", is.Action)
	}
	if ai := find[*ArithIfStmt](t, units, 0); strings.Join(ai.Labels, ",") != "10,20,30" {
		t.Errorf("arithmetic if labels %v", ai.Labels)
	}
	if it := find[*IfThenStmt](t, units, 0); it.Name != "chk" {
		t.Errorf("if-then name %q", it.Name)
	}
	if ei := find[*ElseIfStmt](t, units, 0); ei.Name != "chk" || sx(ei.Cond) != "b" {
		t.Errorf("else if: %+v", ei)
	}
	if el := find[*ElseStmt](t, units, 0); el.Name != "chk" {
		t.Errorf("else name %q", el.Name)
	}
	find[*SelectCaseStmt](t, units, 0)
	cs := find[*CaseStmt](t, units, 0)
	if len(cs.Items) != 3 || !cs.Items[1].Colon || sx(cs.Items[1].Lo) != "3" || sx(cs.Items[1].Hi) != "5" || cs.Items[2].Lo != nil {
		t.Errorf("case ranges: %+v", cs.Items)
	}
	if cd := find[*CaseStmt](t, units, 1); !cd.Default {
		t.Error("case default")
	}
	if st := find[*SelectTypeStmt](t, units, 0); st.Assoc != "q" || sx(st.Expr) != "obj" {
		t.Errorf("select type: %+v", st)
	}
	if g := find[*TypeGuardStmt](t, units, 0); g.Guard != "typeis" || g.Type == nil || g.Type.Name != "integer" {
		t.Errorf("type is: %+v", g)
	}
	if g := find[*TypeGuardStmt](t, units, 1); g.Guard != "classis" || g.Derived != "shape" {
		t.Errorf("class is: %+v", g)
	}
	if g := find[*TypeGuardStmt](t, units, 2); g.Guard != "classdefault" {
		t.Errorf("class default: %+v", g)
	}
	find[*SelectRankStmt](t, units, 0)
	if r := find[*RankCaseStmt](t, units, 1); !r.Star {
		t.Errorf("rank (*): %+v", r)
	}
	if ws := find[*WhereStmt](t, units, 0); ws.Action == nil {
		t.Error("where statement without action")
	}
	if wc := find[*WhereStmt](t, units, 1); wc.Action != nil {
		t.Error("where construct has an action")
	}
	if ew := find[*ElsewhereStmt](t, units, 0); sx(ew.Mask) != "(a < 0)" {
		t.Errorf("elsewhere mask %s", sx(ew.Mask))
	}
	if fa := find[*ForallStmt](t, units, 0); len(fa.Header.Indices) != 2 || sx(fa.Header.Mask) != "(i /= j)" || fa.Action == nil {
		t.Errorf("forall statement: %+v", fa.Header)
	}
	if bl := find[*BlockStmt](t, units, 0); bl.Name != "named" {
		t.Errorf("block name %q", bl.Name)
	}
	for _, s := range units[0].Body {
		if c, ok := s.(*Construct); ok {
			if _, ok := c.Head.(*BlockStmt); ok && (len(c.Spec) != 1 || len(c.Body) != 1) {
				t.Errorf("block: %d spec, %d body statements, want 1, 1", len(c.Spec), len(c.Body))
			}
		}
	}
	if as := find[*AssociateStmt](t, units, 0); len(as.Assocs) != 2 || as.Assocs[1].Name != "w" {
		t.Errorf("associate: %+v", as)
	}
	find[*CriticalStmt](t, units, 0)
	al := find[*AllocateStmt](t, units, 0)
	if al.Type == nil || al.Type.Name != "real" || len(al.Items) != 1 || len(al.Opts) != 2 {
		t.Errorf("allocate: %+v", al)
	}
	if al2 := find[*AllocateStmt](t, units, 1); len(al2.Opts) != 1 || al2.Opts[0].Name != "source" {
		t.Errorf("allocate source: %+v", al2)
	}
	if de := find[*DeallocateStmt](t, units, 0); len(de.Items) != 1 || len(de.Opts) != 1 {
		t.Errorf("deallocate: %+v", de)
	}
	if nu := find[*NullifyStmt](t, units, 0); len(nu.Items) != 2 {
		t.Errorf("nullify: %+v", nu)
	}
	var ops []string
	for _, s := range allStmts(units) {
		if io, ok := s.(*IOStmt); ok {
			ops = append(ops, io.Op)
		}
	}
	if got := strings.Join(ops, " "); got != "print print write read open close inquire rewind" {
		t.Errorf("I/O statements: %s", got)
	}
	w := find[*IOStmt](t, units, 2)
	if len(w.Control) != 3 || len(w.Items) != 1 || w.Items[0].Kind != EImpliedDo {
		t.Errorf("write: control %s items %s", sxList(w.Control), sxList(w.Items))
	}
	if g := find[*GotoStmt](t, units, 0); len(g.Labels) != 1 || g.Computed != nil {
		t.Errorf("goto: %+v", g)
	}
	if g := find[*GotoStmt](t, units, 1); len(g.Labels) != 2 || sx(g.Computed) != "k" {
		t.Errorf("computed goto: %+v", g)
	}
	if s := find[*StopStmt](t, units, 0); s.Error || sx(s.Code) != "'bye'" {
		t.Errorf("stop: %+v", s)
	}
	if s := find[*StopStmt](t, units, 1); !s.Error || sx(s.Quiet) != ".true." {
		t.Errorf("error stop: %+v", s)
	}
	find[*ReturnStmt](t, units, 0)
}

func TestParseDirectivesAndLegacy(t *testing.T) {
	units := parseOnly(t, `subroutine s(a, n)
  integer :: n
  real :: a(n)
  external ext
  save
  !$omp parallel do private(i, t) reduction(+: tot)
  do i = 1, n
    a(i) = 0
  end do
  !$omp end parallel do
100 format (i3, 2x, a)
  entry e2(a)
end subroutine s`)
	ds := find[*DirectiveStmt](t, units, 0)
	if ds.Sentinel != "omp" || len(ds.Words) == 0 || ds.Words[0] != "parallel" {
		t.Errorf("directive: %+v", ds)
	}
	var clauses []string
	for _, c := range ds.Clauses {
		clauses = append(clauses, c.Name+c.Op+"("+strings.Join(c.Names, ",")+")")
	}
	if got := strings.Join(clauses, " "); got != "private(i,t) reduction+(tot)" {
		t.Errorf("omp clauses: %s", got)
	}
	if f := find[*FormatStmt](t, units, 0); f.Label != "100" {
		t.Errorf("format label %q", f.Label)
	}
	if e := find[*EntryStmt](t, units, 0); e.Name != "e2" {
		t.Errorf("entry: %+v", e)
	}
	if a := find[*AttrStmt](t, units, 0); a.Attr.Word != "external" {
		t.Errorf("external: %+v", a.Attr)
	}
}

func TestParseEndNames(t *testing.T) {
	units := parseOnly(t, "program p\nend program p\n")
	if e := units[0].End; e == nil || e.What != "program" || e.Name != "p" {
		t.Errorf("end: %+v", units[0].End)
	}
}

// TestParseErrors checks the parser's own diagnostics (before sema).
func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"program p\n  x = (1 + 2\nend program", "syntax error"},
		{"program p\n  x = 1 +* 2\nend program", "syntax error"},
		{"program p\n  if x > 1 then\n  end if\nend program", "expected \"(\" after if"},
		{"program p\n  do concurrent (i = 1:n) local(\n  end do\nend program", "syntax error"},
		{"program p\n  do concurrent (i = 1:n) reduce(foo: s)\n  end do\nend program", "not a reduction operator"},
		{"program p\n  do concurrent (i = 1:n) default(shared)\n  end do\nend program", "default(none)"},
		{"program p\n  do i = 1\n  end do\nend program", "start and an end"},
		{"program p\n  end foo bar\nend program", "after end"},
		{"program p\n  frobnicate the thing\nend program", "syntax error"},
	}
	for _, tt := range tests {
		_, ds := parseWithDiags("t.f90", tt.src)
		ok := false
		for _, d := range ds {
			if d.Severity == SevError && strings.Contains(strings.ToLower(d.Msg), strings.ToLower(tt.want)) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("parse %q: want an error containing %q, got %v", tt.src, tt.want, ds)
		}
	}
}
