package lowering

// This file is the components pass: derived-type values of a kernel
// (design doc, "The offloading pipeline": a derived-type value reaches
// the kernel as the host's bytes; allocatable array components are
// handed over in device buffers of their own).
//
// A component designator of a scalar variable whose chain names no
// subscript – p%dx, mesh%x, s%grid%u, s%parts – is handed to the kernel on
// its own: the pass stands a variable of its own for each distinct one
// (frontend.Symbol.Component holds the designator) and makes the loop's
// references of it references of that variable, so the kernel receives
//
//	p%dx, s%grid%nx        a scalar of an intrinsic type, by value (read only)
//	mesh%x, s%coef         an array component (allocatable or not), as any
//	                       array argument: its descriptor, its own device
//	                       buffer, its own residency
//	s%parts                an array component of a derived type, as below
//
// An array of a derived type whose layout the kernel mirrors (HostBytes)
// is handed over whole as the host's bytes: the kernel declares a C struct
// for the type, and the launch checks the host compiler's layout against
// it (size and the offset of every component) before the first launch
// that hands over the type, stopping with an error that names the type on
// a mismatch. Its elements' components are addressed in place:
// parts(i)%x(k), parts(i)%w%y, read and written.
//
// What is not lowered is left as written for the verifier, which reports
// it "not yet implemented" at the reference: a value used whole, a
// pointer or allocatable scalar component, a scalar component the loop
// writes (every iteration would write the one variable), an allocatable
// component of an array element.

import (
	"fmt"
	"hash/fnv"
	"strings"

	"fgpu/frontend"
)

// components runs the pass on every kernel.
func components(st *state) {
	for _, k := range st.plan.Kernels {
		st.componentPaths(k)
		presentFlags(k)
	}
}

// presentFlags stands a logical variable of its own for present(x) of an
// optional dummy x of the procedure that holds the loop (design doc, "The
// offloading pipeline": present() is evaluated on the host): the launch is
// handed present(x) by value (Symbol.Component holds the call, which host
// code prints). The launch hands x itself over only when it is present
// (emit/hostf90.go, optionalArgs).
func presentFlags(k *Kernel) {
	flags := map[*frontend.Symbol]*frontend.Symbol{}
	frontend.Inspect(k.Loop, func(n frontend.Node) bool {
		e, ok := n.(*frontend.Expr)
		if !ok || e.Kind != frontend.ERef || e.Ref != frontend.RefIntrinsic || e.Intr == nil || e.Intr.Name != "present" || len(e.Args) != 1 {
			return true
		}
		a := e.Args[0]
		if a.Kind == frontend.EKeyword {
			a = a.X
		}
		if a.Kind != frontend.EName || a.Sym == nil {
			return true
		}
		x := frontend.UltimateSymbol(a.Sym)
		if !x.Optional || !x.Dummy || x.Scope == nil || x.Scope.Unit != k.Proc {
			return true
		}
		f := flags[x]
		if f == nil {
			call := *e
			f = &frontend.Symbol{Name: "fgpu_pr_" + x.Name, Kind: frontend.SymVariable, Pos: x.Pos, Type: e.Type, Scope: x.Scope, Component: &call}
			flags[x] = f
		}
		*e = frontend.Expr{Kind: frontend.EName, Pos: e.Pos, Name: f.Name, Sym: f, Type: f.Type}
		return false
	})
}

// componentPaths rewrites the component designators of scalar variables
// in the loop of k to variables of their own.
func (st *state) componentPaths(k *Kernel) {
	byPath := map[string]*frontend.Symbol{}
	names := map[string]bool{}
	written := map[string]bool{}
	// The paths the loop writes (a scalar component written is not
	// handed over: every iteration would write the one variable).
	walkWrites(k.Loop.Body, func(lhs *frontend.Expr) {
		for x := lhs; x != nil; x = x.X {
			if x.Kind == frontend.EComponent {
				if _, p := componentChain(x); p != "" {
					written[p] = true
				}
			}
			if x.Kind != frontend.EComponent && x.Kind != frontend.ERef {
				break
			}
		}
	})
	// Variables of the iterations (locality specs): their components are
	// the iteration's, not the host's.
	local := map[*frontend.Symbol]bool{}
	if k.Loop.Scope != nil && k.Loop.Scope.Parent != nil {
		for _, l := range k.Do.Locality {
			if l.Kind != "local" && l.Kind != "local_init" {
				continue
			}
			for _, n := range l.Names {
				if s := k.Loop.Scope.Parent.Lookup(n); s != nil {
					local[frontend.UltimateSymbol(s)] = true
				}
			}
		}
	}
	frontend.Inspect(k.Loop, func(n frontend.Node) bool {
		e, ok := n.(*frontend.Expr)
		if !ok || e.Kind != frontend.EComponent {
			return true
		}
		root, path := componentChain(e)
		if root == nil || local[root] || declaredIn(root, k.Loop.Scope) {
			return true // a component of an element, of a value of the iteration...
		}
		if !flattenable(e.Sym) || e.Rank == 0 && written[path] {
			return true
		}
		s := byPath[path]
		if s == nil {
			s = &frontend.Symbol{Name: pathName(path, names), Kind: frontend.SymVariable, Pos: root.Pos,
				Type: e.Type, Rank: e.Rank, Shape: e.Sym.Shape, Dims: e.Sym.Dims,
				Allocatable: e.Sym.Allocatable, Contiguous: e.Sym.Allocatable, Scope: root.Scope,
				Component: &frontend.Expr{Kind: frontend.EComponent, Pos: e.Pos, X: e.X, Name: e.Name, Sym: e.Sym, Type: e.Type, Rank: e.Rank}}
			byPath[path] = s
		}
		*e = frontend.Expr{Kind: frontend.EName, Pos: e.Pos, Name: s.Name, Sym: s, Type: s.Type, Rank: s.Rank}
		return false
	})
	st.elemTables(k)
}

// elemTables finds the allocatable components of the elements of arrays
// of a derived type the loop addresses element by element, a(i)%w(j, k)
// (a of rank 1, w an allocatable array of an intrinsic type): one table
// each (Kernel.Elems). An array the loop names nowhere else is used
// through its tables only (Kernel.ElemsOnly).
func (st *state) elemTables(k *Kernel) {
	wholeSections(k)                 // a(i)%w(:) is a(i)%w (hostvalue.go)
	lhs := map[*frontend.Expr]bool{} // designators written, and the components of elements written
	walkWrites(k.Loop.Body, func(e *frontend.Expr) {
		lhs[e] = true
		if e.Kind == frontend.ERef {
			lhs[e.X] = true
		}
	})
	names := map[*frontend.Symbol]int{}
	through := map[*frontend.Symbol]int{}
	tables := map[[2]*frontend.Symbol]*ElemTable{}
	based := map[*frontend.Expr]bool{} // elements whose component is designated, a(i)%w
	add := func(a, c *frontend.Symbol, written bool) {
		key := [2]*frontend.Symbol{a, c}
		t := tables[key]
		if t == nil {
			t = &ElemTable{Array: a, Comp: c, Slot: len(k.Elems)}
			tables[key] = t
			k.Elems = append(k.Elems, t)
		}
		if written {
			t.Written = true
		}
	}
	// What the device evaluates: the mask and the body (the limits of the
	// loop are the host's), as collectUses walks them.
	visit := func(f func(frontend.Node) bool) {
		frontend.Inspect(k.Do.Concurrent.Mask, f)
		frontend.InspectStmts(k.Loop.Body, f)
	}
	visit(func(n frontend.Node) bool {
		e, ok := n.(*frontend.Expr)
		if !ok {
			return true
		}
		if e.Kind == frontend.EName && e.Sym != nil && e.Sym.Kind == frontend.SymVariable {
			names[frontend.UltimateSymbol(e.Sym)]++
		}
		if e.Kind == frontend.EComponent && e.X != nil && e.Sym != nil && e.Sym.Kind == frontend.SymComponent {
			based[e.X] = true // not the passed object of a binding, a(i)%f()
		}
		if a := HostElement(e); a != nil && !based[e] {
			// arr(i) used whole (hostvalue.go): a table for each of its
			// allocatable array components, written when the element is
			// defined whole; its bytes too unless it has no other
			// component.
			if AllocOnly(a.Type.Derived) {
				through[a]++
			}
			for _, c := range HeapArrayComponents(a.Type.Derived) {
				add(a, c, lhs[e])
			}
			return true
		}
		a, c := ElemComponentBase(e)
		if a == nil {
			return true
		}
		through[a]++
		add(a, c, lhs[e])
		return true
	})
	for a, n := range through {
		if names[a] == n {
			if k.ElemsOnly == nil {
				k.ElemsOnly = map[*frontend.Symbol]bool{}
			}
			k.ElemsOnly[a] = true
		}
	}
}

// ElemComponent recognises an element of an allocatable array component
// of an element of an array of a derived type, a(i)%w(j, k): a of rank 1,
// w an allocatable array of an intrinsic type, every subscript a scalar.
// It returns a (its variable) and w, or nil.
func ElemComponent(e *frontend.Expr) (array, comp *frontend.Symbol) {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.Rank != 0 {
		return nil, nil
	}
	c := e.X
	if c == nil || c.Sym == nil || len(e.Args) != c.Sym.Rank {
		return nil, nil
	}
	for _, x := range e.Args {
		if x.Kind == frontend.ERange || x.Rank != 0 {
			return nil, nil
		}
	}
	return ElemComponentBase(c)
}

// ElemComponentBase recognises the allocatable array component of an
// element of an array of a derived type, a(i)%w (a of rank 1, w an
// allocatable array of an intrinsic type, i a scalar): the base of an
// element of it, or the argument of size, lbound or ubound.
func ElemComponentBase(c *frontend.Expr) (array, comp *frontend.Symbol) {
	if c == nil || c.Kind != frontend.EComponent || c.Sym == nil || !c.Sym.Allocatable || c.Sym.Rank <= 0 ||
		c.Sym.Type.Base == frontend.TyDerived {
		return nil, nil
	}
	el := c.X
	if el == nil || el.Kind != frontend.ERef || el.Ref != frontend.RefElement || len(el.Args) != 1 || el.X == nil || el.X.Kind != frontend.EName || el.X.Sym == nil {
		return nil, nil
	}
	a := frontend.UltimateSymbol(el.X.Sym)
	if a.Kind != frontend.SymVariable || a.Rank != 1 || a.Type.Base != frontend.TyDerived {
		return nil, nil
	}
	if x := el.Args[0]; x.Kind == frontend.ERange || x.Rank != 0 {
		return nil, nil
	}
	return a, c.Sym
}

// declaredIn reports whether s is declared in scope sc or a scope inside
// it (a block variable or associate name of the loop).
func declaredIn(s *frontend.Symbol, sc *frontend.Scope) bool {
	if sc == nil {
		return false
	}
	for x := s.Scope; x != nil; x = x.Parent {
		if x == sc {
			return true
		}
	}
	return false
}

// componentChain returns, for a component designator whose chain names
// no subscript down to a scalar variable of a derived type (s%g%u), that
// variable and the designator's text; nil and "" otherwise. A variable
// the pass already stands for a designator is that designator's.
func componentChain(e *frontend.Expr) (*frontend.Symbol, string) {
	var comps []string
	x := e
	for ; x != nil && x.Kind == frontend.EComponent; x = x.X {
		if x.Sym == nil || x.Sym.Kind != frontend.SymComponent {
			return nil, ""
		}
		comps = append(comps, x.Name)
	}
	if x == nil || x.Kind != frontend.EName || x.Sym == nil || x.Sym.Kind != frontend.SymVariable || x.Sym.Rank != 0 {
		return nil, ""
	}
	root := frontend.UltimateSymbol(x.Sym)
	if root.Type.Base != frontend.TyDerived || root.Component != nil {
		return nil, ""
	}
	// The chain's inner components are scalars of derived types that
	// hold the component in their own bytes.
	for y := e.X; y != nil && y.Kind == frontend.EComponent; y = y.X {
		if y.Sym.Pointer || y.Sym.Allocatable || y.Sym.Rank != 0 {
			return nil, ""
		}
	}
	for i, j := 0, len(comps)-1; i < j; i, j = i+1, j-1 {
		comps[i], comps[j] = comps[j], comps[i]
	}
	return root, x.Name + "%" + strings.Join(comps, "%")
}

// flattenable reports whether component c is handed over on its own: an
// array (not a pointer) or a scalar of an intrinsic type.
func flattenable(c *frontend.Symbol) bool {
	if c == nil || c.Pointer {
		return false
	}
	if c.Rank != 0 {
		return c.Rank > 0
	}
	return c.Type.Base != frontend.TyDerived && !c.Allocatable
}

// pathName is the name of the variable standing for a component path:
// fgpu_ and the path's names joined by underscores (a hash when long),
// unique among names.
func pathName(path string, names map[string]bool) string {
	n := "fgpu_" + strings.ReplaceAll(path, "%", "_")
	if len(n) > 48 {
		h := fnv.New32a()
		h.Write([]byte(path))
		n = fmt.Sprintf("%s_%08x", n[:38], h.Sum32())
	}
	base := n
	for i := 2; names[n]; i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	names[n] = true
	return n
}

// walkWrites calls fn with every designator the statements assign (the
// left side of an assignment, an actual argument of a call for a dummy
// that is not intent(in) or value), at any depth.
func walkWrites(ss []frontend.Stmt, fn func(*frontend.Expr)) {
	frontend.InspectStmts(ss, func(n frontend.Node) bool {
		switch x := n.(type) {
		case *frontend.AssignStmt:
			fn(x.LHS)
		case *frontend.CallStmt:
			args, ok := frontend.CallActuals(x.Callee, x.Proc, x.Args)
			if !ok {
				args = x.Args
			}
			for i, a := range args {
				if a == nil || a.Kind == frontend.EKeyword {
					continue // left out, or a keyword matching no dummy (the verifier says so)
				}
				if x.Proc != nil && i < len(x.Proc.Dummies) && (x.Proc.Dummies[i].Intent == "in" || x.Proc.Dummies[i].Value) {
					continue
				}
				fn(a)
			}
		}
		return true
	})
}

// HostBytes reports whether the kernel holds values of derived type dt
// as the host's bytes, mirrored by a C struct: every component a scalar
// or an array of constant shape, of a type kernels hold (an intrinsic
// type, or a derived type held so too); no type-bound or final
// procedures (the launch hands the array over as type(*), which the
// standard forbids for such types), no parent type. Else why says what
// keeps it from the device.
func HostBytes(dt *frontend.DerivedType) (ok bool, why string) {
	if ok, why := DeviceLayout(dt); !ok {
		return false, why
	}
	return noBindings(dt, map[*frontend.DerivedType]bool{})
}

func noBindings(dt *frontend.DerivedType, seen map[*frontend.DerivedType]bool) (bool, string) {
	if seen[dt] {
		return true, ""
	}
	seen[dt] = true
	if len(dt.Bindings) > 0 {
		return false, fmt.Sprintf("type(%s) has type-bound or final procedures (the launch cannot be handed such a value as type(*))", dt.Name)
	}
	for _, c := range dt.Components {
		if c.Type.Base == frontend.TyDerived && c.Type.Derived != nil {
			if ok, why := noBindings(c.Type.Derived, seen); !ok {
				return false, why
			}
		}
	}
	return true, ""
}

// DeviceLayout reports whether device code can hold values of derived
// type dt in a C struct laid out as the host lays it out (values it
// creates, dummies of device procedures): HostBytes without the condition
// on type-bound procedures, which concerns handing values over only.
func DeviceLayout(dt *frontend.DerivedType) (ok bool, why string) {
	return deviceLayout(dt, map[*frontend.DerivedType]bool{})
}

func deviceLayout(dt *frontend.DerivedType, seen map[*frontend.DerivedType]bool) (bool, string) {
	if dt == nil {
		return false, "an unknown type"
	}
	if seen[dt] {
		return true, ""
	}
	seen[dt] = true
	for _, b := range dt.Bindings {
		if b.Final {
			return false, fmt.Sprintf("type(%s) has a final procedure", dt.Name)
		}
	}
	if dt.Parent != nil {
		return false, fmt.Sprintf("type(%s) extends type(%s)", dt.Name, dt.Parent.Name)
	}
	for _, c := range dt.Components {
		switch {
		case c.Kind != frontend.SymComponent:
			return false, fmt.Sprintf("the component %s of type(%s) is a procedure pointer", c.Name, dt.Name)
		case Carried(c):
			continue // the host's bytes, carried (emit/derived.go)
		case c.Allocatable || c.Pointer:
			return false, fmt.Sprintf("the component %s of type(%s) is allocatable or a pointer", c.Name, dt.Name)
		case c.Type.Class:
			return false, fmt.Sprintf("the component %s of type(%s) is polymorphic", c.Name, dt.Name)
		}
		if c.Rank != 0 {
			if c.Rank < 0 || len(c.Dims) != c.Rank {
				return false, fmt.Sprintf("the component %s of type(%s) has no constant shape", c.Name, dt.Name)
			}
			for d, n := range c.Dims {
				if n < 0 {
					return false, fmt.Sprintf("the component %s of type(%s) has no constant shape", c.Name, dt.Name)
				}
				if _, ok := ConstLowerBound(c, d); !ok {
					return false, fmt.Sprintf("the component %s of type(%s) has no constant lower bound", c.Name, dt.Name)
				}
			}
		}
		if c.Type.Base == frontend.TyDerived {
			if ok, why := deviceLayout(c.Type.Derived, seen); !ok {
				return false, why
			}
			continue
		}
		if !TypeSupported(c.Type) {
			return false, fmt.Sprintf("the component %s of type(%s) is of type %s", c.Name, dt.Name, c.Type)
		}
	}
	return true, ""
}

// ConstLowerBound is the constant lower bound of dimension d (from 0) of
// an array of constant shape.
func ConstLowerBound(s *frontend.Symbol, d int) (int64, bool) {
	if s == nil {
		return 1, false
	}
	if s.Shape == nil || d >= len(s.Shape.Dims) {
		return 1, s.Shape == nil
	}
	lo := s.Shape.Dims[d].Lo
	if lo == nil {
		return 1, true
	}
	if lo.Const == nil {
		return 0, false
	}
	v, ok := lo.Const.AsInt()
	return v, ok
}

// FirstLeaf is the designator, appended to a whole-array section of an
// array of derived type dt (a(:)%r%x), of its first component of an
// intrinsic type (through components of derived types; the first element
// of an array component): what the runtime is handed for an array of a
// type with type-bound procedures, which type(*) cannot take. "" when dt
// has no such component.
func FirstLeaf(dt *frontend.DerivedType) string {
	for _, c := range dt.Components {
		if c.Allocatable || c.Pointer {
			continue
		}
		sub := ""
		if c.Rank > 0 {
			var lbs []string
			for d := 0; d < c.Rank; d++ {
				lb, _ := ConstLowerBound(c, d)
				lbs = append(lbs, fmt.Sprint(lb))
			}
			sub = "(" + strings.Join(lbs, ",") + ")"
		}
		if c.Type.Base != frontend.TyDerived {
			return "%" + c.Name + sub
		}
		if c.Type.Derived != nil {
			if l := FirstLeaf(c.Type.Derived); l != "" {
				return "%" + c.Name + sub + l
			}
		}
	}
	return ""
}

// Carried reports an allocatable component of an intrinsic type (not
// character) that a derived-type value holds as its descriptor: the
// device keeps its host bytes in place, never reads them (an array
// component's elements reach the kernel in tables of buffers of their
// own, elemTables), and the layout check verifies the components after
// it and the type's size.
func Carried(c *frontend.Symbol) bool {
	return c.Kind == frontend.SymComponent && c.Allocatable && !c.Pointer && c.Rank >= 0 &&
		c.Type.Base != frontend.TyDerived && c.Type.Base != frontend.TyCharacter && !c.Type.Class
}

// CarriesDescriptors reports whether values of dt hold descriptors of
// allocatable components (Carried), directly or in components: such a
// value exists on the host only (the device creates none, and device
// procedures are not handed one).
func CarriesDescriptors(dt *frontend.DerivedType) bool {
	return carries(dt, map[*frontend.DerivedType]bool{})
}

func carries(dt *frontend.DerivedType, seen map[*frontend.DerivedType]bool) bool {
	if dt == nil || seen[dt] {
		return false
	}
	seen[dt] = true
	for _, c := range dt.Components {
		if Carried(c) || c.Type.Base == frontend.TyDerived && carries(c.Type.Derived, seen) {
			return true
		}
	}
	return false
}

// FixedShape reports an array of an iteration or of a device procedure
// that thread-private storage holds: every extent and lower bound a
// constant, of a type kernels hold (an intrinsic type, or a derived type
// laid out on the device without descriptors).
func FixedShape(s *frontend.Symbol) bool {
	if s.Rank <= 0 || len(s.Dims) != s.Rank || s.Allocatable || s.Pointer || s.Assumed != "" && s.Assumed != "explicit" {
		return false
	}
	for d, n := range s.Dims {
		if n < 0 {
			return false
		}
		if _, ok := ConstLowerBound(s, d); !ok {
			return false
		}
	}
	if s.Type.Base == frontend.TyDerived {
		ok, _ := DeviceLayout(s.Type.Derived)
		return ok && !CarriesDescriptors(s.Type.Derived)
	}
	return TypeSupported(s.Type)
}
