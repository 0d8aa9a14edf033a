package lowering

// This file translates the component designators of a kernel body into
// the IR (kernelir.Component): a scalar component, or a chain of them, of
// a derived-type variable or of an element of an array of the kernel, of
// types the C structs mirror (emit/derived.go: a member c_X a component).
// A component of a type without data, an allocatable, pointer or array
// component and an element whose type has allocatable components (the
// host's value, hostvalue.go) are still Unsupported. A derived-type
// scalar assigned another designator of its type is copied whole
// (structAssign).

import (
	"fgpu/frontend"
	"fgpu/kernelir"
)

// component translates the scalar component designator e (of an
// intrinsic type, or of a derived type a component of it selects from).
func (b *kirBuilder) component(e *frontend.Expr) kernelir.Expr {
	c := e.Sym
	if e.Rank != 0 || c == nil || e.X == nil || c.Allocatable || c.Pointer || c.Rank != 0 || EmptyComponent(c) || e.Type.Class {
		return b.unsupported(e.Pos, "the component designator %s", e)
	}
	t, ok := kirType(e.Type)
	if !ok {
		return b.unsupported(e.Pos, "the component designator %s of type %s", e, e.Type)
	}
	x := b.structDesignator(e.X)
	if u, ok := x.(*kernelir.Unsupported); ok {
		return u
	}
	return &kernelir.Component{X: x, Name: e.Name, T: t}
}

// structDesignator is the derived-type variable, element or component a
// component designator selects from.
func (b *kirBuilder) structDesignator(e *frontend.Expr) kernelir.Expr {
	if e.Rank != 0 || e.Type.Base != frontend.TyDerived || e.Type.Class {
		return b.unsupported(e.Pos, "the derived-type designator %s", e)
	}
	switch {
	case e.Kind == frontend.EName:
		if v := b.vars[kirRoot(e)]; v != nil && v.Type.Base == kernelir.Struct {
			return &kernelir.Ref{Var: v}
		}
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName:
		if HostElement(e) != nil || IsHeapType(e.Type) {
			return b.unsupported(e.Pos, "the element %s with allocatable components", e)
		}
		if el, ok := b.element(e).(*kernelir.Element); ok && el.Array.Elem.Base == kernelir.Struct {
			return el
		}
	case e.Kind == frontend.EComponent:
		return b.component(e)
	}
	return b.unsupported(e.Pos, "the derived-type designator %s", e)
}

// structAssign translates the intrinsic assignment of a derived-type
// scalar: a variable, element or component of a type the C structs mirror
// (no allocatable components) assigned another designator of the same
// type, copied whole (emit/body.go, assign).
func (b *kirBuilder) structAssign(x *frontend.AssignStmt) []kernelir.Stmt {
	l, r := x.LHS, x.RHS
	if l.Type.Base != frontend.TyDerived || r.Type.Base != frontend.TyDerived || l.Type.Derived == nil || l.Type.Derived != r.Type.Derived ||
		l.Type.Class || r.Type.Class || IsHeapType(l.Type) || CarriesDescriptors(l.Type.Derived) || HeapConstructor(x) {
		return []kernelir.Stmt{b.unsupported(x.Pos, "an assignment of a derived type")}
	}
	lhs, rhs := b.structDesignator(l), b.structDesignator(r)
	if _, ok := lhs.(*kernelir.Unsupported); ok {
		return []kernelir.Stmt{lhs.(*kernelir.Unsupported)}
	}
	if _, ok := rhs.(*kernelir.Unsupported); ok {
		return []kernelir.Stmt{rhs.(*kernelir.Unsupported)}
	}
	root := lhs
	if c, ok := lhs.(*kernelir.Component); ok {
		root = kernelir.ComponentRoot(c)
	}
	if v, ok := root.(*kernelir.Ref); ok && (b.consts[v.Var] || v.Var.Role == kernelir.RParam && v.Var.Space == kernelir.ByValue || v.Var.Role == kernelir.RIndex) {
		return []kernelir.Stmt{b.unsupported(x.Pos, "an assignment to the value %s", v.Var.Name)}
	}
	return b.assigned(x, lhs, rhs)
}
