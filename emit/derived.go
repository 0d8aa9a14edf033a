package emit

// This file writes derived-type values of kernels as the host's bytes
// (lowering/components.go decides which): a C struct for every derived
// type an array argument of a kernel holds, the addressing of components
// of elements (parts(i)%x(k) is (*(T*)(b_parts + ...)).c_x[k - 1]), and the
// layout check the launch routine makes before the first launch that
// hands over an array of the type: the launch is also handed, for every
// component of an element (the first and last element of an array
// component), a descriptor of that component across the array
// (parts%x(1), parts%w%y), whose address, less the array's, is where the
// host compiler put it; fgpu_rt_layout compares those and the element
// size with the struct's and stops the program on a difference, naming
// the type and the component.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// structName is the C name of derived type dt (lowering.StructName).
func structName(dt *frontend.DerivedType) string { return lowering.StructName(dt) }

// field is the C name of component c.
func field(name string) string { return "c_" + name }

// structDefs writes the C structs of the derived types the kernels and
// device procedures hold, components in order, nested types first.
func structDefs(plan *lowering.Plan, procs []*frontend.Procedure) string {
	var order []*frontend.DerivedType
	seen := map[*frontend.DerivedType]bool{}
	var visit func(dt *frontend.DerivedType)
	visit = func(dt *frontend.DerivedType) {
		if dt == nil || seen[dt] {
			return
		}
		seen[dt] = true
		for _, c := range dt.Components {
			if c.Type.Base == frontend.TyDerived {
				visit(c.Type.Derived)
			}
		}
		order = append(order, dt)
	}
	var roots []*frontend.DerivedType
	add := func(t frontend.Type) {
		if t.Base == frontend.TyDerived && t.Derived != nil {
			if ok, _ := lowering.DeviceLayout(t.Derived); ok {
				roots = append(roots, t.Derived)
			}
		}
	}
	exprs := func(n frontend.Node) {
		frontend.Inspect(n, func(n frontend.Node) bool {
			if e, ok := n.(*frontend.Expr); ok {
				add(e.Type)
			}
			return true
		})
	}
	for _, k := range plan.Kernels {
		for _, p := range k.Params {
			add(p.Sym.Type)
		}
		for _, l := range k.Locals {
			add(l.Sym.Type)
		}
		exprs(k.Loop)
	}
	for _, p := range procs {
		if p.Scope != nil {
			for _, s := range p.Scope.Order {
				if s.Kind == frontend.SymVariable {
					add(s.Type)
				}
			}
		}
		frontend.InspectStmts(p.Body, func(n frontend.Node) bool {
			if e, ok := n.(*frontend.Expr); ok {
				add(e.Type)
			}
			return true
		})
	}
	sort.SliceStable(roots, func(i, j int) bool { return structName(roots[i]) < structName(roots[j]) })
	for _, dt := range roots {
		visit(dt)
	}
	var b strings.Builder
	for _, dt := range order {
		fmt.Fprintf(&b, "\n// type(%s), as the host compiler lays it out (checked before the first launch)\n", dt.Name)
		fmt.Fprintf(&b, "struct %s {\n", structName(dt))
		for _, c := range dt.Components {
			if lowering.Carried(c) {
				// The host's descriptor (gfortran's layout: address, offset,
				// dtype, span, and per dimension stride, lower and upper
				// bound; a scalar is an address), carried unread; the layout
				// check verifies what follows it.
				if c.Rank > 0 && lowering.IsHeapType(frontend.Type{Base: frontend.TyDerived, Derived: dt}) {
					// A value device code creates (an image, lowering/heap.go)
					// holds the component's descriptor on the device heap in
					// the same bytes (fgpu_desc is smaller).
					fmt.Fprintf(&b, "  union { alignas(8) unsigned char h[%d]; fgpu_desc<%d> d; } %s; // allocatable: carried, or on the device heap\n", carriedBytes(c), c.Rank, field(c.Name))
					continue
				}
				fmt.Fprintf(&b, "  alignas(8) unsigned char %s[%d]; // allocatable, carried\n", field(c.Name), carriedBytes(c))
				continue
			}
			if emptyComponent(c) {
				// A type holding no data: the host lays it out in 0 bytes
				// (an array of it too), so the struct has no member for it
				// (componentLV: its lvalue is its parent's bytes, never read).
				fmt.Fprintf(&b, "  // %s: type(%s) holds no data (0 bytes, as the host lays it out)\n", field(c.Name), c.Type.Derived.Name)
				continue
			}
			n := int64(1)
			for _, d := range c.Dims {
				n *= int64(d)
			}
			if c.Rank > 0 {
				fmt.Fprintf(&b, "  %s %s[%d];\n", ctype(c.Type), field(c.Name), n)
			} else {
				fmt.Fprintf(&b, "  %s %s;\n", ctype(c.Type), field(c.Name))
			}
		}
		fmt.Fprintf(&b, "};\n")
	}
	return b.String()
}

// emptyType reports a derived type the host lays out in 0 bytes: no
// data components, or only components of such types (of any shape; not
// allocatable or pointers, of which the host holds descriptors, so no
// type reaches itself here).
func emptyType(dt *frontend.DerivedType) bool { return lowering.EmptyType(dt) }

// emptyComponent reports a component of a type holding no data (0 bytes
// in the host's layout; lowering.EmptyComponent).
func emptyComponent(c *frontend.Symbol) bool { return lowering.EmptyComponent(c) }

// layoutLeaf is one component of an element whose place the launch
// checks: how Fortran designates it across the array (appended to the
// array's designator) and how C names it in the struct.
type layoutLeaf struct {
	fortran, c, show string
}

// layoutLeaves lists the components of derived type dt, recursively
// through nested types, with the first and the last element of every
// array component.
func layoutLeaves(dt *frontend.DerivedType) []layoutLeaf {
	var out []layoutLeaf
	var walk func(dt *frontend.DerivedType, f, c, show string)
	walk = func(dt *frontend.DerivedType, f, c, show string) {
		for _, comp := range dt.Components {
			if lowering.Carried(comp) {
				continue // its place is not measurable: the components after it are
			}
			fs, cs, ss := f+"%"+comp.Name, c+"."+field(comp.Name), show+"%"+comp.Name
			var elems []layoutLeaf
			if comp.Rank > 0 {
				n := int64(1)
				for _, d := range comp.Dims {
					n *= int64(d)
				}
				var first, last []string
				for d, ext := range comp.Dims {
					lb, _ := lowering.ConstLowerBound(comp, d)
					first = append(first, fmt.Sprint(lb))
					last = append(last, fmt.Sprint(lb+int64(ext)-1))
				}
				elems = append(elems, layoutLeaf{fs + "(" + strings.Join(first, ",") + ")", cs + "[0]", ss + "(" + strings.Join(first, ",") + ")"})
				if n > 1 {
					elems = append(elems, layoutLeaf{fs + "(" + strings.Join(last, ",") + ")", fmt.Sprintf("%s[%d]", cs, n-1), ss + "(" + strings.Join(last, ",") + ")"})
				}
			} else {
				elems = append(elems, layoutLeaf{fs, cs, ss})
			}
			for _, e := range elems {
				if comp.Type.Base == frontend.TyDerived {
					walk(comp.Type.Derived, e.fortran, e.c, e.show)
				} else {
					out = append(out, e)
				}
			}
		}
	}
	walk(dt, "", "", "")
	return out
}

// layoutCheck writes, in the launch routine, the check of the layout of
// the derived type of array parameter p (once per type and kernel file:
// a static flag).
func (g *kernelGen) layoutCheck(p *lowering.Param) {
	s := p.Sym
	dt := s.Type.Derived
	base, size := fmt.Sprintf("d_%s->base_addr", s.Name), fmt.Sprintf("d_%s->elem_len", s.Name)
	if p.Kind != lowering.ArrayParam {
		// A scalar: its address, and its size as the host measured it.
		base, size = "hp_"+s.Name, fmt.Sprintf("(size_t)sz_%s", s.Name)
	}
	leaves := layoutLeaves(dt)
	st := structName(dt)
	flag := "fgpu_layout_" + st
	if g.funcs != nil {
		if g.funcs.layoutFlags == nil {
			g.funcs.layoutFlags = map[string]bool{}
		}
		g.funcs.layoutFlags[flag] = true
	}
	g.line("if (!%s && %s != nullptr) {", flag, base)
	g.indent++
	g.line("%s probe;", st)
	var addrs, offs, names []string
	for i, l := range leaves {
		addrs = append(addrs, fmt.Sprintf("(const void*)l%d_%s->base_addr", i+1, s.Name))
		offs = append(offs, fmt.Sprintf("(size_t)((const char*)&probe%s - (const char*)&probe)", l.c))
		names = append(names, fmt.Sprintf("%q", strings.TrimPrefix(l.show, "%")))
	}
	if len(leaves) == 0 {
		addrs, offs, names = []string{"nullptr"}, []string{"0"}, []string{`""`}
	}
	g.line("const void* addr[] = {%s};", strings.Join(addrs, ", "))
	g.line("const size_t off[] = {%s};", strings.Join(offs, ", "))
	g.line("const char* const names[] = {%s};", strings.Join(names, ", "))
	ksize := fmt.Sprintf("sizeof(%s)", st)
	if emptyType(dt) {
		ksize = "(size_t)0" // the C struct of a type without data is 1 byte, never read
	}
	g.line("fgpu_rt_layout(%q, kname, loop, %s, %s, %s, %d, addr, off, names);", dt.Name, base, size, ksize, len(leaves))
	g.line("%s = 1;", flag)
	g.indent--
	g.line("}")
}

// layoutParams are the launch routine's C parameters of the layout check
// of array parameter p.
func layoutParams(p *lowering.Param) []string {
	var out []string
	for i := range layoutLeaves(p.Sym.Type.Derived) {
		out = append(out, fmt.Sprintf("CFI_cdesc_t* l%d_%s", i+1, p.Sym.Name))
	}
	if p.Kind != lowering.ArrayParam || addressed(p) {
		out = append(out, "int64_t sz_"+p.Sym.Name)
	}
	return out
}

// addressedDescriptor writes, in the launch routine, the descriptor of an
// array handed over by its address (address.go): the address and element
// size the host passed, the extents and byte strides of the descriptor of
// its first component across the array.
func (g *kernelGen) addressedDescriptor(p *lowering.Param) {
	n := p.Sym.Name
	g.line("CFI_CDESC_T(%d) fgpu_dd_%s;", p.Sym.Rank, n)
	g.line("CFI_cdesc_t* d_%s = (CFI_cdesc_t*)&fgpu_dd_%s;", n, n)
	g.line("d_%s->base_addr = (void*)hp_%s; d_%s->elem_len = (size_t)sz_%s; d_%s->version = CFI_VERSION;", n, n, n, n, n)
	g.line("d_%s->rank = %d; d_%s->attribute = CFI_attribute_other; d_%s->type = CFI_type_other;", n, p.Sym.Rank, n, n)
	for d := 0; d < p.Sym.Rank; d++ {
		g.line("d_%s->dim[%d].lower_bound = 0; d_%s->dim[%d].extent = l1_%s->dim[%d].extent; d_%s->dim[%d].sm = l1_%s->dim[%d].sm;", n, d, n, d, n, d, n, d, n, d)
	}
}

// derivedValue reports a kernel parameter that is a derived-type scalar
// the kernel takes by value (the host's bytes, copied at the launch).
func derivedValue(p *lowering.Param) bool {
	return p.Kind == lowering.ScalarIn && p.Sym.Type.Base == frontend.TyDerived
}

// componentLV is the C lvalue of a component designator of an element of
// an array the kernel holds as the host's bytes: parts(i)%x,
// parts(i)%w%y, parts(i)%x(k).
func (g *kernelGen) componentLV(e *frontend.Expr) string {
	switch {
	case e.Kind == frontend.EComponent:
		if e.Sym != nil && emptyComponent(e.Sym) {
			// No bytes (structDefs): any lvalue of the type will do; the
			// parent's address, as an element of an array of it would be.
			return fmt.Sprintf("(*(%s*)&(%s))", ctype(e.Sym.Type), g.componentLV(e.X))
		}
		return "(" + g.componentLV(e.X) + ")." + field(e.Name)
	case e.Kind == frontend.ERef && (e.Ref == frontend.RefFunction || e.Ref == frontend.RefStructure):
		return g.expr(e) // a value: f(y)%x reads its component
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent && e.X.Sym != nil && e.X.Sym.Allocatable:
		if lv, ok := g.elemComponent(e); ok {
			return lv
		}
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent && e.X.Sym != nil && emptyComponent(e.X.Sym):
		return g.componentLV(e.X) // every element of a type without data is the same no bytes
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent && e.X.Sym != nil:
		c := e.X.Sym
		var off []string
		stride := int64(1)
		for d, a := range e.Args {
			lb, _ := lowering.ConstLowerBound(c, d)
			hi := ""
			if d < len(c.Dims) {
				hi = fmt.Sprintf("%dLL", lb+int64(c.Dims[d])-1)
			}
			off = append(off, fmt.Sprintf("(%s - %dLL) * %dLL", g.checkedSub(e, d, g.convertTo(a, "int64_t"), fmt.Sprintf("%dLL", lb), hi), lb, stride))
			if d < len(c.Dims) {
				stride *= int64(c.Dims[d])
			}
		}
		return fmt.Sprintf("%s[%s]", g.componentLV(e.X), strings.Join(off, " + "))
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X.Kind == frontend.EName:
		return g.element(e)
	case e.Kind == frontend.EName:
		if lv, _, ok := g.lvalue(e); ok {
			return lv
		}
	}
	g.internal(e.Pos, "the component designator %s reached the emitter", e)
	return "0"
}

// constructor writes a structure constructor as the C struct's aggregate,
// each value converted to its component's type (lowering.ConstructorArgs
// orders them).
func (g *kernelGen) constructor(e *frontend.Expr) string {
	vals, ok := lowering.ConstructorArgs(e)
	if !ok {
		g.internal(e.Pos, "the structure constructor %s reached the emitter with a component left out", e)
		return "0"
	}
	var parts []string
	for i, c := range e.Type.Derived.Components {
		if emptyComponent(c) {
			continue // no member (structDefs); the value has no bytes
		}
		if c.Type.Base == frontend.TyLogical {
			parts = append(parts, fmt.Sprintf("(%s)((%s) ? 1 : 0)", ctype(c.Type), g.expr(vals[i])))
			continue
		}
		parts = append(parts, g.convert(vals[i], c.Type))
	}
	return fmt.Sprintf("%s{%s}", ctype(e.Type), strings.Join(parts, ", "))
}

// elemComponent is the C lvalue of a(i)%w(j, k), an element of the
// allocatable component w of an element of a (a table of the kernel,
// lowering.ElemTable): the element's buffer from the table, indexed by
// the bounds and strides the table holds.
func (g *kernelGen) elemComponent(e *frontend.Expr) (string, bool) {
	row, ok := g.row(e.X)
	if !ok {
		return "", false
	}
	var off []string
	for d, x := range e.Args {
		idx := g.checkedSub(e, d, g.convertTo(x, "int64_t"), fmt.Sprintf("%s.lb[%d]", row, d), fmt.Sprintf("(%s.lb[%d] + %s.ex[%d] - 1)", row, d, row, d))
		off = append(off, fmt.Sprintf("(%s - %s.lb[%d]) * %s.sm[%d]", idx, row, d, row, d))
	}
	return fmt.Sprintf("(*(%s*)(%s.base + %s))", ctype(e.Type), row, strings.Join(off, " + ")), true
}

// row is the descriptor of an allocatable array component: of an element
// of an array of the kernel (its table entry, elemRow) or of an image
// (lowering/heap.go: t%v is (v_t).c_v.d, a fgpu_desc on the device heap).
// Both have base, lb[], sm[] and ex[].
func (g *kernelGen) row(c *frontend.Expr) (string, bool) {
	if r, ok := g.elemRow(c); ok {
		return r, true
	}
	if lowering.ImageComponent(g.k, g.proc, c) {
		return fmt.Sprintf("(%s).%s.d", g.componentLV(c.X), field(c.Name)), true
	}
	return "", false
}

// elemRow is the table entry (a C fgpu_elem) of a(i)%w, the allocatable
// component of an element of an array of a derived type.
func (g *kernelGen) elemRow(c *frontend.Expr) (string, bool) {
	a, comp := lowering.ElemComponentBase(c)
	if a == nil || g.k == nil || g.proc != nil {
		return "", false
	}
	var t *lowering.ElemTable
	for _, x := range g.k.Elems {
		if x.Array == a && x.Comp == comp {
			t = x
		}
	}
	if t == nil {
		return "", false
	}
	idx := g.convertTo(c.X.Args[0], "int64_t")
	if c.X.Kind == frontend.ERef && c.X.Ref == frontend.RefElement {
		idx = g.checkedSub(c.X, 0, idx, "lb1_"+a.Name, arrayHi(a, 0))
	}
	return fmt.Sprintf("fgpu_tab%d[%s - lb1_%s]", t.Slot, idx, a.Name), true
}

// carriedBytes is the size gfortran gives the descriptor of allocatable
// component c: 40 bytes and 24 a dimension for an array, an address for a
// scalar.
func carriedBytes(c *frontend.Symbol) int {
	if c.Rank == 0 {
		return 8
	}
	return 40 + 24*c.Rank
}
