package cxx

import (
	"strings"
	"testing"

	"fgpu/kernelir"
)

// mslKernel is a hand-built kernel of real(4) values for the MSL tests: a
// mask, a parameter's element, an array of the iteration, an associate
// name, a sum of a whole array, a function Metal has (exp) and body stmts.
func mslKernel(body func(el, loc, sum kernelir.Expr, ai *kernelir.Var) []kernelir.Stmt) *kernelir.Kernel {
	i64, r4 := kernelir.Int(8), kernelir.Re(4)
	desc := func(n string) *kernelir.Var { return &kernelir.Var{Name: n, Type: i64, Role: kernelir.RDesc} }
	a := &kernelir.Array{Name: "a", Elem: r4, Rank: 1, Lower: []*kernelir.Var{desc("lb1_a")}, Stride: []*kernelir.Var{desc("sm1_a")}, Extent: []*kernelir.Var{desc("ex1_a")}}
	w := &kernelir.Array{Name: "w", Elem: r4, Rank: 1, Local: true, Lower: []*kernelir.Var{desc("lb1_w")}, Stride: []*kernelir.Var{desc("sm1_w")}, Extent: []*kernelir.Var{desc("ex1_w")}}
	i := &kernelir.Var{Name: "i", Type: kernelir.Int(4), Role: kernelir.RIndex}
	ai := &kernelir.Var{Name: "ai", Type: r4, Role: kernelir.RAlias}
	lo := &kernelir.Var{Name: "lo1", Type: i64, Role: kernelir.RLaunch}
	sub := []kernelir.Expr{&kernelir.Convert{To: i64, X: &kernelir.Ref{Var: i}}}
	el := &kernelir.Element{Array: a, Subs: sub}
	loc := &kernelir.Element{Array: w, Subs: sub}
	sum := &kernelir.Reduce{Name: "sum", T: r4, Args: []kernelir.Expr{&kernelir.Section{Array: a}}, Shape: &kernelir.Section{Array: a}}
	return &kernelir.Kernel{Name: "k", Complete: true, Launch: []*kernelir.Var{lo},
		Params: []*kernelir.Param{{Name: "a", Space: kernelir.Global, Type: r4, Array: a, Written: true}},
		Dims:   []*kernelir.Dim{{Index: i, Lower: &kernelir.Ref{Var: lo}, Upper: &kernelir.Ref{Var: lo}, Step: &kernelir.Ref{Var: lo}}},
		Locals: []*kernelir.Local{{Array: w}},
		Masks:  []kernelir.Expr{&kernelir.Binary{Op: "!=", X: &kernelir.Ref{Var: i}, Y: &kernelir.Lit{T: kernelir.Int(4), Int: 2}, T: kernelir.Log(4)}},
		Body:   body(el, loc, sum, ai),
	}
}

// TestIterationMSL prints a kernel as MSL: a parameter's element in the
// device's space, an iteration's array through fgpu_as, the associate
// name's pointer auto, Metal's exp, the sum computed before its line
// (no lambda), the iteration ended by Options.Leave; and nothing MSL does
// not hold (MSLLimits zero).
func TestIterationMSL(t *testing.T) {
	k := mslKernel(func(el, loc, sum kernelir.Expr, ai *kernelir.Var) []kernelir.Stmt {
		return []kernelir.Stmt{
			&kernelir.Assign{LHS: loc, RHS: &kernelir.Intrinsic{Name: "exp", Args: []kernelir.Expr{el}, T: kernelir.Re(4)}},
			&kernelir.Block{Body: []kernelir.Stmt{
				&kernelir.Temp{Var: ai, Init: el},
				&kernelir.Assign{LHS: &kernelir.Ref{Var: ai}, RHS: &kernelir.Binary{Op: "+", X: loc, Y: sum, T: kernelir.Re(4)}},
			}},
			&kernelir.Cycle{},
		}
	})
	if err := kernelir.Verify(k); err != nil {
		t.Fatal(err)
	}
	got, tmp, lim, err := IterationMSL(k, Options{Tmp: 2, Leave: "{ LEAVE; return; }"})
	if err != nil {
		t.Fatal(err)
	}
	el := "(*(device float*)(b_a + (((int64_t)(v_i)) - lb1_a) * sm1_a))"
	loc := "(*fgpu_as<float>(b_w + (((int64_t)(v_i)) - lb1_w) * sm1_w))"
	want := strings.Join([]string{
		"if (!((v_i != ((int32_t)2LL)))) { LEAVE; return; }",
		loc + " = FGPU_F4(metal::exp, " + el + ");",
		"{",
		"  auto const p_ai = &" + el + ";",
		"  float fgpu_v4; { float acc = float(0); FGPU_UNROLL4 for (int64_t r3 = 0; r3 < ex1_a; ++r3) acc = acc + (*(device float*)(b_a + ((lb1_a + r3 * 1) - lb1_a) * sm1_a)); fgpu_v4 = acc; }",
		"  (*p_ai) = (" + loc + " + fgpu_v4);",
		"}",
		"{ LEAVE; return; }",
		"",
	}, "\n")
	if got != want {
		t.Errorf("IterationMSL:\n%s\nwant:\n%s", got, want)
	}
	if tmp != 4 {
		t.Errorf("temporary counter %d, want 4 (the reduction's counter and its value)", tmp)
	}
	if lim != (MSLLimits{}) {
		t.Errorf("limits %+v of a kernel MSL holds", lim)
	}
	for _, bad := range []string{"goto", "[&]", "std::", "double"} {
		if strings.Contains(got, bad) {
			t.Errorf("the MSL holds %q", bad)
		}
	}
	// The same kernel as C++: a lambda, std::exp, goto.
	cpp, _, err := Iteration(k, Options{Tmp: 2})
	if err != nil || !strings.Contains(cpp, "[&]() {") || !strings.Contains(cpp, "std::exp") || !strings.Contains(cpp, "goto fgpu_next;") {
		t.Errorf("the C++ of the kernel (%v):\n%s", err, cpp)
	}
}

// TestMSLLimits: what MSL does not hold is decided from the IR: the first
// function Metal does not have (erf before tgamma), a real(8) value, an
// array value read by a DO WHILE condition.
func TestMSLLimits(t *testing.T) {
	r4 := kernelir.Re(4)
	fn := func(name string, x kernelir.Expr) kernelir.Expr {
		return &kernelir.Intrinsic{Name: name, Args: []kernelir.Expr{x}, T: r4}
	}
	k := mslKernel(func(el, loc, sum kernelir.Expr, _ *kernelir.Var) []kernelir.Stmt {
		return []kernelir.Stmt{&kernelir.Assign{LHS: loc, RHS: &kernelir.Binary{Op: "+", X: fn("erf", el), Y: fn("gamma", el), T: r4}}}
	})
	_, _, lim, err := IterationMSL(k, Options{Leave: "return;"})
	if err != nil || lim != (MSLLimits{Function: "erf"}) {
		t.Errorf("erf and gamma: %+v (%v), want the function erf", lim, err)
	}
	k = mslKernel(func(el, loc, sum kernelir.Expr, _ *kernelir.Var) []kernelir.Stmt {
		return []kernelir.Stmt{&kernelir.Assign{LHS: loc, RHS: &kernelir.Convert{To: r4, X: &kernelir.Convert{To: kernelir.Re(8), X: el}}}}
	})
	if _, _, lim, _ := IterationMSL(k, Options{Leave: "return;"}); lim != (MSLLimits{Double: true}) {
		t.Errorf("a real(8) value: %+v, want Double", lim)
	}
	k = mslKernel(func(el, loc, sum kernelir.Expr, _ *kernelir.Var) []kernelir.Stmt {
		return []kernelir.Stmt{&kernelir.While{Cond: &kernelir.Binary{Op: ">", X: sum, Y: el, T: kernelir.Log(4)},
			Body: []kernelir.Stmt{&kernelir.Exit{}}}}
	})
	got, _, lim, err := IterationMSL(k, Options{Leave: "return;"})
	if err != nil || lim != (MSLLimits{ArrayInCond: 1}) {
		t.Errorf("a sum in a DO WHILE condition: %+v (%v), want ArrayInCond 1:\n%s", lim, err, got)
	}
}
