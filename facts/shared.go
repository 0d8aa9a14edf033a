package facts

// This file extracts the statement structure of do concurrent bodies (and
// of the bodies of the procedures that hold them) and the forms of their
// scalar writes, for rules/shared.mg (shared scalars written without a
// locality spec): which statement lists hold which statements in which
// order, which constructs run exactly one of their lists, which site
// belongs to which statement, the statements that define a whole scalar,
// and the assignments of the reduction forms (s = s op e, s = max(s, e),
// ...).
// It also records, for every procedure, the sites inside the body of a DO
// construct of a variable (what the DO head defines before them), and the
// variables of EQUIVALENCE and NAMELIST statements, which the rules keep
// alive after a loop. Nothing is decided here: the rules classify.

import (
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// sharedFacts walks the body of every do concurrent and every procedure
// body (after the other facts: every site exists).
func (x *extractor) sharedFacts() {
	loops, ks, ds := x.concurrentLoops()
	for i, l := range loops {
		k, d := ks[i], ds[i]
		ls := name(l)
		if d.Concurrent.Mask != nil {
			// The mask is evaluated before the body: its reads are at the
			// loop, which no statement of the body precedes.
			if ms, ok := x.known(d.Concurrent.Mask); ok {
				x.add("stmt_of", ms, ls)
			}
			x.callSitesIn(d.Concurrent.Mask, ls)
		}
		x.stmtList(ls, k.Body)
	}
	for _, f := range x.prog.Files {
		for _, u := range f.Units {
			x.unitDoScopes(u)
			x.hostLists(u)
		}
	}
}

// hostLists records the statement lists of the body of every procedure
// that holds a do concurrent (named by the procedure's site; its loops'
// lists as above), for the value a loop leaves after it, and proc_jumps
// when the body may jump (GO TO, arithmetic IF, alternate returns, ERR=,
// END=, EOR=), which the order of its lists then does not describe.
func (x *extractor) hostLists(u *frontend.Procedure) {
	for _, q := range u.Contains {
		x.hostLists(q)
	}
	if !holdsDoConcurrent(u.Body) {
		return
	}
	p, ok := x.known(u)
	if !ok {
		return
	}
	x.stmtList(p, u.Body)
	if jumps(u.Body) {
		x.add("proc_jumps", p)
	}
}

func holdsDoConcurrent(ss []frontend.Stmt) bool {
	for _, s := range ss {
		if k, ok := s.(*frontend.Construct); ok {
			if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
				return true
			}
			if holdsDoConcurrent(k.Body) {
				return true
			}
			for _, br := range k.Branches {
				if holdsDoConcurrent(br.Body) {
					return true
				}
			}
		}
	}
	return false
}

// jumps reports whether statements may transfer control other than to the
// next statement of their list, the end of a construct or out of the
// procedure.
func jumps(ss []frontend.Stmt) bool {
	for _, s := range ss {
		switch k := s.(type) {
		case *frontend.GotoStmt, *frontend.ArithIfStmt:
			return true
		case *frontend.IfStmt:
			if k.Action != nil && jumps([]frontend.Stmt{k.Action}) {
				return true
			}
		case *frontend.CallStmt:
			for _, a := range k.Args {
				if a != nil && a.Kind == frontend.EStar {
					return true
				}
			}
		case *frontend.IOStmt:
			for _, a := range k.Control {
				if a != nil && a.Kind == frontend.EKeyword && (a.Name == "err" || a.Name == "end" || a.Name == "eor") {
					return true
				}
			}
		case *frontend.Construct:
			if jumps(k.Body) {
				return true
			}
			for _, br := range k.Branches {
				if jumps(br.Body) {
					return true
				}
			}
		}
	}
	return false
}

// known returns the site of a node that has one.
func (x *extractor) known(node any) (ast.Constant, bool) {
	s, ok := x.sites[node]
	if !ok || s == "" {
		return ast.Constant{}, false
	}
	return name(s), true
}

// stmtKey is the node a statement's site is keyed by (a construct by its
// head statement).
func stmtKey(s frontend.Stmt) any {
	if k, ok := s.(*frontend.Construct); ok {
		return k.Head
	}
	return s
}

// stmtList records the statements of list b in order (body_stmt), and
// recursively the lists of their constructs.
func (x *extractor) stmtList(b ast.Constant, ss []frontend.Stmt) {
	n := 0
	for _, s := range ss {
		st, ok := x.known(stmtKey(s))
		if !ok {
			continue // a statement without facts (format, data, ...)
		}
		x.add("body_stmt", st, b, ast.Number(int64(n)))
		x.add("stmt_of", st, st)
		n++
		for _, e := range stmtExprs(s) {
			x.callSitesIn(e, st)
		}
		switch k := s.(type) {
		case *frontend.Construct:
			x.constructLists(st, k)
		case *frontend.IfStmt:
			if k.Action != nil {
				x.add("body_list", st, st)
				x.stmtList(st, []frontend.Stmt{k.Action})
			}
		case *frontend.WhereStmt:
			if k.Action != nil {
				x.add("body_list", st, st)
				x.stmtList(st, []frontend.Stmt{k.Action})
			}
		case *frontend.ForallStmt:
			if k.Action != nil {
				x.add("body_list", st, st)
				x.stmtList(st, []frontend.Stmt{k.Action})
			}
		case *frontend.AssignStmt:
			x.assignForms(st, k)
		case *frontend.CallStmt:
			x.outArgs(st, k)
		}
	}
}

// constructLists records the lists of construct k (site st): its body, and
// one list per branch, whose head is evaluated at the construct.
func (x *extractor) constructLists(st ast.Constant, k *frontend.Construct) {
	x.add("body_list", st, st)
	x.stmtList(st, k.Body)
	hasDefault := false
	for _, br := range k.Branches {
		switch h := br.Head.(type) {
		case *frontend.ElseStmt:
			hasDefault = true
		case *frontend.CaseStmt:
			hasDefault = hasDefault || h.Default
		}
		bh, ok := x.known(br.Head)
		if !ok {
			continue
		}
		x.add("body_list", bh, st)
		x.add("stmt_of", bh, st)
		for _, e := range stmtExprs(br.Head) {
			x.callSitesIn(e, st)
		}
		x.stmtList(bh, br.Body)
	}
	switch h := k.Head.(type) {
	case *frontend.IfThenStmt, *frontend.SelectCaseStmt:
		if hasDefault {
			x.add("list_complete", st)
		}
	case *frontend.BlockStmt, *frontend.AssociateStmt:
		x.add("list_complete", st)
	case *frontend.DoStmt:
		x.add("do_construct", st)
		if h.Concurrent != nil {
			if h.Concurrent.Mask != nil {
				if ms, ok := x.known(h.Concurrent.Mask); ok {
					x.add("stmt_of", ms, st)
				}
				x.callSitesIn(h.Concurrent.Mask, st)
			}
		} else if h.VarSym != nil && h.VarSym.Kind == frontend.SymVariable && h.VarSym.Rank == 0 {
			x.add("scalar_def", st, x.varSite(h.VarSym), name("/do_var"))
		}
	}
}

// stmtExprs are the expressions a statement evaluates itself (not those of
// the statements nested in it).
func stmtExprs(s frontend.Stmt) []*frontend.Expr {
	switch k := s.(type) {
	case *frontend.Construct:
		return stmtExprs(k.Head)
	case *frontend.AssignStmt:
		return []*frontend.Expr{k.LHS, k.RHS}
	case *frontend.PtrAssignStmt:
		return []*frontend.Expr{k.LHS, k.RHS}
	case *frontend.CallStmt:
		return append([]*frontend.Expr{k.Callee}, k.Args...)
	case *frontend.IfStmt:
		return []*frontend.Expr{k.Cond}
	case *frontend.ArithIfStmt:
		return []*frontend.Expr{k.Expr}
	case *frontend.GotoStmt:
		return []*frontend.Expr{k.Computed}
	case *frontend.ReturnStmt:
		return []*frontend.Expr{k.Expr}
	case *frontend.StopStmt:
		return []*frontend.Expr{k.Code, k.Quiet}
	case *frontend.AllocateStmt:
		return append(append([]*frontend.Expr(nil), k.Items...), k.Opts...)
	case *frontend.DeallocateStmt:
		return append(append([]*frontend.Expr(nil), k.Items...), k.Opts...)
	case *frontend.NullifyStmt:
		return k.Items
	case *frontend.IOStmt:
		return append(append([]*frontend.Expr(nil), k.Control...), k.Items...)
	case *frontend.WhereStmt:
		return []*frontend.Expr{k.Mask}
	case *frontend.ElsewhereStmt:
		return []*frontend.Expr{k.Mask}
	case *frontend.ForallStmt:
		return headerExprs(k.Header)
	case *frontend.IfThenStmt:
		return []*frontend.Expr{k.Cond}
	case *frontend.ElseIfStmt:
		return []*frontend.Expr{k.Cond}
	case *frontend.DoStmt:
		out := []*frontend.Expr{k.Lo, k.Hi, k.Step, k.While}
		if k.Concurrent != nil {
			out = append(out, headerExprs(k.Concurrent)...)
		}
		return out
	case *frontend.SelectCaseStmt:
		return []*frontend.Expr{k.Expr}
	case *frontend.SelectTypeStmt:
		return []*frontend.Expr{k.Expr}
	case *frontend.SelectRankStmt:
		return []*frontend.Expr{k.Expr}
	case *frontend.CaseStmt:
		var out []*frontend.Expr
		for _, r := range k.Items {
			out = append(out, r.Lo, r.Hi)
		}
		return out
	case *frontend.AssociateStmt:
		var out []*frontend.Expr
		for _, a := range k.Assocs {
			out = append(out, a.Expr)
		}
		return out
	}
	return nil
}

func headerExprs(h *frontend.ConcurrentHeader) []*frontend.Expr {
	if h == nil {
		return nil
	}
	var out []*frontend.Expr
	for _, ix := range h.Indices {
		out = append(out, ix.Lo, ix.Hi, ix.Step)
	}
	return append(out, h.Mask)
}

// walkExpr calls fn for every node of e (operands, arguments, ranges).
func walkExpr(e *frontend.Expr, fn func(*frontend.Expr)) {
	if e == nil {
		return
	}
	fn(e)
	walkExpr(e.X, fn)
	walkExpr(e.Y, fn)
	for _, a := range e.Args {
		walkExpr(a, fn)
	}
	for _, r := range e.Range {
		walkExpr(r, fn)
	}
}

// callSitesIn maps the call sites of the expression (function references,
// defined operations; the facts record the reads of their arguments there)
// to statement st.
func (x *extractor) callSitesIn(e *frontend.Expr, st ast.Constant) {
	walkExpr(e, func(n *frontend.Expr) {
		if cs, ok := x.known([2]any{n, "call"}); ok {
			x.add("stmt_of", cs, st)
		}
	})
}

// refCount counts the references to variable v in the expressions.
func refCount(v *frontend.Symbol, es ...*frontend.Expr) int {
	n := 0
	for _, e := range es {
		walkExpr(e, func(n2 *frontend.Expr) {
			if n2.Kind == frontend.EName && n2.Sym != nil && frontend.UltimateSymbol(n2.Sym) == v {
				n++
			}
		})
	}
	return n
}

// scalarName returns the variable of a whole scalar variable designator
// (a plain name), else nil.
func scalarName(e *frontend.Expr) *frontend.Symbol {
	if e == nil {
		return nil
	}
	if e.Kind == frontend.EKeyword {
		e = e.X
	}
	if e == nil || e.Kind != frontend.EName || e.Sym == nil || e.Sym.Kind != frontend.SymVariable || e.Sym.Rank != 0 {
		return nil
	}
	return frontend.UltimateSymbol(e.Sym)
}

// assignForms records an intrinsic assignment to a whole scalar: it defines
// it (scalar_def /assign), and when its value is a reduction form of the
// variable, red_stmt with the operator.
func (x *extractor) assignForms(st ast.Constant, a *frontend.AssignStmt) {
	if a.StmtFunc || a.Proc != nil {
		return // a statement function, or a defined assignment (a call)
	}
	v := scalarName(a.LHS)
	if v == nil {
		return
	}
	vs := x.varSite(v)
	x.add("scalar_def", st, vs, name("/assign"))
	if refCount(v, a.RHS) != 1 {
		return
	}
	if op := reductionOp(v, a.RHS); op != "" {
		x.add("red_stmt", st, vs, name("/"+op))
	}
}

func stripParens(e *frontend.Expr) *frontend.Expr {
	for e != nil && e.Kind == frontend.EParen {
		e = e.X
	}
	return e
}

func isVar(e *frontend.Expr, v *frontend.Symbol) bool {
	e = stripParens(e)
	return e != nil && e.Kind == frontend.EName && e.Sym != nil && frontend.UltimateSymbol(e.Sym) == v
}

// binaryOps are the operators of the reduction forms s = s op e (and
// chains s op e1 op e2, and e op s), by the name of their reduce operator.
var binaryOps = map[string]string{
	"+": "plus", "-": "plus", "*": "times",
	".and.": "and", ".or.": "or", ".eqv.": "eqv", ".neqv.": "neqv",
}

// reductionOp returns the reduce operator (reduce_op's names without the
// slash) of which rhs is a reduction form of v, else "". rhs references v
// exactly once. The forms: v op e, e op v (not for -), and the chains of
// one operator whose leftmost operand is v (v + e1 - e2 is v + (e1 - e2)),
// for + - * .and. .or. .eqv. .neqv.; max(v, e, ...) and min (v any
// argument); iand, ior, ieor(v, e) or (e, v). Every operation on the chain
// has v's base type, so no conversion truncates between the updates (an
// integer v updated by a real value is no reduction).
func reductionOp(v *frontend.Symbol, rhs *frontend.Expr) string {
	e := stripParens(rhs)
	if e == nil {
		return ""
	}
	base := v.Type.Base
	switch e.Kind {
	case frontend.EBinary:
		if e.Proc != nil {
			return "" // a defined operation
		}
		op := binaryOps[e.Op]
		if op == "" || e.Type.Base != base {
			return ""
		}
		if (op == "and" || op == "or" || op == "eqv" || op == "neqv") != (base == frontend.TyLogical) {
			return ""
		}
		// v op e, or e op v (v + e, not e - v).
		if isVar(e.Y, v) && e.Op != "-" {
			return op
		}
		// The left spine: e.X is v or a chain of the same operator.
		for l := e; ; {
			x := stripParens(l.X)
			if isVar(x, v) {
				return op
			}
			if x == nil || x.Kind != frontend.EBinary || x.Proc != nil || binaryOps[x.Op] != op || x.Type.Base != base {
				return ""
			}
			l = x
		}
	case frontend.ERef:
		if e.Ref != frontend.RefIntrinsic || e.Intr == nil || e.Type.Base != base {
			return ""
		}
		n := strings.ToLower(e.Intr.Name)
		switch n {
		case "max", "min":
			if base != frontend.TyInteger && base != frontend.TyReal {
				return ""
			}
		case "iand", "ior", "ieor":
			if base != frontend.TyInteger || len(e.Args) != 2 {
				return ""
			}
		default:
			return ""
		}
		for _, a := range e.Args {
			if a != nil && a.Kind == frontend.EKeyword {
				a = a.X
			}
			if isVar(a, v) {
				return n
			}
		}
	}
	return ""
}

// outArgs records the whole scalars a call passes as actual arguments:
// whole_actual for every plain name, and scalar_def /out_arg when the dummy
// is intent(out) and the name appears nowhere else in the call (the callee
// defines it or leaves it undefined: the call does not read it).
func (x *extractor) outArgs(st ast.Constant, c *frontend.CallStmt) {
	for i, a := range c.Args {
		if a == nil {
			continue
		}
		v := scalarName(a)
		if v == nil {
			continue
		}
		vs := x.varSite(v)
		x.add("whole_actual", st, vs)
		if c.Proc == nil {
			continue
		}
		d := dummyFor(c.Proc, a, i)
		if d != nil && d.Intent == "out" && refCount(v, callExprs(c)...) == 1 {
			x.add("scalar_def", st, vs, name("/out_arg"))
		}
	}
}

// callExprs are the expressions of a call statement: its actual arguments
// and the object of a type-bound call (the callee's own arguments are the
// actual arguments).
func callExprs(c *frontend.CallStmt) []*frontend.Expr {
	out := append([]*frontend.Expr(nil), c.Args...)
	callee := c.Callee
	if callee != nil && callee.Kind == frontend.ERef {
		callee = callee.X
	}
	if callee != nil && callee.Kind == frontend.EComponent {
		out = append(out, callee.X)
	}
	return out
}

// unitDoScopes records, in the bodies of procedure u and its contained
// procedures, the sites inside the body of a DO construct of a variable
// (in_do_of: the DO head defines the variable before each of them), and
// the variables of its EQUIVALENCE and NAMELIST statements.
func (x *extractor) unitDoScopes(u *frontend.Procedure) {
	for _, s := range u.Spec {
		switch k := s.(type) {
		case *frontend.EquivalenceStmt:
			for _, set := range k.Sets {
				for _, o := range set.Objects {
					x.markVar(u, rootName(o), "", "/equivalence")
				}
			}
		case *frontend.NamelistStmt:
			for _, g := range k.Groups {
				for _, n := range g.Names {
					x.markVar(u, nil, n, "/namelist")
				}
			}
		}
	}
	var walk func(ss []frontend.Stmt, dos []*frontend.Symbol)
	walk = func(ss []frontend.Stmt, dos []*frontend.Symbol) {
		for _, s := range ss {
			if len(dos) > 0 {
				if st, ok := x.known(stmtKey(s)); ok {
					sites := []ast.Constant{st}
					for _, e := range stmtExprs(s) {
						walkExpr(e, func(n *frontend.Expr) {
							if cs, ok := x.known([2]any{n, "call"}); ok {
								sites = append(sites, cs)
							}
						})
					}
					for _, d := range dos {
						dv := x.varSite(d)
						for _, site := range sites {
							x.add("in_do_of", site, dv)
						}
					}
				}
			}
			switch k := s.(type) {
			case *frontend.Construct:
				inner := dos
				if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent == nil && d.VarSym != nil {
					inner = append(append([]*frontend.Symbol(nil), dos...), frontend.UltimateSymbol(d.VarSym))
				}
				walk(k.Body, inner)
				for _, br := range k.Branches {
					if len(dos) > 0 {
						if bh, ok := x.known(br.Head); ok {
							for _, d := range dos {
								x.add("in_do_of", bh, x.varSite(d))
							}
						}
					}
					walk(br.Body, inner)
				}
			case *frontend.IfStmt:
				if k.Action != nil {
					walk([]frontend.Stmt{k.Action}, dos)
				}
			}
		}
	}
	walk(u.Body, nil)
	for _, q := range u.Contains {
		x.unitDoScopes(q)
	}
}

// markVar records var_attr(V, attr) for a variable named in a
// specification statement of u (by its expression, or by name).
func (x *extractor) markVar(u *frontend.Procedure, e *frontend.Expr, n, attr string) {
	var sym *frontend.Symbol
	if e != nil {
		sym = e.Sym
	} else if u.Scope != nil {
		sym = u.Scope.Lookup(n)
	}
	if sym == nil || sym.Kind != frontend.SymVariable {
		return
	}
	x.add("var_attr", x.varSite(sym), name(attr))
}
