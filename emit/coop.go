package emit

// Cooperative kernels (rules/coop.mg, lowering/coop.go; cuda): each
// iteration runs on the threads of a block (a grouped kernel, nest.go).
// Its local() arrays (coop_tile) live in shared memory, the first extent
// padded by one element so that threads reading along the second
// dimension hit distinct banks; each DO nest of the iteration becomes one
// loop over the nest's iterations, flattened, that the block's threads
// take block-stride, the DO variable coop_fast on consecutive threads and
// the others from the innermost out. After a nest every thread sets the DO
// variables to the values the sequential loops leave (the same on every
// thread), then a barrier orders the nest's writes before the next nest's
// reads (and before the next iteration of the block reuses the tiles).

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

// coopTile declares local() array s of a cooperative kernel in shared
// memory and reports whether it did (else it is an ordinary local).
func (g *kernelGen) coopTile(s *frontend.Symbol) bool {
	if g.k == nil || g.k.Coop == nil || g.proc != nil || !g.be.blockNests() || !g.k.Coop.Tiles[frontend.UltimateSymbol(s)] {
		return false
	}
	ct := ctype(s.Type)
	// The padded extents: the first one plus one when the rank is 2 or more.
	n := int64(1)
	pad := make([]int64, s.Rank)
	for d := 0; d < s.Rank; d++ {
		pad[d] = int64(s.Dims[d])
		if d == 0 && s.Rank >= 2 {
			pad[d]++
		}
		n *= pad[d]
	}
	tile := "fgpu_ctile_" + s.Name
	g.sharedDecls = append(g.sharedDecls, fmt.Sprintf("__shared__ %s %s[%d]; // local(%s), padded (rules/coop.mg)", ct, tile, max(n, 1), s.Name))
	g.line("char* const b_%s = (char*)%s;", s.Name, tile)
	stride := int64(1)
	for d := 0; d < s.Rank; d++ {
		lb, _ := lowering.ConstLowerBound(s, d)
		g.line("const int64_t lb%d_%s = %d, sm%d_%s = (int64_t)sizeof(%s) * %d, ex%d_%s = %d;", d+1, s.Name, lb, d+1, s.Name, ct, stride, d+1, s.Name, s.Dims[d])
		stride *= pad[d]
	}
	g.line("(void)b_%s;", s.Name)
	return true
}

// coopNest writes DO nest c of a cooperative kernel's iteration shared out
// over the block's threads, and reports whether c is one.
func (g *kernelGen) coopNest(c *frontend.Construct) bool {
	if g.k == nil || g.k.Coop == nil || g.proc != nil || !g.group || g.inShared || !g.be.blockNests() {
		return false
	}
	fast := g.k.Coop.Fast[c]
	if fast == nil {
		return false
	}
	levels, body := lowering.CoopLevels(c)
	if len(body) != 1 {
		g.internal(c.Pos, "a cooperative DO nest whose body is not one statement")
		return true
	}
	// The order of the levels from the fastest: fast, then the others
	// from the innermost out.
	order := []int{}
	for d, l := range levels {
		if l.Var == fast {
			order = append(order, d)
		}
	}
	if len(order) != 1 {
		g.internal(c.Pos, "the fastest DO variable %s is not one of the nest", fast.Name)
		return true
	}
	for d := len(levels) - 1; d >= 0; d-- {
		if d != order[0] {
			order = append(order, d)
		}
	}
	total := int64(1)
	for _, l := range levels {
		total *= l.Trip
	}
	it := "int32_t"
	if total > 2147483647-1024 {
		it = "int64_t"
	}
	names := make([]string, len(levels))
	for d, l := range levels {
		names[d] = g.names[l.Var]
		if names[d] == "" {
			g.nyi(frontend.NYIDoForm, c.Pos, "the DO variable %s in an offloaded loop", l.Var.Name)
			return true
		}
	}
	g.loopDepth++
	defer func() { g.loopDepth-- }()
	var vs []string
	for _, d := range order {
		vs = append(vs, levels[d].Var.Name)
	}
	g.line("{ // DO nest shared by the threads of the block, %s fastest (rules/coop.mg)", strings.Join(vs, ", "))
	g.indent++
	g.line("for (%s fgpu_cu = (%s)threadIdx.x; fgpu_cu < (%s)%d; fgpu_cu += (%s)blockDim.x) {", it, it, it, total, it)
	g.indent++
	g.line("%s fgpu_cr = fgpu_cu;", it)
	for r, d := range order {
		l := levels[d]
		q := "fgpu_cr"
		if r < len(order)-1 {
			g.line("const %s fgpu_cq%d = fgpu_cr %% (%s)%d; fgpu_cr /= (%s)%d;", it, d, it, l.Trip, it, l.Trip)
			q = fmt.Sprintf("fgpu_cq%d", d)
		}
		g.line("%s = (%s)(%dLL + (int64_t)%s * %dLL);", names[d], ctype(l.Var.Type), l.Lo, q, l.St)
	}
	was := g.inShared
	g.inShared = true
	g.stmts(body)
	g.inShared = was
	g.indent--
	g.line("}")
	// The values the sequential loops leave: each loop ends with its
	// variable one step past its last value, entered once per iteration
	// of the loops around it (the outer ones complete too).
	for d, l := range levels {
		g.line("%s = (%s)(%dLL + %dLL * %dLL);", names[d], ctype(l.Var.Type), l.Lo, l.Trip, l.St)
		g.markWritten(l.Var)
		if l.Trip == 0 {
			break // no iteration: the loops inside are not entered
		}
	}
	g.line("__syncthreads();")
	g.indent--
	g.line("}")
	g.synced = true
	return true
}
