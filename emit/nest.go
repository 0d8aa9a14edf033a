package emit

// Nested do concurrent loops (rules/nest.mg, lowering/nest.go). A loop
// combined with the kernel's loop is part of the kernel's iteration space
// (iterationBody, tripOfOrder). Any other nested loop is written here:
//
//   - sequential (every device; also a shared loop on the CPU): the loops
//     of its space nested in the iteration, each level's mask tested after
//     its indices, its locals declared in each iteration under names of
//     their own (the outer variable keeps its value), a reduce accumulated
//     directly into the outer variable (an order of the iterations that
//     the reduce allows, the one gfortran's serial loop has);
//   - shared (cuda, a grouped kernel: each iteration of the kernel runs on
//     a block): the block's threads take the iterations of the loop's space
//     block-stride, the fastest index the one most array elements of the
//     body have as first subscript, so that consecutive threads touch
//     consecutive elements; a reduce into a scalar of the outer iteration
//     is a block reduction (warp shuffles, then shared memory), whose
//     result every thread combines into its copy;
//   - staged (shared, one assignment b(X, ...) = f(a(Y, ...))): tiles of
//     32 x 32 iterations of X and Y, read with Y along the threads into a
//     padded tile in shared memory, written with X along the threads, so
//     that both the reads and the writes are coalesced.
//
// In a grouped kernel every thread of the block runs the statements of the
// outer iteration around the shared loops: the assignments of its scalars
// (each thread has the same copy), while a statement that writes memory (an
// element, a section, through an associate name) runs on thread 0 only,
// between barriers (__syncthreads) that order it with what the other
// threads read before and after; an update of a reduce variable of the
// kernel runs on thread 0 (each thread's accumulator is combined at the
// end). Control flow stays the same on every thread (the conditions read
// values that are the same on every thread), so every thread meets every
// barrier.

import (
	"fmt"
	"strings"

	"fgpu/emit/cxx"
	"fgpu/frontend"
	"fgpu/lowering"
)

// innerLoop writes a nested do concurrent (doLoop's case).
func (g *kernelGen) innerLoop(c *frontend.Construct, h *frontend.DoStmt) {
	var in *lowering.InnerLoop
	group := []*frontend.Construct{c}
	if g.k != nil && g.proc == nil {
		in = g.k.Inner[c]
		if in != nil {
			group = g.k.InnerGroup(c)
		}
	}
	if in != nil && in.Mode == lowering.NestShared && g.be.blockNests() && g.k.Grouped && !g.inShared {
		if in.StageX >= 0 {
			g.stagedLoop(c, in)
		} else {
			g.sharedLoop(group)
		}
		return
	}
	g.seqLoop(group)
}

// namesState is a snapshot of the generator's names, restored after a
// nested loop whose locals shadow outer variables.
func (g *kernelGen) saveNames() func() {
	names := map[*frontend.Symbol]string{}
	logic := map[*frontend.Symbol]bool{}
	shadow := map[*frontend.Symbol]bool{}
	for k, v := range g.names {
		names[k] = v
	}
	for k, v := range g.logic {
		logic[k] = v
	}
	for k, v := range g.shadow {
		shadow[k] = v
	}
	return func() { g.names, g.logic, g.shadow = names, logic, shadow }
}

// innerLocals declares the local and local_init variables of a nested
// loop for one iteration, under names of their own (local_init: from the
// value of the outer variable).
func (g *kernelGen) innerLocals(c *frontend.Construct) {
	if g.k == nil || g.k.Inner[c] == nil {
		return
	}
	for _, l := range g.k.Inner[c].Locals {
		s := l.Sym
		g.tmp++
		n := fmt.Sprintf("l%d_%s", g.tmp, s.Name)
		if l.InitFrom {
			outer, ok := g.names[s]
			if !ok {
				g.internal(c.Pos, "local_init(%s) of a nested loop without the outer variable", s.Name)
				outer = "0"
			}
			g.line("%s %s = %s;", ctype(s.Type), n, outer)
		} else {
			g.line("%s %s;", ctype(s.Type), n)
		}
		if g.shadow == nil {
			g.shadow = map[*frontend.Symbol]bool{}
		}
		g.names[s] = n
		g.logic[s] = s.Type.Base == frontend.TyLogical
		g.shadow[s] = true
	}
}

// seqLoop writes the loops of a nested space in the iteration.
func (g *kernelGen) seqLoop(group []*frontend.Construct) {
	g.loopDepth++
	defer func() { g.loopDepth-- }()
	// A call that stops in the limits or a mask: tested at the start of
	// each body and after the loop.
	stops := false
	for _, c := range group {
		h := c.Head.(*frontend.DoStmt)
		for _, ix := range h.Concurrent.Indices {
			stops = stops || g.exprsStop([]*frontend.Expr{ix.Lo, ix.Hi, ix.Step})
		}
		stops = stops || g.exprStops(h.Concurrent.Mask)
	}
	if stops {
		defer g.stopTest()
	}
	restore := g.saveNames()
	defer restore()
	g.line("{")
	g.indent++
	opened := 0
	for lv, c := range group {
		h := c.Head.(*frontend.DoStmt)
		for d, ix := range h.Concurrent.Indices {
			sym := c.Scope.Local(ix.Name)
			id := fmt.Sprint(d)
			if len(group) > 1 {
				id = fmt.Sprintf("%d_%d", lv, d)
			}
			step := "1"
			if ix.Step != nil {
				step = g.convertTo(ix.Step, "int64_t")
			}
			// (A 32-bit counter on the CPU: cxx.NestIndexLoop.)
			_, cpu := g.be.(cpuBackend)
			narrow := cpu && sym.Type.Base == frontend.TyInteger && sym.Type.Kind == 4
			for _, l := range cxx.NestIndexLoop(id, g.convertTo(ix.Lo, "int64_t"), g.convertTo(ix.Hi, "int64_t"), step, ctype(sym.Type), cname(sym), narrow) {
				g.line("%s", l)
				if strings.HasSuffix(l, "{") {
					g.indent++
					opened++
				}
			}
			g.names[sym] = cname(sym)
		}
		if m := h.Concurrent.Mask; m != nil {
			if stops {
				g.line("if (!(%s)) {", g.expr(m))
				g.indent++
				g.stopTest()
				g.line("continue;")
				g.indent--
				g.line("}")
			} else {
				g.line("if (!(%s)) continue;", g.expr(m))
			}
		}
		g.innerLocals(c)
	}
	if stops {
		g.stopTest()
	}
	g.stmts(group[len(group)-1].Body)
	for i := 0; i < opened; i++ {
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("}")
}

// nestIndex is one index of a shared loop's space.
type nestIndex struct {
	sym *frontend.Symbol
	id  string // suffix of lo_, st_, n_
}

// nestBounds writes the limits and trip counts of the indices of a space
// (every thread evaluates them) and reports whether they read memory.
func (g *kernelGen) nestBounds(group []*frontend.Construct) ([]nestIndex, bool) {
	var out []nestIndex
	mem := false
	for lv, c := range group {
		h := c.Head.(*frontend.DoStmt)
		for d, ix := range h.Concurrent.Indices {
			id := fmt.Sprintf("%d_%d", lv, d)
			step := "1"
			if ix.Step != nil {
				step = g.convertTo(ix.Step, "int64_t")
			}
			g.line("const int64_t lo_%s = %s, st_%s = %s, n_%s = fgpu_trip(lo_%s, %s, st_%s);", id, g.convertTo(ix.Lo, "int64_t"), id, step, id, id, g.convertTo(ix.Hi, "int64_t"), id)
			mem = mem || readsMemory(ix.Lo) || readsMemory(ix.Hi) || readsMemory(ix.Step)
			out = append(out, nestIndex{c.Scope.Local(ix.Name), id})
		}
	}
	return out, mem
}

// sharedRed is a reduce of a shared loop into a scalar of the outer
// iteration: the threads' partials r, combined over the block.
type sharedRed struct {
	sym      *frontend.Symbol
	op, ct   string
	partial  string
	scratch  string
	identity string
}

// sharedLoop writes a nested space whose iterations the block's threads
// share (cuda, grouped kernel).
func (g *kernelGen) sharedLoop(group []*frontend.Construct) {
	g.loopDepth++
	defer func() { g.loopDepth-- }()
	restore := g.saveNames()
	g.tmp++
	n := g.tmp
	g.line("{ // shared by the threads of the block (rules/nest.mg)")
	g.indent++
	ixs, mem := g.nestBounds(group)
	var trips []string
	for _, x := range ixs {
		trips = append(trips, "n_"+x.id)
	}
	g.line("const int64_t fgpu_nt%d = %s;", n, strings.Join(trips, " * "))
	if !g.synced || mem {
		// What the threads read before must be read before any writes.
		g.line("__syncthreads();")
	}
	// Reductions into scalars of the outer iteration (a reduce variable of
	// the kernel itself is accumulated directly: each thread's accumulator
	// is combined at the end of the kernel).
	var reds []sharedRed
	seen := map[*frontend.Symbol]bool{}
	for _, c := range group {
		for _, r := range g.k.Inner[c].Reduce {
			if seen[r.Sym] || g.kernelReduce(r.Sym) {
				continue
			}
			seen[r.Sym] = true
			id, _, ok := deviceReduction(r.Op, r.Sym.Type)
			if !ok {
				g.nyi(frontend.NYIReduceType, c.Pos, "reduce(%s: %s) of type %s on cuda", r.Op, r.Sym.Name, r.Sym.Type)
				continue
			}
			if _, ok := g.names[r.Sym]; !ok {
				g.internal(c.Pos, "reduce(%s: %s) of a nested loop without the outer variable", r.Op, r.Sym.Name)
				continue
			}
			ct := ctype(r.Sym.Type)
			sr := sharedRed{sym: r.Sym, op: r.Op, ct: ct, partial: fmt.Sprintf("r%d_%s", n, r.Sym.Name),
				scratch: fmt.Sprintf("fgpu_red%d_%s", n, r.Sym.Name), identity: id}
			g.sharedDecls = append(g.sharedDecls, fmt.Sprintf("__shared__ %s %s[32];", ct, sr.scratch))
			g.line("%s %s = %s;", ct, sr.partial, id)
			g.names[r.Sym] = sr.partial
			reds = append(reds, sr)
		}
	}
	// The iteration number of the space, decomposed with the fastest index
	// first (32-bit divisions when the space fits).
	var syms []*frontend.Symbol
	for _, x := range ixs {
		syms = append(syms, x.sym)
	}
	order := spaceOrder(g.k.Inner[group[0]].Order, len(syms))
	if len(ixs) > 1 {
		g.line("const bool fgpu_s%d = fgpu_nt%d <= 2147483647LL;", n, n)
	}
	g.line("for (int64_t fgpu_u%d = threadIdx.x; fgpu_u%d < fgpu_nt%d; fgpu_u%d += blockDim.x) {", n, n, n, n)
	g.indent++
	q := map[int]string{}
	if len(ixs) == 1 {
		q[0] = fmt.Sprintf("fgpu_u%d", n)
	} else {
		g.line("int64_t fgpu_r = fgpu_u%d;", n)
		for r, d := range order {
			if r == len(order)-1 {
				q[d] = "fgpu_r"
				continue
			}
			g.line("const int64_t fgpu_q%d = fgpu_divmod(fgpu_r, n_%s, fgpu_s%d);", d, ixs[d].id, n)
			q[d] = fmt.Sprintf("fgpu_q%d", d)
		}
	}
	d := 0
	for _, c := range group {
		h := c.Head.(*frontend.DoStmt)
		for range h.Concurrent.Indices {
			x := ixs[d]
			g.line("const %s %s = (%s)(lo_%s + %s * st_%s);", ctype(x.sym.Type), cname(x.sym), ctype(x.sym.Type), x.id, q[d], x.id)
			g.names[x.sym] = cname(x.sym)
			d++
		}
	}
	for _, c := range group {
		if m := c.Head.(*frontend.DoStmt).Concurrent.Mask; m != nil {
			g.line("if (!(%s)) continue;", g.expr(m))
		}
		g.innerLocals(c)
	}
	was := g.inShared
	g.inShared = true
	g.stmts(group[len(group)-1].Body)
	g.inShared = was
	g.indent--
	g.line("}")
	restore()
	for _, r := range reds {
		g.blockAllReduce(r)
	}
	if len(reds) == 0 && !g.lastTop {
		// What the loop wrote, before the statements after it read it.
		g.line("__syncthreads();")
	}
	g.synced = len(reds) > 0 || !g.lastTop
	g.indent--
	g.line("}")
}

// kernelReduce reports a reduce variable of the kernel itself.
func (g *kernelGen) kernelReduce(s *frontend.Symbol) bool {
	for _, p := range g.k.Params {
		if p.Sym == s && p.Kind == lowering.ReduceParam {
			return true
		}
	}
	return false
}

// blockAllReduce combines the threads' partials of a shared loop's reduce
// (warp shuffles, then the warps' results in shared memory, in warp order)
// into the outer variable of every thread. It ends with a barrier, after
// which the scratch may be used again.
func (g *kernelGen) blockAllReduce(r sharedRed) {
	v := "fgpu_v"
	g.line("{ // reduce(%s: %s) over the block", r.op, r.sym.Name)
	g.indent++
	g.line("%s %s = %s;", r.ct, v, r.partial)
	g.line("for (int o = 16; o > 0; o >>= 1) %s = %s;", v, redCombine(r.op, r.ct, v, "fgpu_shfl_down("+v+", o)"))
	g.line("if ((threadIdx.x & 31) == 0) %s[threadIdx.x >> 5] = %s;", r.scratch, v)
	g.line("__syncthreads();")
	g.line("%s = %s[0];", v, r.scratch)
	g.line("for (int w = 1; w < (int)((blockDim.x + 31) >> 5); ++w) %s = %s;", v, redCombine(r.op, r.ct, v, r.scratch+"[w]"))
	g.line("__syncthreads();")
	outer := g.names[r.sym]
	g.line("%s = %s;", outer, redCombine(r.op, r.ct, outer, v))
	g.indent--
	g.line("}")
}

// stagedLoop writes a shared loop of one assignment staged through shared
// memory: per tile of 32 x 32 iterations of the indices X (the first
// subscript of the element written) and Y (that of the elements read), the
// threads evaluate the values with Y varying fastest into a padded tile,
// then store them with X varying fastest. The iterations of a do
// concurrent are independent, so evaluating a tile's values before any of
// its stores is an order the loop allows.
func (g *kernelGen) stagedLoop(c *frontend.Construct, in *lowering.InnerLoop) {
	a, ok := c.Body[0].(*frontend.AssignStmt)
	if !ok || len(c.Body) != 1 {
		g.internal(c.Pos, "a staged loop that is not one assignment")
		return
	}
	g.loopDepth++
	defer func() { g.loopDepth-- }()
	restore := g.saveNames()
	defer restore()
	// One tile per element type for the kernel: staged loops follow each
	// other, each ending with a barrier.
	ct := ctype(a.LHS.Type)
	tile := "fgpu_tile_" + strings.NewReplacer("<", "_", ">", "_", " ", "").Replace(ct)
	decl := fmt.Sprintf("__shared__ %s %s[32][33];", ct, tile)
	have := false
	for _, d := range g.sharedDecls {
		have = have || d == decl
	}
	if !have {
		g.sharedDecls = append(g.sharedDecls, decl)
	}
	h := in.Do
	X, Y := in.StageX, in.StageY
	g.line("{ // staged through shared memory (rules/nest.mg): read along %s, written along %s", h.Concurrent.Indices[Y].Name, h.Concurrent.Indices[X].Name)
	g.indent++
	ixs, mem := g.nestBounds([]*frontend.Construct{c})
	if !g.synced || mem {
		g.line("__syncthreads();")
	}
	nx, ny := "n_"+ixs[X].id, "n_"+ixs[Y].id
	opened := 0
	for d, x := range ixs {
		if d == X || d == Y {
			continue
		}
		g.line("for (int64_t o_%s = 0; o_%s < n_%s; ++o_%s) {", x.id, x.id, x.id, x.id)
		g.indent++
		opened++
	}
	g.line("for (int64_t fgpu_cx = 0; fgpu_cx < %s; fgpu_cx += 32)", nx)
	g.line("for (int64_t fgpu_cy = 0; fgpu_cy < %s; fgpu_cy += 32) {", ny)
	g.indent++
	phase := func(ex, ey string, body func()) {
		g.line("for (int fgpu_e = threadIdx.x; fgpu_e < 1024; fgpu_e += blockDim.x) {")
		g.indent++
		g.line("const int fgpu_ex = %s, fgpu_ey = %s;", ex, ey)
		g.line("if (fgpu_cx + fgpu_ex < %s && fgpu_cy + fgpu_ey < %s) {", nx, ny)
		g.indent++
		for d, x := range ixs {
			q := "o_" + x.id
			switch d {
			case X:
				q = "(fgpu_cx + fgpu_ex)"
			case Y:
				q = "(fgpu_cy + fgpu_ey)"
			}
			g.line("const %s %s = (%s)(lo_%s + %s * st_%s);", ctype(x.sym.Type), cname(x.sym), ctype(x.sym.Type), x.id, q, x.id)
			g.names[x.sym] = cname(x.sym)
		}
		body()
		g.indent--
		g.line("}")
		g.indent--
		g.line("}")
	}
	phase("fgpu_e >> 5", "fgpu_e & 31", func() {
		g.line("%s[fgpu_ex][fgpu_ey] = %s;", tile, g.assignValue(a.LHS, a.RHS))
	})
	g.line("__syncthreads();")
	phase("fgpu_e & 31", "fgpu_e >> 5", func() {
		lv, _, ok := g.lvalue(a.LHS)
		if !ok {
			g.nyi(frontend.NYIDesignator, a.Pos, "assignment to %s in an offloaded loop", a.LHS)
			return
		}
		g.line("%s = %s[fgpu_ex][fgpu_ey];", lv, tile)
	})
	g.line("__syncthreads();")
	g.indent--
	g.line("}")
	for i := 0; i < opened; i++ {
		g.indent--
		g.line("}")
	}
	g.indent--
	g.line("}")
	g.synced = true
}

// groupStmts writes statements of an iteration of a grouped kernel outside
// its shared loops (see the file comment); top: the iteration's own list.
func (g *kernelGen) groupStmts(ss []frontend.Stmt, top bool) {
	if !top {
		// The body of a construct: its head (a condition, limits) read
		// what it reads, and a loop's body follows its own end.
		g.synced = false
	}
	for i := 0; i < len(ss); i++ {
		s := ss[i]
		last := top && i == len(ss)-1
		switch g.groupKind(s) {
		case groupSingle:
			j := i
			for j < len(ss) && g.groupKind(ss[j]) == groupSingle {
				j++
			}
			if !g.synced {
				g.line("__syncthreads();")
			}
			g.line("if (threadIdx.x == 0) {")
			g.indent++
			g.onOneThread(ss[i:j])
			g.indent--
			g.line("}")
			if top && j == len(ss) {
				g.synced = false
			} else {
				g.line("__syncthreads();")
				g.synced = true
			}
			i = j - 1
		case groupLead:
			g.line("if (threadIdx.x == 0) {")
			g.indent++
			g.onOneThread(ss[i : i+1])
			g.indent--
			g.line("}")
			g.synced = g.synced && !stmtReadsMemory(s)
		default:
			wasLast := g.lastTop
			g.lastTop = last
			g.stmt(s)
			g.lastTop = wasLast
			switch x := s.(type) {
			case *frontend.Construct:
				if d, ok := x.Head.(*frontend.DoStmt); !ok || d.Concurrent == nil {
					g.synced = false
				}
			default:
				g.synced = g.synced && !stmtReadsMemory(s)
			}
		}
	}
}

// onOneThread writes statements that thread 0 alone runs.
func (g *kernelGen) onOneThread(ss []frontend.Stmt) {
	was := g.inShared
	g.inShared = true
	g.stmts(ss)
	g.inShared = was
}

// Kinds of statements of a grouped kernel's iteration.
const (
	groupAll    = iota // every thread (scalars of the iteration, control)
	groupSingle        // thread 0, between barriers (writes memory)
	groupLead          // thread 0 (an update of the kernel's reduce variable)
)

// groupKind classifies a statement of a grouped kernel's iteration.
func (g *kernelGen) groupKind(s frontend.Stmt) int {
	switch x := s.(type) {
	case *frontend.AssignStmt:
		sym := rootSym(x.LHS)
		if sym != nil && g.kernelReduce(sym) {
			return groupLead
		}
		if x.LHS.Kind == frontend.EName && x.LHS.Rank == 0 && sym != nil && strings.HasPrefix(g.names[sym], "v_") {
			return groupAll // the thread's own copy
		}
		return groupSingle
	case *frontend.IfStmt:
		if x.Action != nil {
			return g.groupKind(x.Action)
		}
	case *frontend.Construct:
		// An if, select case or block that writes memory and no scalar of
		// the iteration, with no nested loop: on thread 0 as a whole.
		switch x.Head.(type) {
		case *frontend.IfThenStmt, *frontend.SelectCaseStmt, *frontend.BlockStmt:
			if g.allSingle(x) {
				return groupSingle
			}
		}
	}
	return groupAll
}

// allSingle reports a construct whose statements all write memory (or are
// control without effects), with at least one such write and no loop.
func (g *kernelGen) allSingle(c *frontend.Construct) bool {
	n := 0
	var ok func(ss []frontend.Stmt) bool
	ok = func(ss []frontend.Stmt) bool {
		for _, s := range ss {
			switch x := s.(type) {
			case *frontend.ContinueStmt:
			case *frontend.Construct:
				switch x.Head.(type) {
				case *frontend.IfThenStmt, *frontend.SelectCaseStmt:
				default:
					return false
				}
				if !ok(x.Body) {
					return false
				}
				for _, b := range x.Branches {
					if !ok(b.Body) {
						return false
					}
				}
			default:
				if g.groupKind(s) != groupSingle {
					return false
				}
				n++
			}
		}
		return true
	}
	if _, isBlock := c.Head.(*frontend.BlockStmt); isBlock && c.Scope != nil && len(c.Scope.Order) > 0 {
		return false // its variables are scalars of the iteration
	}
	if !ok(c.Body) {
		return false
	}
	for _, b := range c.Branches {
		if !ok(b.Body) {
			return false
		}
	}
	return n > 0
}

// stmtReadsMemory reports a simple statement that may read memory other
// than the thread's own scalars.
func stmtReadsMemory(s frontend.Stmt) bool {
	switch x := s.(type) {
	case *frontend.AssignStmt:
		if x.LHS.Kind != frontend.EName {
			return true
		}
		return readsMemory(x.RHS)
	case *frontend.IfStmt:
		return readsMemory(x.Cond) || x.Action != nil && stmtReadsMemory(x.Action)
	case *frontend.CycleStmt, *frontend.ExitStmt, *frontend.ContinueStmt:
		return false
	}
	return true
}

// readsMemory reports an expression that may read memory: an element or
// section of an array, a whole array, or a procedure reference.
func readsMemory(e *frontend.Expr) bool {
	if e == nil || e.Const != nil && e.Kind != frontend.EName {
		return false
	}
	switch e.Kind {
	case frontend.EName:
		return e.Rank != 0
	case frontend.ERef:
		if e.Ref != frontend.RefIntrinsic {
			return true
		}
	}
	if readsMemory(e.X) || readsMemory(e.Y) {
		return true
	}
	for _, a := range e.Args {
		if readsMemory(a) {
			return true
		}
	}
	for _, r := range e.Range {
		if readsMemory(r) {
			return true
		}
	}
	return false
}

// tripOfOrder decomposes the linear iteration number t into the zero-based
// trip number of index d, the indices in the given order, fastest first
// (order[r] is the index of rank r). it, when not empty, is the C integer
// type the division is done in (a 32-bit division is several times cheaper
// on a GPU than a 64-bit one); the result is int64_t.
func tripOfOrder(t string, order []int, it string) func(d int) string {
	return func(d int) string {
		rank := 0
		for r, o := range order {
			if o == d {
				rank = r
			}
		}
		rest := t
		for r := 0; r < rank; r++ {
			if it != "" {
				rest = fmt.Sprintf("(%s) / (%s)n%d", rest, it, order[r]+1)
			} else {
				rest = fmt.Sprintf("(%s) / n%d", rest, order[r]+1)
			}
		}
		if rank == len(order)-1 {
			if it != "" {
				return fmt.Sprintf("(int64_t)(%s)", rest)
			}
			return rest
		}
		if it != "" {
			return fmt.Sprintf("(int64_t)((%s) %% (%s)n%d)", rest, it, d+1)
		}
		return fmt.Sprintf("(%s) %% n%d", rest, d+1)
	}
}

// hintBounds are the limits the host hands a grouped kernel for its block
// size (lowering.Kernel.Hints), flattened.
func hintBounds(k *lowering.Kernel) []*frontend.ConcurrentIndex {
	var out []*frontend.ConcurrentIndex
	for _, h := range k.Hints {
		out = append(out, h...)
	}
	return out
}
