package lowering

import "fgpu/frontend"

// InquiryValue reports whether e is shape(a), lbound(a) or ubound(a)
// without DIM: a rank-1 integer value of rank(a) elements, which device
// code reads element by element (emit/inquiry.go).
func InquiryValue(e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefIntrinsic || e.Intr == nil || e.Rank != 1 {
		return false
	}
	switch e.Intr.Name {
	case "shape", "lbound", "ubound":
		a := IntrinsicActuals(e)
		return len(a) > 0 && a[0] != nil && a[0].Rank > 0
	}
	return false
}

// inquiryShape is the shape of an InquiryValue: [rank of the array].
func inquiryShape(e *frontend.Expr) ([]int64, bool) {
	if !InquiryValue(e) {
		return nil, false
	}
	return []int64{int64(IntrinsicActuals(e)[0].Rank)}, true
}

// inquiryArray checks the array argument x of size, shape, lbound or
// ubound in device code: a whole array the kernel holds (its bounds and
// extents are arguments), an allocatable component whose table entry or
// descriptor it holds, or a section of an array it holds (its extents
// computed from the subscripts).
func (v *verifier) inquiryArray(name string, x *frontend.Expr) {
	if a, _ := ElemComponentBase(x); a != nil && v.proc == nil {
		v.scalar(x.X.Args[0]) // a(i)%w: its table holds its bounds
		return
	}
	if ImageComponent(v.k, v.proc, x) {
		return // t%v: its descriptor holds its bounds
	}
	if x.Rank <= 0 {
		v.nyi(frontend.NYIIntrinsic, x.Pos, "%s of this argument in an offloaded loop", name)
		return
	}
	if x.Kind == frontend.EName && x.Sym != nil {
		return
	}
	if x.Kind == frontend.ERef && x.Ref == frontend.RefElement && x.X != nil && x.X.Kind == frontend.EName {
		// A section: its subscripts are evaluated for its extents.
		outer, outerActual := v.arrayCtx, v.actualCtx
		v.arrayCtx, v.actualCtx = true, true
		v.designator(x)
		v.arrayCtx, v.actualCtx = outer, outerActual
		return
	}
	if _, ok := ConstShape(x); ok && (InquiryValue(x) || x.Kind == frontend.EArray) {
		return // shape(b), a constructor: its shape is known here, it is not evaluated
	}
	if x.Kind == frontend.ERef && x.Ref == frontend.RefFunction && NeedsTemp(x) {
		// f(x), an array-valued call: made before the statement into the
		// array that holds its value (of the iteration, the workspace or
		// the heap: emit/temps.go), whose extents are the value's; its
		// bounds are 1 and its extents (an expression, not a variable).
		v.expr(x)
		return
	}
	v.nyi(frontend.NYIIntrinsic, x.Pos, "%s of this argument in an offloaded loop (only of whole arrays, sections of them, allocatable components the kernel holds and array-valued calls)", name)
}
