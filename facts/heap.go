package facts

// This file records the allocations device code makes on the device heap
// (design doc, "Allocating on the device"; SPEC-MAP P10): a derived-type
// value device code creates -- a local or a block variable, a dummy or the
// result of a procedure -- holds its allocatable array components on the
// heap of the launch. An allocate of such a component, an intrinsic
// assignment that reallocates one (t%v = array) and an assignment of a
// whole value from a variable (t = u, which copies the components) take
// memory from the heap; each can fail (the component is already
// allocated, or the heap is exhausted), which is an error stop of its own
// (a statement the program does not have, at the allocation), so the stop
// analyses number it and the kernel records it as it records any stop.
// An allocatable local array of a procedure (HeapLocalArray) is on the
// heap too: its allocate and the assignment that reallocates it.
// rules/heap.mg decides which loops allocate (loop_heap).

import (
	"fmt"
	"path/filepath"

	"fgpu/frontend"
)

// HeapCheck is the error stop of one allocation on the device heap.
type HeapCheck struct {
	Stmt frontend.Stmt  // the allocate or the assignment
	Obj  *frontend.Expr // the allocate object (t%v(n)), or the assignment's left side
	// Kind is "allocated" (allocate of a component already allocated) or
	// "exhausted" (the heap has no room left).
	Kind string
}

// HeapValueRoot reports a designator whose root is a derived-type scalar
// device code may create: a local, dummy, result or block variable (not a
// module variable, a saved one or an array).
func HeapValueRoot(e *frontend.Expr) *frontend.Symbol {
	x := e
	for x != nil && x.Kind != frontend.EName {
		if x.Kind != frontend.EComponent && !(x.Kind == frontend.ERef && x.Ref == frontend.RefElement) {
			return nil
		}
		x = x.X
	}
	if x == nil || x.Sym == nil {
		return nil
	}
	s := x.Sym
	if s.Kind != frontend.SymVariable || s.Rank != 0 || s.Type.Base != frontend.TyDerived || s.Save || s.Use != nil || s.Host || s.Scope == nil || s.Scope.Unit != nil && (s.Scope.Unit.Kind == frontend.UnitModule || s.Scope.Unit.Kind == frontend.UnitSubmodule) {
		return nil
	}
	return s
}

// HasAllocArrayComponent reports a derived type with an allocatable array
// component.
func HasAllocArrayComponent(dt *frontend.DerivedType) bool {
	if dt == nil {
		return false
	}
	for _, c := range dt.Components {
		if c.Allocatable && c.Rank > 0 {
			return true
		}
	}
	return false
}

// HeapComponent reports a whole allocatable array component of a scalar
// (t%v), the object of an allocate or the left side of an assignment that
// reallocates it.
func HeapComponent(e *frontend.Expr) bool {
	return e != nil && e.Kind == frontend.EComponent && e.Sym != nil && e.Sym.Allocatable && e.Sym.Rank > 0 &&
		e.X != nil && e.X.Rank == 0 && HeapValueRoot(e) != nil
}

// HeapCopy reports an assignment of a whole derived-type value with
// allocatable array components from a variable (t = u): its components
// are copied into new storage. A function result is moved (its storage
// is not used afterwards); a structure constructor is not lowered yet.
func HeapCopy(a *frontend.AssignStmt) bool {
	if a.Proc != nil || a.LHS == nil || a.RHS == nil || a.LHS.Rank != 0 || a.LHS.Type.Base != frontend.TyDerived || !HasAllocArrayComponent(a.LHS.Type.Derived) {
		return false
	}
	r := a.RHS
	return !(r.Kind == frontend.ERef && (r.Ref == frontend.RefFunction || r.Ref == frontend.RefStructure))
}

// HeapLocalArray reports an allocatable local array of a function or
// subroutine, or the allocatable array result of a function (not a dummy,
// a saved or an associated variable): device code holds it on the heap of
// the launch (design doc, "Allocating on the device";
// lowering/heaplocal.go).
func HeapLocalArray(s *frontend.Symbol) bool {
	if s == nil || s.Kind != frontend.SymVariable || !s.Allocatable || s.Pointer || s.Rank <= 0 || s.Dummy || s.Save || s.Use != nil || s.Host || s.Init != nil {
		return false
	}
	u := (*frontend.Procedure)(nil)
	if s.Scope != nil {
		u = s.Scope.Unit
	}
	if u == nil || s.Scope.Kind != frontend.ScopeUnit || u.Kind != frontend.UnitFunction && u.Kind != frontend.UnitSubroutine {
		return false
	}
	return true
}

// heapLocalName reports a whole allocatable local array by its name
// (HeapLocalArray).
func heapLocalName(e *frontend.Expr) bool {
	return e != nil && e.Kind == frontend.EName && HeapLocalArray(e.Sym)
}

// heapChecks records the error stops of the allocations of statement s on
// the heap, in the owners of c.
func (x *extractor) heapChecks(s frontend.Stmt, c *ctx) {
	add := func(obj *frontend.Expr, pos frontend.Pos, kind, msg string) {
		ct := frontend.Type{Base: frontend.TyCharacter, Kind: 1, Len: len(msg)}
		code := &frontend.Expr{Kind: frontend.ELit, Pos: pos, Type: ct, Const: &frontend.Value{Type: ct, Str: msg}}
		stop := &frontend.StopStmt{StmtBase: frontend.StmtBase{Pos: pos, Kw: "errorstop"}, Error: true, Code: code}
		x.set.HeapChecks[stop] = &HeapCheck{Stmt: s, Obj: obj, Kind: kind}
		site := x.site(stop, pos)
		for _, o := range c.owners() {
			x.add("stop_stmt", site, o, name("/error_stop"))
			x.add("heap_alloc", site, o)
		}
	}
	at := func(p frontend.Pos) string { return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line) }
	exhausted := func(what string, p frontend.Pos) string {
		return fmt.Sprintf("fgpu: the device heap is exhausted: %s at %s in device code; a launch's heap holds FGPU_HEAP_SIZE bytes (256M when not set): set it larger", what, at(p))
	}
	constructor := func(r *frontend.Expr) bool {
		return r != nil && r.Rank == 0 && r.Kind == frontend.ERef && r.Ref == frontend.RefStructure && r.Type.Base == frontend.TyDerived && HasAllocArrayComponent(r.Type.Derived)
	}
	switch k := s.(type) {
	case *frontend.AssociateStmt:
		// associate (t => tensor_t(x)): the value built on the heap.
		for _, a := range k.Assocs {
			if constructor(a.Expr) {
				add(a.Expr, a.Expr.Pos, "exhausted", exhausted("the allocation of the components of "+a.Expr.String(), k.Pos))
			}
		}
	case *frontend.AllocateStmt:
		for _, it := range k.Items {
			obj := it
			if it.Kind == frontend.ERef && it.X != nil {
				obj = it.X
			}
			if !HeapComponent(obj) && !heapLocalName(obj) {
				continue
			}
			// Two sites at two positions: the object's name and its shape.
			add(it, obj.Pos, "exhausted", exhausted("the allocation of "+obj.String(), it.Pos))
			p := it.Pos
			if it.Kind == frontend.ERef && len(it.Args) > 0 {
				p = it.Args[0].Pos
			}
			if p == obj.Pos {
				p.Col++
			}
			what := "component"
			if heapLocalName(obj) {
				what = "array"
			}
			add(it, p, "allocated", fmt.Sprintf("fgpu: attempting to allocate the already allocated %s %s at %s in device code", what, obj, at(it.Pos)))
		}
	case *frontend.AssignStmt:
		if k.Proc != nil || k.RHS == nil {
			return
		}
		if (HeapComponent(k.LHS) || heapLocalName(k.LHS)) && k.RHS.Rank > 0 {
			add(k.LHS, k.RHS.Pos, "exhausted", exhausted("the reallocation of "+k.LHS.String(), k.Pos))
		} else if r := k.RHS; k.LHS.Rank == 0 && constructor(r) {
			add(k.LHS, r.Pos, "exhausted", exhausted("the allocation of the components of "+r.String(), k.Pos))
		} else if HeapCopy(k) && HeapValueRoot(k.LHS) != nil {
			add(k.LHS, k.RHS.Pos, "exhausted", exhausted("the copy of the allocatable components of "+k.RHS.String(), k.Pos))
		}
	}
}

// resultHeap records the error stop of the allocation on the heap of the
// run-time shaped result (RuntimeResult) of call callee of p: a call in a
// procedure's body, outside its loops, always holds the result on the
// heap (heap_alloc: the caller allocates it, the bounds written over the
// actual arguments); a call in a loop's body holds it in a slice of the
// loop's workspace, or on the heap where the host cannot size that
// (result_heap_site, rules/heap.mg).
func (x *extractor) resultHeap(callee *frontend.Expr, p *frontend.Procedure, c *ctx) {
	r := RuntimeResult(p)
	if r == nil || callee == nil || callee.Kind != frontend.ERef || callee.Ref != frontend.RefFunction {
		return
	}
	pos := callee.Pos
	msg := fmt.Sprintf("fgpu: the device heap is exhausted: the result of %s at %s:%d in device code; a launch's heap holds FGPU_HEAP_SIZE bytes (256M when not set): set it larger", p.Name, filepath.Base(pos.File), pos.Line)
	ct := frontend.Type{Base: frontend.TyCharacter, Kind: 1, Len: len(msg)}
	code := &frontend.Expr{Kind: frontend.ELit, Pos: pos, Type: ct, Const: &frontend.Value{Type: ct, Str: msg}}
	stop := &frontend.StopStmt{StmtBase: frontend.StmtBase{Pos: pos, Kw: "errorstop"}, Error: true, Code: code}
	x.set.HeapChecks[stop] = &HeapCheck{Obj: callee, Kind: "exhausted"}
	site := x.site(stop, pos)
	for _, o := range c.owners() {
		x.add("stop_stmt", site, o, name("/error_stop"))
	}
	if len(c.loops) == 0 {
		x.add("heap_alloc", site, c.psite)
		return
	}
	var v *frontend.Symbol
	for s, cl := range x.set.CallLocals {
		if cl.Callee == callee && cl.Local == r {
			v = s
		}
	}
	if v == nil {
		return
	}
	for _, l := range c.loops {
		x.add("result_heap_site", site, l, x.varSite(v))
	}
}
