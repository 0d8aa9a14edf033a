package lowering

// This file checks the array values of run-time shape device code holds
// (design doc, "The offloading pipeline": an array an iteration needs
// whose size is known only at run time -- the result of a function --
// lives in a per-iteration slice of a buffer the host sizes before the
// launch when the host can size it). A call in the loop's body of a
// function whose explicit-shape result has a run-time shape
// (facts.RuntimeResult: real :: r(size(x))) is handed a slice of the
// kernel's workspace for the result, its bounds the result's written
// over the call's actual arguments (facts.CallLocal, rules/workspace.mg).
// Where the host cannot size that array (rules/heap.mg), and at a call in
// a device procedure, the caller takes the result's array from the device
// heap of the launch just before the call, the bounds evaluated over the
// actual arguments (ResultBounds); it is reclaimed when the launch ends.

import (
	"fgpu/facts"
	"fgpu/frontend"
)

// resultWorkspace checks call e of a function with a run-time shaped
// result: the workspace slice the kernel hands it, or the error the host's
// sizing already reported.
func (v *verifier) resultWorkspace(e *frontend.Expr) bool {
	r := facts.RuntimeResult(e.Proc)
	if v.proc != nil || v.k.ResultHeap[e] {
		// On the heap, allocated by the caller before the call with the
		// bounds written over the actual arguments.
		dims, ok := ResultBounds(e)
		if !ok {
			v.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in device code: the bounds of the result %s of %s cannot be written over the actual arguments of this call", e, r.Name, e.Proc.Name)
			return false
		}
		for _, d := range dims {
			v.scalar(d.Lo)
			v.scalar(d.Hi)
		}
		return true
	}
	if v.k.CallWorkspace(e, r) != nil {
		return true
	}
	if !v.st.unsizedCall(e, r) {
		v.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in device code: the result %s of %s has a run-time shape and no workspace at this call", e, r.Name, e.Proc.Name)
	}
	return false
}

// ResultWorkspace is the workspace of kernel k that holds the run-time
// shaped result of call e in the loop's body (resultWorkspace), or nil.
func (k *Kernel) ResultWorkspace(e *frontend.Expr) *Workspace {
	if k == nil || e == nil || e.Ref != frontend.RefFunction {
		return nil
	}
	r := facts.RuntimeResult(e.Proc)
	if r == nil {
		return nil
	}
	return k.CallWorkspace(e, r)
}

// AssociateResult reports the selector of an associate name that is a
// call of a function with an array result (associate (y => values(x))):
// the call is made once, on entry to the construct, into an array of the
// iteration (of the result's constant shape, or the call's workspace
// slice), which the name is bound to (design doc, "The offloading
// pipeline").
func AssociateResult(e *frontend.Expr) bool {
	return e != nil && e.Rank > 0 && e.Kind == frontend.ERef && e.Ref == frontend.RefFunction && NeedsTemp(e)
}

// ResultBounds are the bounds of the run-time shaped result of call e
// (facts.RuntimeResult) written over its actual arguments (lower bound nil
// for 1), or false when they cannot be.
func ResultBounds(e *frontend.Expr) ([]*frontend.DimSpec, bool) {
	r := facts.RuntimeResult(e.Proc)
	if r == nil {
		return nil, false
	}
	actuals, ok := frontend.CallActuals(e, e.Proc, e.Args)
	if !ok {
		return nil, false
	}
	var out []*frontend.DimSpec
	for _, d := range r.Shape.Dims {
		lo, ok1 := frontend.SubstituteSpec(d.Lo, e.Proc, actuals)
		hi, ok2 := frontend.SubstituteSpec(d.Hi, e.Proc, actuals)
		if !ok1 || !ok2 || hi == nil {
			return nil, false
		}
		out = append(out, &frontend.DimSpec{Lo: lo, Hi: hi})
	}
	return out, true
}

// ResultOnHeap reports call e whose run-time shaped result the caller
// takes from the heap: a call in device procedure proc, or one of the
// kernel's body the host cannot size (Kernel.ResultHeap).
func ResultOnHeap(k *Kernel, proc *frontend.Procedure, e *frontend.Expr) bool {
	if e == nil || e.Ref != frontend.RefFunction || facts.RuntimeResult(e.Proc) == nil {
		return false
	}
	return proc != nil || k != nil && k.ResultHeap[e]
}
