package lowering

// This file reads rules/coop.mg's decision into the kernels: a
// cooperative kernel (coop) runs each iteration on the threads of a block
// (cuda: Kernel.Grouped), its local() arrays (coop_tile) in shared memory
// and each DO nest of the iteration shared out over the threads, the
// DO variable coop_fast on consecutive threads (emit/coop.go). Nothing
// here re-decides what the rule decided; on the other devices the kernel
// runs as before (the CPU and Metal run a grouped kernel's iteration in
// one thread).

import (
	"fgpu/frontend"
	"fgpu/frontend/target"
)

// Coop is how a cooperative kernel's iteration runs.
type Coop struct {
	// Fast is the DO variable of each DO nest that consecutive threads
	// take (coop_fast), by the nest's outermost DO construct.
	Fast map[*frontend.Construct]*frontend.Symbol
	// Tiles are the local() arrays in shared memory (coop_tile).
	Tiles map[*frontend.Symbol]bool
	// Threads is the block size: the largest trip count of a nest, in
	// whole warps, at most 128 (the staged transpose of emit/nest.go ran
	// fastest with 128 threads on an H200, runtime/src/fgpu_rt.h).
	Threads int64
}

// coopKernel sets k.Coop (and k.Grouped) when the rules made k
// cooperative and the target runs a grouped kernel's iteration on a block.
func coopKernel(st *state, k *Kernel) {
	if st.cr == nil || st.cr.Result == nil || st.cr.Facts == nil || st.opts.Target.Kind != target.CUDA {
		return
	}
	site := ""
	for l, c := range st.cr.Facts.Loops {
		if c == k.Loop {
			site = l
		}
	}
	if site == "" || !st.cr.Result.Coop()[site] {
		return
	}
	co := &Coop{Fast: map[*frontend.Construct]*frontend.Symbol{}, Tiles: map[*frontend.Symbol]bool{}}
	for _, p := range st.cr.Result.CoopFast() {
		c := st.cr.Facts.CoopNests[p.A]
		v := st.cr.Facts.Vars[p.B]
		if c != nil && v != nil && inBody(k.Loop.Body, c) {
			co.Fast[c] = v
		}
	}
	for _, p := range st.cr.Result.CoopTiles() {
		if p.A == site && st.cr.Facts.Vars[p.B] != nil {
			co.Tiles[st.cr.Facts.Vars[p.B]] = true
		}
	}
	if len(co.Fast) == 0 {
		return
	}
	for c := range co.Fast {
		if t := nestTrips(c); t > co.Threads {
			co.Threads = t
		}
	}
	co.Threads = (co.Threads + 31) / 32 * 32
	if co.Threads > 128 {
		co.Threads = 128
	}
	if co.Threads < 32 {
		co.Threads = 32
	}
	k.Coop = co
	k.Grouped = true
}

// inBody reports c, a statement directly in body.
func inBody(body []frontend.Stmt, c *frontend.Construct) bool {
	for _, s := range body {
		if s == frontend.Stmt(c) {
			return true
		}
	}
	return false
}

// CoopLevel is one DO loop of a cooperative nest.
type CoopLevel struct {
	Var          *frontend.Symbol
	Lo, St, Trip int64
}

// CoopLevels returns the DO loops of the nest c, outermost first, and its
// innermost body (coop_do: each loop the only statement of the one around
// it, constant limits).
func CoopLevels(c *frontend.Construct) ([]CoopLevel, []frontend.Stmt) {
	var out []CoopLevel
	cur := c
	for {
		h, ok := cur.Head.(*frontend.DoStmt)
		if !ok || h.VarSym == nil {
			return out, cur.Body
		}
		lo, stp, t, _ := h.ConstTrips() // constant limits: coop_do
		out = append(out, CoopLevel{Var: frontend.UltimateSymbol(h.VarSym), Lo: lo, St: stp, Trip: t})
		if len(cur.Body) != 1 {
			return out, cur.Body
		}
		n, ok := cur.Body[0].(*frontend.Construct)
		if !ok {
			return out, cur.Body
		}
		if _, ok := n.Head.(*frontend.DoStmt); !ok {
			return out, cur.Body
		}
		cur = n
	}
}

// nestTrips is the number of iterations of a cooperative nest.
func nestTrips(c *frontend.Construct) int64 {
	ls, _ := CoopLevels(c)
	n := int64(1)
	for _, l := range ls {
		n *= l.Trip
		if n > 1<<40 {
			return 1 << 40
		}
	}
	return n
}
