package emit

// Small arrays of the iterations in registers (issue 30): a counted DO
// loop of the body with constant limits and at most unrollMax trips that
// indexes a fixed-size array of the iteration (a local or local_init array
// of the loop, an array declared in a BLOCK of the body, a local of a
// device procedure) by its variable is fully unrolled, so that every
// subscript of the array becomes a constant and the compiler can keep the
// array in registers instead of the thread's stack (CUDA: local memory).
// The pragma changes how the loop is compiled, never what it computes: the
// DO keeps its sequential semantics, and the variable its value after the
// loop.

import (
	"fmt"

	"fgpu/frontend"
	"fgpu/lowering"
)

// unrollMax is the largest trip count of a DO loop unrolled so.
const unrollMax = 8

// unrollPragma is the line that unrolls the DO loop c (nil: not unrolled).
func (g *kernelGen) unrollPragma(c *frontend.Construct, h *frontend.DoStmt) string {
	lo, ok1 := constInt(h.Lo)
	hi, ok2 := constInt(h.Hi)
	st := int64(1)
	ok3 := true
	if h.Step != nil {
		st, ok3 = constInt(h.Step)
	}
	if !ok1 || !ok2 || !ok3 || st == 0 || h.VarSym == nil {
		return ""
	}
	trip := (hi - lo + st) / st
	if trip < 1 || trip > unrollMax || !g.indexesIterArray(c.Body, h.VarSym) {
		return ""
	}
	switch g.be.(type) {
	case cpuBackend:
		return fmt.Sprintf("#pragma GCC unroll %d", trip)
	case cudaBackend:
		return fmt.Sprintf("#pragma unroll %d", trip)
	}
	return "" // (Metal: the MSL is also compiled as C++ by g++ for metal_cpu)
}

// indexesIterArray reports whether the statements reference an element of
// a fixed-size array of the iteration with a subscript that reads v.
func (g *kernelGen) indexesIterArray(body []frontend.Stmt, v *frontend.Symbol) bool {
	found := false
	bodyExprs(body, func(e *frontend.Expr) {
		frontend.Inspect(e, func(n frontend.Node) bool {
			x, ok := n.(*frontend.Expr)
			if !ok || found {
				return false
			}
			if x.Kind == frontend.ERef && x.Ref == frontend.RefElement && g.iterArray(rootSym(x)) {
				for _, a := range x.Args {
					if readsSym(a, v) {
						found = true
					}
				}
			}
			return true
		})
	})
	return found
}

// iterArray: s is an array of the iteration of constant shape (each
// thread's own, declared in the kernel or a device procedure).
func (g *kernelGen) iterArray(s *frontend.Symbol) bool {
	if s == nil || s.Rank <= 0 || len(s.Dims) != s.Rank || s.Dummy || s.Save || s.Allocatable || s.Pointer || s.Module != "" || s.Use != nil || s.Host {
		return false
	}
	for _, d := range s.Dims {
		if d < 0 {
			return false
		}
	}
	if g.k != nil {
		for _, p := range g.k.Params {
			if p.Kind == lowering.ArrayParam && p.Sym == s {
				return false
			}
		}
		if g.k.WorkspaceOf(s) != nil {
			return false
		}
	}
	return true
}

// readsSym reports whether e reads the variable v.
func readsSym(e *frontend.Expr, v *frontend.Symbol) bool {
	found := false
	frontend.Inspect(e, func(n frontend.Node) bool {
		if x, ok := n.(*frontend.Expr); ok && x.Kind == frontend.EName && x.Sym != nil && frontend.UltimateSymbol(x.Sym) == frontend.UltimateSymbol(v) {
			found = true
		}
		return !found
	})
	return found
}
