package lowering

// This file holds the verify pass's checks of designators, expressions,
// array assignments and array arguments (verify.go holds the pass and its
// statements; verify_types.go derived types and allocations).

import (
	"fgpu/facts"
	"fgpu/frontend"
)

func (v *verifier) designator(e *frontend.Expr) {
	if v.foreign(rootOf(e), e.Pos) {
		return
	}
	if v.assumedSize(rootOf(e), e.Pos) {
		return
	}
	switch e.Kind {
	case frontend.EName:
		v.typeOK(e.Type, e.Pos, e.Name)
	case frontend.EComponent:
		v.component(e)
	case frontend.ERef:
		if e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent {
			v.component(e)
			return
		}
		if e.Ref != frontend.RefElement || e.X.Kind != frontend.EName {
			v.nyi(frontend.NYIDesignator, e.Pos, "this designator in an offloaded loop")
			return
		}
		if s := rootOf(e); s != nil && s.Kind == frontend.SymParameter && !ConstArrayOK(s) {
			v.nyi(frontend.NYIConstantElement, e.Pos, "an element of the named constant %s in an offloaded loop", s.Name)
			return
		}
		if IsHeapType(e.Type) {
			v.nyi(frontend.NYIDerivedWhole, e.Pos, "the element %s of type(%s) %s", e, e.Type.Derived.Name, hostElementMisuse(e))
			return
		}
		v.typeOK(e.Type, e.Pos, e.String())
		for _, a := range e.Args {
			if a.Kind == frontend.ERange && v.arrayCtx {
				for _, r := range a.Range {
					v.scalar(r)
				}
				continue
			}
			if a.Kind == frontend.ERange || a.Rank != 0 {
				v.nyi(frontend.NYIArraySection, a.Pos, "an array section in an offloaded loop")
				continue
			}
			v.expr(a)
		}
	default:
		v.nyi(frontend.NYIDesignator, e.Pos, "this designator (%s) in an offloaded loop", e)
	}
}

func (v *verifier) expr(e *frontend.Expr) {
	if e == nil {
		return
	}
	if e.Const != nil && e.Kind != frontend.EName && e.Const.IsArray() == false && e.Type.Base != frontend.TyDerived {
		if !TypeSupported(e.Type) {
			v.nyi(frontend.NYIConstantType, e.Pos, "a constant of type %s in an offloaded loop", e.Type)
		}
		return
	}
	switch e.Kind {
	case frontend.ELit:
		v.typeOK(e.Type, e.Pos, e.String())
	case frontend.EName:
		if e.Sym == nil || (e.Sym.Kind != frontend.SymVariable && e.Sym.Kind != frontend.SymParameter) {
			v.nyi(frontend.NYIName, e.Pos, "the name %s in an offloaded loop", e.Name)
			return
		}
		if v.foreign(e.Sym, e.Pos) || v.assumedSize(e.Sym, e.Pos) {
			return
		}
		if e.Rank != 0 && !(v.arrayCtx && (e.Sym.Kind == frontend.SymVariable || ConstArrayOK(e.Sym))) {
			v.nyi(frontend.NYIWholeArrayValue, e.Pos, "the whole array %s as a value in an offloaded loop", e.Name)
			return
		}
		v.typeOK(e.Type, e.Pos, e.Name)
	case frontend.EComponent:
		v.designator(e)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			v.designator(e)
		case frontend.RefIntrinsic:
			if e.Intr != nil && e.Intr.Name == "present" {
				// Of an optional dummy of a device procedure: the flag its
				// callers pass with it.
				a := IntrinsicActuals(e)
				if v.proc == nil || len(a) == 0 || a[0] == nil || a[0].Kind != frontend.EName || a[0].Sym == nil || !a[0].Sym.Optional || !a[0].Sym.Dummy {
					v.nyi(frontend.NYIIntrinsic, e.Pos, "present() of an optional dummy of the procedure that holds the loop, in the loop (only of optional dummies of the procedures it calls)")
				}
				return
			}
			if e.Intr != nil && e.Intr.Name == "allocated" {
				// Of an allocatable component of an image: its descriptor.
				a := IntrinsicActuals(e)
				if len(a) == 0 || a[0] == nil || !ImageComponent(v.k, v.proc, a[0]) && !HeapLocalName(v.proc, a[0]) {
					v.nyi(frontend.NYIIntrinsic, e.Pos, "allocated() of this argument in an offloaded loop (only of an allocatable component of a derived-type value device code creates, or of an allocatable local array of a procedure)")
				}
				return
			}
			if e.Intr == nil || !KernelIntrinsic(e.Intr.Name) {
				v.nyi(frontend.NYIIntrinsic, e.Pos, "the intrinsic %s in an offloaded loop", e.X.Name)
				return
			}
			v.typeOK(e.Type, e.Pos, e.String())
			if NeedsTemp(e) && !v.temp(e) {
				return
			}
			if ArrayReduction(e.Intr.Name) {
				v.arrayReduction(e)
				return
			}
			if TempIntrinsics[e.Intr.Name] {
				return // temp checked its arguments
			}
			for i, a := range e.Args {
				x := a
				if x.Kind == frontend.EKeyword {
					x = x.X
				}
				switch e.Intr.Name {
				case "size", "shape", "lbound", "ubound":
					if i == 0 {
						v.inquiryArray(e.Intr.Name, x)
						continue
					}
				case "kind", "huge", "tiny", "epsilon":
					continue
				}
				if x.Rank != 0 && !(v.arrayCtx && e.Intr.Class == frontend.IntrElemental) {
					v.nyi(frontend.NYIArrayArgument, x.Pos, "an array argument of %s in an offloaded loop", e.Intr.Name)
					continue
				}
				v.expr(x)
			}
		case frontend.RefFunction:
			if NeedsTemp(e) && !v.temp(e) {
				return
			}
			obj, _ := frontend.BindingActuals(e, e.Proc, e.Args)
			v.bindingObject(obj)
			v.callLocals(e, e.Proc)
			v.call(e.Pos, e.Proc, v.actuals(e, e.Proc, e.Args), e.X.String())
		case frontend.RefStructure:
			v.constructor(e)
		default:
			v.nyi(frontend.NYIDesignator, e.Pos, "this reference (%s) in an offloaded loop", e)
		}
	case frontend.EBinary:
		if e.Proc != nil {
			v.nyi(frontend.NYIDefinedOperator, e.Pos, "a defined operator in an offloaded loop")
			return
		}
		if e.Op == "//" {
			v.nyi(frontend.NYIConcatenation, e.Pos, "character concatenation in an offloaded loop")
			return
		}
		v.typeOK(e.Type, e.Pos, e.Op)
		v.expr(e.X)
		v.expr(e.Y)
	case frontend.EUnary:
		if e.Proc != nil {
			v.nyi(frontend.NYIDefinedOperator, e.Pos, "a defined operator in an offloaded loop")
			return
		}
		v.typeOK(e.Type, e.Pos, e.Op)
		v.expr(e.X)
	case frontend.EParen:
		v.expr(e.X)
	case frontend.EArray:
		// An array constructor of scalars (or a constant): an array of
		// the iteration (temp).
		if !NeedsTemp(e) {
			v.nyi(frontend.NYIExpression, e.Pos, "this array constructor (%s) in an offloaded loop", e)
			return
		}
		if e.TypeSpec != nil && e.Type.Base == frontend.TyCharacter {
			v.nyi(frontend.NYIValueType, e.Pos, "a character array constructor in an offloaded loop")
			return
		}
		if !v.temp(e) {
			return
		}
		v.typeOK(e.Type, e.Pos, "an array constructor")
		if e.Const == nil {
			v.consItems(e.Args)
		}
	default:
		v.nyi(frontend.NYIExpression, e.Pos, "this expression (%s) in an offloaded loop", e)
	}
}

// consItems checks the items of an array constructor: scalars and
// implied-do loops (constant limits: ConstShape) over such items.
func (v *verifier) consItems(items []*frontend.Expr) {
	for _, a := range items {
		if a.Kind == frontend.EImpliedDo {
			v.consItems(a.Args)
			continue
		}
		v.scalar(a)
	}
}

// callLocals checks a call of a procedure with run-time sized locals
// (facts.RuntimeLocals): the loop's body passes a slice of the kernel's
// workspace for each (lowering/workspace.go, rules/workspace.mg); a call
// from another device procedure would pass one of its own, which is not
// lowered yet.
func (v *verifier) callLocals(callee *frontend.Expr, p *frontend.Procedure) {
	for _, l := range facts.RuntimeLocals(p) {
		if v.proc != nil {
			v.nyi(frontend.NYIDeviceLocal, callee.Pos, "a call of %s, whose local %s has a run-time size, from the device procedure %s (only calls in the loop's body hand such an array over)", p.Name, l.Name, v.proc.Name)
			return
		}
		if v.k.CallWorkspace(callee, l) == nil && !v.st.unsizedCall(callee, l) {
			v.nyi(frontend.NYIDeviceLocal, callee.Pos, "the run-time sized local %s of %s at this call in device code", l.Name, p.Name)
		}
	}
}

// noHoisting checks expressions of a position where no array value is
// computed before the statement (verifier.noHoist).
func (v *verifier) noHoisting(what string, es ...*frontend.Expr) {
	outer := v.noHoist
	v.noHoist = what
	for _, e := range es {
		v.expr(e)
	}
	v.noHoist = outer
}

func (v *verifier) scalar(e *frontend.Expr) {
	if e == nil {
		return
	}
	outer := v.arrayCtx
	v.arrayCtx = false
	v.expr(e)
	v.arrayCtx = outer
}

// arrayAssign checks an array assignment of a kernel body: elementwise
// over the left side's section, the right side conformable or scalar, and
// not reading the assigned array through another section (which would
// need a temporary).
func (v *verifier) arrayAssign(x *frontend.AssignStmt) {
	if x.LHS.Rank <= 0 || x.RHS.Rank != 0 && x.RHS.Rank != x.LHS.Rank {
		v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment of ranks %d and %d in an offloaded loop", x.LHS.Rank, x.RHS.Rank)
		return
	}
	if a, _ := ElemComponentBase(x.LHS); a != nil && v.proc == nil {
		// a(i)%w = value: the element's own buffer, checked at run time
		// to have the value's shape (facts/realloc.go: an intrinsic
		// assignment would reallocate it otherwise).
		v.arrayCtx = true
		v.designator(x.LHS)
		v.expr(x.RHS)
		v.arrayCtx = false
		return
	}
	if ImageComponent(v.k, v.proc, x.LHS) {
		// t%v = value: reallocated on the device heap when unallocated or
		// of another shape than an array value (heap.go); a value that
		// reads t computed into a new heap array first (SelfAssign).
		if DirectAssign(x) {
			v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment to the allocatable component %s whose right side is computed into it (a function result, matmul...), in an offloaded loop", x.LHS)
			return
		}
		if HeapConsAssign(v.k, v.proc, x) {
			v.heapCons(x) // computed into a new heap array (heaplocal.go)
			return
		}
		v.arrayCtx = true
		v.expr(x.RHS)
		v.arrayCtx = false
		return
	}
	if HeapLocalName(v.proc, x.LHS) && x.RHS.Rank != 0 {
		v.heapLocalAssign(x) // reallocated on the heap (heaplocal.go)
		return
	}
	lhsRoot := rootOf(x.LHS)
	// A section never reallocates, nor does a scalar assigned to the
	// whole array; a whole allocatable assigned an array would be
	// reallocated when the shapes differ.
	if lhsRoot == nil || lhsRoot.Pointer || lhsRoot.Allocatable && x.LHS.Kind == frontend.EName && x.RHS.Rank != 0 {
		v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment to a whole allocatable or pointer array (reallocated when the shapes differ) in an offloaded loop: assign to its section, a(:) = ...")
		return
	}
	if AssignOverlaps(x) {
		if _, ok := ConstShape(x.LHS); !ok {
			v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment whose right side reads %s through another section, of a shape not known when the kernel is compiled (the temporary it needs) in an offloaded loop", lhsRoot.Name)
			return
		}
	}
	v.arrayCtx = true
	v.designator(x.LHS)
	if DirectAssign(x) {
		// Computed straight into the left side: its shape is the
		// operands' (no array of the iteration).
		outer := v.direct
		v.direct = DirectCall(x)
		v.expr(x.RHS)
		v.direct = outer
	} else {
		v.expr(x.RHS)
	}
	v.arrayCtx = false
}

// AssignOverlaps reports an array assignment whose right side reads the
// assigned array through another designator (an element or another
// section) outside the values computed before the statement: the right
// side is computed into an array of the iteration first, then assigned.
func AssignOverlaps(x *frontend.AssignStmt) bool {
	lhsRoot := rootOf(x.LHS)
	overlap := false
	var refs func(e *frontend.Expr)
	refs = func(e *frontend.Expr) {
		if e == nil || overlap {
			return
		}
		if NeedsTemp(e) {
			// Computed into an array of the iteration before the
			// assignment: a temporary already.
			return
		}
		if e.Kind == frontend.EName || e.Kind == frontend.ERef && e.Ref == frontend.RefElement {
			if rootOf(e) == lhsRoot && e.String() != x.LHS.String() && !alignedSection(e, x.LHS) {
				overlap = true
			}
			if e.Kind == frontend.ERef {
				for _, a := range e.Args {
					refs(a)
				}
			}
			return
		}
		refs(e.X)
		refs(e.Y)
		for _, a := range e.Args {
			refs(a)
		}
		for _, r := range e.Range {
			refs(r)
		}
	}
	refs(x.RHS)
	return overlap
}

// alignedSection reports a section r of the assigned array that can share
// with the assigned section l only elements at the same position of the
// elementwise loop: the same ranges in the same dimensions (written
// alike), scalar subscripts elsewhere (a(k, k:n) read while a(r, k:n) is
// assigned: when r = k each element is read before it is written, by the
// same step of the loop).
func alignedSection(r, l *frontend.Expr) bool {
	if r.Kind != frontend.ERef || l.Kind != frontend.ERef || len(r.Args) != len(l.Args) || r.X.Kind != frontend.EName || l.X.Kind != frontend.EName {
		return false
	}
	for d := range r.Args {
		ra, la := r.Args[d], l.Args[d]
		switch {
		case ra.Kind == frontend.ERange && la.Kind == frontend.ERange:
			if ra.String() != la.String() {
				return false
			}
		case ra.Kind != frontend.ERange && la.Kind != frontend.ERange && ra.Rank == 0 && la.Rank == 0:
		default:
			return false
		}
	}
	return true
}

// resultArrayOK reports an array function result device code holds: of
// explicit shape (bounds from constants and the arguments, ResultShape),
// constant lower bounds, not allocatable or a pointer.
func resultArrayOK(r *frontend.Symbol) bool {
	if r.Rank <= 0 || r.Rank > 7 || r.Allocatable || r.Pointer || r.Shape == nil || len(r.Shape.Dims) != r.Rank {
		return false
	}
	for d := 0; d < r.Rank; d++ {
		if _, ok := ConstLowerBound(r, d); !ok {
			return false
		}
	}
	return TypeSupported(r.Type)
}

func rootOf(e *frontend.Expr) *frontend.Symbol {
	for x := e; x != nil; x = x.X {
		if x.Kind == frontend.EName {
			return x.Sym
		}
		if x.Kind != frontend.ERef {
			return nil
		}
	}
	return nil
}

// DummyArrayOK reports an array dummy device functions take: assumed-shape
// or explicit-shape with constant lower bounds (the extents come from the
// actual argument).
func DummyArrayOK(d *frontend.Symbol) bool {
	if d.Rank <= 0 || d.Rank > 7 || d.Pointer || d.Shape == nil {
		return false
	}
	if d.Allocatable {
		// Device code neither allocates nor deallocates it, nor asks
		// allocated() (statements and intrinsic the verifier rejects): a
		// plain array with the lower bounds of the actual argument
		// (design doc, "The offloading pipeline").
		return d.Assumed == "deferred" && !d.Optional
	}
	if d.Assumed != "shape" && d.Assumed != "explicit" {
		return false
	}
	for _, dim := range d.Shape.Dims {
		if dim.Lo != nil && dim.Lo.Const == nil {
			return false
		}
	}
	return true
}

// ArrayArgOK reports an actual array argument device code passes: a whole
// array or a section (ranges and scalar subscripts) of the same rank as
// the dummy.
func ArrayArgOK(a *frontend.Expr, d *frontend.Symbol) bool {
	if !DummyArrayOK(d) || a.Rank != d.Rank {
		return false
	}
	if NeedsTemp(a) {
		return true // an array of the iteration holds the value
	}
	switch a.Kind {
	case frontend.EName:
		return a.Sym != nil && a.Sym.Kind == frontend.SymVariable
	case frontend.ERef:
		if a.Ref != frontend.RefElement || a.X.Kind != frontend.EName {
			return false
		}
		for _, s := range a.Args {
			if s.Kind != frontend.ERange && s.Rank != 0 {
				return false // vector subscript
			}
		}
		return true
	}
	return false
}

// ConstArrayOK reports a named constant array kernels can index: its value
// and extents are known and its type is supported.
func ConstArrayOK(s *frontend.Symbol) bool {
	if s == nil || s.Kind != frontend.SymParameter || s.Const == nil || !s.Const.IsArray() || !TypeSupported(s.Type) {
		return false
	}
	n := 1
	for _, d := range s.Dims {
		if d < 0 {
			return false
		}
		n *= d
	}
	return len(s.Dims) == s.Rank && n == len(s.Const.Elems)
}
