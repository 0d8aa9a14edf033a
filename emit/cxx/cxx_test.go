package cxx

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/kernelir"
)

// TestIteration prints a hand-built kernel: a mask, a DO loop with an IF
// that cycles, an element of a rank-2 array, a logical store, a
// reduction, a write flag, x**3 expanded as the host computes it.
func TestIteration(t *testing.T) {
	i64 := kernelir.Int(8)
	desc := func(n string) *kernelir.Var { return &kernelir.Var{Name: n, Type: i64, Role: kernelir.RDesc} }
	a := &kernelir.Array{Name: "a", Elem: kernelir.Re(8), Rank: 2,
		Lower: []*kernelir.Var{desc("lb1_a"), desc("lb2_a")}, Stride: []*kernelir.Var{desc("sm1_a"), desc("sm2_a")}, Extent: []*kernelir.Var{desc("ex1_a"), desc("ex2_a")}}
	l := &kernelir.Array{Name: "l", Elem: kernelir.Log(4), Rank: 1, Lower: []*kernelir.Var{desc("lb1_l")}, Stride: []*kernelir.Var{desc("sm1_l")}, Extent: []*kernelir.Var{desc("ex1_l")}}
	i := &kernelir.Var{Name: "i", Type: kernelir.Int(4), Role: kernelir.RIndex}
	j := &kernelir.Var{Name: "j", Type: kernelir.Int(4), Role: kernelir.RLocal}
	s := &kernelir.Var{Name: "s", Type: kernelir.Re(8), Role: kernelir.RParam, Space: kernelir.Reduction}
	q := &kernelir.Var{Name: "q", Type: kernelir.Re(8), Role: kernelir.RParam, Space: kernelir.SharedOut}
	w := &kernelir.Var{Name: "q", Type: kernelir.Flag, Role: kernelir.RFlag}
	lo := &kernelir.Var{Name: "lo1", Type: i64, Role: kernelir.RLaunch}
	conv := func(x kernelir.Expr) kernelir.Expr { return &kernelir.Convert{To: i64, X: x} }
	el := &kernelir.Element{Array: a, Subs: []kernelir.Expr{conv(&kernelir.Ref{Var: i}), conv(&kernelir.Ref{Var: j})}}
	loop := &kernelir.Loop{Var: j, Lower: &kernelir.Lit{T: i64, Int: 1}, Upper: &kernelir.Lit{T: i64, Int: 4}}
	loop.Body = []kernelir.Stmt{
		&kernelir.If{Line: true, Arms: []kernelir.Arm{{Cond: &kernelir.Binary{Op: "<", X: el, Y: &kernelir.Lit{T: kernelir.Re(8), Real: 0}, T: kernelir.Log(4)},
			Body: []kernelir.Stmt{&kernelir.Cycle{Loop: loop}}}}},
		&kernelir.Assign{LHS: &kernelir.Ref{Var: s}, RHS: &kernelir.Binary{Op: "+", X: &kernelir.Ref{Var: s}, Y: &kernelir.Binary{Op: "**", X: el, Y: &kernelir.Lit{T: i64, Int: 3}, T: kernelir.Re(8)}, T: kernelir.Re(8)}},
	}
	k := &kernelir.Kernel{Name: "k", Complete: true,
		Params: []*kernelir.Param{
			{Name: "a", Space: kernelir.Global, Type: kernelir.Re(8), Array: a},
			{Name: "l", Space: kernelir.Global, Type: kernelir.Log(4), Array: l, Written: true},
			{Name: "s", Space: kernelir.Reduction, Type: kernelir.Re(8), Var: s, Op: "+"},
			{Name: "q", Space: kernelir.SharedOut, Type: kernelir.Re(8), Var: q, Flag: w},
		},
		Launch: []*kernelir.Var{lo},
		Dims:   []*kernelir.Dim{{Index: i, Lower: &kernelir.Ref{Var: lo}, Upper: &kernelir.Ref{Var: lo}, Step: &kernelir.Ref{Var: lo}}},
		Locals: []*kernelir.Local{{Var: j}},
		Masks:  []kernelir.Expr{&kernelir.Binary{Op: "!=", X: &kernelir.Ref{Var: i}, Y: &kernelir.Lit{T: kernelir.Int(4), Int: 2}, T: kernelir.Log(4)}},
		Body: []kernelir.Stmt{
			loop,
			&kernelir.Assign{LHS: &kernelir.Element{Array: l, Subs: []kernelir.Expr{conv(&kernelir.Ref{Var: i})}}, RHS: &kernelir.Binary{Op: ">", X: &kernelir.Ref{Var: s}, Y: &kernelir.Lit{T: kernelir.Re(8), Real: 1.5}, T: kernelir.Log(4)}},
			&kernelir.Assign{LHS: &kernelir.Ref{Var: q}, RHS: &kernelir.Intrinsic{Name: "sqrt", Args: []kernelir.Expr{&kernelir.Ref{Var: s}}, T: kernelir.Re(8)}},
			&kernelir.Assign{LHS: &kernelir.Ref{Var: w}, RHS: &kernelir.Lit{T: kernelir.Flag, Bool: true}},
		},
	}
	if err := kernelir.Verify(k); err != nil {
		t.Fatal(err)
	}
	got, tmp, err := Iteration(k, Options{HostPowers: true, Tmp: 4})
	if err != nil {
		t.Fatal(err)
	}
	el1 := "(*(double*)(b_a + (((int64_t)(v_i)) - lb1_a) * sm1_a + (((int64_t)(v_j)) - lb2_a) * sm2_a))"
	want := strings.Join([]string{
		"if (!((v_i != ((int32_t)2LL)))) goto fgpu_next;",
		"{ const int64_t s5 = 1; int64_t c5 = ((int64_t)1LL);",
		"  for (int64_t k5 = fgpu_trip(c5, ((int64_t)4LL), s5); k5 > 0; --k5, c5 += s5) {",
		"    v_j = (int32_t)c5;",
		"    if ((" + el1 + " < 0x0p+00)) {",
		"      continue;",
		"    }",
		"    acc_s = (acc_s + ([](const double p1) -> double { const double p2 = p1 * p1; const double p3 = p2 * p1; return p3; }(" + el1 + ")));",
		"  }",
		"  v_j = (int32_t)c5;",
		"}",
		"(*(int32_t*)(b_l + (((int64_t)(v_i)) - lb1_l) * sm1_l)) = (int32_t)(((acc_s > 0x1.8p+00)) ? 1 : 0);",
		"v_q = std::sqrt(acc_s);",
		"w_q = true;",
		"",
	}, "\n")
	if got != want {
		t.Errorf("Iteration:\n%s\nwant:\n%s", got, want)
	}
	if tmp != 5 {
		t.Errorf("temporary counter %d after one loop from 4, want 5", tmp)
	}
	k.Complete = false
	if _, _, err := Iteration(k, Options{}); err == nil {
		t.Errorf("an incomplete kernel printed")
	}
}

// TestUnroll: a loop the builder marks Unroll N gets the pragma of the
// dialect (GCC's on the CPU, nvcc's on CUDA) before its for, and nothing
// else changes.
func TestUnroll(t *testing.T) {
	j := &kernelir.Var{Name: "j", Type: kernelir.Int(4), Role: kernelir.RLocal}
	x := &kernelir.Var{Name: "x", Type: kernelir.Int(4), Role: kernelir.RLocal}
	one := &kernelir.Lit{T: kernelir.Int(8), Int: 1}
	loop := &kernelir.Loop{Var: j, Lower: one, Upper: &kernelir.Lit{T: kernelir.Int(8), Int: 3}, Unroll: 3,
		Body: []kernelir.Stmt{&kernelir.Assign{LHS: &kernelir.Ref{Var: x}, RHS: &kernelir.Ref{Var: j}}}}
	i := &kernelir.Var{Name: "i", Type: kernelir.Int(4), Role: kernelir.RIndex}
	lo := &kernelir.Var{Name: "lo1", Type: kernelir.Int(8), Role: kernelir.RLaunch}
	k := &kernelir.Kernel{Name: "k", Complete: true, Launch: []*kernelir.Var{lo},
		Dims:   []*kernelir.Dim{{Index: i, Lower: &kernelir.Ref{Var: lo}, Upper: &kernelir.Ref{Var: lo}, Step: &kernelir.Ref{Var: lo}}},
		Locals: []*kernelir.Local{{Var: j}, {Var: x}}, Body: []kernelir.Stmt{loop}}
	if err := kernelir.Verify(k); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cuda   bool
		pragma string
	}{{false, "#pragma GCC unroll 3"}, {true, "#pragma unroll 3"}} {
		got, _, err := Iteration(k, Options{CUDA: c.cuda})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(got, "\n")
		if len(lines) < 3 || !strings.HasPrefix(strings.TrimSpace(lines[1]), c.pragma+" //") || !strings.HasPrefix(strings.TrimSpace(lines[2]), "for (") {
			t.Errorf("CUDA %v: no %q before the loop:\n%s", c.cuda, c.pragma, got)
		}
		loop.Unroll = 0
		plain, _, _ := Iteration(k, Options{CUDA: c.cuda})
		loop.Unroll = 3
		if strings.Contains(plain, "pragma") || strings.Replace(got, lines[1]+"\n", "", 1) != plain {
			t.Errorf("CUDA %v: the unrolled loop differs from the plain one by more than the pragma:\n%s\n%s", c.cuda, got, plain)
		}
	}
	loop.Unroll = -1
	if err := kernelir.Verify(k); err == nil {
		t.Errorf("a loop unrolled -1 times verified")
	}
}

// TestImports: emit/cxx imports nothing of fgpu's but the kernel IR, and
// the IR nothing of fgpu's (the kernel emitters do not read the Fortran
// program, its facts or the analyses).
func TestImports(t *testing.T) {
	for dir, allowed := range map[string]map[string]bool{".": {"fgpu/kernelir": true}, "../../kernelir": {}} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, f := range files {
			pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range pf.Imports {
				path := strings.Trim(im.Path.Value, `"`)
				if strings.HasPrefix(path, "fgpu/") && !allowed[path] {
					t.Errorf("%s imports %s", f, path)
				}
			}
		}
	}
}
