package facts

// This file walks the program units, their statements and parallel loops
// in source order, giving each statement its site and its place in the
// loops around it (in_loop, stmt_index, loop, loop_index, locality), and
// recording its declarations; what a statement accesses is recorded by
// the walker (walk.go) with the visitor of loopaccess.go.

import (
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// ctx is where a statement is: its procedure and enclosing parallel loops.
type ctx struct {
	proc  *frontend.Procedure
	psite ast.Constant
	loops []ast.Constant // enclosing parallel loops, innermost last
	index map[ast.Constant]int
}

func (c *ctx) owners() []ast.Constant {
	return append([]ast.Constant{c.psite}, c.loops...)
}

func (c *ctx) with(l ast.Constant) *ctx {
	n := &ctx{proc: c.proc, psite: c.psite, loops: append(append([]ast.Constant(nil), c.loops...), l), index: c.index}
	return n
}

// unit extracts a program unit and its contained procedures.
func (x *extractor) unit(u *frontend.Procedure) {
	p := x.site(u, u.Pos)
	x.set.Procs[p.Symbol] = u
	if u.Kind != frontend.UnitModule && u.Kind != frontend.UnitSubmodule && u.Kind != frontend.UnitBlockData {
		x.add("proc", p, ast.String(u.Name))
		attrs := map[string]bool{
			"pure": u.IsPure(), "elemental": u.Elemental, "impure": u.Impure, "recursive": u.Recursive,
			"internal": u.Internal, "module": u.ModuleProc, "external": u.External, "interface": u.Interface,
			"program": u.Kind == frontend.UnitProgram,
		}
		for _, a := range []string{"elemental", "external", "impure", "interface", "internal", "module", "program", "pure", "recursive"} {
			if attrs[a] {
				x.add("proc_attr", p, name("/"+a))
			}
		}
		if u.Host != nil {
			x.add("proc_host", p, x.site(u.Host, u.Host.Pos))
		}
		if u.BindC && !u.Interface {
			// Callable from C: its dummies may be associated with anything.
			x.add("proc_escapes", p)
		}
	}
	x.equivalences(u)
	c := &ctx{proc: u, psite: p, index: map[ast.Constant]int{}}
	x.declarations(u, c)
	for _, s := range u.Spec {
		if ib, ok := s.(*frontend.InterfaceBlock); ok {
			for _, b := range ib.Bodies {
				x.unit(b)
			}
		}
	}
	x.stmts(u.Body, c)
	for _, q := range u.Contains {
		x.unit(q)
	}
}

// declarations records the dummies, result and locals of a procedure with
// their declared types.
func (x *extractor) declarations(u *frontend.Procedure, c *ctx) {
	if u.Scope == nil || u.Kind == frontend.UnitModule || u.Kind == frontend.UnitSubmodule || u.Kind == frontend.UnitBlockData {
		return
	}
	x.scopeDecls(u.Scope, c.owners())
}

func (x *extractor) scopeDecls(sc *frontend.Scope, owners []ast.Constant) {
	for _, s := range sc.Order {
		if s.Use != nil || s.Kind != frontend.SymVariable || s.Host {
			continue
		}
		v := x.varSite(s)
		for _, o := range owners {
			x.add("declares", o, v, v)
			x.usesType(o, s.Type, v, "/decl")
		}
	}
}

func (x *extractor) usesType(owner ast.Constant, t frontend.Type, site ast.Constant, how string) {
	if !t.Known() || t.Base == frontend.TyBOZ || t.Base == frontend.TyNone {
		return
	}
	tn := x.typeName(t)
	k := owner.Symbol + " " + tn.Symbol + " " + how
	if x.first[k] {
		return
	}
	x.first[k] = true
	x.add("uses_type", owner, tn, site, name(how))
}

func (x *extractor) stmts(ss []frontend.Stmt, c *ctx) {
	for i := 0; i < len(ss); i++ {
		s := ss[i]
		// "!$omp parallel do" followed by a DO construct.
		if d, ok := s.(*frontend.DirectiveStmt); ok && isOmpParallelDo(d) && i+1 < len(ss) {
			if k, ok := ss[i+1].(*frontend.Construct); ok {
				if _, ok := k.Head.(*frontend.DoStmt); ok {
					x.stmt(d, c)
					x.loop(k, d, c)
					i++
					continue
				}
			}
		}
		x.stmt(s, c)
	}
}

func isOmpParallelDo(d *frontend.DirectiveStmt) bool {
	w := strings.Join(d.Words, " ")
	return strings.HasPrefix(w, "parallel do") || strings.HasPrefix(w, "target teams distribute parallel do") || strings.HasPrefix(w, "parallel loop")
}

// stmtSite registers a statement site (in_loop, stmt_index).
func (x *extractor) stmtSite(s frontend.Stmt, c *ctx) ast.Constant {
	st := x.site(s, frontend.StmtPos(s))
	for _, l := range c.loops {
		x.add("in_loop", st, l)
		n := c.index[l]
		if _, done := x.sites[[2]any{s, l.Symbol}]; !done {
			x.sites[[2]any{s, l.Symbol}] = ""
			x.add("stmt_index", st, l, ast.Number(int64(n)))
			c.index[l] = n + 1
		}
	}
	return st
}

func (x *extractor) stmt(s frontend.Stmt, c *ctx) {
	switch k := s.(type) {
	case *frontend.Construct:
		if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
			x.loop(k, nil, c)
			return
		}
		x.construct(k, c)
		return
	}
	st := x.stmtSite(s, c)
	if k, ok := s.(*frontend.StopStmt); ok {
		kind := "/stop"
		if k.Error {
			kind = "/error_stop"
		}
		for _, o := range c.owners() {
			x.add("stop_stmt", st, o, name(kind))
		}
	}
	if a, ok := s.(*frontend.AssignStmt); ok && len(c.loops) > 0 {
		x.reallocCheck(a, c)
	}
	if len(c.loops) > 0 {
		x.hostWholeChecks(s, c)
	}
	x.heapChecks(s, c)
	x.boundsChecks(s, c)
	x.walk(st, c).Stmt(s)
	switch k := s.(type) {
	case *frontend.IfStmt:
		if k.Action != nil {
			x.stmt(k.Action, c)
		}
	case *frontend.WhereStmt:
		if k.Action != nil {
			x.stmt(k.Action, c)
		}
	case *frontend.ForallStmt:
		if k.Action != nil {
			x.stmt(k.Action, c)
		}
	}
}

func (x *extractor) construct(k *frontend.Construct, c *ctx) {
	st := x.stmtSite(k.Head, c)
	x.walk(st, c).Head(k)
	x.heapChecks(k.Head, c)
	x.boundsChecks(k.Head, c)
	switch h := k.Head.(type) {
	case *frontend.SelectTypeStmt:
		x.guardAliases(k, h.Expr)
	case *frontend.SelectRankStmt:
		x.guardAliases(k, h.Expr)
	case *frontend.BlockStmt:
		if k.Scope != nil {
			// Block variables: declared in the procedure and, inside a loop,
			// in the loop (judged as whole values).
			x.scopeDecls(k.Scope, c.owners())
			if len(c.loops) > 0 {
				for _, s := range k.Scope.Order {
					x.iterArray(s, c.loops, false)
				}
			}
		}
	}
	x.stmts(k.Body, c)
	for _, br := range k.Branches {
		bs := x.stmtSite(br.Head, c)
		x.walk(bs, c).Branch(br.Head)
		x.boundsChecks(br.Head, c)
		x.stmts(br.Body, c)
	}
}

// loop extracts a parallel loop: DO CONCURRENT (k.Head) or an OpenMP
// parallel do (dir set).
func (x *extractor) loop(k *frontend.Construct, dir *frontend.DirectiveStmt, c *ctx) {
	d := k.Head.(*frontend.DoStmt)
	// The loop's own site is its DO statement.
	var l ast.Constant
	if dir != nil {
		l = x.site(k.Head, dir.Pos)
	} else {
		l = x.site(k.Head, d.Pos)
	}
	// The loop statement is a statement of the enclosing loops.
	for _, o := range c.loops {
		x.add("in_loop", l, o)
		x.add("loop_parent", l, o)
	}
	kind := "/do_concurrent"
	if dir != nil {
		kind = "/omp_parallel_do"
	}
	x.set.Loops[l.Symbol] = k
	x.add("loop", l, name(kind), c.psite)
	inner := c.with(l)
	if d.Concurrent != nil {
		if k.Scope != nil {
			for _, ix := range d.Concurrent.Indices {
				if s := k.Scope.Local(ix.Name); s != nil {
					x.add("loop_index", l, x.varSite(s))
				}
			}
		}
		// Bounds are evaluated before the loop (outer owners); the mask in
		// every iteration (the loop).
		for _, ix := range d.Concurrent.Indices {
			x.expr(ix.Lo, l, c)
			x.expr(ix.Hi, l, c)
			x.expr(ix.Step, l, c)
			x.boundsChecks(ix.Lo, c)
			x.boundsChecks(ix.Hi, c)
			x.boundsChecks(ix.Step, c)
		}
		if d.Concurrent.Mask != nil {
			ms := x.site(d.Concurrent.Mask, d.Concurrent.Mask.Pos)
			for _, o := range inner.loops {
				x.add("in_loop", ms, o)
			}
			x.expr(d.Concurrent.Mask, ms, inner)
			x.boundsChecks(d.Concurrent.Mask, inner)
		}
		outer := (*frontend.Scope)(nil)
		if k.Scope != nil {
			outer = k.Scope.Parent
		}
		for _, loc := range d.Locality {
			if loc.Kind == "default" {
				x.add("default_none", l, x.site(loc, loc.Pos))
				continue
			}
			for i, n := range loc.Names {
				var sym *frontend.Symbol
				if outer != nil {
					sym = outer.Lookup(n)
				}
				if sym == nil {
					continue
				}
				pos := loc.Pos
				if i < len(loc.NamePos) {
					pos = loc.NamePos[i]
				}
				v := x.varSite(sym)
				x.add("locality", l, name("/"+loc.Kind), v, x.site([2]any{loc, i}, pos))
				if loc.Kind == "local" && !sym.Allocatable && !sym.Pointer {
					x.iterArray(sym, []ast.Constant{l}, true)
				}
				if loc.Kind == "reduce" {
					x.add("reduce_op", l, v, name("/"+reduceOpName(loc.Op)))
				}
			}
		}
	} else if d.Var != "" {
		// !$omp parallel do: a counted DO; its variable is the index.
		if sym := lookup(c.proc, d.Var); sym != nil {
			x.add("loop_index", l, x.varSite(sym))
		}
		x.expr(d.Lo, l, c)
		x.expr(d.Hi, l, c)
		x.expr(d.Step, l, c)
		x.boundsChecks(d.Lo, c)
		x.boundsChecks(d.Hi, c)
		x.boundsChecks(d.Step, c)
	}
	x.stmts(k.Body, inner)
	for _, br := range k.Branches {
		x.stmts(br.Body, inner)
	}
}

func lookup(p *frontend.Procedure, n string) *frontend.Symbol {
	if p == nil || p.Scope == nil {
		return nil
	}
	return p.Scope.Lookup(n)
}

func reduceOpName(op string) string {
	switch op {
	case "+":
		return "plus"
	case "*":
		return "times"
	}
	return strings.Trim(op, ".")
}
