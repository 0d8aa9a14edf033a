package kernelir

import (
	"strings"
	"testing"
)

// sample is a complete kernel: do concurrent (i = lo1:hi1) with an array
// a(:,:) (global, written), a by-value n, a reduction s, a local t and a
// DO loop over j:
//
//	t = r8(n)
//	do j = 1, n: if (a(i,j) > 0) then; cycle; else; s = s + a(i,j) * t; end if
func sample() (*Kernel, *fixture) {
	f := &fixture{}
	desc := func(a string, d int) []*Var {
		return []*Var{
			{Name: "lb" + string(rune('0'+d)) + "_" + a, Type: Int(8), Role: RDesc},
			{Name: "sm" + string(rune('0'+d)) + "_" + a, Type: Int(8), Role: RDesc},
			{Name: "ex" + string(rune('0'+d)) + "_" + a, Type: Int(8), Role: RDesc},
		}
	}
	d1, d2 := desc("a", 1), desc("a", 2)
	f.a = &Array{Name: "a", Elem: Re(8), Rank: 2, Lower: []*Var{d1[0], d2[0]}, Stride: []*Var{d1[1], d2[1]}, Extent: []*Var{d1[2], d2[2]}}
	f.n = &Var{Name: "n", Type: Int(4), Role: RParam, Space: ByValue}
	f.s = &Var{Name: "s", Type: Re(8), Role: RParam, Space: Reduction}
	f.t = &Var{Name: "t", Type: Re(8), Role: RLocal}
	f.j = &Var{Name: "j", Type: Int(4), Role: RLocal}
	f.i = &Var{Name: "i", Type: Int(4), Role: RIndex}
	lo, hi, st := &Var{Name: "lo1", Type: Int(8), Role: RLaunch}, &Var{Name: "hi1", Type: Int(8), Role: RLaunch}, &Var{Name: "st1", Type: Int(8), Role: RLaunch}
	f.loop = &Loop{Var: f.j, Lower: &Lit{T: Int(8), Int: 1}, Upper: &Convert{To: Int(8), X: &Ref{Var: f.n}}, Step: &Lit{T: Int(8), Int: 1}}
	el := &Element{Array: f.a, Subs: []Expr{&Convert{To: Int(8), X: &Ref{Var: f.i}}, &Convert{To: Int(8), X: &Ref{Var: f.j}}}}
	f.loop.Body = []Stmt{&If{Arms: []Arm{{
		Cond: &Binary{Op: ">", X: el, Y: &Lit{T: Re(8), Real: 0}, T: Log(4)},
		Body: []Stmt{&Cycle{Loop: f.loop}},
	}}, HasElse: true, Else: []Stmt{&Assign{LHS: &Ref{Var: f.s}, RHS: &Binary{Op: "+", X: &Ref{Var: f.s}, Y: &Binary{Op: "*", X: el, Y: &Ref{Var: f.t}, T: Re(8)}, T: Re(8)}}}}}
	k := &Kernel{
		Name: "k1", Pos: Pos{File: "m.f90", Line: 3, Col: 5},
		Params: []*Param{
			{Name: "a", Space: Global, Type: Re(8), Array: f.a, Written: true},
			{Name: "n", Space: ByValue, Type: Int(4), Var: f.n},
			{Name: "s", Space: Reduction, Type: Re(8), Var: f.s, Op: "+"},
		},
		Launch:   []*Var{lo, hi, st},
		Dims:     []*Dim{{Index: f.i, Lower: &Ref{Var: lo}, Upper: &Ref{Var: hi}, Step: &Ref{Var: st}}},
		Locals:   []*Local{{Var: f.t}, {Var: f.j}},
		Masks:    []Expr{&Binary{Op: "!=", X: &Ref{Var: f.i}, Y: &Lit{T: Int(4), Int: 3}, T: Log(4)}},
		Body:     []Stmt{&Assign{LHS: &Ref{Var: f.t}, RHS: &Convert{To: Re(8), X: &Ref{Var: f.n}}}, f.loop},
		Complete: true,
	}
	return k, f
}

type fixture struct {
	a             *Array
	n, s, t, j, i *Var
	loop          *Loop
}

func TestVerifyAccepts(t *testing.T) {
	k, _ := sample()
	if err := Verify(k); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyRejects: each mutation of the sample breaks one invariant,
// and Verify names it.
func TestVerifyRejects(t *testing.T) {
	cases := []struct {
		name, want string
		mutate     func(k *Kernel, f *fixture)
	}{
		{"undeclared variable", "is not declared", func(k *Kernel, f *fixture) { k.Locals = k.Locals[1:] }},
		{"declared twice", "declared twice", func(k *Kernel, f *fixture) { k.Locals = append(k.Locals, &Local{Var: f.t}) }},
		{"two of a name", "two local variables named t", func(k *Kernel, f *fixture) {
			k.Locals = append(k.Locals, &Local{Var: &Var{Name: "t", Type: Int(4), Role: RLocal}})
		}},
		{"operand types", "+ of r64 and r32", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Ref{Var: f.t}, RHS: &Binary{Op: "+", X: &Ref{Var: f.t}, Y: &Lit{T: Re(4), Real: 1}, T: Re(8)}})
		}},
		{"assignment types", "assignment of a i32 value to a r64 variable", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Ref{Var: f.t}, RHS: &Ref{Var: f.n}})
		}},
		{"assignment to a value", "by-value parameter n", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Ref{Var: f.n}, RHS: &Lit{T: Int(4)}})
		}},
		{"real loop variable", "DO loop whose variable", func(k *Kernel, f *fixture) { f.loop.Var = f.t }},
		{"int32 subscript", "a subscript of a is of type i32", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Element{Array: f.a, Subs: []Expr{&Ref{Var: f.i}, &Lit{T: Int(8), Int: 1}}}, RHS: &Ref{Var: f.t}})
		}},
		{"element rank", "1 subscripts of the array a of rank 2", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Element{Array: f.a, Subs: []Expr{&Lit{T: Int(8), Int: 1}}}, RHS: &Ref{Var: f.t}})
		}},
		{"descriptor rank", "descriptor of 1/2/2", func(k *Kernel, f *fixture) { f.a.Lower = f.a.Lower[:1] }},
		{"cycle of an outer loop", "CYCLE of a loop that is not the innermost", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Cycle{Loop: f.loop})
		}},
		{"exit outside a loop", "EXIT of a loop", func(k *Kernel, f *fixture) { k.Body = append(k.Body, &Exit{}) }},
		{"condition type", "IF condition of type r64", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &If{Arms: []Arm{{Cond: &Ref{Var: f.t}}}})
		}},
		{"mapping", "not a permutation", func(k *Kernel, f *fixture) { k.Mapping.Order = []int{1} }},
		{"reduction operator", "unknown operator", func(k *Kernel, f *fixture) { k.Params[2].Op = "avg" }},
		{"unknown intrinsic", "unknown intrinsic", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Assign{LHS: &Ref{Var: f.t}, RHS: &Intrinsic{Name: "bessel_j0", Args: []Expr{&Ref{Var: f.t}}, T: Re(8)}})
		}},
		{"stop site", "stop of site 2", func(k *Kernel, f *fixture) { k.Body = append(k.Body, &Stop{Site: 2}) }},
		{"unsupported in a complete kernel", "marked complete holds an unsupported construct (a SELECT CASE)", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Unsupported{What: "a SELECT CASE"})
		}},
		{"shared scalar without a flag", "has no write flag", func(k *Kernel, f *fixture) {
			v := &Var{Name: "q", Type: Re(8), Role: RParam, Space: SharedOut}
			k.Params = append(k.Params, &Param{Name: "q", Space: SharedOut, Type: Re(8), Var: v})
		}},
		{"invalid type", "invalid type", func(k *Kernel, f *fixture) { f.t.Type = Re(2) }},
		{"temporary outside its block", "the variable d is not declared", func(k *Kernel, f *fixture) {
			d := &Var{Name: "d", Type: Re(8), Role: RLocal}
			k.Body = append(k.Body, &Block{Body: []Stmt{&Temp{Var: d}, &Assign{LHS: &Ref{Var: d}, RHS: &Ref{Var: f.t}}}},
				&Assign{LHS: &Ref{Var: f.t}, RHS: &Ref{Var: d}})
		}},
		{"real index of a nested loop", "the index q of a nested loop is not an integer index", func(k *Kernel, f *fixture) {
			q := &Var{Name: "q", Type: Re(8), Role: RIndex}
			k.Body = append(k.Body, &Nest{Levels: []*Level{{Dims: []*Dim{{Index: q, Lower: &Lit{T: Int(8), Int: 1}, Upper: &Lit{T: Int(8), Int: 4}}}}}})
		}},
		{"nested loop variable outside it", "the variable q is not declared", func(k *Kernel, f *fixture) {
			q := &Var{Name: "q", Type: Int(4), Role: RIndex}
			n := &Nest{Levels: []*Level{{Dims: []*Dim{{Index: q, Lower: &Lit{T: Int(8), Int: 1}, Upper: &Lit{T: Int(8), Int: 4}}}}}}
			n.Body = []Stmt{&Cycle{Loop: n}}
			k.Body = append(k.Body, n, &Assign{LHS: &Ref{Var: f.t}, RHS: &Convert{To: Re(8), X: &Ref{Var: q}}})
		}},
		{"exit of a nested loop", "EXIT of a loop", func(k *Kernel, f *fixture) {
			q := &Var{Name: "q", Type: Int(4), Role: RIndex}
			n := &Nest{Levels: []*Level{{Dims: []*Dim{{Index: q, Lower: &Lit{T: Int(8), Int: 1}, Upper: &Lit{T: Int(8), Int: 4}}}}}}
			n.Body = []Stmt{&Exit{Loop: n}}
			k.Body = append(k.Body, n)
		}},
		{"while condition type", "DO WHILE condition of type r64", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &While{Cond: &Ref{Var: f.t}})
		}},
		{"assignment to a constant", "constant temporary c", func(k *Kernel, f *fixture) {
			c := &Var{Name: "c", Type: Re(8), Role: RLocal}
			k.Body = append(k.Body, &Block{Body: []Stmt{&Temp{Var: c, Init: &Ref{Var: f.t}, Const: true}, &Assign{LHS: &Ref{Var: c}, RHS: &Ref{Var: f.t}}}})
		}},
		{"alias of a value", "alias a2 of an expression that is no variable", func(k *Kernel, f *fixture) {
			a2 := &Var{Name: "a2", Type: Re(8), Role: RAlias}
			k.Body = append(k.Body, &Block{Body: []Stmt{&Temp{Var: a2, Init: &Paren{X: &Ref{Var: f.t}}}}})
		}},
		{"real selector", "SELECT CASE of a r64 value", func(k *Kernel, f *fixture) {
			k.Body = append(k.Body, &Select{Sel: &Ref{Var: f.t}, Cases: []Case{{Ranges: []CaseRange{{Lo: &Lit{T: Int(4), Int: 1}}}}}})
		}},
		{"stop code type", "a stop code is of type i32", func(k *Kernel, f *fixture) {
			k.CanStop, k.Stops = true, []StopSite{{ID: 1}}
			k.Body = append(k.Body, &Stop{Site: 1, Code: &Ref{Var: f.n}})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, f := sample()
			c.mutate(k, f)
			err := Verify(k)
			if err == nil {
				t.Fatalf("Verify accepted the kernel")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Verify: %v; want %q", err, c.want)
			}
		})
	}
}

// TestIncompleteAllowed: an unsupported construct in a kernel not marked
// complete is no error (the legacy writer prints it).
func TestIncompleteAllowed(t *testing.T) {
	k, _ := sample()
	k.Complete = false
	k.Body = append(k.Body, &Unsupported{What: "a SELECT CASE"})
	if err := Verify(k); err != nil {
		t.Fatal(err)
	}
	if n := len(k.Unsupported()); n != 1 {
		t.Fatalf("%d unsupported nodes, want 1", n)
	}
}

func TestFprint(t *testing.T) {
	k, _ := sample()
	var b strings.Builder
	Fprint(&b, k)
	want := `kernel k1 at m.f90:3:5 complete
  param a global r64 rank 2 [lb1_a sm1_a ex1_a; lb2_a sm2_a ex2_a] written
  param n value i32
  param s reduce(+) r64
  launch lo1 hi1 st1
  dim i i32 = lo1, hi1, st1 (loop 0)
  mapping backend
  local t r64
  local j i32
  mask (i != 3:i32)
  body
    t = r64(n)
    do L1 j = 1:i64, i64(n), 1:i64
      if (a[i64(i), i64(j)] > 0:r64) then
        cycle L1
      else
        s = (s + (a[i64(i), i64(j)] * t))
      end if
    end do L1
end kernel
`
	if b.String() != want {
		t.Fatalf("Fprint:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestVerifyReduce: a reduction over a column of a (sum(a(:, i)) into t)
// verifies; a section outside a reduction, a section of another rank than
// the reduction's shape, an unknown reduction and count of a real value
// do not.
func TestVerifyReduce(t *testing.T) {
	col := func(f *fixture) *Section {
		return &Section{Array: f.a, Dims: []SectionDim{{}, {Fixed: &Convert{To: Int(8), X: &Ref{Var: f.i}}}}}
	}
	cases := []struct {
		name string
		edit func(k *Kernel, f *fixture) Expr
		ok   bool
	}{
		{"sum of a column", func(k *Kernel, f *fixture) Expr {
			return &Reduce{Name: "sum", Args: []Expr{col(f)}, Shape: col(f), T: Re(8)}
		}, true},
		{"a section outside a reduction", func(k *Kernel, f *fixture) Expr { return col(f) }, false},
		{"a section of another rank", func(k *Kernel, f *fixture) Expr {
			return &Reduce{Name: "sum", Args: []Expr{&Section{Array: f.a}}, Shape: col(f), T: Re(8)}
		}, false},
		{"an unknown reduction", func(k *Kernel, f *fixture) Expr {
			return &Reduce{Name: "median", Args: []Expr{col(f)}, Shape: col(f), T: Re(8)}
		}, false},
		{"count of reals", func(k *Kernel, f *fixture) Expr {
			return &Convert{To: Re(8), X: &Reduce{Name: "count", Args: []Expr{col(f)}, Shape: col(f), T: Int(4)}}
		}, false},
	}
	for _, c := range cases {
		k, f := sample()
		k.Body = append(k.Body, &Assign{LHS: &Ref{Var: f.t}, RHS: c.edit(k, f)})
		err := Verify(k)
		if (err == nil) != c.ok {
			t.Errorf("%s: Verify = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// TestVerifyArrayAssign: a column of a assigned a scalar times a section
// of its own rank verifies; a right side of another rank, and a section
// of rank 0 as the left side, do not.
func TestVerifyArrayAssign(t *testing.T) {
	col := func(f *fixture) *Section {
		return &Section{Array: f.a, Dims: []SectionDim{{}, {Fixed: &Convert{To: Int(8), X: &Ref{Var: f.i}}}}}
	}
	for _, c := range []struct {
		name string
		edit func(f *fixture) *ArrayAssign
		ok   bool
	}{
		{"a column", func(f *fixture) *ArrayAssign {
			return &ArrayAssign{LHS: col(f), RHS: &Binary{Op: "*", X: &Ref{Var: f.t}, Y: col(f), T: Re(8)}}
		}, true},
		{"another rank", func(f *fixture) *ArrayAssign { return &ArrayAssign{LHS: col(f), RHS: &Section{Array: f.a}} }, false},
		{"rank 0", func(f *fixture) *ArrayAssign {
			one := &Lit{T: Int(8), Int: 1}
			return &ArrayAssign{LHS: &Section{Array: f.a, Dims: []SectionDim{{Fixed: one}, {Fixed: one}}}, RHS: &Ref{Var: f.t}}
		}, false},
	} {
		k, f := sample()
		k.Body = append(k.Body, c.edit(f))
		if err := Verify(k); (err == nil) != c.ok {
			t.Errorf("%s: Verify = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// TestVerifyArrayTemp: an array of a BLOCK declared by an ArrayTemp may be
// assigned and read in the block; one not marked Local, or with bounds
// of another rank, does not verify.
func TestVerifyArrayTemp(t *testing.T) {
	mk := func(local bool, bounds int) *ArrayTemp {
		d := func(n string) *Var { return &Var{Name: n, Type: Int(8), Role: RDesc} }
		q := &Array{Name: "q", Elem: Re(8), Rank: 1, Local: local, Lower: []*Var{d("lb1_q")}, Stride: []*Var{d("sm1_q")}, Extent: []*Var{d("ex1_q")}}
		st := &ArrayTemp{Array: q}
		for i := 0; i < bounds; i++ {
			st.Lower, st.Extent = append(st.Lower, 0), append(st.Extent, 3)
		}
		return st
	}
	for _, c := range []struct {
		name string
		st   *ArrayTemp
		ok   bool
	}{{"a local array", mk(true, 1), true}, {"not local", mk(false, 1), false}, {"two bounds", mk(true, 2), false}} {
		k, f := sample()
		el := &Element{Array: c.st.Array, Subs: []Expr{&Lit{T: Int(8), Int: 0}}}
		k.Body = append(k.Body, &Block{Body: []Stmt{c.st, &Assign{LHS: el, RHS: &Ref{Var: f.t}}, &Assign{LHS: &Ref{Var: f.t}, RHS: el}}})
		if err := Verify(k); (err == nil) != c.ok {
			t.Errorf("%s: Verify = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// TestVerifyCalls: a CALL passing a local and an element by reference
// verifies, and so do one of a procedure that can stop, followed by a
// stop test, in a kernel that can stop, array arguments with their lower
// bounds and hidden module variables (a scalar, a whole array); a value
// or a by-value parameter by reference, a hidden value, more by-reference
// marks or hidden arguments than arguments, the stop arguments or a stop
// test in a kernel that cannot stop, a call without its callee, an array
// argument without its lower bounds, by reference or outside a call do
// not.
func TestVerifyCalls(t *testing.T) {
	el := func(f *fixture) Expr {
		return &Element{Array: f.a, Subs: []Expr{&Convert{To: Int(8), X: &Ref{Var: f.i}}, &Lit{T: Int(8), Int: 1}}}
	}
	call := func(args []Expr, ref ...bool) *Call {
		return &Call{Invocation: Invocation{Callee: "p", Name: "p", Args: args, ByRef: ref}}
	}
	for _, c := range []struct {
		name    string
		edit    func(f *fixture) []Stmt
		canStop bool
		ok      bool
	}{
		{"by reference", func(f *fixture) []Stmt {
			return []Stmt{call([]Expr{&Ref{Var: f.n}, &Ref{Var: f.t}, el(f)}, false, true, true)}
		}, false, true},
		{"a stopping call", func(f *fixture) []Stmt {
			c := call([]Expr{&Ref{Var: f.t}}, true)
			c.Stops = true
			return []Stmt{c, &StopTest{}}
		}, true, true},
		{"a function call by reference", func(f *fixture) []Stmt {
			fc := &FuncCall{Invocation: Invocation{Callee: "f", Name: "f", Args: []Expr{&Ref{Var: f.t}}, ByRef: []bool{true}}, T: Re(8)}
			return []Stmt{&Assign{LHS: &Ref{Var: f.t}, RHS: fc}}
		}, false, true},
		{"a value by reference", func(f *fixture) []Stmt {
			return []Stmt{call([]Expr{&Binary{Op: "+", X: &Ref{Var: f.t}, Y: &Ref{Var: f.t}, T: Re(8)}}, true)}
		}, false, false},
		{"a by-value parameter by reference", func(f *fixture) []Stmt { return []Stmt{call([]Expr{&Ref{Var: f.n}}, true)} }, false, false},
		{"more marks than arguments", func(f *fixture) []Stmt { return []Stmt{call([]Expr{&Ref{Var: f.t}}, true, true)} }, false, false},
		{"stop arguments, no stop", func(f *fixture) []Stmt {
			c := call(nil)
			c.Stops = true
			return []Stmt{c}
		}, false, false},
		{"a stop test, no stop", func(f *fixture) []Stmt { return []Stmt{&StopTest{}} }, false, false},
		{"no callee", func(f *fixture) []Stmt { return []Stmt{&Call{}} }, false, false},
		{"a column", func(f *fixture) []Stmt {
			col := &Section{Array: f.a, Dims: []SectionDim{{}, {Fixed: &Convert{To: Int(8), X: &Ref{Var: f.i}}}}}
			return []Stmt{call([]Expr{&ArrayArg{X: col, Lower: []int64{1}}})}
		}, false, true},
		{"a whole array keeping its bounds", func(f *fixture) []Stmt {
			return []Stmt{call([]Expr{&ArrayArg{X: &Section{Array: f.a}, KeepLower: true}})}
		}, false, true},
		{"a column without its lower bound", func(f *fixture) []Stmt {
			col := &Section{Array: f.a, Dims: []SectionDim{{}, {Fixed: &Convert{To: Int(8), X: &Ref{Var: f.i}}}}}
			return []Stmt{call([]Expr{&ArrayArg{X: col}})}
		}, false, false},
		{"an array argument by reference", func(f *fixture) []Stmt {
			return []Stmt{call([]Expr{&ArrayArg{X: &Section{Array: f.a}, Lower: []int64{1, 1}}}, true)}
		}, false, false},
		{"hidden variables", func(f *fixture) []Stmt {
			c := call([]Expr{&Ref{Var: f.t}, &Ref{Var: f.n}, &ArrayArg{X: &Section{Array: f.a}, KeepLower: true}})
			c.Hidden = 2
			return []Stmt{c}
		}, false, true},
		{"a hidden value", func(f *fixture) []Stmt {
			c := call([]Expr{&Lit{T: Int(4), Int: 1}})
			c.Hidden = 1
			return []Stmt{c}
		}, false, false},
		{"more hidden than arguments", func(f *fixture) []Stmt {
			c := call([]Expr{&Ref{Var: f.t}})
			c.Hidden = 2
			return []Stmt{c}
		}, false, false},
		{"an array argument outside a call", func(f *fixture) []Stmt {
			return []Stmt{&Assign{LHS: &Ref{Var: f.t}, RHS: &ArrayArg{X: &Section{Array: f.a}, Lower: []int64{1, 1}}}}
		}, false, false},
	} {
		k, f := sample()
		k.CanStop = c.canStop
		k.Body = append(k.Body, c.edit(f)...)
		if err := Verify(k); (err == nil) != c.ok {
			t.Errorf("%s: Verify = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// TestVerifyComponents: a component of an element of an array of structs
// and of a struct temporary may be read and assigned, a nested one too; a
// component of a value that is not a struct, of a non-designator, and an
// assignment to a component of a by-value parameter do not verify.
func TestVerifyComponents(t *testing.T) {
	st := Type{Base: Struct, Struct: "fgpu_t_m_vec"}
	d := func(n string) *Var { return &Var{Name: n, Type: Int(8), Role: RDesc} }
	mk := func() (*Kernel, *fixture, *Array, *Var, *Var) {
		k, f := sample()
		q := &Array{Name: "q", Elem: st, Rank: 1, Lower: []*Var{d("lb1_q")}, Stride: []*Var{d("sm1_q")}, Extent: []*Var{d("ex1_q")}}
		pv := &Var{Name: "p", Type: st, Role: RParam, Space: ByValue}
		k.Params = append(k.Params, &Param{Name: "q", Space: Global, Type: st, Array: q, Written: true}, &Param{Name: "p", Space: ByValue, Type: st, Var: pv})
		tv := &Var{Name: "w", Type: st, Role: RLocal}
		k.Body = append(k.Body, &Temp{Var: tv})
		return k, f, q, pv, tv
	}
	for _, c := range []struct {
		name string
		edit func(f *fixture, q *Array, p, w *Var) []Stmt
		ok   bool
	}{
		{"element and temporary", func(f *fixture, q *Array, p, w *Var) []Stmt {
			el := &Element{Array: q, Subs: []Expr{&Convert{To: Int(8), X: &Ref{Var: f.i}}}}
			return []Stmt{
				&Assign{LHS: &Component{X: &Ref{Var: w}, Name: "x", T: Re(8)}, RHS: &Component{X: &Ref{Var: p}, Name: "x", T: Re(8)}},
				&Assign{LHS: &Component{X: &Component{X: el, Name: "r", T: st}, Name: "x", T: Re(8)}, RHS: &Component{X: &Ref{Var: w}, Name: "x", T: Re(8)}},
			}
		}, true},
		{"of a real", func(f *fixture, q *Array, p, w *Var) []Stmt {
			return []Stmt{&Assign{LHS: &Ref{Var: f.t}, RHS: &Component{X: &Ref{Var: f.t}, Name: "x", T: Re(8)}}}
		}, false},
		{"of a value", func(f *fixture, q *Array, p, w *Var) []Stmt {
			return []Stmt{&Assign{LHS: &Ref{Var: f.t}, RHS: &Component{X: &Paren{X: &Ref{Var: w}}, Name: "x", T: Re(8)}}}
		}, false},
		{"to a by-value parameter's", func(f *fixture, q *Array, p, w *Var) []Stmt {
			return []Stmt{&Assign{LHS: &Component{X: &Ref{Var: p}, Name: "x", T: Re(8)}, RHS: &Ref{Var: f.t}}}
		}, false},
	} {
		k, f, q, p, w := mk()
		k.Body = append(k.Body, c.edit(f, q, p, w)...)
		if err := Verify(k); (err == nil) != c.ok {
			t.Errorf("%s: Verify = %v, want ok %v", c.name, err, c.ok)
		}
	}
}
