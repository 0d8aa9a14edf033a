package emit

// This file writes the value of an element of an array of a heap type
// the host hands over, used whole in device code (lowering/hostvalue.go):
// arr(i) is
//
//	fgpu_view_<T>(<the element's host bytes, or T{}>, fgpu_tab<w>, fgpu_tab<b>, i - lb1_arr)
//
// a C function per type (viewDefs) that returns the element's bytes with
// the descriptor of each allocatable array component (the union's d, as
// an image holds it: lowering/heap.go) pointing at the element's device
// buffer from its table (lowering.ElemTable): a value that references the
// host's buffers. Read as an intent(in) actual argument it is passed as
// is; as the right side of t = arr(i) it is the source of heapCopy, which
// copies the components into the launch's heap.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// viewName is the C function that builds a value of type dt from an
// element's bytes and tables.
func viewName(dt *frontend.DerivedType) string { return "fgpu_view_" + structName(dt) }

// viewDefs writes the view function of every heap type whose arrays a
// kernel of plan is handed tables of.
func viewDefs(plan *lowering.Plan) string {
	seen := map[*frontend.DerivedType]bool{}
	var types []*frontend.DerivedType
	for _, k := range plan.Kernels {
		for _, t := range k.Elems {
			dt := t.Array.Type.Derived
			if !seen[dt] && lowering.IsHeapType(t.Array.Type) {
				seen[dt] = true
				types = append(types, dt)
			}
		}
	}
	sort.Slice(types, func(i, j int) bool { return structName(types[i]) < structName(types[j]) })
	var b strings.Builder
	for _, dt := range types {
		st := structName(dt)
		comps := lowering.HeapArrayComponents(dt)
		params := []string{st + " v"}
		for _, c := range comps {
			params = append(params, fmt.Sprintf("const fgpu_elem* t_%s", c.Name))
		}
		params = append(params, "int64_t i")
		fmt.Fprintf(&b, "\n// A value of type(%s) whose allocatable components are the device\n// buffers of element i of an array the host hands over (lowering/hostvalue.go).\n", dt.Name)
		fmt.Fprintf(&b, "FGPU_FN %s %s(%s) {\n", st, viewName(dt), strings.Join(params, ", "))
		for _, c := range comps {
			d := fmt.Sprintf("v.%s.d", field(c.Name))
			fmt.Fprintf(&b, "  { const fgpu_elem& e = t_%s[i]; %s.base = e.base;", c.Name, d)
			for r := 0; r < c.Rank; r++ {
				fmt.Fprintf(&b, " %s.lb[%d] = e.lb[%d]; %s.sm[%d] = e.sm[%d]; %s.ex[%d] = e.ex[%d];", d, r, r, d, r, r, d, r, r)
			}
			fmt.Fprintf(&b, " }\n")
		}
		fmt.Fprintf(&b, "  return v;\n}\n")
	}
	return b.String()
}

// hostElementValue is the C value of arr(i) (lowering.HostElement) in
// the kernel: its view (viewDefs).
func (g *kernelGen) hostElementValue(e *frontend.Expr) string {
	a := lowering.HostElement(e)
	if a == nil || g.k == nil || g.proc != nil {
		g.internal(e.Pos, "the element %s used whole reached the emitter outside the loop that is handed it", e)
		return "0"
	}
	dt := a.Type.Derived
	args := []string{ctype(e.Type) + "{}"}
	if !g.k.ElemsOnly[a] && !lowering.AllocOnly(dt) {
		args[0] = g.element(e) // the host's bytes: its other components
	}
	for _, c := range lowering.HeapArrayComponents(dt) {
		slot := -1
		for _, t := range g.k.Elems {
			if t.Array == a && t.Comp == c {
				slot = t.Slot
			}
		}
		if slot < 0 {
			g.internal(e.Pos, "the element %s used whole has no table of its component %s", e, c.Name)
			return "0"
		}
		args = append(args, fmt.Sprintf("fgpu_tab%d", slot))
	}
	idx := g.checkedSub(e, 0, g.convertTo(e.Args[0], "int64_t"), "lb1_"+a.Name, arrayHi(a, 0))
	args = append(args, fmt.Sprintf("%s - lb1_%s", idx, a.Name))
	return fmt.Sprintf("%s(%s)", viewName(dt), strings.Join(args, ", "))
}

// hostElementTable is the table of component c of the elements of array a
// the kernel is handed (its C name), or "" after an internal error.
func (g *kernelGen) hostElementTable(e *frontend.Expr, a, c *frontend.Symbol) string {
	for _, t := range g.k.Elems {
		if t.Array == a && t.Comp == c {
			return fmt.Sprintf("fgpu_tab%d", t.Slot)
		}
	}
	g.internal(e.Pos, "the element %s used whole has no table of its component %s", e, c.Name)
	return ""
}

// wholeCheck is the error stop of the check of a value written whole into
// element e (facts/hostwhole.go), or nil.
func (g *kernelGen) wholeCheck(e *frontend.Expr) *frontend.StopStmt {
	if g.funcs == nil || g.funcs.plan == nil {
		return nil
	}
	for s, x := range g.funcs.plan.WholeChecks {
		if x == e {
			return s
		}
	}
	return nil
}

// hostElementStore writes value v (a C variable of the element's type) into
// element e of an array the host hands over (lowering.HostElement): each
// allocatable array component of v that is not the element's own buffer
// is copied into that buffer, which must have v's allocation status,
// bounds and shape (else the error stop of facts/hostwhole.go: device code
// cannot reallocate it); the element's other components (its host bytes,
// when the kernel holds them) get v's, its descriptors kept.
func (g *kernelGen) hostElementStore(e *frontend.Expr, v string) {
	a := lowering.HostElement(e)
	if a == nil || g.k == nil || g.proc != nil {
		g.internal(e.Pos, "the element %s written whole reached the emitter outside the loop that is handed it", e)
		return
	}
	check := g.wholeCheck(e)
	if check == nil {
		g.internal(e.Pos, "the element %s written whole has no check", e)
		return
	}
	dt := a.Type.Derived
	g.tmp++
	i := fmt.Sprintf("fgpu_he%d", g.tmp)
	idx := g.checkedSub(e, 0, g.convertTo(e.Args[0], "int64_t"), "lb1_"+a.Name, arrayHi(a, 0))
	g.line("const int64_t %s = %s - lb1_%s;", i, idx, a.Name)
	for _, c := range lowering.HeapArrayComponents(dt) {
		tab := g.hostElementTable(e, a, c)
		if tab == "" {
			return
		}
		d := fmt.Sprintf("%s.%s.d", v, field(c.Name))
		et := ctype(c.Type)
		g.line("{ // %s%%%s written into the element's buffer", e, c.Name)
		g.indent++
		g.line("const fgpu_elem& fgpu_e = %s[%s];", tab, i)
		g.line("if (%s.base != fgpu_e.base) {", d)
		g.indent++
		n := "(int64_t)1"
		bad := []string{fmt.Sprintf("%s.base == nullptr", d)}
		for r := 0; r < c.Rank; r++ {
			n += fmt.Sprintf(" * %s.ex[%d]", d, r)
			bad = append(bad, fmt.Sprintf("%s.lb[%d] != fgpu_e.lb[%d] || %s.ex[%d] != fgpu_e.ex[%d]", d, r, r, d, r, r))
		}
		g.line("const int64_t fgpu_n = %s.base == nullptr ? 0 : %s;", d, n)
		bad = append(bad, "(fgpu_e.base == nullptr && fgpu_n > 0)")
		g.line("if (%s) {", strings.Join(bad, " || "))
		g.indent++
		g.stopStmt(check)
		g.indent--
		g.line("}")
		g.line("for (int64_t fgpu_j = 0; fgpu_j < fgpu_n; ++fgpu_j) ((%s*)fgpu_e.base)[fgpu_j] = ((const %s*)%s.base)[fgpu_j];", et, et, d)
		g.indent--
		g.line("}")
		g.indent--
		g.line("}")
	}
	if g.k.ElemsOnly[a] || lowering.AllocOnly(dt) {
		return // no bytes of the element in the kernel
	}
	el := g.element(e)
	g.line("{ // the other components of %s", e)
	g.indent++
	g.line("%s& fgpu_el = %s;", ctype(e.Type), el)
	g.line("const %s fgpu_keep = fgpu_el;", ctype(e.Type))
	g.line("fgpu_el = %s;", v)
	for _, c := range dt.Components {
		if lowering.Carried(c) {
			g.line("fgpu_el.%s = fgpu_keep.%s; // the host's descriptor", field(c.Name), field(c.Name))
		}
	}
	g.indent--
	g.line("}")
	g.markWritten(a)
}

// hostElementAssign writes arr(i) = rhs (lowering.HostElement on the left):
// the value, then stored into the element (hostElementStore).
func (g *kernelGen) hostElementAssign(lhs, rhs *frontend.Expr) {
	g.line("{ // %s = %s, into the element's buffers", lhs, rhs)
	g.indent++
	g.tmp++
	v := fmt.Sprintf("fgpu_hv%d", g.tmp)
	g.line("const %s %s = %s;", ctype(lhs.Type), v, g.expr(rhs))
	if g.exprsStop([]*frontend.Expr{rhs}) {
		g.stopTest() // a call that stopped left the value undefined
	}
	g.hostElementStore(lhs, v)
	g.indent--
	g.line("}")
}

// hostElementCall reports and writes a call statement of the loop that
// passes an element of an array the host hands over to a dummy that may
// define it (call update(arr(i))): the element's value (its view,
// referencing its buffers) in a variable passed by reference, stored back
// into the element after the call (hostElementStore).
func (g *kernelGen) hostElementCall(x *frontend.CallStmt) bool {
	if g.proc != nil || g.k == nil || x.Proc == nil || x.Intr != nil {
		return false
	}
	args := callActuals(x.Callee, x.Proc, x.Args)
	var at []int
	for i, a := range args {
		if i < len(x.Proc.Dummies) && lowering.HostElement(a) != nil && x.Proc.Dummies[i].Intent != "in" && !x.Proc.Dummies[i].Value {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return false
	}
	g.line("{ // %s, the elements it may define stored back", x.Callee)
	g.indent++
	pass := append([]*frontend.Expr(nil), args...)
	vars := make([]string, len(at))
	for j, i := range at {
		a := args[i]
		g.tmp++
		vars[j] = fmt.Sprintf("fgpu_hv%d", g.tmp)
		g.line("%s %s = %s;", ctype(a.Type), vars[j], g.hostElementValue(a))
		sym := &frontend.Symbol{Name: vars[j], Kind: frontend.SymVariable, Type: a.Type}
		if g.names == nil {
			g.names = map[*frontend.Symbol]string{}
		}
		g.names[sym] = vars[j]
		pass[i] = &frontend.Expr{Kind: frontend.EName, Name: vars[j], Sym: sym, Type: a.Type, Pos: a.Pos}
	}
	g.line("%s;", g.callProc(x.Pos, x.Callee, x.Proc, pass))
	g.markCallWrites(x)
	if g.procStops(x.Proc) || g.exprsStop(x.Args) {
		g.stopTest() // before the values are stored: a call that stopped left them undefined
	}
	for j, i := range at {
		g.hostElementStore(args[i], vars[j])
	}
	g.indent--
	g.line("}")
	return true
}
