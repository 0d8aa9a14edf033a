package facts

// This file records the bounds checks of device code under -fcheck=bounds
// (design doc, "Stopping on the device": "Run-time checks in the kernel
// (bounds checking) would use the same buffer"): every subscript of an
// array element or section that a statement evaluates is checked against
// the bounds of its array in that dimension. A check that fails is an
// error stop of its own (a statement the program does not have, at the
// subscript), so the stop analyses (rules/stops.mg) number it and the
// kernel records it as it records any stop; the host reports it as
// gfortran does ("At line N of file F" and "Fortran runtime error: Index
// 'I' of dimension D of array 'A' above upper bound of U") and ends the
// program with status 2.
//
// One site serves every check of the same array, dimension and line
// (gfortran's message names nothing else), which keeps the sites few
// (the runtime's status buffer holds lowering.MaxStopSites of them).

import (
	"fgpu/frontend"
)

// BoundsCheck is the error stop of the bounds checks of one array,
// dimension and line.
type BoundsCheck struct {
	Array string // the array as gfortran names it: a, t%v
	Dim   int    // 1-based
	File  string
	Line  int
	// Refs are the element and section references checked at this site.
	Refs []*frontend.Expr
}

type boundsKey struct {
	file  string
	line  int
	array string
	dim   int
}

// BoundsRef reports an array element or section reference whose
// subscripts bounds checking checks: a(i, j), a(i:j), t(k)%v(i), a
// named constant array's element.
func BoundsRef(e *frontend.Expr) bool {
	if e == nil || e.Kind != frontend.ERef || e.Ref != frontend.RefElement || e.X == nil || len(e.Args) == 0 {
		return false
	}
	switch e.X.Kind {
	case frontend.EName, frontend.EComponent:
	default:
		return false
	}
	s := e.X.Sym
	if e.X.Kind == frontend.EName {
		s = frontend.UltimateSymbol(s)
	}
	return s != nil && s.Rank > 0 && len(e.Args) == s.Rank
}

// BoundsName is the name gfortran gives an array in its messages: the
// designator without subscripts (t%v for t(i)%v(j)).
func BoundsName(e *frontend.Expr) string {
	switch {
	case e == nil:
		return ""
	case e.Kind == frontend.EName:
		return e.Name
	case e.Kind == frontend.EComponent:
		return BoundsName(e.X) + "%" + e.Name
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement:
		return BoundsName(e.X)
	}
	return e.String()
}

// InBounds reports a subscript known at compile time to be within the
// constant bounds of a named array declared with constant bounds (not
// allocatable, pointer or assumed-shape): no check is needed.
func InBounds(e *frontend.Expr, d int) bool {
	a := e.Args[d]
	if e.X.Kind != frontend.EName || a.Kind == frontend.ERange || a.Const == nil {
		return false
	}
	v, ok := a.Const.AsInt()
	if !ok {
		return false
	}
	s := frontend.UltimateSymbol(e.X.Sym)
	if s == nil || s.Allocatable || s.Pointer || s.Shape == nil || d >= len(s.Shape.Dims) || d >= len(s.Dims) || s.Dims[d] < 0 {
		return false
	}
	ds := s.Shape.Dims[d]
	if ds.Star || ds.Hi == nil || ds.Colon && ds.Hi == nil {
		return false
	}
	lo := int64(1)
	if ds.Lo != nil {
		if ds.Lo.Const == nil {
			return false
		}
		if lo, ok = ds.Lo.Const.AsInt(); !ok {
			return false
		}
	}
	return v >= lo && v < lo+int64(s.Dims[d])
}

// boundsChecks records the checks of the references statement (or
// header expression) n evaluates itself, in the owners of c: not those
// of a statement it holds (an IF's action is a statement of its own), of
// an allocate's shape, or of a deallocate or nullify.
func (x *extractor) boundsChecks(n frontend.Node, c *ctx) {
	if !x.opts.BoundsCheck || n == nil {
		return
	}
	switch n.(type) {
	case *frontend.AllocateStmt, *frontend.DeallocateStmt, *frontend.NullifyStmt:
		return
	}
	frontend.Inspect(n, func(m frontend.Node) bool {
		switch y := m.(type) {
		case nil:
			return false
		case frontend.Stmt:
			return m == n
		case *frontend.Expr:
			if BoundsRef(y) {
				x.boundsRef(y, c)
			}
		}
		return true
	})
}

// boundsRef records the checks of the subscripts of reference e.
func (x *extractor) boundsRef(e *frontend.Expr, c *ctx) {
	for d, a := range e.Args {
		if InBounds(e, d) || a == nil {
			continue
		}
		pos := a.Pos
		if pos.Line == 0 {
			pos = e.Pos
		}
		k := boundsKey{file: pos.File, line: pos.Line, array: BoundsName(e), dim: d + 1}
		stop := x.boundsSites[k]
		if stop == nil {
			// A position of its own for every site (lowering finds the
			// sites by position).
			for x.boundsPos[pos] {
				pos.Col++
			}
			x.boundsPos[pos] = true
			// No code of its own: the kernel records the index and the
			// bound it failed (lowering.StopSite.Bounds).
			stop = &frontend.StopStmt{StmtBase: frontend.StmtBase{Pos: pos, Kw: "errorstop"}, Error: true}
			x.boundsSites[k] = stop
			x.set.BoundsChecks[stop] = &BoundsCheck{Array: k.array, Dim: k.dim, File: k.file, Line: k.line}
		}
		bc := x.set.BoundsChecks[stop]
		if len(bc.Refs) == 0 || bc.Refs[len(bc.Refs)-1] != e {
			bc.Refs = append(bc.Refs, e)
		}
		site := x.site(stop, frontend.StmtPos(stop))
		for _, o := range c.owners() {
			x.add("stop_stmt", site, o, name("/error_stop"))
		}
	}
}
