package lowering

// This file translates calls of device procedures in a kernel body into
// the IR: function calls (kernelir.FuncCall) and CALL statements
// (kernelir.Call). A scalar argument is passed by value (converted to its
// dummy's type) or, for a dummy the device function takes by reference
// (ByReference), as the storage of a variable, an element or a component
// of the dummy's type; an array argument is a whole array or a section of
// the kernel's arrays (kernelir.ArrayArg) of an intrinsic type; a
// derived-type scalar (structArg) is a variable, element or component of
// a type the C structs mirror. No dummy may be optional; the procedure is
// handed no workspace slice of a run-time sized local; the module and host
// variables it reads (rules/hidden) follow its arguments as the kernel
// holds them. A call of a procedure that can stop (rules/stops.mg) passes
// the iteration's stop site and code, and a StopTest follows the
// statement (where the legacy writer, emit/stops.go, tests). Other calls
// are still Unsupported (the legacy writer prints their kernels).

import (
	"fmt"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/kernelir"
)

func (b *kirBuilder) funcCall(e *frontend.Expr, t kernelir.Type) kernelir.Expr {
	p := e.Proc
	if p == nil || p.Result == nil || p.Result.Rank != 0 {
		return b.unsupported(e.Pos, "the function call %s", e)
	}
	if rt, ok := kirType(p.Result.Type); !ok || rt != t {
		return b.unsupported(e.Pos, "the function call %s (its result of type %s)", e, p.Result.Type)
	}
	inv, why := b.invocation(e, p, e.Args)
	if why != "" {
		return b.unsupported(e.Pos, "the function call %s (%s)", e, why)
	}
	for i, a := range inv.Args {
		if r, ok := a.(*kernelir.Ref); ok && inv.RefArg(i) && b.flagOf(r.Var) != nil {
			// (The legacy writer marks the writes of CALL statements
			// only.)
			return b.unsupported(e.Pos, "the function call %s (a shared scalar passed by reference)", e)
		}
	}
	return &kernelir.FuncCall{Pos: kirPos(e.Pos), Invocation: inv, T: t}
}

// callStmt translates a CALL of a device subroutine: the call, the write
// flags of the shared scalars passed by reference, and the stop test.
func (b *kirBuilder) callStmt(x *frontend.CallStmt) []kernelir.Stmt {
	p := x.Proc
	if p == nil || p.Result != nil {
		return []kernelir.Stmt{b.unsupported(x.Pos, "the call of %s", callName(x))}
	}
	inv, why := b.invocation(x.Callee, p, x.Args)
	if why != "" {
		return []kernelir.Stmt{b.unsupported(x.Pos, "the call of %s (%s)", callName(x), why)}
	}
	out := []kernelir.Stmt{&kernelir.Call{Pos: kirPos(x.Pos), Invocation: inv}}
	for i, a := range inv.Args {
		// A scalar the callee may define, written back after the
		// iteration: as an assignment to it (emit/body.go, markCallWrites:
		// a whole variable, not an element).
		r, ok := a.(*kernelir.Ref)
		if !ok || !inv.RefArg(i) {
			continue
		}
		if f := b.flagOf(r.Var); f != nil {
			out = append(out, &kernelir.Assign{Pos: kirPos(x.Pos), LHS: &kernelir.Ref{Var: f}, RHS: &kernelir.Lit{T: kernelir.Flag, Bool: true}})
		}
	}
	if inv.Stops || b.stopsIn(x.Args...) {
		out = append(out, &kernelir.StopTest{Pos: kirPos(x.Pos)})
	}
	return out
}

func callName(x *frontend.CallStmt) string {
	if x.Proc != nil {
		return x.Proc.Name
	}
	if x.Callee != nil {
		return x.Callee.String()
	}
	return "a procedure"
}

// flagOf is the write flag of the shared scalar v (a parameter written
// back after the iteration; not a nested loop's own copy of it).
func (b *kirBuilder) flagOf(v *kernelir.Var) *kernelir.Var {
	if v.Role != kernelir.RParam {
		return nil
	}
	for s, w := range b.vars {
		if w == v {
			return b.flags[s]
		}
	}
	return nil
}

// invocation translates the arguments of a call of p (callee: the
// function reference or the CALL's procedure designator, for the passed
// object and the keywords, frontend.CallActuals); why says what it does
// not translate yet.
func (b *kirBuilder) invocation(callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr) (kernelir.Invocation, string) {
	inv := kernelir.Invocation{Callee: p, Name: p.Name, Stops: b.plan.StopProcs[p]}
	switch {
	case len(facts.RuntimeLocals(p)) > 0:
		return inv, "its locals of a run-time shape"
	case inv.Stops && !b.k.CanStop:
		return inv, "a procedure that can stop in a kernel that cannot"
	}
	actuals, ok := frontend.CallActuals(callee, p, args)
	if !ok || len(actuals) != len(p.Dummies) {
		return inv, "optional arguments"
	}
	for i, a := range actuals {
		d := p.Dummies[i]
		switch {
		case a == nil || d.Optional:
			return inv, "optional arguments"
		case a.Rank != 0 || d.Rank != 0:
			aa, why := b.arrayArg(a, d)
			if why != "" {
				return inv, why
			}
			inv.Args = append(inv.Args, aa)
			inv.ByRef = append(inv.ByRef, false)
			continue
		}
		if d.Type.Base == frontend.TyDerived {
			x, why := b.structArg(a, d, ByReference(p, d))
			if why != "" {
				return inv, why
			}
			inv.Args = append(inv.Args, x)
			inv.ByRef = append(inv.ByRef, ByReference(p, d))
			continue
		}
		if _, ok := kirType(d.Type); !ok {
			return inv, fmt.Sprintf("a dummy of type %s", d.Type)
		}
		if !ByReference(p, d) {
			inv.Args = append(inv.Args, b.convert(a, d.Type))
			inv.ByRef = append(inv.ByRef, false)
			continue
		}
		at, ok1 := kirType(a.Type)
		dt, _ := kirType(d.Type)
		if !ok1 || at != dt {
			return inv, fmt.Sprintf("an actual of another type than the dummy %s", d.Name)
		}
		lv := b.storage(a)
		if lv == nil {
			return inv, fmt.Sprintf("an expression passed to the dummy %s, which it may define", d.Name)
		}
		inv.Args = append(inv.Args, lv)
		inv.ByRef = append(inv.ByRef, true)
	}
	for _, h := range b.plan.Hidden[p] {
		// A module or host variable (hidden.go): the kernel's own hold of
		// it (emit/devfunc.go, callProc).
		s := frontend.UltimateSymbol(h)
		if h.Rank > 0 {
			a := b.arrays[s]
			if a == nil || a.Rank != h.Rank || a.Name != h.Name {
				return inv, "handed module or host variables"
			}
			inv.Args = append(inv.Args, &kernelir.ArrayArg{X: &kernelir.Section{Array: a}, KeepLower: true})
		} else {
			v := b.vars[s]
			if v == nil || v.Name != h.Name || v.Role != kernelir.RParam && v.Role != kernelir.RLocal {
				return inv, "handed module or host variables"
			}
			inv.Args = append(inv.Args, &kernelir.Ref{Var: v})
		}
		inv.ByRef = append(inv.ByRef, false)
		inv.Hidden++
	}
	return inv, ""
}

// storage is the variable or element a by-reference argument passes (nil:
// none the IR passes: an expression, a by-value parameter, a constant).
func (b *kirBuilder) storage(a *frontend.Expr) kernelir.Expr {
	switch {
	case a.Kind == frontend.EName:
		v := b.vars[kirRoot(a)]
		if v == nil || b.consts[v] || v.Role == kernelir.RParam && v.Space == kernelir.ByValue || v.Role == kernelir.RIndex {
			return nil
		}
		return &kernelir.Ref{Var: v}
	case a.Kind == frontend.ERef && a.Ref == frontend.RefElement && a.X.Kind == frontend.EName:
		if el, ok := b.element(a).(*kernelir.Element); ok {
			return el
		}
	}
	return nil
}

// stopsIn reports an expression that calls a procedure that can stop
// (emit/stops.go, exprStops, where a bounds check is no IR yet).
func (b *kirBuilder) stopsIn(es ...*frontend.Expr) bool {
	for _, e := range es {
		if e == nil {
			continue
		}
		if e.Kind == frontend.ERef && e.Ref == frontend.RefFunction && e.Proc != nil && b.plan.StopProcs[e.Proc] {
			return true
		}
		if b.stopsIn(e.X, e.Y) || b.stopsIn(e.Args...) || b.stopsIn(e.Range[:]...) {
			return true
		}
	}
	return false
}

// arrayArg translates an array actual a of the array dummy d: a whole
// array or a section of an array the kernel addresses, of d's rank and
// element type, to a dummy whose lower bounds are constants (an
// allocatable dummy: the actual's own).
func (b *kirBuilder) arrayArg(a *frontend.Expr, d *frontend.Symbol) (*kernelir.ArrayArg, string) {
	if a.Rank != d.Rank || a.Rank == 0 {
		return nil, fmt.Sprintf("an array argument %s of another rank than the dummy %s", a, d.Name)
	}
	at, ok1 := kirType(a.Type)
	dt, ok2 := kirType(d.Type)
	if !ok1 || !ok2 || at != dt || at.Base == kernelir.Struct {
		return nil, fmt.Sprintf("the array argument %s of type %s", a, a.Type)
	}
	sec, ok := b.section(a).(*kernelir.Section)
	if !ok {
		return nil, fmt.Sprintf("the array argument %s", a)
	}
	aa := &kernelir.ArrayArg{X: sec}
	if d.Allocatable {
		if sec.Dims != nil {
			return nil, fmt.Sprintf("the array argument %s of the allocatable dummy %s", a, d.Name)
		}
		aa.KeepLower = true
		return aa, ""
	}
	for k := 0; k < d.Rank; k++ {
		lb := int64(1)
		if d.Shape != nil && k < len(d.Shape.Dims) && d.Shape.Dims[k].Lo != nil {
			lo := d.Shape.Dims[k].Lo
			v, ok := int64(0), false
			if lo.Const != nil {
				v, ok = lo.Const.AsInt()
			}
			if !ok {
				return nil, fmt.Sprintf("the dummy %s of a lower bound not constant", d.Name)
			}
			lb = v
		}
		aa.Lower = append(aa.Lower, lb)
	}
	return aa, ""
}

// structArg translates the actual a of the derived-type scalar dummy d (a
// class(T) dummy as one of type(T): its C struct) of a type with data and
// no allocatable components: a variable, an element or a component of
// the dummy's type, its storage when ref.
func (b *kirBuilder) structArg(a *frontend.Expr, d *frontend.Symbol, ref bool) (kernelir.Expr, string) {
	dt := d.Type.Derived
	switch {
	case dt == nil || a.Type.Base != frontend.TyDerived || a.Type.Derived != dt || a.Type.Class:
		return nil, fmt.Sprintf("a dummy of type %s", d.Type)
	case EmptyType(dt) || IsHeapType(d.Type) || CarriesDescriptors(dt):
		return nil, fmt.Sprintf("a dummy of type %s", d.Type)
	}
	x := b.structDesignator(a)
	if _, ok := x.(*kernelir.Unsupported); ok {
		return nil, fmt.Sprintf("the argument %s of type %s", a, a.Type)
	}
	root := x
	if c, ok := x.(*kernelir.Component); ok {
		root = kernelir.ComponentRoot(c)
	}
	if r, ok := root.(*kernelir.Ref); ok && ref && (b.consts[r.Var] || r.Var.Role == kernelir.RParam && r.Var.Space == kernelir.ByValue) {
		return nil, fmt.Sprintf("the value %s passed to the dummy %s, which it may define", a, d.Name)
	}
	return x, ""
}
