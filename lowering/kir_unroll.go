package lowering

// Small arrays of the iterations in registers (issue 30): a counted DO
// loop of the body with constant limits and at most UnrollMax trips that
// indexes a fixed-size array of the iteration (a local or local_init array
// of the loop, an array declared in a BLOCK of the body, a local of a
// device procedure) by its variable is fully unrolled, so that every
// subscript of the array becomes a constant and the compiler can keep the
// array in registers instead of the thread's stack (CUDA: local memory).
// The hint changes how the loop is compiled, never what it computes: the
// DO keeps its sequential semantics, and the variable its value after the
// loop. The decision is made here, once: the kernel IR's Loop carries it
// (kernelir.Loop.Unroll, set by the builder, kir_body.go) and the legacy
// writer asks the same function (emit/unroll.go) for the kernels and
// device procedures it still prints.

import "fgpu/frontend"

// UnrollMax is the largest trip count of a DO loop unrolled so.
const UnrollMax = 8

// UnrollTrips is the trip count of the DO loop c (header h) when it is
// fully unrolled, 0 when it is not. k is the kernel whose body holds the
// loop, nil in a device procedure's own body.
func UnrollTrips(k *Kernel, c *frontend.Construct, h *frontend.DoStmt) int {
	_, _, trip, ok := h.ConstTrips()
	if !ok || h.VarSym == nil {
		return 0
	}
	if trip < 1 || trip > UnrollMax || !indexesIterArray(k, c.Body, h.VarSym) {
		return 0
	}
	return int(trip)
}

// indexesIterArray reports whether the statements reference an element of
// a fixed-size array of the iteration with a subscript that reads v.
func indexesIterArray(k *Kernel, body []frontend.Stmt, v *frontend.Symbol) bool {
	found := false
	frontend.BodyExprs(body, func(e *frontend.Expr) {
		frontend.Inspect(e, func(n frontend.Node) bool {
			x, ok := n.(*frontend.Expr)
			if !ok || found {
				return false
			}
			if x.Kind == frontend.ERef && x.Ref == frontend.RefElement && iterArray(k, designatorRoot(x)) {
				for _, a := range x.Args {
					if readsVar(a, v) {
						found = true
					}
				}
			}
			return true
		})
	})
	return found
}

// designatorRoot is the variable at the root of designator e (followed
// through use association).
func designatorRoot(e *frontend.Expr) *frontend.Symbol {
	for x := e; x != nil; x = x.X {
		if x.Kind == frontend.EName {
			if x.Sym == nil {
				return nil
			}
			return frontend.UltimateSymbol(x.Sym)
		}
	}
	return nil
}

// iterArray: s is an array of the iteration of constant shape (each
// thread's own, declared in the kernel or a device procedure).
func iterArray(k *Kernel, s *frontend.Symbol) bool {
	if s == nil || s.Rank <= 0 || len(s.Dims) != s.Rank || s.Dummy || s.Save || s.Allocatable || s.Pointer || s.Module != "" || s.Use != nil || s.Host {
		return false
	}
	for _, d := range s.Dims {
		if d < 0 {
			return false
		}
	}
	if k != nil {
		for _, p := range k.Params {
			if p.Kind == ArrayParam && p.Sym == s {
				return false
			}
		}
		if k.WorkspaceOf(s) != nil {
			return false
		}
	}
	return true
}

// readsVar reports whether e reads the variable v.
func readsVar(e *frontend.Expr, v *frontend.Symbol) bool {
	found := false
	frontend.Inspect(e, func(n frontend.Node) bool {
		if x, ok := n.(*frontend.Expr); ok && x.Kind == frontend.EName && x.Sym != nil && frontend.UltimateSymbol(x.Sym) == frontend.UltimateSymbol(v) {
			found = true
		}
		return !found
	})
	return found
}
