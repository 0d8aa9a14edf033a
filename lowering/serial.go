package lowering

// This file implements the serial pass: the indices of a kernel's iteration
// space that rules/race.mg decided run in order inside each thread
// (serial_index: an accumulation a(s) = a(s) op e whose subscripts omit
// them) leave Kernel.Indices and Kernel.Bounds for Kernel.Serial, which the
// emitters iterate as loops around the body of each iteration, outermost
// first in the order gfortran runs the loop (its first index fastest, the
// loops combined with the kernel's inside). The elements the analysis does
// not decide (race_unknown) are listed for the offload report. Nothing here
// re-decides what the rules decided; what the emitters cannot run so is a
// "not yet implemented" error at the accumulation.

import (
	"fmt"
	"sort"

	"fgpu/frontend"
)

// SerialIndex is an index of a kernel's loop (or of a loop combined with
// it) that runs in order inside each thread.
type SerialIndex struct {
	Sym   *frontend.Symbol
	Bound *frontend.ConcurrentIndex
}

// serial moves the serial indices of each kernel out of its iteration
// space.
func serial(st *state) {
	if st.cr == nil || st.cr.Result == nil || st.cr.Facts == nil {
		return
	}
	r := st.cr.Result
	byLoop := map[string]map[string]bool{}
	for _, p := range r.SerialIndices() {
		if byLoop[p.A] == nil {
			byLoop[p.A] = map[string]bool{}
		}
		byLoop[p.A][p.B] = true
	}
	// The first accumulation of each loop (the position of an error).
	accumAt := map[string]frontend.Pos{}
	for _, p := range r.AccumOmits() {
		if q, ok := st.cr.Facts.SitePos(p.B); ok {
			if o, seen := accumAt[p.A]; !seen || q.Before(o) {
				accumAt[p.A] = q
			}
		}
	}
	varSite := map[*frontend.Symbol]string{}
	for v, s := range st.cr.Facts.Vars {
		varSite[frontend.UltimateSymbol(s)] = v
	}
	unknown := map[string][]string{}
	for _, p := range r.RaceUnknown() {
		unknown[p.A] = append(unknown[p.A], p.B)
	}
	for _, k := range st.plan.Kernels {
		loops := append([]*frontend.Construct{k.Loop}, k.Combined...)
		for _, c := range loops {
			for _, ref := range unknown[st.loopSite(c)] {
				if p, ok := st.cr.Facts.SitePos(ref); ok {
					k.Unanalysed = append(k.Unanalysed, p)
				}
			}
		}
		sort.Slice(k.Unanalysed, func(i, j int) bool { return k.Unanalysed[i].Before(k.Unanalysed[j]) })
		for c, in := range k.Inner {
			if len(byLoop[st.loopSite(c)]) > 0 && in.Mode == NestShared {
				st.diags = append(st.diags, frontend.Diagnostic{Pos: in.Do.Pos, Severity: frontend.SevError,
					Msg: "internal error: a shared nested loop has an index that runs in order (rules/race.mg unshares it) [consistency]"})
			}
		}
		if len(k.Bounds) != len(k.Indices) {
			continue // (lowering numbers them so; check reports it)
		}
		// Positions in Indices, slowest first: the loops outermost first,
		// each header's last index first.
		var slow []int
		var at frontend.Pos
		d := 0
		for _, c := range loops {
			site := st.loopSite(c)
			var group []int
			for _, ix := range c.Head.(*frontend.DoStmt).Concurrent.Indices {
				if c.Scope == nil || c.Scope.Local(ix.Name) == nil {
					continue
				}
				s := k.Indices[d]
				if v, ok := varSite[frontend.UltimateSymbol(s)]; ok && byLoop[site][v] {
					group = append(group, d)
					if p, ok := accumAt[site]; ok && (at.Line == 0 || p.Before(at)) {
						at = p
					}
				}
				d++
			}
			for i := len(group) - 1; i >= 0; i-- {
				slow = append(slow, group[i])
			}
		}
		if len(slow) == 0 {
			continue
		}
		if at.Line == 0 {
			at = k.Do.Pos
		}
		var why string
		switch {
		case len(slow) == len(k.Indices):
			why = "a kernel all of whose indices the accumulation omits (per-block partials or atomics are future work)"
		case k.CanStop:
			why = "a kernel that can stop"
		case len(k.Workspaces) > 0:
			why = "a kernel with arrays of the iterations in workspaces"
		case k.Grouped:
			why = "a kernel whose nested loop is shared out"
		}
		for _, p := range k.Params {
			if why == "" && (p.Kind == LastParam || p.Kind == ScalarOut) {
				why = fmt.Sprintf("a kernel that keeps the value of %s after the loop", p.Sym.Name)
			}
		}
		if why != "" {
			st.diags = append(st.diags, frontend.NYI(frontend.NYIArrayAccumulation, at, k.Do.Pos,
				"an array reduction whose indices %s run in order inside each thread, in %s", indexNames(k, slow), why))
			continue
		}
		drop := map[int]bool{}
		for _, d := range slow {
			k.Serial = append(k.Serial, &SerialIndex{Sym: k.Indices[d], Bound: k.Bounds[d]})
			drop[d] = true
		}
		var ix []*frontend.Symbol
		var bs []*frontend.ConcurrentIndex
		for d := range k.Indices {
			if !drop[d] {
				ix = append(ix, k.Indices[d])
				bs = append(bs, k.Bounds[d])
			}
		}
		k.Indices, k.Bounds = ix, bs
		k.Packed = false // (packs are of one index: rules/pack.mg never packs a loop of several)
	}
}

func indexNames(k *Kernel, ds []int) string {
	var s string
	for i, d := range ds {
		if i > 0 {
			s += ", "
		}
		s += k.Indices[d].Name
	}
	return s
}
