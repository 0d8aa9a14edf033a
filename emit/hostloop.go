package emit

// This file rewrites a do concurrent loop kept on the host (hostf90.go
// places the edit): plain DO loops in a BLOCK with the loop's meaning
// (hostLoopEdit), their nest order (hostNestOrder), and the declarations of
// the construct's names.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
)

// hostLoopEdit rewrites a do concurrent kept on the host into plain DO
// loops with the meaning the standard gives it (F2018 11.1.7.4.2), inside
// a BLOCK:
//
//   - the index names are construct entities: the BLOCK declares them (with
//     the type-spec's type, else the type of the variable of that name), so
//     a variable of the same name outside keeps its value;
//   - the limits and steps are evaluated once, before anything else, into
//     variables of the index's type (a nest would evaluate an inner DO's
//     limits again at every outer iteration);
//   - the mask is evaluated for every combination of index values before
//     any iteration runs, into a logical array, and an iteration whose mask
//     was false is skipped; so a body that changes what the mask reads does
//     not change which iterations run. A mask that reads nothing but index
//     names, constants and intrinsic functions is tested in the iteration
//     instead (the same result, no array);
//   - the nest order is the CPU kernels' (emit/cpukernel.go, loopOrder): the
//     innermost DO is the index most array elements of the body have as
//     their first subscript, the next one that of their second, and so on;
//     without such references (and for ties) the first index is innermost
//     and the last outermost, the order gfortran's own translation of a do
//     concurrent runs in (gfortran -O0; at -O1 and above its front end
//     reorders the nest by a heuristic of its own, -ffrontend-loop-interchange,
//     and then evaluates the inner limits again at every outer iteration);
//   - an index of a kind below 8 runs on a DO variable of kind 8 (fgpu_cN)
//     and is set from it at the start of each iteration: a DO variable
//     steps past the last value, which for a loop ending within one step of
//     huge(0) does not fit (gfortran -O2 never ended such a loop);
//   - the construct name goes to the innermost DO, so that CYCLE NAME (and a
//     plain CYCLE) ends the iteration; EXIT cannot leave a do concurrent;
//   - local and local_init: a shadow variable per name in an inner BLOCK; a
//     local_init shadow takes the value the variable had before the loop at
//     the start of every iteration; shared, default(none) and reduce mean
//     the same in a sequential loop and are dropped.
//
// Plain DO loops are what gfortran 12 compiles right: at -O1 and above it
// miscompiles some masked do concurrent loops of its own (a mask that reads
// the element the body writes: emit/testdata/e2e/host_mask_miscompile.f90).
//
// ind is the indentation of the loop's first line.
func hostLoopEdit(k *frontend.Construct, ind string, diags *frontend.Diagnostics) ([]edit, bool) {
	d := k.Head.(*frontend.DoStmt)
	ind = capIndent(ind)
	end, ok := k.End.(*frontend.EndStmt)
	if !ok || d.SharedLine || end.SharedLine || d.EndLabel != "" {
		*diags = append(*diags, frontend.NYI(frontend.NYISharedLine, d.Pos, d.Pos, "rewriting a do concurrent that shares a line with other statements or ends on a label"))
		return nil, false
	}
	h := d.Concurrent
	var outer *frontend.Scope
	if k.Scope != nil {
		outer = k.Scope.Parent
	}
	n := len(h.Indices)
	// The type of each index: its symbol in the construct's scope.
	idxType := make([]string, n)
	idxKind := make([]int, n)
	for i, ix := range h.Indices {
		idxType[i], idxKind[i] = "integer", 4
		if k.Scope != nil {
			if s := k.Scope.Local(ix.Name); s != nil && s.Type.Base == frontend.TyInteger {
				idxType[i], idxKind[i] = s.Type.String(), s.Type.Kind
			}
		}
	}
	// An index of a kind below 8 runs on a counter of kind 8 (fgpu_cN), the
	// index set from it at the start of each iteration: a DO loop's
	// variable takes the value after its last one when the loop ends
	// (F2018 11.1.7.4.3), which for a loop ending within one step of
	// huge(0) does not fit its kind (gfortran -O2 then never ends the
	// loop), while a do concurrent's index has no value after it.
	wide := make([]bool, n)
	for i := range h.Indices {
		wide[i] = idxKind[i] > 0 && idxKind[i] < 8
	}
	// Limits into variables when the nest or the mask array repeats them.
	boundVars := n > 1 || h.Mask != nil
	maskArray := h.Mask != nil && !maskIndexOnly(h.Mask, k.Scope)

	var spec, exec []string
	label := ""
	if d.Label != "" {
		label = d.Label + " "
	}
	head := ind + label + "block  ! fgpu: the do concurrent below, kept on the host, as DO loops"
	if maskArray {
		spec = append(spec, ind+"  use, intrinsic :: iso_c_binding, only: fgpu_bool => c_bool")
	}
	for i, ix := range h.Indices {
		spec = append(spec, fmt.Sprintf("%s  %s :: %s", ind, idxType[i], ix.Name))
		if wide[i] {
			spec = append(spec, fmt.Sprintf("%s  integer(8) :: fgpu_c%d", ind, i+1))
		}
	}
	lo := make([]string, n)
	hi := make([]string, n)
	st := make([]string, n)
	for i, ix := range h.Indices {
		lo[i], hi[i], st[i] = ix.Lo.String(), ix.Hi.String(), "1"
		if ix.Step != nil {
			st[i] = ix.Step.String()
		}
		if boundVars {
			v := fmt.Sprintf("fgpu_lo%d, fgpu_hi%d, fgpu_st%d", i+1, i+1, i+1)
			spec = append(spec, fmt.Sprintf("%s  %s :: %s", ind, idxType[i], v))
			exec = append(exec, wrap(fmt.Sprintf("%s  fgpu_lo%d = %s", ind, i+1, lo[i]))...)
			exec = append(exec, wrap(fmt.Sprintf("%s  fgpu_hi%d = %s", ind, i+1, hi[i]))...)
			exec = append(exec, wrap(fmt.Sprintf("%s  fgpu_st%d = %s", ind, i+1, st[i]))...)
			lo[i], hi[i], st[i] = fmt.Sprintf("fgpu_lo%d", i+1), fmt.Sprintf("fgpu_hi%d", i+1), fmt.Sprintf("fgpu_st%d", i+1)
		}
	}
	if maskArray {
		spec = append(spec, ind+"  logical(fgpu_bool), allocatable :: fgpu_mask(:)", ind+"  integer(8) :: fgpu_m")
	}
	order := hostNestOrder(k) // innermost first
	// doLines opens the nest (order[n-1] outermost), the innermost DO with
	// the construct's name when named is set.
	doLines := func(depth int, named bool) []string {
		var out []string
		for l := n - 1; l >= 0; l-- {
			i := order[l]
			nm := ""
			if l == 0 && named && d.Name != "" {
				nm = d.Name + ": "
			}
			pad := nestIndent(ind, depth+n-1-l)
			stp := ""
			if !wide[i] {
				if st[i] != "1" {
					stp = ", " + st[i]
				}
				out = append(out, wrap(fmt.Sprintf("%s%sdo %s = %s, %s%s", pad, nm, h.Indices[i].Name, lo[i], hi[i], stp))...)
				continue
			}
			if st[i] != "1" {
				stp = fmt.Sprintf(", int(%s, 8)", st[i])
			}
			out = append(out, wrap(fmt.Sprintf("%s%sdo fgpu_c%d = int(%s, 8), int(%s, 8)%s", pad, nm, i+1, lo[i], hi[i], stp))...)
			out = append(out, fmt.Sprintf("%s  %s = int(fgpu_c%d, %d)", pad, h.Indices[i].Name, i+1, idxKind[i]))
		}
		return out
	}
	endLines := func(depth int, named bool, endLabel string) []string {
		var out []string
		for l := 0; l < n; l++ {
			pad := nestIndent(ind, depth+n-1-l)
			s := pad + "end do"
			if l == 0 {
				if named && d.Name != "" {
					s += " " + d.Name
				}
				if endLabel != "" {
					s = endLabel + " " + strings.TrimLeft(s, " ")
					s = pad + s
				}
			}
			out = append(out, s)
		}
		return out
	}
	if maskArray {
		var trips []string
		for i := range h.Indices {
			trips = append(trips, fmt.Sprintf("max(0_8, (int(%s, 8) - int(%s, 8) + int(%s, 8)) / int(%s, 8))", hi[i], lo[i], st[i], st[i]))
		}
		exec = append(exec, wrap(fmt.Sprintf("%s  allocate(fgpu_mask(%s))", ind, strings.Join(trips, " * ")))...)
		exec = append(exec, ind+"  fgpu_m = 0")
		exec = append(exec, doLines(1, false)...)
		pad := nestIndent(ind, n+1)
		exec = append(exec, pad+"fgpu_m = fgpu_m + 1")
		exec = append(exec, wrap(pad+"fgpu_mask(fgpu_m) = "+h.Mask.String())...)
		exec = append(exec, endLines(1, false, "")...)
		exec = append(exec, ind+"  fgpu_m = 0")
	}
	// Locality: local_init copies before the loop; shadows in an inner block.
	var shadows, initSets []string
	for _, l := range d.Locality {
		if l.Kind != "local" && l.Kind != "local_init" {
			continue // shared, default(none) and reduce mean the same in a sequential loop
		}
		for _, nm := range l.Names {
			if outer == nil {
				continue
			}
			s := outer.Lookup(nm)
			if s == nil {
				continue
			}
			decl := typeDecl(s)
			if l.Kind == "local_init" {
				spec = append(spec, fmt.Sprintf("%s  %s :: fgpu_li_%s", ind, decl, nm))
				exec = append(exec, fmt.Sprintf("%s  fgpu_li_%s = %s", ind, nm, nm))
				initSets = append(initSets, fmt.Sprintf("%s = fgpu_li_%s", nm, nm))
			}
			shadows = append(shadows, fmt.Sprintf("%s    %s :: %s", ind, decl, nm))
		}
	}
	header := []string{head}
	header = append(header, spec...)
	header = append(header, exec...)
	depth := 1
	if len(shadows) > 0 {
		header = append(header, ind+"  block  ! fgpu: local and local_init variables of the loop")
		header = append(header, shadows...)
		depth = 2
	}
	header = append(header, doLines(depth, true)...)
	body := nestIndent(ind, depth+n)
	switch {
	case maskArray:
		header = append(header, body+"fgpu_m = fgpu_m + 1", body+"if (.not. fgpu_mask(fgpu_m)) cycle")
	case h.Mask != nil:
		header = append(header, wrap(body+"if (.not. ("+h.Mask.String()+")) cycle")...)
	}
	for _, s := range initSets {
		header = append(header, body+s)
	}
	closing := endLines(depth, true, end.Label)
	if len(shadows) > 0 {
		closing = append(closing, ind+"  end block")
	}
	closing = append(closing, ind+"end block")
	return []edit{
		{from: d.Pos.Line, to: d.EndLine, lines: header},
		{from: end.Pos.Line, to: end.EndLine, lines: closing},
	}, true
}

// hostNestOrder chooses the order of the DO nest of a host loop, innermost
// first, as loopOrder (emit/cpukernel.go) does for a CPU kernel: level L
// takes, among the indices left, the one that is the only index in the L-th
// subscript of the most array elements of the body's assignments, IF and
// CALL statements; ties (and no references) go to the earlier index.
func hostNestOrder(k *frontend.Construct) []int {
	d := k.Head.(*frontend.DoStmt)
	n := len(d.Concurrent.Indices)
	idx := map[*frontend.Symbol]int{}
	if k.Scope != nil {
		for i, ix := range d.Concurrent.Indices {
			if s := k.Scope.Local(ix.Name); s != nil {
				idx[s] = i
			}
		}
	}
	votes := map[int][]int{} // dimension -> votes per index
	// only is the one index an expression reads (-1: none, -2: several).
	var only func(e *frontend.Expr) int
	only = func(e *frontend.Expr) int {
		if e == nil {
			return -1
		}
		r := -1
		merge := func(x int) {
			switch {
			case x == -1:
			case r == -1:
				r = x
			case r != x:
				r = -2
			}
		}
		if e.Kind == frontend.EName && e.Sym != nil {
			if i, ok := idx[e.Sym]; ok {
				merge(i)
			}
		}
		merge(only(e.X))
		merge(only(e.Y))
		for _, a := range e.Args {
			merge(only(a))
		}
		for _, a := range e.Range {
			merge(only(a))
		}
		return r
	}
	frontend.BodyExprs(k.Body, func(e *frontend.Expr) {
		frontend.Inspect(e, func(nd frontend.Node) bool {
			if e, ok := nd.(*frontend.Expr); ok && e.Kind == frontend.ERef && e.Ref == frontend.RefElement {
				for l, a := range e.Args {
					if i := only(a); i >= 0 {
						if votes[l+1] == nil {
							votes[l+1] = make([]int, n)
						}
						votes[l+1][i]++
					}
				}
			}
			return true
		})
	})
	var order []int
	used := make([]bool, n)
	for l := 1; l <= n; l++ {
		best := -1
		for i := 0; i < n; i++ {
			if used[i] {
				continue
			}
			if best < 0 || votes[l] != nil && votes[l][i] > votes[l][best] {
				best = i
			}
		}
		used[best] = true
		order = append(order, best)
	}
	return order
}

// maskIndexOnly reports whether a mask reads nothing but the loop's index
// names, literals, named constants and intrinsic functions of them: then
// no iteration can change it, and testing it in each iteration equals
// evaluating every mask first.
func maskIndexOnly(e *frontend.Expr, sc *frontend.Scope) bool {
	if e == nil {
		return true
	}
	switch e.Kind {
	case frontend.ELit:
		return true
	case frontend.EName:
		if e.Ref == frontend.RefConstant {
			return true
		}
		return sc != nil && e.Sym != nil && sc.Local(e.Name) == e.Sym
	case frontend.EParen, frontend.EKeyword:
		return maskIndexOnly(e.X, sc)
	case frontend.EUnary, frontend.EBinary:
		if e.Proc != nil { // a defined operator
			return false
		}
		return maskIndexOnly(e.X, sc) && maskIndexOnly(e.Y, sc)
	case frontend.ERef:
		if e.Ref != frontend.RefIntrinsic && e.Ref != frontend.RefConstant {
			if !(e.Ref == frontend.RefElement && e.Sym != nil && e.Sym.Kind == frontend.SymParameter) {
				return false
			}
		}
		for _, a := range e.Args {
			if !maskIndexOnly(a, sc) {
				return false
			}
		}
		return true
	}
	return false
}

// typeDecl writes the declaration (type and attributes, without the name)
// of a shadow of s, e.g. "real(8), dimension(n)" or "integer(4), allocatable, dimension(:)".
func typeDecl(s *frontend.Symbol) string {
	t := s.Type
	var b string
	switch t.Base {
	case frontend.TyCharacter:
		switch {
		case t.Len >= 0:
			b = fmt.Sprintf("character(len=%d, kind=%d)", t.Len, maxInt(t.Kind, 1))
		case t.Len == frontend.LenDeferred:
			b = "character(len=:)"
		default:
			b = "character(len=*)"
		}
	case frontend.TyDerived:
		b = t.String()
	default:
		b = t.String()
	}
	if s.Allocatable {
		b += ", allocatable"
	}
	if s.Pointer {
		b += ", pointer"
	}
	if s.Shape != nil && s.Rank > 0 {
		b += ", dimension" + s.Shape.String()
	}
	return b
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
