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
	if x.Proc != nil || x.RHS == nil || x.RHS.Rank == 0 {
		return false
	}
	switch {
	case HeapLocalName(proc, x.LHS):
		return reads(x.RHS, frontend.UltimateSymbol(x.LHS.Sym))
	case ImageComponent(k, proc, x.LHS):
		return reads(x.RHS, frontend.UltimateSymbol(x.LHS.X.Sym))
	}
	return false
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
	outer := v.arrayCtx
	v.arrayCtx = true
	v.expr(x.RHS)
	v.arrayCtx = outer
}
