package lowering

// This file admits the elements of arrays of heap types (heap.go) that the
// host hands over used whole in device code (design doc, "Allocating on
// the device"; docs/STATUS.md): arr(i) of a rank-1 array of a kernel, of a
// type with allocatable array components, as
//
//	t = arr(i)         the right side of an assignment to a value device
//	                   code creates: its components deep-copied into the
//	                   launch's heap (facts.HeapCopy; t owns its storage,
//	                   writing it never changes arr(i))
//	f(arr(i))          an actual argument for an intent(in) dummy of a
//	                   device procedure: a value whose components'
//	                   descriptors REFERENCE the element's device buffers
//	                   (no copy; the dummy cannot be defined)
//	arr(i) = value     the left side of an assignment: the value's
//	                   components copied into the element's buffers
//	call p(arr(i))     an actual argument of a call statement for a dummy
//	                   that may define it (intent(inout), intent(out), the
//	                   passed object of arr(i)%update()): the element's
//	                   view passed by reference, its components then
//	                   copied back into the element's buffers where the
//	                   procedure gave them new storage
//
// A value written into an element must keep each allocatable component's
// allocation status, bounds and shape (the element's buffers are the
// host's, which device code cannot reallocate): else the error stop of
// facts/hostwhole.go naming the element and the component. The element
// reaches the kernel as its host bytes (when its type has components
// besides the allocatable ones: those the element gets from the value,
// its descriptors kept) and, for each allocatable array component, the
// table of the elements' buffers (components.go, elemTables; written
// when the element is defined): emit/hostvalue.go builds the value from
// them. A whole element in any other place (in a device procedure,
// passed to a function that may define it, an element of an array of
// rank > 1) stays not yet implemented.

import (
	"fgpu/frontend"
)

// HostElement recognises arr(i), an element used whole of a rank-1 array
// variable of a heap type with one scalar subscript: the array is one the
// kernel is handed (no variable of an iteration or a device procedure is
// an array of a heap type). It returns the array, or nil.
func HostElement(e *frontend.Expr) *frontend.Symbol {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.Rank != 0 || len(e.Args) != 1 ||
		e.X == nil || e.X.Kind != frontend.EName || e.X.Sym == nil || !IsHeapType(e.Type) {
		return nil
	}
	a := frontend.UltimateSymbol(e.X.Sym)
	if a.Kind != frontend.SymVariable || a.Rank != 1 {
		return nil
	}
	if x := e.Args[0]; x.Kind == frontend.ERange || x.Rank != 0 {
		return nil
	}
	return a
}

// AllocOnly reports a derived type whose every component is an
// allocatable one the value holds as a descriptor (Carried): its elements
// have no bytes the device reads, so an array of it is handed over as
// its tables alone (Kernel.ElemsOnly).
func AllocOnly(dt *frontend.DerivedType) bool {
	if dt == nil || len(dt.Components) == 0 {
		return false
	}
	for _, c := range dt.Components {
		if !Carried(c) {
			return false
		}
	}
	return true
}

// HeapArrayComponents are the allocatable array components of heap type
// dt, in order: a table each when an element is used whole.
func HeapArrayComponents(dt *frontend.DerivedType) []*frontend.Symbol {
	var out []*frontend.Symbol
	for _, c := range dt.Components {
		if c.Allocatable && c.Rank > 0 {
			out = append(out, c)
		}
	}
	return out
}

// hostElementOK checks an element used whole where its value is read
// (the right side of t = arr(i), an actual argument of an intent(in)
// dummy): an element of an array of the kernel, its subscript a scalar.
func (v *verifier) hostElementOK(e *frontend.Expr, where string) {
	a := HostElement(e)
	if a == nil {
		v.designator(e) // reported there
		return
	}
	if v.proc != nil {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the element %s of type(%s) used whole %s in a device procedure (only in the loop that is handed %s)", e, e.Type.Derived.Name, where, a.Name)
		return
	}
	if v.foreign(a, e.Pos) {
		return
	}
	v.scalar(e.Args[0])
}

// hostElementMisuse is the message of an element used whole in a place
// that would define it or read it as other than a value.
func hostElementMisuse(e *frontend.Expr) string {
	return "used whole in device code in a place not lowered yet (an element of an array the host hands over is used whole only as either side of an assignment, t = arr(i) or arr(i) = value, as an actual argument of an intent(in) dummy, or of any dummy in a call statement); its components are offloaded: " + e.String() + "%x"
}

// ElemComponentArg reports a(i)%w whole as an actual argument in the loop
// (proc nil): the element's buffer through its table (components.go),
// passed as an array argument is.
func ElemComponentArg(proc *frontend.Procedure, e *frontend.Expr) bool {
	a, _ := ElemComponentBase(e)
	return a != nil && proc == nil
}

// allocOnlyBytes reports an array of a type of allocatable components
// only (AllocOnly) handed over whole as the host's bytes, its shape read
// from its own descriptor: a type without type-bound procedures (an
// addressed array's shape comes from its first component of an intrinsic
// type, which this type has not: emit/address.go).
func allocOnlyBytes(dt *frontend.DerivedType) bool {
	ok, _ := HostBytes(dt)
	return ok && AllocOnly(dt)
}

// wholeSections rewrites a(i)%w(:, :), a section of every element of the
// allocatable component of an element (ElemComponentBase), into a(i)%w:
// the same elements in the same shape (the lower bounds are 1 in the
// section, the component's own in the whole, which only lbound and ubound
// of it tell: those keep the section, and the verifier reports it).
func wholeSections(k *Kernel) {
	keep := map[*frontend.Expr]bool{}
	visit := func(f func(frontend.Node) bool) {
		frontend.Inspect(k.Do.Concurrent.Mask, f)
		frontend.InspectStmts(k.Loop.Body, f)
	}
	visit(func(n frontend.Node) bool {
		e, ok := n.(*frontend.Expr)
		if ok && e.Kind == frontend.ERef && e.Ref == frontend.RefIntrinsic && e.Intr != nil && (e.Intr.Name == "lbound" || e.Intr.Name == "ubound") {
			for _, a := range IntrinsicActuals(e) {
				keep[a] = true
			}
		}
		return true
	})
	visit(func(n frontend.Node) bool {
		e, ok := n.(*frontend.Expr)
		if !ok || keep[e] || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.X == nil || e.Rank != e.X.Rank || len(e.Args) != e.X.Rank {
			return true
		}
		if a, _ := ElemComponentBase(e.X); a == nil {
			return true
		}
		for _, x := range e.Args {
			if x.Kind != frontend.ERange || x.Range[0] != nil || x.Range[1] != nil || x.Range[2] != nil {
				return true
			}
		}
		pos := e.Pos
		*e = *e.X
		e.Pos = pos
		return true
	})
}
