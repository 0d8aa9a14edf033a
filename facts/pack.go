package facts

// This file extracts what rules/pack.mg needs to decide whether a do
// concurrent loop can run in packs of consecutive iterations with one
// 16-byte access per array (CUDA: two real(8) iterations a thread, one
// 16-byte load and store each; CPU: 16-byte non-temporal stores). Facts
// describe the body only; the rules decide.
//
//   pack_stmt(L, S, Kind)        S is a statement directly in the body of L:
//                                /assign (an intrinsic assignment to a scalar
//                                or an array element) or /other.
//   loop_mask(L)                 L has a mask.
//   elem_ref(L, R, V, Form, Key) R is a reference to array V in the body or
//                                mask of L: Form /first_index (an element whose
//                                first subscript is L's first index, exactly,
//                                and whose other subscripts are constants or
//                                variable names, spelt Key), /guarded (the same
//                                inside an argument of merge, which need not be
//                                evaluated) or /other (a whole array, a section,
//                                any other subscript).
//   elem_sub_var(R, W)           variable W is named in a subscript other than
//                                the first of the element reference R.

import (
	"strconv"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// packFacts runs after the main traversal (every loop has its site).
func (x *extractor) packFacts() {
	ls, ks, ds := x.concurrentLoops()
	for i, ln := range ls {
		k, d := ks[i], ds[i]
		if len(d.Concurrent.Indices) == 0 || k.Scope == nil {
			continue
		}
		first := k.Scope.Local(d.Concurrent.Indices[0].Name)
		if first == nil {
			continue
		}
		w := &packWalker{x: x, l: name(ln), first: first}
		if d.Concurrent.Mask != nil {
			x.add("loop_mask", w.l)
			w.expr(d.Concurrent.Mask, false)
		}
		for _, s := range k.Body {
			w.top(s)
		}
	}
}

type packWalker struct {
	x     *extractor
	l     ast.Constant
	first *frontend.Symbol
}

func (w *packWalker) top(s frontend.Stmt) {
	kind := "/other"
	if a, ok := s.(*frontend.AssignStmt); ok && a.Proc == nil && !a.StmtFunc && a.LHS != nil &&
		(a.LHS.Rank == 0 || a.LHS.Kind == frontend.EName && a.LHS.Sym != nil && a.LHS.Sym.Rank == 0) {
		kind = "/assign"
	}
	site := w.x.site(s, frontend.StmtPos(s))
	if k, ok := s.(*frontend.Construct); ok {
		site = w.x.site(k.Head, frontend.StmtPos(k.Head))
	}
	w.x.add("pack_stmt", w.l, site, name(kind))
	if kind == "/assign" {
		// (The references of other statements do not matter: such a
		// statement blocks packing by itself.)
		a := s.(*frontend.AssignStmt)
		w.expr(a.LHS, false)
		w.expr(a.RHS, false)
	}
}

func (w *packWalker) expr(e *frontend.Expr, guarded bool) {
	if e == nil || e.Const != nil {
		return
	}
	switch e.Kind {
	case frontend.EName:
		if s := frontend.UltimateSymbol(e.Sym); s != nil && s.Rank != 0 && e.Ref != frontend.RefConstant && s.Kind != frontend.SymParameter {
			w.ref(e, s, "/other", "")
		}
		return
	case frontend.ERef:
		if e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName {
			s := frontend.UltimateSymbol(e.X.Sym)
			if s != nil && s.Kind != frontend.SymParameter {
				form, key := w.subscripts(e)
				if form == "/first_index" && guarded {
					form = "/guarded"
				}
				w.ref(e, s, form, key)
			}
			for _, a := range e.Args {
				w.expr(a, guarded)
			}
			return
		}
		g := guarded || e.Ref == frontend.RefIntrinsic && e.Intr != nil && strings.EqualFold(e.Intr.Name, "merge")
		if e.X != nil && e.X.Kind != frontend.EName {
			w.expr(e.X, g)
		}
		for _, a := range e.Args {
			w.expr(a, g)
		}
		return
	}
	w.expr(e.X, guarded)
	w.expr(e.Y, guarded)
	for _, a := range e.Args {
		w.expr(a, guarded)
	}
	for _, r := range e.Range {
		w.expr(r, guarded)
	}
}

// subscripts classifies the subscripts of an element reference.
func (w *packWalker) subscripts(e *frontend.Expr) (string, string) {
	if len(e.Args) == 0 || e.Rank != 0 {
		return "/other", ""
	}
	a0 := e.Args[0]
	if a0 == nil || a0.Kind != frontend.EName || frontend.UltimateSymbol(a0.Sym) != w.first {
		return "/other", ""
	}
	var key []string
	for _, a := range e.Args[1:] {
		switch {
		case a == nil:
			return "/other", ""
		case a.Const != nil && a.Const.Type.Base == frontend.TyInteger:
			key = append(key, strconv.FormatInt(a.Const.Int, 10))
		case a.Kind == frontend.EName && a.Sym != nil && a.Sym.Rank == 0 && a.Type.Base == frontend.TyInteger:
			key = append(key, strings.ToLower(a.Name))
		default:
			return "/other", ""
		}
	}
	return "/first_index", strings.Join(key, ",")
}

func (w *packWalker) ref(e *frontend.Expr, s *frontend.Symbol, form, key string) {
	r := w.x.site(e, e.Pos)
	w.x.add("elem_ref", w.l, r, w.x.varSite(s), name(form), ast.String(key))
	if form == "/other" {
		return
	}
	for _, a := range e.Args[1:] {
		if a.Kind == frontend.EName && a.Const == nil {
			if v := frontend.UltimateSymbol(a.Sym); v != nil {
				w.x.add("elem_sub_var", r, w.x.varSite(v))
			}
		}
	}
}
