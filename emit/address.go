package emit

// This file hands the host's bytes of derived-type values whose type has
// type-bound procedures to a launch. The launch routine's interface
// takes other derived types as type(*), which the standard forbids for a
// type with type-bound or final procedures, and the interface module
// cannot name the program's types. So the procedure that launches gets an
// internal function per type and rank, with a TARGET dummy of the type,
// returning C_LOC of the first element (or of the scalar):
//
//	contains
//	  function fgpu_<hash>_at1(x) result(a)  ! fgpu: the address of a type(particle) array
//	    use, intrinsic :: iso_c_binding, only: c_ptr, c_loc, c_null_ptr
//	    type(particle), target, intent(in) :: x(:)
//	    type(c_ptr) :: a
//	    a = c_null_ptr
//	    if (size(x) > 0) a = c_loc(x(1))
//	  end function fgpu_<hash>_at1
//
// and the launch is handed that address (type(c_ptr), value), the size
// of an element (storage_size) and, as for every derived-type array, a
// descriptor of each component across the array (x(:)%r%x), the first of
// which gives the launch the array's extents and byte strides. The layout
// check is the same.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// addressed reports a kernel parameter handed over by its address: a
// derived-type array (held as the host's bytes) or scalar (taken by
// value) of a type with type-bound procedures.
func addressed(p *lowering.Param) bool {
	s := p.Sym
	if s.Type.Base != frontend.TyDerived || s.Type.Derived == nil || p.ElemsOnly {
		return false
	}
	if p.Kind != lowering.ArrayParam && p.Kind != lowering.ScalarIn {
		return false
	}
	ok, _ := lowering.HostBytes(s.Type.Derived)
	return !ok
}

// addrHelper is one internal function of a procedure.
type addrHelper struct {
	unit     *frontend.Procedure // the procedure it is contained in
	dt       *frontend.DerivedType
	rank     int
	name     string
	typeName string // the type as the unit names it
}

// addrHelpers are the internal functions of a build, by kernel parameter.
type addrHelpers struct {
	hash  string
	list  []*addrHelper
	byKey map[string]*addrHelper
	byPar map[*lowering.Param]*addrHelper
}

// planAddrHelpers finds the helpers the kernels need; a type the
// procedure cannot name, or a launch in an internal procedure of a
// procedure that cannot host one, is not yet implemented.
func planAddrHelpers(plan *lowering.Plan, hash string, diags *frontend.Diagnostics) *addrHelpers {
	h := &addrHelpers{hash: hash, byKey: map[string]*addrHelper{}, byPar: map[*lowering.Param]*addrHelper{}}
	for _, k := range sortedKernels(plan.Kernels) {
		for _, p := range k.Params {
			if !addressed(p) {
				continue
			}
			u := k.Proc
			if u.Internal && u.Host != nil {
				u = u.Host // an internal procedure cannot contain one
			}
			dt := p.Sym.Type.Derived
			tn := typeNameIn(u, dt)
			if tn == "" || u.End == nil {
				*diags = append(*diags, frontend.NYI(frontend.NYIDerivedArray, k.Do.Pos, k.Do.Pos,
					"handing %s of type(%s), which has type-bound procedures, to the kernel from a procedure that cannot name the type (import it, use its module)", actualName(p.Sym), dt.Name))
				continue
			}
			rank := p.Sym.Rank
			if p.Kind == lowering.ScalarIn {
				rank = 0
			}
			key := fmt.Sprintf("%p/%p/%d", u, dt, rank)
			a := h.byKey[key]
			if a == nil {
				a = &addrHelper{unit: u, dt: dt, rank: rank, typeName: tn, name: fmt.Sprintf("fgpu_%s_at%d", hash, len(h.list)+1)}
				h.byKey[key] = a
				h.list = append(h.list, a)
			}
			h.byPar[p] = a
		}
	}
	return h
}

// typeNameIn is the name by which procedure u (or its hosts) names
// derived type dt, "" when none does.
func typeNameIn(u *frontend.Procedure, dt *frontend.DerivedType) string {
	for sc := u.Scope; sc != nil; sc = sc.Parent {
		if s := sc.Lookup(dt.Name); s != nil && s.Kind == frontend.SymType && s.Derived == dt {
			return dt.Name
		}
		for _, s := range sc.Order {
			if s.Kind == frontend.SymType && s.Derived == dt {
				return s.Name
			}
		}
	}
	return ""
}

// edits are the insertions of the helpers: after the CONTAINS of a
// procedure that has one, else CONTAINS and the helpers before its END.
func (h *addrHelpers) edits(prog *frontend.Program, edits map[string][]edit) {
	byUnit := map[*frontend.Procedure][]*addrHelper{}
	var units []*frontend.Procedure
	for _, a := range h.list {
		if byUnit[a.unit] == nil {
			units = append(units, a.unit)
		}
		byUnit[a.unit] = append(byUnit[a.unit], a)
	}
	sort.Slice(units, func(i, j int) bool { return units[i].Pos.Before(units[j].Pos) })
	for _, u := range units {
		var lines []string
		for _, a := range byUnit[u] {
			lines = append(lines, a.text()...)
		}
		if len(u.Contains) > 0 {
			if l := containsLineOf(prog, u); l > 0 {
				edits[u.File] = append(edits[u.File], edit{from: l + 1, to: l, lines: lines})
				continue
			}
		}
		end := u.End.Pos.Line
		edits[u.File] = append(edits[u.File], edit{from: end, to: end - 1, lines: append([]string{"contains  ! fgpu: addresses of values handed to kernels"}, lines...)})
	}
}

// containsLineOf is the line of the CONTAINS statement of u (0 when not
// found): the last line before its first internal procedure that is one.
func containsLineOf(prog *frontend.Program, u *frontend.Procedure) int {
	for l := u.Contains[0].Pos.Line - 1; l > 0; l-- {
		text, _ := prog.Line(u.File, l)
		if strings.EqualFold(strings.TrimSpace(strings.SplitN(text, "!", 2)[0]), "contains") {
			return l
		}
	}
	return 0
}

// text is the helper function's source.
func (a *addrHelper) text() []string {
	what := "a scalar"
	dims, first := "", "x"
	if a.rank > 0 {
		what = "an array"
		dims = "(" + strings.TrimSuffix(strings.Repeat(":,", a.rank), ",") + ")"
		first = "x(" + strings.TrimSuffix(strings.Repeat("1,", a.rank), ",") + ")"
	}
	out := []string{
		fmt.Sprintf("  function %s(x) result(a)  ! fgpu: the address of %s of type(%s)", a.name, what, a.typeName),
		"    use, intrinsic :: iso_c_binding, only: c_ptr, c_loc, c_null_ptr",
		fmt.Sprintf("    type(%s), target, intent(in) :: x%s", a.typeName, dims),
		"    type(c_ptr) :: a",
	}
	if a.rank > 0 {
		out = append(out, "    a = c_null_ptr", fmt.Sprintf("    if (size(x) > 0) a = c_loc(%s)", first))
	} else {
		out = append(out, "    a = c_loc(x)")
	}
	return append(out, fmt.Sprintf("  end function %s", a.name))
}

// of is the helper of kernel parameter p (nil: none).
func (h *addrHelpers) of(p *lowering.Param) *addrHelper {
	if h == nil {
		return nil
	}
	return h.byPar[p]
}
