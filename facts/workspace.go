package facts

// This file records the arrays of an iteration whose shape is known only
// at run time (design doc, "The offloading pipeline": run-time sized arrays
// of an iteration live in per-iteration slices of a buffer the host sizes
// before the launch): block variables of a loop body with extents that are
// not constants, and local() arrays of such a shape. rules/workspace.mg
// decides from what the extents read whether the host can size them.

import (
	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// constantShape reports an array whose extents and lower bounds are
// constants.
func constantShape(s *frontend.Symbol) bool {
	if len(s.Dims) != s.Rank {
		return false
	}
	for _, n := range s.Dims {
		if n < 0 {
			return false
		}
	}
	if s.Shape != nil {
		for _, d := range s.Shape.Dims {
			if d.Lo != nil && d.Lo.Const == nil {
				return false
			}
		}
	}
	return true
}

// iterArray records array s of the iterations of loops (block variable,
// or a local() variable when local is set) when its shape is not constant:
// iter_array, and what its extents read (extent_read, extent_call).
func (x *extractor) iterArray(s *frontend.Symbol, loops []ast.Constant, local bool) {
	if s.Kind != frontend.SymVariable || s.Rank <= 0 || constantShape(s) {
		return
	}
	v := x.varSite(s)
	for _, l := range loops {
		x.add("iter_array", l, v)
	}
	if local || s.Shape == nil {
		// A local() array exists on the host: the launch reads its bounds.
		return
	}
	var walk func(e *frontend.Expr, inquiry bool)
	walk = func(e *frontend.Expr, inquiry bool) {
		if e == nil || e.Const != nil && e.Kind != frontend.EName {
			return
		}
		switch e.Kind {
		case frontend.EName:
			if e.Sym != nil && e.Sym.Kind == frontend.SymVariable && !inquiry {
				x.add("extent_read", v, x.varSite(e.Sym))
			}
			return
		case frontend.ERef:
			switch e.Ref {
			case frontend.RefIntrinsic:
				shape := e.Intr != nil && (e.Intr.Name == "size" || e.Intr.Name == "lbound" || e.Intr.Name == "ubound" || e.Intr.Name == "len")
				for i, a := range e.Args {
					if a.Kind == frontend.EKeyword {
						a = a.X
					}
					walk(a, shape && i == 0)
				}
				return
			case frontend.RefFunction:
				x.add("extent_call", v, x.site(e, e.Pos))
			}
		}
		walk(e.X, inquiry)
		walk(e.Y, false)
		for _, a := range e.Args {
			walk(a, false)
		}
		for _, r := range e.Range {
			walk(r, false)
		}
	}
	for _, d := range s.Shape.Dims {
		walk(d.Lo, false)
		walk(d.Hi, false)
	}
}
