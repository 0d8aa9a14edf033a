// Package facts turns a typed program (package frontend) into relational
// facts for the Datalog analyses (package rules). The schema, with a doc for
// every predicate, is rules/schema.mg.
//
// Every fact about the program refers to a site (/s/N), and loc/4 maps each
// site to its position. Sites are numbered in traversal order (files in
// command-line order, units and statements in source order), so the facts
// of a program are deterministic.
package facts

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// Set is the facts of one program and the positions of their sites.
type Set struct {
	Atoms []ast.Atom
	pos   []frontend.Pos // site number -> position
	names map[string]int // site name -> number
	// What a site stands for, for lowering and messages.
	Loops map[string]*frontend.Construct
	Procs map[string]*frontend.Procedure
	Vars  map[string]*frontend.Symbol
	// HostNodes are the host statements of the sync analysis (cfg.go).
	HostNodes map[string]*HostNode
	// PtrPaths are the designators up to a pointer component that host
	// statements access data through (hacc_ptr), by site.
	PtrPaths map[string]*frontend.Expr
}

// Pos returns the position of a site constant (/s/N or /v/N).
func (s *Set) Pos(site ast.Constant) (frontend.Pos, bool) {
	n, ok := s.names[site.Symbol]
	if !ok {
		return frontend.Pos{}, false
	}
	return s.pos[n], true
}

// Sorted returns the facts sorted by their text (for dumps).
func (s *Set) Sorted() []ast.Atom {
	out := append([]ast.Atom(nil), s.Atoms...)
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Options select what is extracted.
type Options struct {
	// OmpLoops makes !$omp parallel do loops parallel loops
	// (--gpu-offload-omp-loops); they are always recorded, with their kind.
	OmpLoops bool
}

type extractor struct {
	set     *Set
	sites   map[any]string // node -> site name
	types   map[string]bool
	derived map[*frontend.DerivedType]string
	dtList  []*frontend.DerivedType
	// first records uses_type per (owner, type, how) so only the first
	// site is kept.
	first map[string]bool
	seen  map[string]bool // dedup of atoms
	prog  *frontend.Program
}

// Extract builds the facts of a program.
func Extract(prog *frontend.Program, opts Options) *Set {
	x := &extractor{
		set: &Set{names: map[string]int{}, Loops: map[string]*frontend.Construct{},
			Procs: map[string]*frontend.Procedure{}, Vars: map[string]*frontend.Symbol{}},
		sites:   map[any]string{},
		types:   map[string]bool{},
		derived: map[*frontend.DerivedType]string{},
		first:   map[string]bool{},
		seen:    map[string]bool{},
		prog:    prog,
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.unit(u)
		}
	}
	x.arrayStmts() // whole-array assignments between launches (arraystmt.go)
	x.hostCFG()    // host control flow of procedures that launch (cfg.go)
	x.packFacts()  // packs of iterations (pack.go)
	x.nestFacts()  // nested do concurrent loops (nest.go)

	// Structure of do concurrent bodies and their scalar writes (shared.go).
	x.sharedFacts()
	// Derived types (their components) last: every type seen gets facts.
	for i := 0; i < len(x.dtList); i++ {
		x.derivedFacts(x.dtList[i])
	}
	return x.set
}

// concurrentLoops returns the DO CONCURRENT loops (not the OpenMP ones)
// in site order, with their sites: the deterministic order of the passes
// that run after the main traversal.
func (x *extractor) concurrentLoops() (sites []string, loops []*frontend.Construct, heads []*frontend.DoStmt) {
	for l := range x.set.Loops {
		sites = append(sites, l)
	}
	sort.Slice(sites, func(i, j int) bool { return x.set.names[sites[i]] < x.set.names[sites[j]] })
	kept := sites[:0]
	for _, l := range sites {
		k := x.set.Loops[l]
		if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
			kept = append(kept, l)
			loops = append(loops, k)
			heads = append(heads, d)
		}
	}
	return kept, loops, heads
}

// name makes a Mangle name constant (with the hash ast.Name computes:
// a Constant built by hand would never equal the rules' constants).
func name(s string) ast.Constant {
	c, err := ast.Name(s)
	if err != nil {
		panic(fmt.Sprintf("facts: invalid name %q: %v", s, err))
	}
	return c
}

// Name is name for other packages.
func Name(s string) ast.Constant { return name(s) }

func (x *extractor) add(pred string, args ...ast.BaseTerm) {
	a := ast.NewAtom(pred, args...)
	k := a.String()
	if x.seen[k] {
		return
	}
	x.seen[k] = true
	x.set.Atoms = append(x.set.Atoms, a)
}

// site returns the site name of a node, creating it (with a loc fact).
func (x *extractor) site(node any, pos frontend.Pos) ast.Constant {
	if s, ok := x.sites[node]; ok {
		return name(s)
	}
	n := len(x.set.pos)
	s := fmt.Sprintf("/s/%d", n)
	x.sites[node] = s
	x.set.pos = append(x.set.pos, pos)
	x.set.names[s] = n
	x.add("loc", name(s), ast.String(pos.File), ast.Number(int64(pos.Line)), ast.Number(int64(pos.Col)))
	return name(s)
}

// varSite names a variable by its symbol (the original one for
// use-associated names).
func (x *extractor) varSite(sym *frontend.Symbol) ast.Constant {
	for sym.Use != nil {
		sym = sym.Use
	}
	if s, ok := x.sites[sym]; ok {
		return name(s)
	}
	n := len(x.set.pos)
	s := fmt.Sprintf("/v/%d", n)
	x.sites[sym] = s
	x.set.pos = append(x.set.pos, sym.Pos)
	x.set.names[s] = n
	x.set.Vars[s] = sym
	x.add("loc", name(s), ast.String(sym.Pos.File), ast.Number(int64(sym.Pos.Line)), ast.Number(int64(sym.Pos.Col)))
	owner := "/s/unknown"
	if sym.Scope != nil && sym.Scope.Unit != nil {
		owner = x.site(sym.Scope.Unit, sym.Scope.Unit.Pos).Symbol
	}
	x.add("var", name(s), ast.String(sym.Name), name(owner))
	x.add("var_type", name(s), x.typeName(sym.Type))
	for _, a := range varAttrs(sym) {
		x.add("var_attr", name(s), name("/"+a))
	}
	if sym.InCommon {
		x.add("common_member", name(s), name(commonName(sym.Common)))
	}
	return name(s)
}

// commonName names the storage of a common block (/common/-- the blank one).
func commonName(blk string) string {
	if blk == "" {
		return "/common/--"
	}
	return "/common/" + strings.ToLower(blk)
}

// equivalences records the storage association of EQUIVALENCE statements:
// each object's variable with the first of its set.
func (x *extractor) equivalences(u *frontend.Procedure) {
	for _, sp := range u.Spec {
		eq, ok := sp.(*frontend.EquivalenceStmt)
		if !ok {
			continue
		}
		for _, set := range eq.Sets {
			var first ast.Constant
			for i, o := range set.Objects {
				r := rootName(o)
				if r == nil {
					continue
				}
				v := x.varSite(r.Sym)
				if i == 0 || first.Symbol == "" {
					first = v
					continue
				}
				x.add("equiv", first, v)
			}
		}
	}
}

func varAttrs(s *frontend.Symbol) []string {
	var out []string
	add := func(ok bool, a string) {
		if ok {
			out = append(out, a)
		}
	}
	add(s.Dummy, "dummy")
	isResult := s.Scope != nil && s.Scope.Unit != nil && s.Scope.Unit.Result == s
	add(isResult, "result")
	add(s.Kind == frontend.SymParameter, "parameter")
	add(s.Allocatable, "allocatable")
	add(s.Pointer, "pointer")
	add(s.Target, "target")
	add(s.Intent == "in", "intent_in")
	add(s.Intent == "out", "intent_out")
	add(s.Intent == "inout", "intent_inout")
	add(s.Value, "value")
	add(s.Rank != 0, "array")
	add(s.Rank != 0 && s.Assumed == "size", "assumed_size")
	add(s.InCommon, "common")
	// Saved: the SAVE attribute, an initialiser (implicit save), or a SAVE
	// statement without names in its scope.
	add(s.Kind == frontend.SymVariable && (s.Save || s.Init != nil || s.Scope != nil && s.Scope.SaveAll), "save")
	if s.Scope != nil {
		switch s.Scope.Kind {
		case frontend.ScopeImpliedDo:
			out = append(out, "index")
		case frontend.ScopeBlock:
			out = append(out, "block")
		case frontend.ScopeUnit:
			if s.Scope.Unit != nil && s.Scope.Unit.Kind == frontend.UnitModule {
				out = append(out, "module_var")
			} else if !s.Dummy && !isResult {
				out = append(out, "local")
			}
		}
	}
	return out
}

// typeName names a type; derived types are recorded for component facts.
func (x *extractor) typeName(t frontend.Type) ast.Constant {
	switch t.Base {
	case frontend.TyInteger, frontend.TyReal, frontend.TyComplex, frontend.TyLogical, frontend.TyCharacter:
		k := t.Kind
		if k == 0 {
			k = 4
			if t.Base == frontend.TyCharacter {
				k = 1
			}
		}
		n := fmt.Sprintf("/t/%s/%d", t.Base, k)
		if !x.types[n] {
			x.types[n] = true
			x.add("intrinsic_type", name(n), name("/"+t.Base.String()), ast.Number(int64(k)))
		}
		return name(n)
	case frontend.TyDerived:
		if t.Derived == nil {
			return name("/t/unknown")
		}
		if s, ok := x.derived[t.Derived]; ok {
			return name(s)
		}
		n := fmt.Sprintf("/t/derived/%d", len(x.derived))
		x.derived[t.Derived] = n
		x.dtList = append(x.dtList, t.Derived)
		x.add("derived_type", name(n), ast.String(t.Derived.Name))
		return name(n)
	case frontend.TyClassStar:
		return name("/t/class_star")
	}
	return name("/t/unknown")
}

func (x *extractor) derivedFacts(dt *frontend.DerivedType) {
	tn := x.derived[dt]
	for _, c := range dt.AllComponents() {
		if c.External {
			continue // a procedure pointer component holds no data of its type
		}
		x.add("component", name(tn), ast.String(c.Name), x.typeName(c.Type), x.site(c, c.Pos))
	}
}

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
		}
	}
	x.stmts(k.Body, c)
	for _, br := range k.Branches {
		bs := x.stmtSite(br.Head, c)
		x.walk(bs, c).Branch(br.Head)
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
		}
		if d.Concurrent.Mask != nil {
			ms := x.site(d.Concurrent.Mask, d.Concurrent.Mask.Pos)
			for _, o := range inner.loops {
				x.add("in_loop", ms, o)
			}
			x.expr(d.Concurrent.Mask, ms, inner)
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

// access: a loop judges data, so everything but an inquiry or a pointer
// target that may change it is a write; an inquiry (the kernel needs the
// array's descriptor) and a pointer target are reads.
func (v *loopFacts) access(e *frontend.Expr, sym *frontend.Symbol, m Mode) {
	mode := "/read"
	if m.defines() {
		mode = "/write"
	}
	v.x.access(v.st, sym, mode, v.c)
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
	// The passed object of obj%method(...).
	if callee != nil {
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
// designator, the dummy it is associated with.
func (x *extractor) argument(a *frontend.Expr, site ast.Constant, c *ctx, d *frontend.Symbol, idx int) {
	v := a
	if v.Kind == frontend.EKeyword {
		v = v.X
	}
	if v == nil {
		return
	}
	x.expr(v, site, c)
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
