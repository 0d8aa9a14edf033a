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
