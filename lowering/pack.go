package lowering

// This file reads what rules/pack.mg decided: the kernels whose iterations
// can run in packs of consecutive iterations with one 16-byte access per
// array (Kernel.Packed). The emitters write the packed version next to the
// one-iteration version; the launch chooses between them at run time
// (contiguous, aligned arrays and a unit step), so the decision here is only
// that the packed version computes what the loop computes.

// packs marks the kernels of packable loops.
func packs(st *state) {
	if st.cr == nil || st.cr.Result == nil {
		return
	}
	loopOf := st.kernelsByLoop()
	for l := range st.cr.Result.Packable() {
		if k := loopOf[l]; k != nil {
			k.Packed = true
		}
	}
}

// kernelsByLoop maps the loop sites of the facts to the kernels.
func (st *state) kernelsByLoop() map[string]*Kernel {
	loopOf := map[string]*Kernel{}
	for _, k := range st.plan.Kernels {
		if site := st.loopSite(k.Loop); site != "" {
			loopOf[site] = k
		}
	}
	return loopOf
}
