package lowering

// This file finds the module and host variables of device procedures
// (design doc, "The offloading pipeline": internal procedures' host
// variables become dummy arguments, constants stay constants): a procedure
// a kernel calls that reads a variable of its module, of a module it uses,
// or of its host, is handed that variable as a hidden argument of its own
// after its dummies, and so is every procedure that calls it; the kernel
// takes the variable as it takes the variables its body names (an array
// with its buffer, a scalar by value). The access analysis already counts
// them as the loop's data (rules/access.mg, kernel_var through reach).

import (
	"sort"

	"fgpu/frontend"
)

// Hidden returns the variables of other scopes procedure p reads or
// writes, directly or in a procedure it calls (named constants are not
// variables), sorted by name.
func (st *state) Hidden(p *frontend.Procedure) []*frontend.Symbol {
	if st.hidden == nil {
		st.hidden = map[*frontend.Procedure][]*frontend.Symbol{}
	}
	if h, ok := st.hidden[p]; ok {
		return h
	}
	st.hidden[p] = nil // a recursion ends here (recursive procedures are not lowered)
	set := map[*frontend.Symbol]bool{}
	frontend.InspectStmts(p.Body, func(n frontend.Node) bool {
		if x, ok := n.(*frontend.Expr); ok && x.Kind == frontend.EName && x.Sym != nil && x.Sym.Kind == frontend.SymVariable && x.Const == nil {
			if s := frontend.UltimateSymbol(x.Sym); foreignTo(s, p) {
				set[s] = true
			}
		}
		return true
	})
	for _, q := range procsCalled(nil, p.Body) {
		if q.Scope == nil || q.Interface {
			continue
		}
		for _, s := range st.Hidden(q) {
			if foreignTo(s, p) {
				set[s] = true
			}
		}
	}
	out := make([]*frontend.Symbol, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Pos.Before(out[j].Pos)
	})
	st.hidden[p] = out
	st.plan.Hidden[p] = out
	return out
}

// foreignTo reports a variable that is not procedure p's own: one of a
// module or of a host procedure (not a construct entity of p, a dummy, a
// local or the result).
func foreignTo(s *frontend.Symbol, p *frontend.Procedure) bool {
	if s == nil || s.Kind != frontend.SymVariable || s.Scope == nil || s.Component != nil {
		return false
	}
	if s.Scope.Kind != frontend.ScopeUnit {
		return false
	}
	return s.Scope.Unit != p
}

// calledProcs are the procedures of the program a kernel's body calls.
func calledProcs(k *Kernel) []*frontend.Procedure {
	return procsCalled(k.Do.Concurrent.Mask, k.Loop.Body)
}

// procsCalled are the procedures of the program an expression and
// statements call (subroutines and functions).
func procsCalled(e *frontend.Expr, ss []frontend.Stmt) []*frontend.Procedure {
	var out []*frontend.Procedure
	visit := func(n frontend.Node) bool {
		switch x := n.(type) {
		case *frontend.Expr:
			if x.Kind == frontend.ERef && x.Ref == frontend.RefFunction && x.Proc != nil {
				out = append(out, x.Proc)
			}
		case *frontend.CallStmt:
			if x.Proc != nil {
				out = append(out, x.Proc)
			}
		}
		return true
	}
	if e != nil {
		frontend.Inspect(e, visit)
	}
	frontend.InspectStmts(ss, visit)
	return out
}
