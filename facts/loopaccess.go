package facts

// This file records what the statements of units and loops access and
// call (access, constant, uses_type, calls, calls_external, call_arg,
// impure_intrinsic, io, alias): the loop facts' visitor of the walker
// (walk.go) and the binding of actual arguments to dummies.

import (
	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// access records that the statement reads or writes a variable.
func (x *extractor) access(st ast.Constant, sym *frontend.Symbol, mode string, c *ctx) {
	if sym == nil || sym.Kind != frontend.SymVariable {
		return
	}
	v := x.varSite(sym)
	for _, o := range c.owners() {
		x.add("access", st, o, v, name(mode))
	}
}

// useType records the type of an evaluated value for every owner.
func (x *extractor) useType(e *frontend.Expr, c *ctx) {
	if e.Const != nil || !e.Type.Known() {
		return
	}
	s := x.site(e, e.Pos)
	for _, o := range c.owners() {
		x.usesType(o, e.Type, s, "/value")
	}
}

// loopFacts is the visitor of the walker (walk.go) that records the
// loop facts of statement st in context c: access, constant, uses_type,
// calls, calls_external, call_arg, impure_intrinsic, io, alias.
type loopFacts struct {
	x  *extractor
	st ast.Constant
	c  *ctx
}

// walk returns the walker that records the facts of statement st.
func (x *extractor) walk(st ast.Constant, c *ctx) walker {
	var sc *frontend.Scope
	if c.proc != nil {
		sc = c.proc.Scope
	}
	return walker{v: &loopFacts{x: x, st: st, c: c}, scope: sc}
}

// expr records the types, accesses and calls of an evaluated expression.
func (x *extractor) expr(e *frontend.Expr, st ast.Constant, c *ctx) {
	x.walk(st, c).Expr(e)
}

func (v *loopFacts) constant(e *frontend.Expr) {
	cs := v.x.site(e, e.Pos)
	for _, o := range v.c.owners() {
		v.x.add("constant", cs, o)
	}
}

func (v *loopFacts) value(e *frontend.Expr) { v.x.useType(e, v.c) }

// access: a mode that may change the variable (a definition, allocation,
// association or deallocation) is a write; a read, an inquiry (the kernel
// needs the array's descriptor) and a pointer target are reads.
func (v *loopFacts) access(e *frontend.Expr, sym *frontend.Symbol, m Mode) {
	mode := "/read"
	if m.defines() {
		mode = "/write"
	}
	v.x.access(v.st, sym, mode, v.c)
	if m == Inquiry && sym != nil && sym.Kind == frontend.SymVariable {
		// Only its shape (size(w)): the value is not read.
		v.x.add("shape_inquiry", v.st, v.x.varSite(sym))
	} else if mode == "/read" && sym != nil && sym.Kind == frontend.SymVariable {
		v.x.add("value_read", v.st, v.x.varSite(sym))
	}
}

func (v *loopFacts) procRef(e *frontend.Expr) {
	// A procedure as an actual argument: it may be called.
	if e.Sym != nil && e.Sym.Proc != nil {
		v.x.add("calls", v.st, v.c.psite, v.x.procSite(e.Sym.Proc))
	}
}

func (v *loopFacts) procTarget(e *frontend.Expr) { v.procRef(e) }

func (v *loopFacts) call(k *accessCall) {
	switch k.Kind {
	case callStmt:
		v.x.call(v.st, k.Proc, k.Intr, k.Callee, k.Args, v.c)
	case callAssignment:
		// A defined assignment calls its subroutine (lhs, rhs).
		v.x.call(v.st, k.Proc, nil, nil, k.Args, v.c)
	default:
		v.x.call(v.x.callSite(k.Expr, v.c), k.Proc, nil, k.Expr, k.Args, v.c)
	}
}

func (v *loopFacts) intrinsic(e *frontend.Expr) {
	if e.Intr != nil && e.Intr.Impure {
		cs := v.x.callSite(e, v.c)
		v.x.add("impure_intrinsic", cs, ast.String(e.Intr.Name))
	}
}

func (v *loopFacts) addressOf(*frontend.Symbol) {}

func (v *loopFacts) associated(k *frontend.Construct, a *frontend.Association) {
	if k.Scope != nil {
		v.x.alias(k.Scope.Local(a.Name), a.Expr)
	}
}

func (v *loopFacts) io(k *frontend.IOStmt, internal bool) {
	kind := "/external"
	if internal {
		kind = "/internal"
	}
	for _, o := range v.c.owners() {
		v.x.add("io", v.st, o, name(kind))
	}
}

func (v *loopFacts) ioJump() {}

// callSite is the site of a call in an expression (in the loops of c).
func (x *extractor) callSite(e *frontend.Expr, c *ctx) ast.Constant {
	s := x.site([2]any{e, "call"}, e.Pos)
	for _, l := range c.loops {
		x.add("in_loop", s, l)
	}
	return s
}

// procSite names the procedure a call reaches: the body when the program
// has it (an interface body of an external procedure maps to its
// definition), else nil.
func (x *extractor) procSite(p *frontend.Procedure) ast.Constant {
	if p.Interface && !p.ModulePrefix {
		if g := x.prog.Globals[p.Name]; g != nil {
			p = g
		}
	}
	return x.site(p, p.Pos)
}

// call records a call (statement or function reference) and its
// arguments.
func (x *extractor) call(site ast.Constant, p *frontend.Procedure, in *frontend.Intrinsic, callee *frontend.Expr, args []*frontend.Expr, c *ctx) {
	if in != nil {
		if in.Impure {
			x.add("impure_intrinsic", site, ast.String(in.Name))
		}
		for i, a := range args {
			x.argument(a, site, c, nil, i)
		}
		return
	}
	if p == nil {
		n := ""
		if callee != nil {
			n = calleeName(callee)
		}
		x.add("calls_external", site, c.psite, ast.String(n))
		for i, a := range args {
			// Unknown intent: the argument may be written.
			x.argument(a, site, c, nil, i)
			if r := rootName(a); r != nil {
				x.access(site, r.Sym, "/write", c)
			}
		}
		return
	}
	ps := x.procSite(p)
	x.add("calls", site, c.psite, ps)
	x.callLocals(site, callee, p, args, c.loops)
	x.resultHeap(callee, p, c) // heap.go
	// The passed object of obj%method(...): an actual argument in the
	// place of its dummy (BindingActuals).
	if obj, full := frontend.BindingActuals(callee, p, args); obj != nil {
		if len(full) == len(args) {
			x.expr(obj, site, c) // nopass: evaluated only
		}
		args = full
	} else if callee != nil {
		target := callee
		if target.Kind == frontend.ERef {
			target = target.X
		}
		if target != nil && target.Kind == frontend.EComponent && target.Ref == frontend.RefProcedure {
			x.expr(target.X, site, c)
			if r := rootName(target.X); r != nil && len(p.Dummies) > 0 {
				x.add("call_arg", site, ast.Number(0), x.varSite(p.Dummies[0]), x.varSite(r.Sym))
			}
		}
	}
	for i, a := range args {
		if a == nil {
			continue
		}
		d := dummyFor(p, a, i)
		x.argument(a, site, c, d, i)
	}
}

// dummyFor is the dummy of procedure p that actual argument a (number i,
// from 0, or a keyword argument) is associated with; nil if none.
func dummyFor(p *frontend.Procedure, a *frontend.Expr, i int) *frontend.Symbol {
	if a.Kind == frontend.EKeyword {
		for _, d := range p.Dummies {
			if d.Name == a.Name {
				return d
			}
		}
		return nil
	}
	if i < len(p.Dummies) {
		return p.Dummies[i]
	}
	return nil
}

func calleeName(e *frontend.Expr) string {
	for e != nil {
		switch e.Kind {
		case frontend.EName, frontend.EComponent:
			return e.Name
		}
		e = e.X
	}
	return ""
}

// rootName is the root variable reference of a designator actual argument.
func rootName(a *frontend.Expr) *frontend.Expr {
	if a == nil {
		return nil
	}
	if a.Kind == frontend.EKeyword {
		a = a.X
	}
	for a != nil && (a.Kind == frontend.ERef && a.Ref != frontend.RefFunction && a.Ref != frontend.RefIntrinsic || a.Kind == frontend.EComponent) {
		a = a.X
	}
	if a != nil && a.Kind == frontend.EName && a.Sym != nil && a.Sym.Kind == frontend.SymVariable {
		return a
	}
	return nil
}

// argument records an actual argument: its value (read) and, for a
// designator, the dummy it is associated with. A designator associated
// with an intent(out) dummy is no value read (the callee defines it
// before any reference; F2018 8.5.10): its root is accessed as a read
// all the same (the callee may leave part of it as it was, which the
// data movement keeps), its subscripts are read.
func (x *extractor) argument(a *frontend.Expr, site ast.Constant, c *ctx, d *frontend.Symbol, idx int) {
	v := a
	if v.Kind == frontend.EKeyword {
		v = v.X
	}
	if v == nil {
		return
	}
	if r := rootName(v); r != nil && d != nil && d.Intent == "out" {
		w := x.walk(site, c)
		w.v.value(v)
		w.Subscripts(v)
		x.access(site, r.Sym, "/read", c)
	} else {
		x.expr(v, site, c)
	}
	if d == nil || d.Name == "*" {
		return
	}
	if r := rootName(v); r != nil {
		x.add("call_arg", site, ast.Number(int64(idx+1)), x.varSite(d), x.varSite(r.Sym))
	}
}

// guardAliases records the associate names of the guards of a select type
// or select rank construct as aliases of its selector.
func (x *extractor) guardAliases(k *frontend.Construct, sel *frontend.Expr) {
	for _, br := range k.Branches {
		if br.Scope == nil {
			continue
		}
		for _, s := range br.Scope.Order {
			x.alias(s, sel)
		}
	}
}

// alias records that an associate name stands for the variable its
// selector designates.
func (x *extractor) alias(name *frontend.Symbol, sel *frontend.Expr) {
	if name == nil {
		return
	}
	if r := rootName(sel); r != nil {
		x.add("alias", x.varSite(name), x.varSite(r.Sym))
	}
}
