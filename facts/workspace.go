package facts

// This file records the arrays of an iteration whose shape is known only
// at run time (design doc, "The offloading pipeline": run-time sized arrays
// of an iteration live in per-iteration slices of a buffer the host sizes
// before the launch): block variables of a loop body with extents that are
// not constants, and local() arrays of such a shape. rules/workspace.mg
// decides from what the extents read whether the host can size them.

import (
	"fmt"

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
// iter_array, and what its extents read (extent_read, extent_call); of a
// constant shape, its size in bytes (iter_array_bytes).
func (x *extractor) iterArray(s *frontend.Symbol, loops []ast.Constant, local bool) {
	if s.Kind != frontend.SymVariable || s.Rank <= 0 {
		return
	}
	if constantShape(s) {
		// Its size, which rules/workspace.mg compares with what a thread
		// holds (iter_array_bytes).
		if n, ok := constantBytes(s); ok && !s.Allocatable && !s.Pointer {
			for _, l := range loops {
				x.add("iter_array_bytes", l, x.varSite(s), ast.Number(n))
			}
		}
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

// CallLocal is a run-time sized local of a procedure a loop calls, at one
// call (design doc, "The offloading pipeline": it "becomes an argument of
// the procedure, and every call passes an array of its own for it, with the
// extents of the local written over the actual arguments of that call"):
// Sym stands for the array the call passes, its bounds written over the
// call's actual arguments (frontend.SubstituteSpec).
type CallLocal struct {
	Callee *frontend.Expr // the call's procedure designator (CallStmt.Callee, or the function reference)
	Proc   *frontend.Procedure
	Local  *frontend.Symbol
	Sym    *frontend.Symbol
}

// RuntimeLocals are the locals of procedure p whose shape is not a
// constant: explicit-shape arrays with bounds over its dummies (automatic
// arrays), not allocatable, pointer, saved or initialised.
func RuntimeLocals(p *frontend.Procedure) []*frontend.Symbol {
	if p == nil || p.Scope == nil {
		return nil
	}
	var out []*frontend.Symbol
	for _, s := range p.Scope.Order {
		if s.Kind != frontend.SymVariable || s.Dummy || s == p.Result || s.Rank <= 0 || s.Allocatable || s.Pointer || s.Save || s.Init != nil || s.Shape == nil || s.Use != nil || s.Host {
			continue
		}
		if s.Scope != p.Scope || constantShape(s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// RuntimeResult is the array result of function p when it has an explicit
// shape that is not a constant (real :: r(size(x)), r(n)): the caller
// passes the array that holds it, sized over the actual arguments of the
// call as a run-time sized local is; nil otherwise.
func RuntimeResult(p *frontend.Procedure) *frontend.Symbol {
	if p == nil || p.Result == nil {
		return nil
	}
	r := p.Result
	if r.Rank <= 0 || r.Allocatable || r.Pointer || r.Shape == nil || len(r.Shape.Dims) != r.Rank || constantShape(r) {
		return nil
	}
	for _, d := range r.Shape.Dims {
		if d.Hi == nil {
			return nil
		}
	}
	return r
}

// callLocals records, for a call in loops of procedure p with actual
// arguments args, an array of the iterations for each run-time sized
// local of p, its bounds written over the actuals (iter_array,
// extent_read: the rules decide whether the host can size it). A bound
// that cannot be written so is recorded as a call (extent_call: unsized).
func (x *extractor) callLocals(site ast.Constant, callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr, loops []ast.Constant) {
	locals := RuntimeLocals(p)
	if r := RuntimeResult(p); r != nil {
		// The array the caller holds the result in (design doc, "The
		// offloading pipeline": a temporary the compiler introduces, such
		// as the result of a function), sized like a local over the call.
		locals = append(locals, r)
	}
	if len(locals) == 0 || len(loops) == 0 || callee == nil {
		return
	}
	actuals, ok := frontend.CallActuals(callee, p, args)
	for _, l := range locals {
		spec := &frontend.ArraySpec{Pos: l.Shape.Pos}
		good := ok
		for _, d := range l.Shape.Dims {
			lo, ok1 := frontend.SubstituteSpec(d.Lo, p, actuals)
			hi, ok2 := frontend.SubstituteSpec(d.Hi, p, actuals)
			if !ok1 || !ok2 || d.Hi == nil {
				good = false
			}
			spec.Dims = append(spec.Dims, &frontend.DimSpec{Lo: lo, Hi: hi})
		}
		sym := &frontend.Symbol{Name: fmt.Sprintf("fgpu_cl%d_%s", len(x.set.CallLocals), l.Name), Kind: frontend.SymVariable,
			Pos: callee.Pos, Type: l.Type, Rank: l.Rank, Shape: spec, Dims: make([]int, l.Rank)}
		for i := range sym.Dims {
			sym.Dims[i] = -1 // (sized at run time, even when the bounds fold)
		}
		x.set.CallLocals[sym] = &CallLocal{Callee: callee, Proc: p, Local: l, Sym: sym}
		if !good {
			v := x.varSite(sym)
			for _, lp := range loops {
				x.add("iter_array", lp, v)
			}
			x.add("extent_call", v, site)
			continue
		}
		x.iterArray(sym, loops, false)
	}
}

// constantBytes is the size of an array of constant shape of an intrinsic
// type other than character.
func constantBytes(s *frontend.Symbol) (int64, bool) {
	var n int64
	switch s.Type.Base {
	case frontend.TyInteger, frontend.TyLogical, frontend.TyReal:
		n = int64(s.Type.Kind)
	case frontend.TyComplex:
		n = 2 * int64(s.Type.Kind)
	default:
		return 0, false
	}
	for _, d := range s.Dims {
		n *= int64(d)
		if n > 1<<50 {
			return 1 << 50, true
		}
	}
	return n, true
}
