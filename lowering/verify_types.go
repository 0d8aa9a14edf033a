package lowering

// This file holds the verify pass's checks of derived types: arrays of
// them, components, default initialisation, structure constructors,
// type-bound calls, and allocations on the device heap (verify.go holds
// the pass and its statements).

import (
	"fgpu/frontend"
	"fmt"
	"strings"
)

// derivedArray checks an array of a derived type the kernel is handed:
// its elements must be held as the host's bytes (components.go).
func (v *verifier) derivedArray(s *frontend.Symbol, pos frontend.Pos) {
	if ok, why := DeviceLayout(s.Type.Derived); !ok || !hasLeaf(s.Type.Derived) && !allocOnlyBytes(s.Type.Derived) {
		if ok {
			why = fmt.Sprintf("type(%s) has no component", s.Type.Derived.Name)
		}
		name := s.Name
		if s.Component != nil {
			name = s.Component.String()
		}
		v.nyi(frontend.NYIDerivedArray, pos, "the array %s of type(%s) in an offloaded loop: %s, so its elements cannot be handed over as the host's bytes yet", name, s.Type.Derived.Name, why)
	}
}

// component checks a component designator left in the kernel body by the
// components pass: a component of an element of an array the kernel
// holds as the host's bytes, parts(i)%x, parts(i)%w%y, parts(i)%x(k),
// with scalar subscripts. Anything else is reported with the reason the
// pass left it.
func (v *verifier) component(e *frontend.Expr) {
	if ImageComponent(v.k, v.proc, e) {
		return // t%v whole: its descriptor (heap.go)
	}
	if e.Kind == frontend.ERef && e.Ref == frontend.RefElement && ImageComponent(v.k, v.proc, e.X) {
		// t%v(j): an element through the descriptor.
		for _, a := range e.Args {
			if a.Kind == frontend.ERange || a.Rank != 0 {
				v.nyi(frontend.NYIArraySection, a.Pos, "a section of the allocatable component %s in an offloaded loop (the whole component or its elements only)", e.X)
				return
			}
			v.scalar(a)
		}
		return
	}
	if a, _ := ElemComponentBase(e); a != nil && v.proc == nil && v.arrayCtx {
		// a(i)%w whole, element by element: the element's buffer through
		// its table (components.go).
		v.scalar(e.X.Args[0])
		return
	}
	if a, _ := ElemComponent(e); a != nil && v.proc == nil {
		// a(i)%w(j): a table of the elements' buffers (components.go).
		for _, x := range e.Args {
			v.scalar(x)
		}
		v.scalar(e.X.X.Args[0])
		return
	}
	if e.Rank != 0 {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the array-valued component designator %s in an offloaded loop (elements only: reference %s(k))", e, e)
		return
	}
	if !TypeSupported(e.Type) {
		v.typeOK(e.Type, e.Pos, e.String())
		return
	}
	x := e
	for x != nil && (x.Kind == frontend.EComponent || x.Kind == frontend.ERef && x.Ref == frontend.RefElement) {
		if x.Kind == frontend.EComponent && (x.Sym == nil || x.Sym.Pointer || x.Sym.Allocatable) {
			what := "pointer"
			if x.Sym != nil && x.Sym.Allocatable {
				what = "allocatable"
			}
			if x.X != nil && x.X.Kind == frontend.EName && x.X.Rank == 0 {
				v.nyi(frontend.NYIDerivedComponent, x.Pos, "the %s scalar component %s in an offloaded loop", what, x)
			} else {
				v.nyi(frontend.NYIDerivedComponent, x.Pos, "the %s component %s of an array element in an offloaded loop", what, x)
			}
			return
		}
		if x.Kind == frontend.ERef {
			for _, a := range x.Args {
				if a.Kind == frontend.ERange || a.Rank != 0 {
					v.nyi(frontend.NYIArraySection, a.Pos, "an array section in an offloaded loop")
					return
				}
				v.scalar(a)
			}
		}
		x = x.X
	}
	if x != nil && x.Kind == frontend.ERef && (x.Ref == frontend.RefFunction || x.Ref == frontend.RefStructure) && x.Rank == 0 {
		v.expr(x) // a component of a value: f(y)%x
		return
	}
	if x == nil || x.Kind != frontend.EName || x.Sym == nil || x.Sym.Kind != frontend.SymVariable {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop", e)
		return
	}
	root := frontend.UltimateSymbol(x.Sym)
	if root.Type.Derived == nil {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop", e)
		return
	}
	if root.Rank == 0 {
		// A value the device holds as a C struct (a dummy, local or
		// result of a device procedure, a value of the iteration, an
		// argument of the kernel taken by value): its type is checked
		// where it is declared or handed over.
		return
	}
	// The root's element: an element of the array, every subscript given.
	for y := e; y != nil && y != x; y = y.X {
		if y.X == x && (y.Kind != frontend.ERef || len(y.Args) != root.Rank) {
			v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop (an element of %s is needed)", e, root.Name)
			return
		}
	}
}

// defaultInit reports a value of an iteration or a device procedure of a
// derived type with default initialization (a component "= value"), which
// every such value would have to start with (not lowered yet).
func (v *verifier) defaultInit(s *frontend.Symbol) {
	if s.Type.Base != frontend.TyDerived || s.Type.Derived == nil {
		return
	}
	if c := initialized(s.Type.Derived, map[*frontend.DerivedType]bool{}); c != "" {
		v.nyi(frontend.NYIDerivedWhole, s.Pos, "the local %s of type(%s), whose component %s has a default initialization, in device code", s.Name, s.Type.Derived.Name, c)
	}
}

// initialized names a component of dt (or of a type it holds) with a
// default initialization, "" when none has one.
func initialized(dt *frontend.DerivedType, seen map[*frontend.DerivedType]bool) string {
	if dt == nil || seen[dt] {
		return ""
	}
	seen[dt] = true
	for _, c := range dt.Components {
		if c.Init != nil {
			return c.Name
		}
		if c.Type.Base == frontend.TyDerived {
			if n := initialized(c.Type.Derived, seen); n != "" {
				return c.Name + "%" + n
			}
		}
	}
	return ""
}

// constructor checks a structure constructor in device code: a type the
// device holds as the host's bytes, every component given (by position or
// keyword), each a scalar value.
func (v *verifier) constructor(e *frontend.Expr) {
	dt := e.Type.Derived
	if dt == nil || e.Type.Base != frontend.TyDerived {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code", e)
		return
	}
	v.typeOK(e.Type, e.Pos, e.String())
	if _, ok := ConstructorArgs(e); !ok {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code with a component left out", e)
		return
	}
	for _, a := range e.Args {
		x := a
		if x.Kind == frontend.EKeyword {
			x = x.X
		}
		if x.Rank != 0 {
			v.nyi(frontend.NYIDerivedWhole, x.Pos, "an array value in the structure constructor %s in device code", e)
			continue
		}
		v.scalar(x)
	}
	for _, c := range dt.Components {
		if c.Rank != 0 {
			v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s of a type with the array component %s in device code", e, c.Name)
			return
		}
	}
}

// ConstructorArgs orders the values of a structure constructor by
// component; ok is false when a component is given no value.
func ConstructorArgs(e *frontend.Expr) (vals []*frontend.Expr, ok bool) {
	dt := e.Type.Derived
	if dt == nil {
		return nil, false
	}
	vals = make([]*frontend.Expr, len(dt.Components))
	for i, a := range e.Args {
		if a.Kind == frontend.EKeyword {
			for j, c := range dt.Components {
				if strings.EqualFold(c.Name, a.Name) {
					vals[j] = a.X
				}
			}
			continue
		}
		if i < len(vals) {
			vals[i] = a
		}
	}
	for _, x := range vals {
		if x == nil {
			return nil, false
		}
	}
	return vals, true
}

// bindingObject checks the object of a type-bound call: its binding is
// the procedure called when the object's dynamic type is known, as for a
// value of type(t), or of class(t) when no type of the program extends t.
func (v *verifier) bindingObject(obj *frontend.Expr) {
	if obj == nil {
		return
	}
	if obj.Type.Class && v.st.extended(obj.Type.Derived) {
		v.nyi(frontend.NYIDerivedWhole, obj.Pos, "a type-bound call through the polymorphic %s in device code (a type of the program extends class(%s): the binding called is not known)", obj, obj.Type.Derived.Name)
	}
}

// extended reports whether a derived type of the program extends dt.
func (st *state) extended(dt *frontend.DerivedType) bool {
	if st.extends == nil {
		st.extends = map[*frontend.DerivedType]bool{}
		var scope func(sc *frontend.Scope)
		scope = func(sc *frontend.Scope) {
			if sc == nil {
				return
			}
			for _, s := range sc.Order {
				if s.Kind == frontend.SymType && s.Derived != nil {
					for p := s.Derived.Parent; p != nil; p = p.Parent {
						st.extends[p] = true
					}
				}
			}
		}
		var unit func(u *frontend.Procedure)
		unit = func(u *frontend.Procedure) {
			scope(u.Scope)
			frontend.InspectStmts(u.Body, func(n frontend.Node) bool {
				if c, ok := n.(*frontend.Construct); ok {
					scope(c.Scope)
				}
				return true
			})
			for _, c := range u.Contains {
				unit(c)
			}
		}
		for _, f := range st.prog.Files {
			for _, u := range f.Units {
				unit(u)
			}
		}
	}
	return dt == nil || st.extends[dt]
}

// hasLeaf reports whether derived type dt has a component of an
// intrinsic type, directly or in a component: the launch reads the shape
// of an array of it from the first (emit/address.go).
func hasLeaf(dt *frontend.DerivedType) bool {
	for _, c := range dt.Components {
		if Carried(c) {
			continue
		}
		if c.Type.Base != frontend.TyDerived || c.Type.Derived != nil && hasLeaf(c.Type.Derived) {
			return true
		}
	}
	return false
}

// sectionDesignator reports a whole array or a section of one, a(2:n:2,
// j), of an array the kernel addresses by its name: ranges and scalar
// subscripts, no vector subscript, no component.
func sectionDesignator(e *frontend.Expr) bool {
	switch {
	case e.Kind == frontend.EName:
		return e.Sym != nil && e.Sym.Kind == frontend.SymVariable && e.Rank > 0
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName:
		for _, a := range e.Args {
			if a.Kind != frontend.ERange && a.Rank != 0 {
				return false
			}
		}
		return e.X.Sym != nil && e.X.Sym.Kind == frontend.SymVariable
	}
	return false
}

// actuals are the actual arguments of a call in the order of the
// callee's dummies (frontend.CallActuals: the passed object, keyword
// arguments at their dummies, nil for one left out), or as written when a
// keyword matches no dummy (reported as a keyword argument).
func (v *verifier) actuals(callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr) []*frontend.Expr {
	if out, ok := frontend.CallActuals(callee, p, args); ok {
		return out
	}
	for _, a := range args {
		if a != nil && a.Kind == frontend.EKeyword {
			v.nyi(frontend.NYIKeywordArg, a.Pos, "the keyword argument %s, which names no dummy of the procedure, in an offloaded loop", a.Name)
		}
	}
	return args
}

// allocate checks an allocate statement of device code: each object an
// allocatable array component of an image (heap.go) with its bounds, no
// type, SOURCE=, MOLD=, STAT= or ERRMSG=.
func (v *verifier) allocate(x *frontend.AllocateStmt) {
	if x.Type != nil || len(x.Opts) > 0 {
		v.nyi(frontend.NYIStatement, x.Pos, "ALLOCATE with a type, SOURCE=, MOLD=, STAT= or ERRMSG= in an offloaded loop")
		return
	}
	for _, it := range x.Items {
		if it.Kind != frontend.ERef || it.X == nil || !ImageComponent(v.k, v.proc, it.X) && !HeapLocalName(v.proc, it.X) || len(it.Args) != it.X.Sym.Rank {
			v.nyi(frontend.NYIStatement, it.Pos, "allocating %s in an offloaded loop (only an allocatable array component of a derived-type value device code creates, or an allocatable local array of a procedure, with its bounds)", it)
			continue
		}
		for _, a := range it.Args {
			if a.Kind == frontend.ERange {
				if a.Range[2] != nil || a.Range[1] == nil {
					v.nyi(frontend.NYIStatement, a.Pos, "this bound in an allocate of an offloaded loop")
					continue
				}
				v.scalar(a.Range[0])
				v.scalar(a.Range[1])
				continue
			}
			v.scalar(a)
		}
	}
}

// heapConstructor checks a structure constructor of a heap type assigned
// to a whole value (HeapConstructor): an array of the component's rank for
// each allocatable array component (read element by element into its new
// storage), a scalar for every other component.
func (v *verifier) heapConstructor(e *frontend.Expr) {
	vals, ok := ConstructorArgs(e)
	if !ok {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code with a component left out", e)
		return
	}
	for i, c := range e.Type.Derived.Components {
		x := vals[i]
		switch {
		case c.Allocatable && c.Rank > 0:
			if x.Rank != c.Rank {
				v.nyi(frontend.NYIDerivedWhole, x.Pos, "the value %s of the allocatable component %s in the structure constructor %s in device code (an array of its rank only)", x, c.Name, e)
				continue
			}
			outer := v.arrayCtx
			v.arrayCtx = true
			v.expr(x)
			v.arrayCtx = outer
		case c.Rank != 0 || x.Rank != 0:
			v.nyi(frontend.NYIDerivedWhole, x.Pos, "an array value in the structure constructor %s in device code", e)
		default:
			v.scalar(x)
		}
	}
}
