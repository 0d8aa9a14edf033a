package frontend

// This file checks references to procedures: function calls, generic
// resolution, argument matching, intrinsic calls, structure constructors and
// type-bound functions.

import (
	"strconv"
	"strings"
)

// callRef types a function reference or structure constructor name(args).
func (c *checker) callRef(e *Expr, s *Symbol, sc *Scope) {
	base := e.X
	name := base.Name
	for _, a := range e.Args {
		c.typeExpr(a, sc)
	}
	if s == nil {
		// Not declared: an intrinsic, or an external function.
		if in := LookupIntrinsic(name); in != nil {
			c.intrinsicCall(e, in, sc)
			return
		}
		if c.isOpaque(sc) {
			e.Ref, e.Type, e.Rank = RefOpaque, UnknownType, -1
			return
		}
		t, ok := sc.ImplicitType(name)
		if !ok {
			c.diags.errorf(e.Pos, "undeclared function or array %s (IMPLICIT NONE is in effect)", name)
			e.Type = UnknownType
			return
		}
		// An external function with an implicit interface.
		sym := &Symbol{Name: name, Kind: SymProcedure, Pos: e.Pos, Type: t, External: true, ImplicitType: true}
		if g := c.global.Local(name); g != nil && g.Proc != nil {
			sym.Proc = g.Proc
			if g.Proc.Result != nil {
				sym.Type = g.Proc.Result.Type
			}
		}
		if old := scopeUnit(sc).Local(name); old != nil {
			sym = old
		} else {
			scopeUnit(sc).Add(sym)
		}
		base.Sym = sym
		e.Sym, e.Ref, e.Type = sym, RefFunction, sym.Type
		if sym.Proc != nil {
			e.Proc = sym.Proc
		}
		return
	}
	s.Used = true
	base.Sym = s
	e.Sym = s
	switch s.Kind {
	case SymIntrinsic:
		c.intrinsicCall(e, s.Builtin, sc)
	case SymType:
		if s.Generic != nil {
			if sp := c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, false); sp != nil {
				c.setCallResult(e, sp)
				return
			}
		}
		e.Ref = RefStructure
		e.Type = Type{Base: TyDerived, Derived: s.Derived}
		c.checkConstructor(e, s.Derived)
		// A constructor of constants is a constant (c_null_ptr = c_ptr(0)).
		v := &Value{Type: e.Type}
		for _, a := range e.Args {
			x := a
			if x.Kind == EKeyword {
				x = x.X
			}
			if x.Const == nil {
				v = nil
				break
			}
			v.Elems = append(v.Elems, *x.Const)
		}
		e.Const = v
	case SymGeneric:
		// A generic may extend an intrinsic of the same name: references
		// that match none of its specifics are the intrinsic's.
		sp := c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, false)
		if sp == nil {
			if in := LookupIntrinsic(name); in != nil {
				c.intrinsicCall(e, in, sc)
				return
			}
			sp = c.resolveGeneric(s.Generic, e.Args, e.Pos, sc, true)
		}
		if sp == nil {
			e.Type, e.Rank = UnknownType, -1
			e.Ref = RefFunction
			return
		}
		c.setCallResult(e, sp)
	case SymStmtFunc:
		e.Ref, e.Type = RefFunction, s.Type
	default:
		c.setCallResult(e, s)
	}
}

// setCallResult fills a function reference's type from the procedure.
func (c *checker) setCallResult(e *Expr, s *Symbol) {
	e.Ref = RefFunction
	e.Type = s.Type
	p := s.Proc
	if p != nil {
		e.Proc = p
		if !p.IsFunction && p.Head != nil {
			c.diags.errorf(e.Pos, "%s is a subroutine; it cannot be referenced as a function", s.Name)
		}
		if p.Result != nil {
			e.Type, e.Rank = p.Result.Type, p.Result.Rank
			if p.Elemental {
				r := 0
				for _, a := range e.Args {
					x := a
					if x.Kind == EKeyword {
						x = x.X
					}
					if x.Rank > r || x.Rank < 0 {
						r = x.Rank
					}
				}
				e.Rank = r
			}
		}
		c.checkArgs(e.Args, p, s.Name, e.Pos, -1)
	} else if s.Kind == SymVariable || s.Kind == SymParameter {
		c.diags.errorf(e.Pos, "%s is not a procedure", s.Name)
	}
}

// checkArgs checks actual arguments against a procedure's dummies: count,
// keywords and (for known types) type compatibility.
func (c *checker) checkArgs(args []*Expr, p *Procedure, name string, pos Pos, pass int) {
	if p == nil || p.Scope == nil && !p.Separate {
		return
	}
	dummies := dropDummy(p.Dummies, pass)
	bound := make([]bool, len(dummies))
	positional := true
	for i, a := range args {
		if a.Kind == EKeyword {
			positional = false
			found := false
			for j, d := range dummies {
				if d.Name == a.Name {
					if bound[j] {
						c.diags.errorf(a.Pos, "argument %s of %s given twice", a.Name, name)
					}
					bound[j], found = true, true
					c.checkArgType(a.X, d, name, p.Elemental)
				}
			}
			if !found {
				c.diags.errorf(a.Pos, "%s has no dummy argument named %s", name, a.Name)
			}
			continue
		}
		if !positional {
			c.diags.errorf(a.Pos, "a positional argument follows a keyword argument")
			continue
		}
		if i >= len(dummies) {
			c.diags.errorf(a.Pos, "wrong number of arguments: too many arguments in the reference to %s (it takes %d)", name, len(dummies))
			return
		}
		bound[i] = true
		c.checkArgType(a, dummies[i], name, p.Elemental)
	}
	for j, d := range dummies {
		if !bound[j] && !d.Optional && d.Name != "*" {
			c.diags.errorf(pos, "wrong number of arguments: missing argument %s in the reference to %s", d.Name, name)
			return
		}
	}
}

func (c *checker) checkArgType(a *Expr, d *Symbol, name string, elemental bool) {
	if a == nil || d == nil || a.Kind == EStar {
		return
	}
	if d.Kind == SymProcedure || d.External || a.Ref == RefProcedure {
		return
	}
	if a.Rank >= 0 && d.Rank >= 0 && a.Type.Known() && !elemental {
		switch {
		case (d.Assumed == "shape" || d.Assumed == "deferred") && a.Rank != d.Rank:
			c.diags.errorf(a.Pos, "rank mismatch: argument %s of %s has rank %d, but an array of rank %d was passed", d.Name, name, d.Rank, a.Rank)
			return
		case d.Rank == 0 && a.Rank > 0:
			c.diags.errorf(a.Pos, "rank mismatch: argument %s of %s is a scalar, but an array of rank %d was passed", d.Name, name, a.Rank)
			return
		}
	}
	at, dt := a.Type, d.Type
	if !at.Known() || !dt.Known() || dt.Base == TyClassStar || dt.Base == TyTypeStar || at.Base == TyBOZ {
		return
	}
	ok := at.Base == dt.Base
	if ok && at.Base == TyDerived {
		ok = compatibleAssign(dt, at) || at.Class && at.Derived != nil && dt.Derived != nil && dt.Derived.Extends(at.Derived)
	}
	if ok && at.Base != TyDerived && at.Base != TyCharacter && at.Kind != dt.Kind && at.Kind != 0 && dt.Kind != 0 {
		ok = false
	}
	if !ok {
		c.diags.errorf(a.Pos, "type mismatch: argument %s of %s is %s, but %s was passed", d.Name, name, dt, at)
	}
}

// resolveGeneric picks the specific procedure of a generic for the
// arguments; nil when none matches (reported when report is set).
func (c *checker) resolveGeneric(g *Generic, args []*Expr, pos Pos, sc *Scope, report bool) *Symbol {
	specs := c.genericSpecifics(g, sc)
	for _, s := range specs {
		if s.Proc != nil && argsMatch(args, s.Proc, -1) {
			return s
		}
	}
	if !report || len(specs) == 0 {
		return nil
	}
	for _, a := range args {
		x := a
		if x.Kind == EKeyword {
			x = x.X
		}
		if !x.Type.Known() || x.Rank < 0 {
			return nil // can't decide; stay quiet
		}
	}
	for _, s := range specs {
		if s.Proc == nil || s.Proc.Scope == nil {
			return nil
		}
	}
	var types []string
	for _, a := range args {
		x := a
		if x.Kind == EKeyword {
			x = x.X
		}
		t := x.Type.String()
		if x.Rank > 0 {
			t += " rank " + strconv.Itoa(x.Rank)
		}
		types = append(types, t)
	}
	c.diags.errorf(pos, "no specific procedure of generic %s matches the arguments (%s)", g.Name, strings.Join(types, ", "))
	return nil
}

// genericSpecifics resolves the specific names of a generic lazily.
func (c *checker) genericSpecifics(g *Generic, sc *Scope) []*Symbol {
	if len(g.Names) > 0 {
		look := g.Scope
		if look == nil {
			look = sc
		}
		var pending []string
		for _, n := range g.Names {
			s := look.Lookup(n)
			if s == nil {
				s = sc.Lookup(n)
			}
			if s == nil {
				if c.declaring {
					// Contained procedures are declared after the specification
					// part that may use the generic: resolve again later.
					pending = append(pending, n)
				} else if !c.isOpaque(look) {
					c.diags.errorf(g.Pos, "undeclared specific procedure %s of generic %s", n, g.Name)
				}
				continue
			}
			if s.Kind == SymGeneric && s.Generic != nil && s.Generic != g {
				// a generic name listed as specific: use its specifics
				g.Specifics = append(g.Specifics, c.genericSpecifics(s.Generic, sc)...)
				continue
			}
			g.Specifics = append(g.Specifics, s)
		}
		g.Names = pending
	}
	return g.Specifics
}

// argsMatch reports whether actual arguments fit a specific's dummies by
// type, kind and rank (TKR), lenient where types are unknown.
func argsMatch(args []*Expr, p *Procedure, pass int) bool {
	dummies := dropDummy(p.Dummies, pass)
	bound := make([]bool, len(dummies))
	for i, a := range args {
		var d *Symbol
		x := a
		if a.Kind == EKeyword {
			x = a.X
			for j, dd := range dummies {
				if dd.Name == a.Name {
					d = dd
					bound[j] = true
				}
			}
			if d == nil {
				return false
			}
		} else {
			if i >= len(dummies) {
				return false
			}
			d = dummies[i]
			bound[i] = true
		}
		if !tkrMatch(x, d, p.Elemental) {
			return false
		}
	}
	for j, d := range dummies {
		if !bound[j] && !d.Optional {
			return false
		}
	}
	return true
}

func tkrMatch(x *Expr, d *Symbol, elemental bool) bool {
	at, dt := x.Type, d.Type
	if d.Kind == SymProcedure || d.External {
		return x.Ref == RefProcedure || !at.Known()
	}
	if !at.Known() || !dt.Known() {
		return true
	}
	switch dt.Base {
	case TyClassStar, TyTypeStar:
		return rankOK(x, d, elemental)
	}
	if at.Base == TyBOZ {
		return dt.Base == TyInteger
	}
	if at.Base != dt.Base {
		return false
	}
	if at.Base == TyDerived {
		if at.Derived == nil || dt.Derived == nil {
			return true
		}
		if dt.Class {
			if !at.Derived.Extends(dt.Derived) {
				return false
			}
		} else if at.Derived != dt.Derived && at.Derived.Name != dt.Derived.Name {
			return false
		}
	} else if at.Base != TyCharacter && at.Kind != dt.Kind {
		return false
	}
	return rankOK(x, d, elemental)
}

func rankOK(x *Expr, d *Symbol, elemental bool) bool {
	if x.Rank < 0 || d.Rank < 0 {
		return true
	}
	if elemental && d.Rank == 0 {
		return true
	}
	if d.Assumed == "size" || d.Assumed == "explicit" && x.Rank > 0 {
		return x.Rank > 0 || d.Rank == 0
	}
	return x.Rank == d.Rank
}

// intrinsicCall types a call of an intrinsic function.
func (c *checker) intrinsicCall(e *Expr, in *Intrinsic, sc *Scope) {
	e.Ref, e.Intr = RefIntrinsic, in
	c.allowBOZ(e.Args)
	if in.Result == nil {
		c.diags.errorf(e.Pos, "%s is an intrinsic subroutine; it cannot be referenced as a function", in.Name)
		e.Type = UnknownType
		return
	}
	args, ok := c.matchIntrinsicArgs(in, e.Args, e.Pos)
	if !ok {
		e.Type, e.Rank = UnknownType, -1
		return
	}
	t, r, err := in.Result(args)
	if err != nil {
		c.diags.errorf(e.Pos, "%v", err)
		e.Type, e.Rank = UnknownType, -1
		return
	}
	e.Type, e.Rank = t, r
	if in.Fold != nil {
		// lbound/ubound of named arrays with lower bounds are not folded here.
		if (in.Name == "lbound" || in.Name == "ubound") && len(e.Args) > 0 && e.Args[0].Sym != nil && e.Args[0].Sym.Shape != nil {
			return
		}
		if v, ok := in.Fold(args); ok {
			e.Const = &v
		}
	}
}

// matchIntrinsicArgs orders actual arguments by the intrinsic's dummies.
func (c *checker) matchIntrinsicArgs(in *Intrinsic, actual []*Expr, pos Pos) ([]ArgInfo, bool) {
	out := make([]ArgInfo, len(in.Args))
	variadic := len(in.Args) > 0 && in.Args[len(in.Args)-1].Variadic
	positional := true
	for i, a := range actual {
		if a.Kind == EKeyword {
			positional = false
			found := false
			for j, d := range in.Args {
				if d.Name == a.Name {
					if out[j].Present {
						c.diags.errorf(a.Pos, "argument %s of intrinsic %s given twice", a.Name, in.Name)
						return nil, false
					}
					out[j] = argInfo(a.X)
					found = true
				}
			}
			if !found {
				c.diags.errorf(a.Pos, "intrinsic %s has no argument named %s", in.Name, a.Name)
				return nil, false
			}
			continue
		}
		if !positional {
			c.diags.errorf(a.Pos, "a positional argument follows a keyword argument")
			return nil, false
		}
		if i >= len(in.Args) {
			if variadic {
				out = append(out, argInfo(a))
				continue
			}
			c.diags.errorf(a.Pos, "wrong number of arguments: too many arguments for intrinsic %s", in.Name)
			return nil, false
		}
		out[i] = argInfo(a)
	}
	for j, d := range in.Args {
		if !out[j].Present && !d.Optional {
			c.diags.errorf(pos, "wrong number of arguments: missing argument %s of intrinsic %s", d.Name, in.Name)
			return nil, false
		}
	}
	return out, true
}

// checkConstructor checks a structure constructor's components.
func (c *checker) checkConstructor(e *Expr, dt *DerivedType) {
	if dt == nil {
		return
	}
	comps := dt.AllComponents()
	if len(e.Args) > len(comps) {
		c.diags.errorf(e.Pos, "too many values in the structure constructor of type %s", dt.Name)
		return
	}
	for _, a := range e.Args {
		if a.Kind == EKeyword && dt.Component(a.Name) == nil {
			c.diags.errorf(a.Pos, "type %s has no component %s", dt.Name, a.Name)
		}
	}
}

// bindingFunction types obj%f(args), a type-bound function reference.
func (c *checker) bindingFunction(e, base *Expr, sc *Scope) {
	e.Ref, e.Type, e.Rank = RefFunction, UnknownType, -1
	dt := base.X.Type.Derived
	if dt == nil {
		return
	}
	b := dt.FindBinding(base.Name)
	if b == nil || dt.Scope == nil {
		return
	}
	pick := func(sb *Binding) *Procedure {
		if len(sb.Targets) == 0 {
			return nil
		}
		if s := dt.Scope.Lookup(sb.Targets[0]); s != nil {
			return s.Proc
		}
		return nil
	}
	var p *Procedure
	pass := -1
	if b.Generic {
		for _, t := range b.Targets {
			if sb := dt.FindBinding(t); sb != nil {
				if q := pick(sb); q != nil && argsMatch(e.Args, q, passIndex(sb, q)) {
					p, pass = q, passIndex(sb, q)
					break
				}
			}
		}
	} else {
		p = pick(b)
		if p != nil {
			pass = passIndex(b, p)
		}
	}
	if p == nil || p.Result == nil {
		return
	}
	e.Proc = p
	e.Type, e.Rank = p.Result.Type, p.Result.Rank
	if p.Elemental && base.X.Rank != 0 {
		e.Rank = base.X.Rank
	}
	if !b.Generic {
		c.checkArgs(e.Args, p, b.Name, e.Pos, pass)
	}
}

// mayBeExternalFunction reports whether a scalar variable symbol referenced
// with arguments can be an external function: it has no attribute of a data
// object, and for character the arguments are not a substring range.
func mayBeExternalFunction(s *Symbol, args []*Expr) bool {
	if s.Allocatable || s.Pointer || s.Target || s.Intent != "" || s.Value || s.Save || s.Init != nil ||
		s.InCommon || s.Optional && false || s.Use != nil || s.Scope == nil || s.Scope.Kind != ScopeUnit {
		return false
	}
	if s.Scope.Unit != nil && s.Scope.Unit.Result == s {
		return false
	}
	if s.Type.Base == TyCharacter && len(args) == 1 && args[0].Kind == ERange {
		return false
	}
	return true
}

// passIndex is the index of the passed-object dummy of a binding (-1 for
// nopass).
func passIndex(b *Binding, p *Procedure) int {
	if b.NoPass || p == nil {
		return -1
	}
	if b.PassArg != "" {
		for i, d := range p.Dummies {
			if d.Name == b.PassArg {
				return i
			}
		}
		return -1
	}
	return 0
}

// dropDummy returns the dummies without the one at index k (k < 0: all).
func dropDummy(ds []*Symbol, k int) []*Symbol {
	if k < 0 || k >= len(ds) {
		return ds
	}
	out := make([]*Symbol, 0, len(ds)-1)
	out = append(out, ds[:k]...)
	return append(out, ds[k+1:]...)
}

// BindingActuals returns the actual arguments of a call of a type-bound
// procedure through an object (call obj%b(args), obj%f(args)) in the
// order of p's dummies: the object inserted as the passed-object argument
// (none for nopass). obj is nil when callee is not a binding reference or
// its binding does not resolve to p.
func BindingActuals(callee *Expr, p *Procedure, args []*Expr) (obj *Expr, actuals []*Expr) {
	c := callee
	if c != nil && c.Kind == ERef && c.X != nil && c.X.Kind == EComponent {
		c = c.X
	}
	if c == nil || c.Kind != EComponent || c.X == nil || p == nil {
		return nil, args
	}
	dt := c.X.Type.Derived
	if dt == nil || c.X.Type.Base != TyDerived {
		return nil, args
	}
	b := dt.FindBinding(c.Name)
	if b == nil {
		return nil, args
	}
	pass := -2
	targets := []*Binding{b}
	if b.Generic {
		targets = nil
		for _, t := range b.Targets {
			if sb := dt.FindBinding(t); sb != nil {
				targets = append(targets, sb)
			}
		}
	}
	for _, sb := range targets {
		if len(sb.Targets) == 0 || dt.Scope == nil {
			continue
		}
		if s := dt.Scope.Lookup(sb.Targets[0]); s != nil && s.Proc == p {
			pass = passIndex(sb, p)
			break
		}
	}
	if pass == -2 {
		return nil, args
	}
	if pass < 0 {
		return c.X, args
	}
	out := make([]*Expr, 0, len(args)+1)
	out = append(out, args[:min(pass, len(args))]...)
	out = append(out, c.X)
	if pass < len(args) {
		out = append(out, args[pass:]...)
	}
	return c.X, out
}

// CallActuals returns the actual arguments of a call of procedure p in
// the order of its dummies: the passed object of a type-bound call in its
// place (BindingActuals), keyword arguments at their dummies (the keyword
// dropped), nil for an optional dummy left out. ok is false when an
// argument matches no dummy.
func CallActuals(callee *Expr, p *Procedure, args []*Expr) (actuals []*Expr, ok bool) {
	_, full := BindingActuals(callee, p, args)
	if p == nil {
		return full, true
	}
	out := make([]*Expr, len(p.Dummies))
	for i, a := range full {
		if a == nil {
			continue
		}
		if a.Kind == EKeyword {
			found := false
			for j, d := range p.Dummies {
				if strings.EqualFold(d.Name, a.Name) {
					out[j], found = a.X, true
				}
			}
			if !found {
				return nil, false
			}
			continue
		}
		if i >= len(out) {
			return nil, false
		}
		out[i] = a
	}
	return out, true
}
