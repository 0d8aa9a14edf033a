package facts

// This file records the checks device code makes when it defines whole an
// element of an array the host hands over whose type has allocatable
// array components (lowering/hostvalue.go; docs/STATUS.md): arr(i) on
// the left of an assignment in a loop, or the actual argument of a dummy
// that may define it in a call statement of a loop. The value the element
// gets is written back into the element's own device buffers, which
// device code cannot reallocate: each allocatable array component of the
// new value must have the allocation status, bounds and shape the
// element's component had on entry to the loop; else this check's error
// stop (a statement the program does not have, at the element), with a
// message naming the element and its components.

import (
	"fmt"
	"path/filepath"
	"strings"

	"fgpu/frontend"
)

// HostWholeElement reports arr(i), an element with one scalar subscript
// of a rank-1 array variable of a derived type with allocatable array
// components (the form lowering.HostElement admits).
func HostWholeElement(e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.Rank != 0 || len(e.Args) != 1 ||
		e.X == nil || e.X.Kind != frontend.EName || e.X.Sym == nil || e.Type.Base != frontend.TyDerived || !HasAllocArrayComponent(e.Type.Derived) {
		return false
	}
	a := frontend.UltimateSymbol(e.X.Sym)
	if a.Kind != frontend.SymVariable || a.Rank != 1 {
		return false
	}
	x := e.Args[0]
	return x.Kind != frontend.ERange && x.Rank == 0
}

// HostWholeWrites are the elements statement s defines whole
// (HostWholeElement): the left side of an intrinsic assignment, the
// actual arguments of a call statement's dummies that are not intent(in)
// or value.
func HostWholeWrites(s frontend.Stmt) []*frontend.Expr {
	var out []*frontend.Expr
	switch k := s.(type) {
	case *frontend.AssignStmt:
		if k.Proc == nil && HostWholeElement(k.LHS) {
			out = append(out, k.LHS)
		}
	case *frontend.CallStmt:
		if k.Proc == nil {
			return nil
		}
		args, ok := frontend.CallActuals(k.Callee, k.Proc, k.Args)
		if !ok {
			return nil
		}
		for i, a := range args {
			if i < len(k.Proc.Dummies) && HostWholeElement(a) && k.Proc.Dummies[i].Intent != "in" && !k.Proc.Dummies[i].Value {
				out = append(out, a)
			}
		}
	}
	return out
}

// hostWholeChecks records the checks of the elements statement s of the
// loops of c defines whole: an error stop of the loops each (stop_stmt).
func (x *extractor) hostWholeChecks(s frontend.Stmt, c *ctx) {
	for _, e := range HostWholeWrites(s) {
		var comps []string
		for _, m := range e.Type.Derived.Components {
			if m.Allocatable && m.Rank > 0 {
				comps = append(comps, m.Name)
			}
		}
		what := "the assignment to"
		if _, ok := s.(*frontend.CallStmt); ok {
			what = "the call that defines"
		}
		msg := fmt.Sprintf("fgpu: %s %s at %s:%d in an offloaded loop would reallocate its allocatable component %s (another allocation status, bounds or shape than on entry to the loop): reallocating a component of an element the host hands over in device code is not yet implemented",
			what, e, filepath.Base(e.Pos.File), e.Pos.Line, strings.Join(comps, " or "))
		x.set.WholeChecks[x.checkStop(msg, e.Pos, c)] = e
	}
}
