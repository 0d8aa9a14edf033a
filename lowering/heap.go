package lowering

// This file says which derived-type values device code holds as images
// (design doc, "Allocating on the device": heap values; SPEC-MAP P10): a
// value device code creates -- a local, a block variable or local() of an
// iteration, a dummy or the result of a device procedure -- of a type with
// allocatable array components holds each such component as a descriptor
// (the address of its elements on the device heap of the launch, bounds,
// strides, extents; the runtime's fgpu_elem), every other component as the
// host lays it out. Elements, sections, size/lbound/ubound and allocated
// read the descriptor; allocate, an assignment that reallocates and the
// copy of a whole value take heap memory (facts/heap.go, rules/heap.mg);
// deallocate marks the component unallocated (the memory is reclaimed when
// the launch ends). A value the host hands over (an argument of the kernel
// or an element of one) keeps the host's bytes and is never an image.

import (
	"fmt"

	"fgpu/facts"
	"fgpu/frontend"
)

// HeapType reports a derived type whose values device code creates as
// images: it has allocatable array components, each of an intrinsic type
// kernels hold, and no component of a type with allocatable components
// (not lowered yet), no allocatable scalar component.
func HeapType(dt *frontend.DerivedType) (ok bool, why string) {
	if dt == nil || !CarriesDescriptors(dt) {
		return false, ""
	}
	if ok, why := DeviceLayout(dt); !ok {
		return false, why
	}
	for _, c := range dt.Components {
		switch {
		case c.Allocatable && c.Rank == 0:
			return false, fmt.Sprintf("its allocatable scalar component %s (not yet implemented on the device heap)", c.Name)
		case c.Allocatable && !TypeSupported(c.Type):
			return false, fmt.Sprintf("its allocatable component %s of type %s (not yet implemented on the device heap)", c.Name, c.Type)
		case c.Type.Base == frontend.TyDerived && CarriesDescriptors(c.Type.Derived):
			return false, fmt.Sprintf("its component %s of type(%s), which has allocatable components (a value held in a component of another is not yet implemented on the device heap)", c.Name, c.Type.Derived.Name)
		}
	}
	if !facts.HasAllocArrayComponent(dt) {
		return false, "no allocatable array component"
	}
	return true, ""
}

// IsHeapType reports a type device code holds as an image (HeapType):
// also class(t), the dummy of a type-bound procedure, which the verifier
// admits only when no type of the program extends t (typeOK: its dynamic
// type is then t).
func IsHeapType(t frontend.Type) bool {
	if t.Base != frontend.TyDerived || t.Derived == nil {
		return false
	}
	ok, _ := HeapType(t.Derived)
	return ok
}

// ImageValue reports a variable of heap type that device code creates in
// kernel k or device procedure proc: every scalar variable of a device
// procedure, and a variable of the iteration (not a parameter of the
// kernel, which holds the host's bytes).
func ImageValue(k *Kernel, proc *frontend.Procedure, s *frontend.Symbol) bool {
	if s == nil || s.Rank != 0 || !IsHeapType(s.Type) {
		return false
	}
	if proc != nil {
		return true
	}
	if k == nil {
		return false
	}
	for _, p := range k.Params {
		if p.Sym == s {
			return false
		}
	}
	return true
}

// ImageComponent reports t%v, an allocatable array component of an image
// value t (ImageValue): its base value's designator is a name.
func ImageComponent(k *Kernel, proc *frontend.Procedure, e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.EComponent || e.Sym == nil || !e.Sym.Allocatable || e.Sym.Rank <= 0 || e.X == nil {
		return false
	}
	if e.X.Kind == frontend.EName {
		return ImageValue(k, proc, frontend.UltimateSymbol(e.X.Sym))
	}
	// A function result's component (f(x)%v) is a value, not an image
	// reached by name.
	return false
}

// HeapConstructorValue reports vec_t(...): a structure constructor of a
// heap type, which device code builds on the heap where it is assigned to
// a whole value or associated with a name.
func HeapConstructorValue(e *frontend.Expr) bool {
	return e != nil && e.Kind == frontend.ERef && e.Ref == frontend.RefStructure && IsHeapType(e.Type)
}

// HeapConstructor reports t = vec_t(...): a structure constructor of a
// heap type assigned to a whole value, built in place (its allocatable
// components allocated with the shapes of their values).
func HeapConstructor(a *frontend.AssignStmt) bool {
	return a.Proc == nil && a.LHS != nil && a.LHS.Rank == 0 && HeapConstructorValue(a.RHS)
}
