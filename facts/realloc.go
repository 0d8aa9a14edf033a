package facts

// This file records the checks device code makes before an assignment to
// a whole allocatable array component of an element (design doc, "The
// offloading pipeline": writes to allocatable components of array
// elements get a run-time check; SPEC-MAP P14): an intrinsic assignment
// reallocates the component when it is unallocated or of another shape
// than the value, which device code cannot do. The check is an error stop
// of its own (a statement the program does not have, at the assignment),
// so the stop analyses (rules/stops.mg) number it and the kernel records
// it as it records any stop; the host repeats it: the program ends with a
// message naming the component and the assignment.

import (
	"fmt"
	"path/filepath"

	"fgpu/frontend"
)

// ReallocTarget reports an assignment whose left side is a whole
// allocatable array component (a(i)%w) and whose right side is an array:
// intrinsic assignment would reallocate the component when the shapes
// differ.
func ReallocTarget(a *frontend.AssignStmt) bool {
	l := a.LHS
	return a.Proc == nil && l != nil && l.Kind == frontend.EComponent && l.Sym != nil && l.Sym.Allocatable && l.Rank > 0 && a.RHS != nil && a.RHS.Rank > 0
}

// reallocCheck records the check of assignment a in the loops of c: an
// error stop of the loops (stop_stmt), kept with its assignment.
func (x *extractor) reallocCheck(a *frontend.AssignStmt, c *ctx) {
	if !ReallocTarget(a) {
		return
	}
	msg := fmt.Sprintf("fgpu: the assignment at %s:%d in an offloaded loop would reallocate the allocatable component %s (unallocated, or of another shape than the value): allocate it with the shape of the value before the loop, or build with --realloc-lhs-arrays when it is unallocated",
		filepath.Base(a.Pos.File), a.Pos.Line, a.LHS)
	x.set.ReallocChecks[x.checkStop(msg, a.Pos, c)] = a
}

// checkStop is the error stop of a check fgpu adds at pos, ending the
// program with msg, and its stop_stmt fact in each loop of c.
func (x *extractor) checkStop(msg string, pos frontend.Pos, c *ctx) *frontend.StopStmt {
	ct := frontend.Type{Base: frontend.TyCharacter, Kind: 1, Len: len(msg)}
	code := &frontend.Expr{Kind: frontend.ELit, Pos: pos, Type: ct, Const: &frontend.Value{Type: ct, Str: msg}}
	stop := &frontend.StopStmt{StmtBase: frontend.StmtBase{Pos: pos, Kw: "errorstop"}, Error: true, Code: code}
	site := x.site(stop, pos)
	for _, l := range c.loops {
		x.add("stop_stmt", site, l, name("/error_stop"))
	}
	return stop
}
