package facts

// This file extracts what rules/coop.mg needs to decide that the iteration
// of a do concurrent can run on the threads of a block together (CUDA: a
// tile in shared memory, the DO nests of the iteration shared out over the
// threads). Facts describe the statements only; the rules decide.
//
//   coop_do(L, N, P)         statement N, the P-th of do concurrent L's
//                            body (directly in it), is a DO nest: DO
//                            loops each the only statement of the one
//                            around it, limits and steps integer
//                            constants (step not 0), the innermost body
//                            one intrinsic assignment to an array element
//                            that references no procedure other than
//                            intrinsic functions.
//   coop_do_var(N, V, D, T)  DO variable V of nest N at depth D (0: the
//                            outermost loop), T iterations (a constant).
//   coop_ref(N, R, V, Side)  R is an element reference to array V in the
//                            assignment of nest N: /lhs (the assigned
//                            element) or /rhs (an element read, also in a
//                            subscript of the assigned element).
//   coop_sub(R, D, X, Form)  subscript D (1 for the first) of R: /unit, X
//                            plus or minus an expression that reads no DO
//                            variable of the nest (or minus X plus one),
//                            X a DO variable of the nest; /uniform (X
//                            /none), it reads no DO variable of the nest;
//                            /other (X /none) otherwise.
//   coop_same(N, R)          element reference R read in the assignment of
//                            nest N is the assigned element (the same
//                            array, subscripts written alike).
//   coop_array_bytes(L, V, B) V, a local() array of L of a constant shape
//                            and an integer, logical, real(4) or real(8) type,
//                            takes B bytes with its first extent padded by
//                            one element (rank 2 or more) when a block
//                            holds it in shared memory.

import (
	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// coopFacts runs after the main traversal (every loop has its site).
func (x *extractor) coopFacts() {
	ls, ks, ds := x.concurrentLoops()
	for i, ln := range ls {
		k, d := ks[i], ds[i]
		l := name(ln)
		for p, s := range k.Body {
			c, ok := s.(*frontend.Construct)
			if !ok {
				continue
			}
			x.coopNest(l, c, p)
		}
		if k.Scope == nil || k.Scope.Parent == nil {
			continue
		}
		for _, lc := range d.Locality {
			if lc.Kind != "local" {
				continue
			}
			for _, n := range lc.Names {
				s := k.Scope.Parent.Lookup(n)
				if s == nil {
					continue
				}
				s = frontend.UltimateSymbol(s)
				if s.Kind != frontend.SymVariable || s.Rank <= 0 || !constantShape(s) || s.Allocatable || s.Pointer {
					continue
				}
				if b, ok := paddedBytes(s); ok {
					x.add("coop_array_bytes", l, x.varSite(s), ast.Number(b))
				}
			}
		}
	}
}

// paddedBytes is the size of a constant-shape array whose first extent is
// padded by one element when the rank is 2 or more.
func paddedBytes(s *frontend.Symbol) (int64, bool) {
	switch {
	case s.Type.Base == frontend.TyInteger, s.Type.Base == frontend.TyLogical:
	case s.Type.Base == frontend.TyReal && (s.Type.Kind == 4 || s.Type.Kind == 8):
	default:
		return 0, false // (a complex element is a class CUDA's shared memory does not construct)
	}
	n, ok := constantBytes(s)
	if !ok || len(s.Dims) == 0 {
		return 0, false
	}
	if s.Rank < 2 || s.Dims[0] <= 0 {
		return n, true
	}
	e := n / int64(s.Dims[0]) // the bytes of one column
	return n + e, true
}

// coopNest records a DO nest of a do concurrent body (coop_do and the
// facts of its variables and references) when it has the form coop_do
// describes.
func (x *extractor) coopNest(l ast.Constant, c *frontend.Construct, pos int) {
	var vars []*frontend.Symbol
	var trips []int64
	cur := c
	var a *frontend.AssignStmt
	for {
		h, ok := cur.Head.(*frontend.DoStmt)
		if !ok || h.Concurrent != nil || h.While != nil || h.VarSym == nil || h.Lo == nil || h.Hi == nil || len(cur.Branches) > 0 {
			return
		}
		v := frontend.UltimateSymbol(h.VarSym)
		_, _, t, ok := h.ConstTrips()
		if !ok || v.Type.Base != frontend.TyInteger || v.Rank != 0 {
			return
		}
		for _, o := range vars {
			if o == v {
				return
			}
		}
		vars = append(vars, v)
		trips = append(trips, t)
		if len(cur.Body) != 1 {
			return
		}
		switch b := cur.Body[0].(type) {
		case *frontend.Construct:
			cur = b
			continue
		case *frontend.AssignStmt:
			a = b
		default:
			return
		}
		break
	}
	if a.StmtFunc || a.Proc != nil || a.LHS == nil || a.RHS == nil || !coopElement(a.LHS) || coopCalls(a.LHS) || coopCalls(a.RHS) {
		return
	}
	n := x.site(c.Head, frontend.StmtPos(c.Head))
	x.set.CoopNests[n.Symbol] = c
	x.add("coop_do", l, n, ast.Number(int64(pos)))
	nest := map[*frontend.Symbol]bool{}
	for d, v := range vars {
		nest[v] = true
		x.add("coop_do_var", n, x.varSite(v), ast.Number(int64(d)), ast.Number(trips[d]))
	}
	ref := func(e *frontend.Expr, side string) {
		r := x.site(e, e.Pos)
		x.add("coop_ref", n, r, x.varSite(frontend.UltimateSymbol(e.X.Sym)), name(side))
		for i, s := range e.Args {
			form, v := coopForm(s, nest)
			vs := name("/none")
			if v != nil {
				vs = x.varSite(v)
			}
			x.add("coop_sub", r, ast.Number(int64(i+1)), vs, name(form))
		}
	}
	var reads func(e *frontend.Expr)
	reads = func(e *frontend.Expr) {
		if e == nil || e.Const != nil {
			return
		}
		if coopElement(e) {
			ref(e, "/rhs")
		}
		reads(e.X)
		reads(e.Y)
		for _, s := range e.Args {
			reads(s)
		}
		for _, s := range e.Range {
			reads(s)
		}
	}
	ref(a.LHS, "/lhs")
	for _, s := range a.LHS.Args {
		reads(s)
	}
	reads(a.RHS)
	// The reads of the assigned element itself (the same array, the same
	// subscripts, written alike).
	lhs := frontend.UltimateSymbol(a.LHS.X.Sym)
	var same func(e *frontend.Expr)
	same = func(e *frontend.Expr) {
		if e == nil || e.Const != nil {
			return
		}
		if coopElement(e) && frontend.UltimateSymbol(e.X.Sym) == lhs && len(e.Args) == len(a.LHS.Args) {
			eq := true
			for i := range e.Args {
				eq = eq && e.Args[i].String() == a.LHS.Args[i].String()
			}
			if eq {
				x.add("coop_same", n, x.site(e, e.Pos))
			}
		}
		same(e.X)
		same(e.Y)
		for _, s := range e.Args {
			same(s)
		}
	}
	same(a.RHS)
}

// coopElement reports an element of a named array variable: every
// subscript a scalar (no section).
func coopElement(e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.X == nil || e.X.Kind != frontend.EName || e.X.Sym == nil || e.Rank != 0 {
		return false
	}
	s := frontend.UltimateSymbol(e.X.Sym)
	if s.Kind != frontend.SymVariable || s.Rank == 0 || len(e.Args) != s.Rank {
		return false
	}
	for _, a := range e.Args {
		if a == nil || a.Rank != 0 || a.Kind == frontend.ERange {
			return false
		}
	}
	return true
}

// coopCalls reports a reference of a procedure other than an intrinsic
// function, or anything that is not a plain value (a component, a
// substring, a section).
func coopCalls(e *frontend.Expr) bool {
	bad := false
	var walk func(e *frontend.Expr)
	walk = func(e *frontend.Expr) {
		if e == nil || bad || e.Const != nil && e.Kind != frontend.EName {
			return
		}
		switch e.Kind {
		case frontend.ERef:
			switch e.Ref {
			case frontend.RefElement:
				if !coopElement(e) {
					bad = true
					return
				}
				for _, a := range e.Args {
					walk(a)
				}
				return
			case frontend.RefIntrinsic:
			default:
				bad = true
				return
			}
		case frontend.EName, frontend.EParen, frontend.EUnary, frontend.EBinary:
		default:
			if e.Const == nil {
				bad = true
				return
			}
		}
		if e.Kind == frontend.EName && e.Sym != nil && frontend.UltimateSymbol(e.Sym).Rank != 0 {
			bad = true // a whole array
			return
		}
		walk(e.X)
		walk(e.Y)
		for _, a := range e.Args {
			walk(a)
		}
	}
	walk(e)
	return bad
}

// coopForm classifies a subscript (coop_sub): /unit with the DO variable,
// /uniform, or /other.
func coopForm(e *frontend.Expr, nest map[*frontend.Symbol]bool) (string, *frontend.Symbol) {
	if !coopReadsNest(e, nest) {
		return "/uniform", nil
	}
	switch e.Kind {
	case frontend.EParen:
		return coopForm(e.X, nest)
	case frontend.EName:
		if s := frontend.UltimateSymbol(e.Sym); e.Sym != nil && nest[s] && e.Const == nil {
			return "/unit", s
		}
	case frontend.EUnary:
		if e.Op == "+" || e.Op == "-" {
			return coopForm(e.X, nest)
		}
	case frontend.EBinary:
		if e.Op != "+" && e.Op != "-" || e.Type.Base != frontend.TyInteger {
			break
		}
		fx, vx := coopForm(e.X, nest)
		fy, vy := coopForm(e.Y, nest)
		switch {
		case fx == "/unit" && fy == "/uniform":
			return fx, vx
		case fx == "/uniform" && fy == "/unit":
			return fy, vy
		}
	}
	return "/other", nil
}

// coopReadsNest reports an expression that reads a DO variable of the nest.
func coopReadsNest(e *frontend.Expr, nest map[*frontend.Symbol]bool) bool {
	if e == nil {
		return false
	}
	if e.Kind == frontend.EName && e.Sym != nil && nest[frontend.UltimateSymbol(e.Sym)] {
		return true
	}
	if coopReadsNest(e.X, nest) || coopReadsNest(e.Y, nest) {
		return true
	}
	for _, a := range e.Args {
		if coopReadsNest(a, nest) {
			return true
		}
	}
	for _, a := range e.Range {
		if coopReadsNest(a, nest) {
			return true
		}
	}
	return false
}
