package lowering

// This file says which arrays of device procedures live on the device heap
// of the launch (design doc, "Allocating on the device"): an allocatable
// local array of a procedure the loop calls (facts.HeapLocalArray). It is
// held as an array of device code is -- base address, and per dimension a
// lower bound, a byte stride and an extent -- in variables the procedure
// sets: unallocated (a null base) on entry; allocate and an assignment
// that reallocates it (when it is unallocated or of another shape than the
// value) take its elements from the heap (contiguous); deallocate, and the
// end of the procedure, only mark it unallocated: the memory is reclaimed
// when the launch ends (the heap holds every allocation of one launch).
// Each allocation can fail, an error stop of its own (facts/heap.go).

import (
	"fgpu/facts"
	"fgpu/frontend"
)

// HeapLocal reports an allocatable local array of device procedure proc
// held on the heap, of a type kernels hold.
func HeapLocal(proc *frontend.Procedure, s *frontend.Symbol) bool {
	if proc == nil || s == nil || s.Scope != proc.Scope || !facts.HeapLocalArray(s) {
		return false
	}
	return s.Rank <= 7 && TypeSupported(s.Type) && s.Type.Base != frontend.TyDerived && s.Type.Base != frontend.TyCharacter
}

// HeapLocalName reports e, the name of a heap local of proc (HeapLocal).
func HeapLocalName(proc *frontend.Procedure, e *frontend.Expr) bool {
	return e != nil && e.Kind == frontend.EName && e.Sym != nil && HeapLocal(proc, frontend.UltimateSymbol(e.Sym))
}

// HeapResult reports call e of a function whose result is an allocatable
// array held on the heap (HeapLocal): the caller hands the function the
// variables of the array, which the function allocates.
func HeapResult(e *frontend.Expr) bool {
	return e != nil && e.Kind == frontend.ERef && e.Ref == frontend.RefFunction && e.Proc != nil && e.Proc.Result != nil &&
		e.Proc.Result.Rank > 0 && HeapLocal(e.Proc, e.Proc.Result)
}

// reads reports whether expression e reads variable s.
func reads(e *frontend.Expr, s *frontend.Symbol) bool {
	found := false
	frontend.Inspect(e, func(n frontend.Node) bool {
		if y, ok := n.(*frontend.Expr); ok && y.Kind == frontend.EName && y.Sym != nil && frontend.UltimateSymbol(y.Sym) == s {
			found = true
		}
		return !found
	})
	return found
}

// SelfAssign reports an array assignment to a whole heap local or to an
// allocatable array component of an image (r = [r, x], t%v = t%v * f)
// whose right side reads the variable assigned (r, t): the value is
// computed into a new array on the heap first, then assigned (the left
// side reallocated when unallocated or of another shape).
func SelfAssign(k *Kernel, proc *frontend.Procedure, x *frontend.AssignStmt) bool {
	if x.Proc != nil || x.RHS == nil || x.RHS.Rank == 0 || HeapConsAssign(k, proc, x) {
		return false // a constructor is computed into new storage anyway
	}
	switch {
	case HeapLocalName(proc, x.LHS):
		return reads(x.RHS, frontend.UltimateSymbol(x.LHS.Sym))
	case ImageComponent(k, proc, x.LHS):
		return reads(x.RHS, frontend.UltimateSymbol(x.LHS.X.Sym))
	}
	return false
}

// HeapConsAssign reports an array constructor of a run-time shape -- its
// items scalars, rank-1 arrays and implied-do loops of scalars -- that is
// the whole right side of a reallocating assignment to a rank-1 heap
// local or allocatable component of an image (r = [r, x]): it is computed
// before the statement into a new array on the heap, its size the sum of
// its items' sizes at run time, from which the left side is assigned.
func HeapConsAssign(k *Kernel, proc *frontend.Procedure, x *frontend.AssignStmt) bool {
	if x.Proc != nil || x.RHS == nil || x.LHS == nil || x.LHS.Rank != 1 {
		return false
	}
	r := stripParens(x.RHS)
	if r.Kind != frontend.EArray || r.Rank != 1 || r.Const != nil || r.Type.Base == frontend.TyCharacter || r.Type.Base == frontend.TyDerived {
		return false
	}
	if _, ok := ConstShape(r); ok {
		return false // an array of the iteration (temps)
	}
	if !HeapLocalName(proc, x.LHS) && !ImageComponent(k, proc, x.LHS) {
		return false
	}
	return heapConsItems(r.Args, true)
}

// heapConsItems reports constructor items HeapConsAssign computes:
// scalars, rank-1 arrays (top: not in an implied-do loop), implied-do
// loops of scalars (not nested: the trips are counted before the loops
// run).
func heapConsItems(items []*frontend.Expr, top bool) bool {
	for _, a := range items {
		if a.Kind == frontend.EImpliedDo {
			if !top || !heapConsItems(a.Args, false) {
				return false
			}
			continue
		}
		if a.Rank > 1 || a.Rank == 1 && !top {
			return false
		}
	}
	return true
}

// heapCons checks the items of the constructor of HeapConsAssign x.
func (v *verifier) heapCons(x *frontend.AssignStmt) {
	var items func(as []*frontend.Expr)
	items = func(as []*frontend.Expr) {
		for _, a := range as {
			switch {
			case a.Kind == frontend.EImpliedDo:
				for _, r := range a.Range {
					if r != nil {
						v.scalar(r)
					}
				}
				items(a.Args)
			case a.Rank > 0:
				outer := v.arrayCtx
				v.arrayCtx = true
				v.expr(a)
				v.arrayCtx = outer
			default:
				v.scalar(a)
			}
		}
	}
	r := stripParens(x.RHS)
	v.typeOK(r.Type, r.Pos, "an array constructor")
	items(r.Args)
}

// heapLocalAssign checks t = value, an array assigned to a whole heap
// local (reallocated when unallocated or of another shape): the value
// read element by element, or computed into a new heap array first when
// it reads t (SelfAssign); not computed into t.
func (v *verifier) heapLocalAssign(x *frontend.AssignStmt) {
	if DirectAssign(x) {
		v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment to the whole allocatable %s whose right side is computed into it (a function result, matmul...), in device code: assign through a temporary array", x.LHS)
		return
	}
	if HeapConsAssign(v.k, v.proc, x) {
		v.heapCons(x)
		return
	}
	outer := v.arrayCtx
	v.arrayCtx = true
	v.expr(x.RHS)
	v.arrayCtx = outer
}
