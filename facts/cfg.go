package facts

// This file extracts the host statements of every procedure (or main
// program) with a body: the statements, the edges between them, what each
// one accesses, calls and frees. rules/sync.mg decides over them, for the
// whole program, where the host copies device data back, marks device
// copies stale, discards them and waits (design doc, "Where the host
// waits"; issue 11: residency across procedures); lowering/sync.go turns
// its results into lines of the host rewrite, using the HostNode records
// kept here.
//
// Granularity: an access is recorded for the root variable of the
// designator (a(i)%b%c accesses a), except through a pointer component
// (hacc_ptr: s%p(i) may access any target). A call of a procedure whose
// body the program has does not access its actual arguments at the call
// site (unless they are expressions it evaluates): the callee's statements
// access them through its dummies (hcall_arg binds them). A call of a
// procedure without a body (external, interface only) accesses them at
// the call site and may reach any global storage (hcall_external).
//
// A parallel loop is one node of kind /launch with two sets of out-edges:
// hnext_launch (to the statement after it, when the rules offload it) and
// hnext_host (into its body, when it stays on the host, where its body
// statements are host statements of a loop).

import (
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// HostNode is a statement (or a construct's head or end) of the host
// control flow, for placing what the sync rules decide before it.
type HostNode struct {
	Site string
	Kind string // hstmt kind without the slash: simple, call, io, launch, do, do_while, do_iter, if, select, case, block_end, end, ...
	Stmt frontend.Stmt
	Proc *frontend.Procedure
	Pos  frontend.Pos
	// Construct is the construct this node is the head, branch head or
	// end of (nil for other statements).
	Construct *frontend.Construct
	// Parent is the construct whose statement list holds the node's
	// statement (nil at the procedure's top level); for a branch head or
	// end: the construct's parent.
	Parent *frontend.Construct
	// Prev is the statement before this one in its statement list (nil
	// for the first).
	Prev frontend.Stmt
	// IfStmt is the logical IF whose action this node is (nil otherwise).
	IfStmt *frontend.IfStmt
	// Cycles are the CYCLE statements that go to this node (a do
	// iteration node or a do while head).
	Cycles []*frontend.CycleStmt
	// Enclosing are the constructs the node is in, outermost first (for
	// a construct's own head: those around the construct).
	Enclosing []*frontend.Construct
}

// timingNames are the timing procedures: wait points (ARCHITECTURE.md
// section 4), so that benchmarks time the kernels.
var timingNames = map[string]bool{"system_clock": true, "cpu_time": true, "date_and_time": true, "omp_get_wtime": true, "mpi_wtime": true}

// hostCFG extracts the host control flow of every procedure with a body
// (after the main traversal: every statement has its site).
func (x *extractor) hostCFG() {
	for _, f := range x.prog.Files {
		for _, u := range f.Units {
			x.hostCFGUnit(u)
		}
	}
}

func (x *extractor) hostCFGUnit(u *frontend.Procedure) {
	if u.Kind != frontend.UnitModule && u.Kind != frontend.UnitSubmodule && u.Kind != frontend.UnitBlockData && !u.Interface {
		b := &cfgBuilder{x: x, proc: u, psite: x.site(u, u.Pos)}
		b.run()
	}
	for _, q := range u.Contains {
		x.hostCFGUnit(q)
	}
}

// out is a node whose out-edge is still to be connected, with the kind of
// edge (hnext, hnext_launch or hnext_host).
type out struct {
	site string
	pred string
}

// cfgCtx is an enclosing construct: exits leave it, cycles (of a DO) go to
// its iteration node.
type cfgCtx struct {
	k      *frontend.Construct
	name   string
	isDo   bool
	iter   string // the node a CYCLE goes to
	iterN  *HostNode
	exits  []out
	locals []*frontend.Symbol // block locals freed when leaving
	loop   string             // host loop site (for hin_loop), "" if none
}

type cfgBuilder struct {
	x     *extractor
	proc  *frontend.Procedure
	psite ast.Constant
	stack []*cfgCtx
}

func (b *cfgBuilder) run() {
	b.x.add("hproc", b.psite)
	if b.x.set.HostNodes == nil {
		b.x.set.HostNodes = map[string]*HostNode{}
	}
	outs := b.list(b.proc.Body, nil, []out{{site: "", pred: ""}})
	// The end of the procedure (its END statement; lowering places what
	// goes there before CONTAINS when the procedure has internal ones).
	var endStmt frontend.Stmt = b.proc.End
	pos := b.proc.Pos
	if b.proc.End != nil {
		pos = b.proc.End.Pos
	}
	if endStmt == nil {
		endStmt = &frontend.EndStmt{}
	}
	n := b.node(endStmt, pos, "end", nil, nil)
	b.connect(outs, n.Site)
}

// node registers a host statement node.
func (b *cfgBuilder) node(s frontend.Stmt, pos frontend.Pos, kind string, parent *frontend.Construct, prev frontend.Stmt) *HostNode {
	site := b.x.site(s, pos)
	n := b.x.set.HostNodes[site.Symbol]
	if n == nil {
		n = &HostNode{Site: site.Symbol, Kind: kind, Stmt: s, Proc: b.proc, Pos: pos, Parent: parent, Prev: prev}
		for _, c := range b.stack {
			n.Enclosing = append(n.Enclosing, c.k)
		}
		b.x.set.HostNodes[site.Symbol] = n
	}
	b.x.add("hstmt", site, b.psite, name("/"+kind))
	for _, c := range b.stack {
		if c.loop != "" {
			b.x.add("hin_loop", site, name(c.loop))
		}
	}
	return n
}

// connect adds the edges from outs to site; an out with an empty site is
// the procedure's entry.
func (b *cfgBuilder) connect(outs []out, site string) {
	for _, o := range outs {
		if o.site == "" {
			b.x.add("hentry", b.psite, name(site))
			continue
		}
		p := o.pred
		if p == "" {
			p = "hnext"
		}
		b.x.add(p, name(o.site), name(site))
	}
}

// list extracts a statement list entered from outs; it returns the outs
// of its end.
func (b *cfgBuilder) list(ss []frontend.Stmt, parent *frontend.Construct, outs []out) []out {
	var prev frontend.Stmt
	for i := 0; i < len(ss); i++ {
		s := ss[i]
		if d, ok := s.(*frontend.DirectiveStmt); ok {
			// "!$omp parallel do" + DO: the loop is a parallel loop (facts
			// of units.go); other directives are no statements.
			if isOmpParallelDo(d) && i+1 < len(ss) {
				if k, ok := ss[i+1].(*frontend.Construct); ok {
					if _, ok := k.Head.(*frontend.DoStmt); ok {
						if _, isLoop := b.x.set.Loops[b.x.sites[k.Head]]; isLoop {
							outs = b.parallelLoop(k, parent, prev, outs)
							prev = k
							i++
							continue
						}
					}
				}
			}
			continue
		}
		outs = b.stmt(s, parent, prev, outs)
		prev = s
	}
	return outs
}

func (b *cfgBuilder) stmt(s frontend.Stmt, parent *frontend.Construct, prev frontend.Stmt, outs []out) []out {
	switch k := s.(type) {
	case *frontend.Construct:
		return b.construct(k, parent, prev, outs)
	case *frontend.FormatStmt, *frontend.DataStmt, *frontend.DirectiveStmt:
		return outs
	case *frontend.AssignStmt:
		if k.StmtFunc {
			return outs
		}
	}
	pos := frontend.StmtPos(s)
	switch k := s.(type) {
	case *frontend.IfStmt:
		n := b.node(k, pos, "if", parent, prev)
		st := name(n.Site)
		b.expr(k.Cond, st)
		b.connect(outs, n.Site)
		cond := []out{{site: n.Site}}
		if k.Action == nil {
			return cond
		}
		a := b.simple(k.Action, frontend.StmtPos(k.Action), parent, nil, cond)
		if an := b.x.set.HostNodes[b.x.sites[k.Action]]; an != nil {
			an.IfStmt = k
		}
		return append(cond, a...)
	}
	return b.simple(s, pos, parent, prev, outs)
}

// simple extracts a statement that is not a construct.
func (b *cfgBuilder) simple(s frontend.Stmt, pos frontend.Pos, parent *frontend.Construct, prev frontend.Stmt, outs []out) []out {
	kind := "simple"
	switch k := s.(type) {
	case *frontend.CallStmt:
		kind = "call"
	case *frontend.IOStmt:
		kind = "io"
	case *frontend.StopStmt:
		kind = "stop"
	case *frontend.ReturnStmt:
		kind = "return"
	case *frontend.GotoStmt, *frontend.ArithIfStmt:
		kind = "goto"
	case *frontend.AllocateStmt:
		kind = "allocate"
	case *frontend.DeallocateStmt:
		kind = "deallocate"
	case *frontend.ExitStmt:
		kind = "exit"
	case *frontend.CycleStmt:
		kind = "cycle"
	case *frontend.OpaqueStmt, *frontend.EntryStmt:
		kind = "unknown"
	case *frontend.IfStmt:
		// A logical IF as the action of another: not valid Fortran.
		kind = "unknown"
	case *frontend.WhereStmt, *frontend.ForallStmt, *frontend.AssignStmt, *frontend.PtrAssignStmt, *frontend.NullifyStmt, *frontend.ContinueStmt:
	default:
		_ = k
		kind = "unknown"
	}
	n := b.node(s, pos, kind, parent, prev)
	st := name(n.Site)
	b.connect(outs, n.Site)
	b.accesses(s, st)
	switch k := s.(type) {
	case *frontend.ReturnStmt:
		// Leaving the procedure frees the locals of the blocks it is in.
		b.frees(st, b.stack)
		return nil
	case *frontend.StopStmt, *frontend.GotoStmt, *frontend.ArithIfStmt:
		return nil
	case *frontend.ExitStmt:
		c, inner := b.target(k.Name, true)
		if c == nil {
			return nil
		}
		b.frees(st, inner)
		c.exits = append(c.exits, out{site: n.Site})
		return nil
	case *frontend.CycleStmt:
		c, inner := b.target(k.Name, false)
		if c == nil || c.iter == "" {
			return nil
		}
		// Leaving the blocks inside the loop body.
		b.frees(st, inner)
		b.x.add("hnext", st, name(c.iter))
		if c.iterN != nil {
			c.iterN.Cycles = append(c.iterN.Cycles, k)
		}
		return nil
	}
	return []out{{site: n.Site}}
}

// target finds the construct an EXIT (exit=true) or CYCLE leaves, and the
// contexts inside it that the statement leaves too (innermost first),
// the target included for an exit.
func (b *cfgBuilder) target(nm string, exit bool) (*cfgCtx, []*cfgCtx) {
	var inner []*cfgCtx
	for i := len(b.stack) - 1; i >= 0; i-- {
		c := b.stack[i]
		match := c.isDo && nm == ""
		if nm != "" {
			match = strings.EqualFold(c.name, nm)
		}
		if match {
			if exit {
				inner = append(inner, c)
			}
			return c, inner
		}
		inner = append(inner, c)
	}
	return nil, nil
}

// frees records the block locals a statement frees by leaving blocks.
func (b *cfgBuilder) frees(st ast.Constant, ctxs []*cfgCtx) {
	for _, c := range ctxs {
		for _, v := range c.locals {
			b.x.add("hfree", st, b.x.varSite(v))
		}
	}
}

// blockLocals are the variables a BLOCK construct frees at its end.
func blockLocals(k *frontend.Construct) []*frontend.Symbol {
	if k.Scope == nil {
		return nil
	}
	var out []*frontend.Symbol
	for _, s := range k.Scope.Order {
		if s.Kind == frontend.SymVariable && s.Use == nil && !s.Host && !s.Save && s.Init == nil {
			out = append(out, s)
		}
	}
	return out
}

func (b *cfgBuilder) push(c *cfgCtx) { b.stack = append(b.stack, c) }
func (b *cfgBuilder) pop() *cfgCtx {
	c := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	return c
}

func (b *cfgBuilder) construct(k *frontend.Construct, parent *frontend.Construct, prev frontend.Stmt, outs []out) []out {
	hpos := frontend.StmtPos(k.Head)
	c := &cfgCtx{k: k, name: frontend.ConstructName(k.Head)}
	head := func(kind string) *HostNode {
		n := b.node(k.Head, hpos, kind, parent, prev)
		n.Construct = k
		b.connect(outs, n.Site)
		return n
	}
	switch h := k.Head.(type) {
	case *frontend.DoStmt:
		if h.Concurrent != nil {
			return b.parallelLoop(k, parent, prev, outs)
		}
		c.isDo = true
		if h.While != nil {
			n := head("do_while")
			st := name(n.Site)
			b.walk(st).Head(k)
			b.x.add("hloop", st, b.psite)
			c.loop = n.Site
			b.x.add("hin_loop", st, st)
			c.iter, c.iterN = n.Site, n
			b.push(c)
			body := b.list(k.Body, k, []out{{site: n.Site}})
			b.pop()
			b.connect(body, n.Site)
			return append([]out{{site: n.Site}}, c.exits...)
		}
		kind := "do"
		n := head(kind)
		st := name(n.Site)
		b.walk(st).Head(k)
		if h.VarSym != nil {
			b.access(st, h.VarSym, "/write")
		}
		b.x.add("hloop", st, b.psite)
		c.loop = n.Site
		// The iteration node: the END DO (increment and test).
		end := k.End
		if end == nil {
			end = &frontend.EndStmt{}
		}
		b.push(c)
		it := b.node(end, frontend.StmtPos(end), "do_iter", k, nil)
		it.Construct = k
		c.iter, c.iterN = it.Site, it
		if h.VarSym != nil {
			b.access(name(it.Site), h.VarSym, "/write")
		}
		entry := []out{{site: n.Site}, {site: it.Site}}
		if h.Lo == nil && h.While == nil {
			// DO without control: no zero-trip edge.
		}
		body := b.list(k.Body, k, entry)
		b.pop()
		b.connect(body, it.Site)
		res := []out{{site: it.Site}}
		if h.Lo != nil {
			res = append(res, out{site: n.Site})
		}
		return append(res, c.exits...)
	case *frontend.IfThenStmt:
		n := head("if")
		b.walk(name(n.Site)).Head(k)
		b.push(c)
		var res []out
		res = append(res, b.list(k.Body, k, []out{{site: n.Site}})...)
		last := []out{{site: n.Site}}
		hasElse := false
		for _, br := range k.Branches {
			switch bh := br.Head.(type) {
			case *frontend.ElseIfStmt:
				en := b.node(bh, frontend.StmtPos(bh), "if", parent, nil)
				en.Construct = k
				b.connect(last, en.Site)
				b.walk(name(en.Site)).Branch(bh)
				last = []out{{site: en.Site}}
				res = append(res, b.list(br.Body, k, last)...)
			default:
				hasElse = true
				res = append(res, b.list(br.Body, k, last)...)
			}
		}
		b.pop()
		if !hasElse {
			res = append(res, last...)
		}
		return append(res, c.exits...)
	case *frontend.SelectCaseStmt, *frontend.SelectTypeStmt, *frontend.SelectRankStmt:
		n := head("select")
		st := name(n.Site)
		b.walk(st).Head(k)
		b.push(c)
		var res []out
		hasDefault := false
		for _, br := range k.Branches {
			cn := b.node(br.Head, frontend.StmtPos(br.Head), "case", parent, nil)
			cn.Construct = k
			b.connect([]out{{site: n.Site}}, cn.Site)
			b.walk(name(cn.Site)).Branch(br.Head)
			switch bh := br.Head.(type) {
			case *frontend.CaseStmt:
				hasDefault = hasDefault || bh.Default
			case *frontend.TypeGuardStmt:
				hasDefault = hasDefault || bh.Guard == "classdefault"
			case *frontend.RankCaseStmt:
				hasDefault = hasDefault || bh.Default
			}
			res = append(res, b.list(br.Body, k, []out{{site: cn.Site}})...)
		}
		b.pop()
		if !hasDefault {
			res = append(res, out{site: n.Site})
		}
		return append(res, c.exits...)
	case *frontend.BlockStmt:
		c.locals = blockLocals(k)
		b.push(c)
		body := b.list(k.Body, k, outs)
		b.pop()
		end := k.End
		if end == nil {
			end = &frontend.EndStmt{}
		}
		en := b.node(end, frontend.StmtPos(end), "block_end", parent, nil)
		en.Construct = k
		b.connect(body, en.Site)
		b.frees(name(en.Site), []*cfgCtx{c})
		return append([]out{{site: en.Site}}, c.exits...)
	case *frontend.AssociateStmt:
		n := head("simple")
		b.walk(name(n.Site)).Head(k)
		b.push(c)
		body := b.list(k.Body, k, []out{{site: n.Site}})
		b.pop()
		return append(body, c.exits...)
	case *frontend.WhereStmt, *frontend.ForallStmt:
		// Every part runs in order (masks choose the elements).
		n := head("simple")
		st := name(n.Site)
		b.walk(st).Head(k)
		b.push(c)
		res := b.list(k.Body, k, []out{{site: n.Site}})
		for _, br := range k.Branches {
			en := b.node(br.Head, frontend.StmtPos(br.Head), "simple", k, nil)
			en.Construct = k
			b.connect(res, en.Site)
			b.walk(name(en.Site)).Branch(br.Head)
			res = b.list(br.Body, k, []out{{site: en.Site}})
		}
		b.pop()
		return append(res, c.exits...)
	case *frontend.CriticalStmt:
		b.push(c)
		body := b.list(k.Body, k, outs)
		b.pop()
		return append(body, c.exits...)
	}
	// A construct the flow does not model.
	n := head("unknown")
	return []out{{site: n.Site}}
}

// parallelLoop extracts a parallel loop: a launch when the rules offload
// it, else a host loop over its body.
func (b *cfgBuilder) parallelLoop(k *frontend.Construct, parent *frontend.Construct, prev frontend.Stmt, outs []out) []out {
	d := k.Head.(*frontend.DoStmt)
	n := b.node(k.Head, frontend.StmtPos(k.Head), "launch", parent, prev)
	n.Construct = k
	if dir, ok := prev.(*frontend.DirectiveStmt); ok && isOmpParallelDo(dir) {
		n.Prev = nil
	}
	b.connect(outs, n.Site)
	st := name(n.Site)
	// The host evaluates the bounds (also for a launch).
	if d.Concurrent != nil {
		for _, ix := range d.Concurrent.Indices {
			b.expr(ix.Lo, st)
			b.expr(ix.Hi, st)
			b.expr(ix.Step, st)
		}
	} else {
		b.expr(d.Lo, st)
		b.expr(d.Hi, st)
		b.expr(d.Step, st)
	}
	b.x.add("hloop", st, b.psite)
	c := &cfgCtx{k: k, name: d.Name, isDo: true, loop: n.Site}
	end := k.End
	if end == nil {
		end = &frontend.EndStmt{}
	}
	b.push(c)
	it := b.node(end, frontend.StmtPos(end), "do_iter", k, nil)
	it.Construct = k
	c.iter, c.iterN = it.Site, it
	if d.Concurrent != nil {
		// The mask is evaluated for the iterations: host statements of a
		// loop kept on the host, device code of an offloaded one.
		b.expr(d.Concurrent.Mask, name(it.Site))
	}
	body := b.list(k.Body, k, []out{{site: n.Site, pred: "hnext_host"}, {site: it.Site}})
	for _, br := range k.Branches {
		body = append(body, b.list(br.Body, k, nil)...)
	}
	b.pop()
	b.connect(body, it.Site)
	res := []out{{site: n.Site, pred: "hnext_launch"}, {site: n.Site, pred: "hnext_host"}, {site: it.Site}}
	return append(res, c.exits...)
}
