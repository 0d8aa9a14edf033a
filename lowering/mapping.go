package lowering

// This file implements the mapping pass: the order of the indices of each
// iteration space from the fastest-varying to the slowest, as
// rules/mapping.mg decided it (fast_index: the index most element
// references of the body have in their first subscript; mapping_key: the
// others). Kernel.Order is the order of the kernel's space (Indices, after
// the serial pass), InnerLoop.Order that of a shared nested loop's space
// (the indices of the loops of InnerGroup, in header order). The emitters
// decompose the iteration number with Order[0] fastest (CUDA, Metal) and
// make it the innermost loop (CPU); fortranLinear, gfortran's iteration
// number, does not depend on it. Nothing here re-decides: without the
// rules' facts (a program checked alone), the header order stands.

import (
	"sort"

	"fgpu/frontend"
)

// mapping sets Kernel.Order and the Order of the shared nested loops.
func mapping(st *state) {
	fast := map[string]string{}
	var keys map[string]map[string]int64
	varSite := map[*frontend.Symbol]string{}
	if st.cr != nil && st.cr.Result != nil && st.cr.Facts != nil {
		for _, p := range st.cr.Result.FastIndices() {
			fast[p.A] = p.B
		}
		keys = st.cr.Result.MappingKeys()
		for v, s := range st.cr.Facts.Vars {
			varSite[frontend.UltimateSymbol(s)] = v
		}
	}
	order := func(c *frontend.Construct, syms []*frontend.Symbol) []int {
		site := st.loopSite(c)
		out := make([]int, 0, len(syms))
		first := -1
		for d, s := range syms {
			if v, ok := varSite[frontend.UltimateSymbol(s)]; ok && site != "" && fast[site] == v {
				first = d
			}
		}
		if first >= 0 {
			out = append(out, first)
		}
		var rest []int
		for d := range syms {
			if d != first {
				rest = append(rest, d)
			}
		}
		key := func(d int) (int64, bool) {
			k, ok := keys[site][varSite[frontend.UltimateSymbol(syms[d])]]
			return k, ok
		}
		sort.SliceStable(rest, func(i, j int) bool {
			ki, oki := key(rest[i])
			kj, okj := key(rest[j])
			if oki && okj {
				return ki < kj
			}
			return oki && !okj // (an index without a key: after, in header order)
		})
		return append(out, rest...)
	}
	for _, k := range st.plan.Kernels {
		k.Order = order(k.Loop, k.Indices)
		for c, in := range k.Inner {
			if in.Mode != NestShared {
				continue
			}
			var syms []*frontend.Symbol
			for _, l := range k.InnerGroup(c) {
				for _, ix := range l.Head.(*frontend.DoStmt).Concurrent.Indices {
					syms = append(syms, l.Scope.Local(ix.Name))
				}
			}
			in.Order = order(c, syms)
		}
	}
}
