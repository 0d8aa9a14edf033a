package lowering

// This file implements the nest pass: how each do concurrent nested in a
// kernel's body runs, as rules/nest.mg decided (nest_mode, nest_stage,
// nest_host_trip). Loops combined with the kernel's loop join its iteration
// space (Kernel.Combined: their indices follow the kernel loop's own in
// Indices, the host evaluates their limits, Kernel.Body is the innermost
// body and Kernel.Masks the masks of every level); every other nested loop
// gets an InnerLoop (Kernel.Inner) with its mode and its locality specs. On
// cuda, a kernel with a shared loop runs each iteration on a block
// (Kernel.Grouped). Nothing here re-decides what the rules decided.

import (
	"fgpu/frontend"
)

// NestMode is how a nested do concurrent runs (rules/nest.mg, nest_mode).
type NestMode int

const (
	NestSequential NestMode = iota // in the thread of the outer iteration
	NestCombined                   // one iteration space with its parent
	NestShared                     // its iterations shared by the threads of an outer iteration (cuda)
)

// InnerLoop is a do concurrent nested in a kernel's body that is not
// combined with the kernel's loop.
type InnerLoop struct {
	Loop *frontend.Construct
	Do   *frontend.DoStmt
	Mode NestMode
	// StageX and StageY (a shared loop staged through shared memory,
	// nest_stage) are the positions in Do's header of the index that is
	// the first subscript of the element written and of the one of the
	// elements read; -1 otherwise.
	StageX, StageY int
	// HostTrip: the host evaluates the limits of this shared loop and of
	// the loops combined with it (nest_host_trip; Kernel.Hints).
	HostTrip bool
	Locals   []*Local       // its local and local_init variables
	Reduce   []*InnerReduce // its reduce variables
	// Order (a shared loop) lists the positions of the indices of the
	// loops of InnerGroup (header order, outermost loop first) from the
	// fastest to the slowest (mapping.go).
	Order []int
}

// InnerReduce is a reduce(op: v) of a nested loop.
type InnerReduce struct {
	Sym *frontend.Symbol
	Op  string
}

// nest reads the nest decisions into the kernels. It runs before extract,
// which takes the combined loops' indices and locality into the kernel.
func nest(st *state) {
	mode := map[*frontend.Construct]NestMode{}
	stage := map[*frontend.Construct][2]*frontend.Symbol{}
	hostTrip := map[*frontend.Construct]bool{}
	if st.cr != nil && st.cr.Result != nil && st.cr.Facts != nil {
		loops := st.cr.Facts.Loops
		for l, m := range st.cr.Result.NestModes() {
			c := loops[l]
			if c == nil {
				continue
			}
			switch m {
			case "combined":
				mode[c] = NestCombined
			case "shared":
				mode[c] = NestShared
			}
		}
		for l, s := range st.cr.Result.NestStages() {
			if c := loops[l]; c != nil {
				stage[c] = [2]*frontend.Symbol{st.cr.Facts.Vars[s.X], st.cr.Facts.Vars[s.Y]}
			}
		}
		for l := range st.cr.Result.NestHostTrip() {
			if c := loops[l]; c != nil {
				hostTrip[c] = true
			}
		}
	}
	for _, k := range st.plan.Kernels {
		k.Body = k.Loop.Body
		k.Bounds = append([]*frontend.ConcurrentIndex(nil), k.Do.Concurrent.Indices...)
		if m := k.Do.Concurrent.Mask; m != nil {
			k.Masks = append(k.Masks, m)
		}
		// The perfect nest combined with the kernel's loop.
		for {
			c := onlyLoop(k.Body)
			if c == nil || mode[c] != NestCombined {
				break
			}
			d := c.Head.(*frontend.DoStmt)
			k.Combined = append(k.Combined, c)
			k.Bounds = append(k.Bounds, d.Concurrent.Indices...)
			if d.Concurrent.Mask != nil {
				k.Masks = append(k.Masks, d.Concurrent.Mask)
			}
			k.Body = c.Body
		}
		k.Inner = map[*frontend.Construct]*InnerLoop{}
		walkLoops(k.Body, func(c *frontend.Construct) {
			d := c.Head.(*frontend.DoStmt)
			in := &InnerLoop{Loop: c, Do: d, Mode: mode[c], StageX: -1, StageY: -1, HostTrip: hostTrip[c]}
			if xy, ok := stage[c]; ok && c.Scope != nil {
				for i, ix := range d.Concurrent.Indices {
					switch c.Scope.Local(ix.Name) {
					case xy[0]:
						in.StageX = i
					case xy[1]:
						in.StageY = i
					}
				}
				if in.StageX < 0 || in.StageY < 0 {
					in.StageX, in.StageY = -1, -1
				}
			}
			in.Locals, in.Reduce = loopLocality(c)
			k.Inner[c] = in
			if in.Mode == NestShared && st.opts.Target.Caps.SharedMemory {
				k.Grouped = true
			}
		})
		coopKernel(st, k)
		if k.Grouped {
			// The limits the host evaluates to size the blocks: of each
			// shared loop whose trip count it can know, with the loops
			// combined with it.
			walkLoops(k.Body, func(c *frontend.Construct) {
				in := k.Inner[c]
				if in.Mode != NestShared || !in.HostTrip || in.StageX >= 0 {
					return
				}
				var h []*frontend.ConcurrentIndex
				for _, g := range k.InnerGroup(c) {
					h = append(h, g.Head.(*frontend.DoStmt).Concurrent.Indices...)
				}
				k.Hints = append(k.Hints, h)
			})
		}
	}
}

// InnerGroup returns the loops of one iteration space: c and the loops
// combined with it, outermost first.
func (k *Kernel) InnerGroup(c *frontend.Construct) []*frontend.Construct {
	g := []*frontend.Construct{c}
	for {
		n := onlyLoop(g[len(g)-1].Body)
		if n == nil || k.Inner[n] == nil || k.Inner[n].Mode != NestCombined {
			return g
		}
		g = append(g, n)
	}
}

// Staged reports a kernel with a shared loop staged through shared memory.
func (k *Kernel) Staged() bool {
	for _, in := range k.Inner {
		if in.Mode == NestShared && in.StageX >= 0 {
			return true
		}
	}
	return false
}

// onlyLoop returns the do concurrent that is the only statement of ss.
func onlyLoop(ss []frontend.Stmt) *frontend.Construct {
	if len(ss) != 1 {
		return nil
	}
	c, ok := ss[0].(*frontend.Construct)
	if !ok {
		return nil
	}
	if d, ok := c.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
		return c
	}
	return nil
}

// walkLoops calls fn for every do concurrent in ss, at any depth (also
// inside other do concurrent loops), outer ones first.
func walkLoops(ss []frontend.Stmt, fn func(*frontend.Construct)) {
	frontend.InspectStmts(ss, func(n frontend.Node) bool {
		switch x := n.(type) {
		case *frontend.Construct:
			if d, ok := x.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
				fn(x)
			}
			return true
		case *frontend.IfStmt:
			return true
		}
		return false
	})
}

// loopLocality reads the local, local_init and reduce specs of a do
// concurrent (names resolved in the scope around the loop).
func loopLocality(c *frontend.Construct) ([]*Local, []*InnerReduce) {
	d := c.Head.(*frontend.DoStmt)
	if c.Scope == nil || c.Scope.Parent == nil {
		return nil, nil
	}
	var locals []*Local
	var reds []*InnerReduce
	for _, l := range d.Locality {
		for _, n := range l.Names {
			s := c.Scope.Parent.Lookup(n)
			if s == nil {
				continue
			}
			s = frontend.UltimateSymbol(s)
			switch l.Kind {
			case "local":
				locals = append(locals, &Local{Sym: s})
			case "local_init":
				locals = append(locals, &Local{Sym: s, InitFrom: true})
			case "reduce":
				reds = append(reds, &InnerReduce{Sym: s, Op: l.Op})
			}
		}
	}
	return locals, reds
}

// innerLocality checks the locality specs of a do concurrent nested in a
// kernel (verify pass): scalars of the supported types; a reduce of one
// whose enclosing loops reduce it only with the same operator; none in a
// device procedure (a pure procedure's own do concurrent).
func (v *verifier) innerLocality(c *frontend.Construct, h *frontend.DoStmt) {
	if len(h.Locality) == 0 {
		return
	}
	for _, k := range v.k.Combined {
		if k == c {
			return // the kernel's own locality (extract)
		}
	}
	in := v.k.Inner[c]
	if v.proc != nil || in == nil {
		v.nyi(frontend.NYINestedLocality, h.Pos, "locality specs on a do concurrent in a procedure called from an offloaded loop")
		return
	}
	for _, l := range in.Locals {
		v.typeOK(l.Sym.Type, h.Pos, l.Sym.Name)
		if l.Sym.Rank != 0 {
			v.nyi(frontend.NYILocalArray, h.Pos, "the local array %s of a nested do concurrent", l.Sym.Name)
		}
	}
	for _, r := range in.Reduce {
		v.typeOK(r.Sym.Type, h.Pos, r.Sym.Name)
		if r.Sym.Rank != 0 {
			v.nyi(frontend.NYINestedReduce, h.Pos, "reduce(%s: %s) of an array on a nested do concurrent", r.Op, r.Sym.Name)
		}
		if r.Sym.Type.Base == frontend.TyComplex {
			v.nyi(frontend.NYIComplexReduce, h.Pos, "reduce(%s: %s) of a complex variable in an offloaded loop", r.Op, r.Sym.Name)
		}
		if op := v.enclosingReduce(c, r.Sym); op != "" && op != r.Op {
			v.nyi(frontend.NYINestedReduce, h.Pos, "reduce(%s: %s) in a loop that reduces %s with %s", r.Op, r.Sym.Name, r.Sym.Name, op)
		}
	}
}

// enclosingReduce is the operator with which a loop around c (the kernel's
// loop, a loop combined with it, or a nested one) reduces s; "" if none.
func (v *verifier) enclosingReduce(c *frontend.Construct, s *frontend.Symbol) string {
	op := ""
	var walk func(ss []frontend.Stmt, ops map[*frontend.Symbol]string) bool
	walk = func(ss []frontend.Stmt, ops map[*frontend.Symbol]string) bool {
		for _, st := range ss {
			x, ok := st.(*frontend.Construct)
			if !ok {
				if i, ok := st.(*frontend.IfStmt); ok && i.Action != nil && walk([]frontend.Stmt{i.Action}, ops) {
					return true
				}
				continue
			}
			if x == c {
				op = ops[s]
				return true
			}
			next := ops
			if in := v.k.Inner[x]; in != nil && len(in.Reduce) > 0 {
				next = map[*frontend.Symbol]string{}
				for k, o := range ops {
					next[k] = o
				}
				for _, r := range in.Reduce {
					next[r.Sym] = r.Op
				}
			}
			if walk(x.Body, next) {
				return true
			}
			for _, b := range x.Branches {
				if walk(b.Body, next) {
					return true
				}
			}
		}
		return false
	}
	ops := map[*frontend.Symbol]string{}
	for _, p := range v.k.Params {
		if p.Kind == ReduceParam {
			ops[p.Sym] = p.Op
		}
	}
	walk(v.k.Loop.Body, ops)
	return op
}
