package facts

// This file extracts what rules/nest.mg needs to decide how a do concurrent
// nested in an offloaded one runs: combined with the loop around it (one
// iteration space), shared out over the threads that run one iteration of
// the loop around it, or sequentially in that iteration. Facts describe the
// bodies only; the rules decide.
//
//   dc_stmt(L, S, Kind, Depth)       S is a statement of the body of do
//                                    concurrent L, outside the do concurrent
//                                    loops nested in it (such a loop is one
//                                    statement, Kind /do_concurrent, S its
//                                    loop site); Depth 0: directly in the body.
//   dc_bound_read(L, V)              the limits or steps of L read variable V
//                                    (not an array they only ask the shape of).
//   dc_bound_call(L, S)              the limits or steps of L reference a
//                                    procedure of the program (or an external
//                                    one) at S.
//   dc_mask_read(L, V)               the mask of L reads variable V.
//   assign_ref(S, R, Side, V, First) R is an element reference to array V in
//                                    the assignment S (a statement directly in
//                                    a do concurrent body): Side /lhs (the
//                                    assigned element) or /rhs (any element
//                                    the value reads); First is the variable
//                                    that is its whole first subscript, or
//                                    /none.

import (
	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// nestFacts runs after the main traversal (every loop has its site).
func (x *extractor) nestFacts() {
	ls, ks, ds := x.concurrentLoops()
	for i, ln := range ls {
		k, d := ks[i], ds[i]
		l := name(ln)
		for _, ix := range d.Concurrent.Indices {
			for _, e := range []*frontend.Expr{ix.Lo, ix.Hi, ix.Step} {
				x.nestExprVars(e, func(v *frontend.Symbol) { x.add("dc_bound_read", l, x.varSite(v)) },
					func(c *frontend.Expr) { x.add("dc_bound_call", l, x.site(c, c.Pos)) })
			}
		}
		x.nestExprVars(d.Concurrent.Mask, func(v *frontend.Symbol) { x.add("dc_mask_read", l, x.varSite(v)) }, nil)
		x.nestStmts(l, k.Body, 0)
	}
}

// nestStmts records the statements of a do concurrent body (dc_stmt), and
// the element references of its assignments at depth 0 (assign_ref).
func (x *extractor) nestStmts(l ast.Constant, ss []frontend.Stmt, depth int) {
	for _, s := range ss {
		kind := "/other"
		site := x.site(s, frontend.StmtPos(s))
		var inner [][]frontend.Stmt
		switch st := s.(type) {
		case *frontend.AssignStmt:
			if st.StmtFunc {
				continue
			}
			kind = "/assign"
			if st.Proc != nil {
				kind = "/call" // a defined assignment calls its subroutine
			} else if depth == 0 {
				x.assignRefs(site, st)
			}
		case *frontend.CallStmt:
			kind = "/call"
		case *frontend.CycleStmt:
			kind = "/cycle"
		case *frontend.ExitStmt:
			kind = "/exit"
		case *frontend.ContinueStmt:
			kind = "/continue"
		case *frontend.IfStmt:
			kind = "/if"
			if st.Action != nil {
				inner = append(inner, []frontend.Stmt{st.Action})
			}
		case *frontend.Construct:
			site = x.site(st.Head, frontend.StmtPos(st.Head))
			switch h := st.Head.(type) {
			case *frontend.DoStmt:
				kind = "/do"
				if h.Concurrent != nil {
					x.add("dc_stmt", l, site, name("/do_concurrent"), ast.Number(int64(depth)))
					continue
				}
			case *frontend.IfThenStmt:
				kind = "/if"
			case *frontend.SelectCaseStmt:
				kind = "/select"
			case *frontend.BlockStmt:
				kind = "/block"
			case *frontend.AssociateStmt:
				kind = "/associate"
			}
			inner = append(inner, st.Body)
			for _, br := range st.Branches {
				inner = append(inner, br.Body)
			}
		}
		x.add("dc_stmt", l, site, name(kind), ast.Number(int64(depth)))
		for _, b := range inner {
			x.nestStmts(l, b, depth+1)
		}
	}
}

// assignRefs records the element references of an assignment.
func (x *extractor) assignRefs(site ast.Constant, a *frontend.AssignStmt) {
	if e := a.LHS; e != nil && e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName {
		if v := frontend.UltimateSymbol(e.X.Sym); v != nil && v.Kind == frontend.SymVariable {
			x.add("assign_ref", site, x.site(e, e.Pos), name("/lhs"), x.varSite(v), x.firstSub(e))
		}
	}
	var walk func(e *frontend.Expr)
	walk = func(e *frontend.Expr) {
		if e == nil || e.Const != nil {
			return
		}
		if e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName {
			if v := frontend.UltimateSymbol(e.X.Sym); v != nil && v.Kind == frontend.SymVariable {
				x.add("assign_ref", site, x.site(e, e.Pos), name("/rhs"), x.varSite(v), x.firstSub(e))
			}
		}
		walk(e.X)
		walk(e.Y)
		for _, a := range e.Args {
			walk(a)
		}
		for _, r := range e.Range {
			walk(r)
		}
	}
	walk(a.RHS)
}

// firstSub is the variable that is the whole first subscript of an element
// reference (a scalar name), or /none.
func (x *extractor) firstSub(e *frontend.Expr) ast.Constant {
	if len(e.Args) > 0 && e.Rank == 0 {
		if a := e.Args[0]; a != nil && a.Kind == frontend.EName && a.Const == nil && a.Sym != nil &&
			a.Sym.Kind == frontend.SymVariable && a.Sym.Rank == 0 {
			return x.varSite(a.Sym)
		}
	}
	return name("/none")
}

// inquiry are the intrinsics whose first argument is asked for its shape
// or kind, not read.
var inquiry = map[string]bool{"size": true, "lbound": true, "ubound": true, "shape": true, "kind": true,
	"allocated": true, "present": true, "len": true, "rank": true}

// nestExprVars calls v for every variable an expression reads (not the
// array an inquiry asks about) and c for every reference of a procedure
// that is not an intrinsic.
func (x *extractor) nestExprVars(e *frontend.Expr, v func(*frontend.Symbol), c func(*frontend.Expr)) {
	if e == nil || e.Const != nil && e.Kind != frontend.EName {
		return
	}
	switch {
	case e.Kind == frontend.EName && e.Sym != nil && e.Sym.Kind == frontend.SymVariable:
		v(frontend.UltimateSymbol(e.Sym))
	case e.Kind == frontend.ERef && e.Ref == frontend.RefFunction && c != nil:
		c(e)
	case e.Kind == frontend.ERef && e.Ref == frontend.RefIntrinsic && e.Intr != nil && inquiry[e.Intr.Name] && len(e.Args) > 0:
		// The shape of an array is not its elements: only the other
		// arguments (dim, kind) are read.
		for _, a := range e.Args[1:] {
			x.nestExprVars(a, v, c)
		}
		return
	}
	x.nestExprVars(e.X, v, c)
	x.nestExprVars(e.Y, v, c)
	for _, a := range e.Args {
		x.nestExprVars(a, v, c)
	}
	for _, r := range e.Range {
		x.nestExprVars(r, v, c)
	}
}
