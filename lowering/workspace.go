package lowering

// This file reads what rules/workspace.mg decided: the arrays of the
// iterations whose shape is known only at run time that live in
// per-iteration slices of a workspace the host sizes before the launch
// (design doc, "The offloading pipeline"). The launch is handed the bounds
// of each (evaluated where the loop is: the rule admitted only bounds the
// loop does not change), sizes a slice by them, and each iteration uses
// the slice of its number. An array the host cannot size is a "not yet
// implemented" error naming what its bounds read.

import (
	"fmt"
	"sort"

	"fgpu/facts"
	"fgpu/frontend"
)

// Workspace is an array of the iterations of a kernel in per-iteration
// slices of a host-sized buffer.
type Workspace struct {
	Sym *frontend.Symbol
	// Local: a local() array of the loop (the launch reads its bounds);
	// otherwise a block variable whose declared bounds the launch
	// evaluates.
	Local bool
	// Varying: its bounds read an index of the iterations
	// (workspace_varying): each iteration works out its own from Parts,
	// the values of the parts of its bounds that read no index, which the
	// host evaluates and hands over with the largest slice (in elements)
	// over the iterations.
	Varying bool
	Parts   []*frontend.Expr
	Slot    int // 0, 1, ... in the kernel
	// Call: the array a call of the body passes for a run-time sized
	// local of the procedure it calls (Sym's bounds are the local's written
	// over the call's actual arguments).
	Call *facts.CallLocal
}

// workspaceReason words a workspace_unsized reason; what names the
// variable the bounds read, plural gives the verbs for a subject "its
// bounds" ("its declaration" otherwise).
func workspaceReason(reason, what string, plural bool) string {
	reads, calls := "reads", "calls"
	if plural {
		reads, calls = "read", "call"
	}
	switch reason {
	case "loop_index":
		return fmt.Sprintf("%s the loop index %s (its size would change from one iteration to the next)", reads, what)
	case "written":
		return fmt.Sprintf("%s %s, which the loop writes", reads, what)
	case "iteration_value":
		return fmt.Sprintf("%s %s, a value of the iteration", reads, what)
	case "call":
		return calls + " a procedure"
	}
	return reason
}

// workspaces gives each kernel its workspaces.
func workspaces(st *state) {
	if st.cr == nil || st.cr.Result == nil || st.cr.Facts == nil {
		return
	}
	loopOf := st.kernelsByLoop()
	vars := st.cr.Facts.Vars
	for _, u := range st.cr.Result.WorkspacesUnsized() {
		k := loopOf[u.Loop]
		s := vars[u.Var]
		if k == nil || s == nil {
			continue
		}
		if st.unsized == nil {
			st.unsized = map[*frontend.Symbol]bool{}
		}
		if st.unsized[s] {
			continue // one error an array
		}
		st.unsized[s] = true
		what := ""
		if x := vars[u.What]; x != nil {
			what = x.Name
		}
		if cl := st.cr.Facts.CallLocals[s]; cl != nil && cl.Local == cl.Proc.Result && k.Heap {
			// A function's result the host cannot size: on the heap
			// (rules/heap.mg, loop_heap; arrres.go).
			if k.ResultHeap == nil {
				k.ResultHeap = map[*frontend.Expr]bool{}
			}
			k.ResultHeap[cl.Callee] = true
			continue
		}
		if cl := st.cr.Facts.CallLocals[s]; cl != nil {
			// A local of a procedure the body calls (facts.CallLocal): its
			// bounds written over this call's actual arguments.
			why := workspaceReason(u.Reason, what, true)
			if u.Reason == "call" {
				why = "cannot be written over the actual arguments of this call"
			}
			what := "run-time sized local"
			if cl.Local == cl.Proc.Result {
				what = "run-time shaped result"
			}
			st.diags = append(st.diags, frontend.NYI(frontend.NYIWorkspace, cl.Callee.Pos, k.Do.Pos,
				"the "+what+" %s of %s, whose bounds the host cannot work out before the launch at this call (workspace %s cannot be sized on the host: its bounds %s)", cl.Local.Name, cl.Proc.Name, cl.Local.Name, why))
			continue
		}
		st.diags = append(st.diags, frontend.NYI(frontend.NYIWorkspace, s.Pos, k.Do.Pos,
			"the array %s of the iterations, whose bounds the host cannot work out before the launch (workspace %s cannot be sized on the host: its declaration %s)", s.Name, s.Name, workspaceReason(u.Reason, what, false)))
	}
	varying := map[[2]string]bool{}
	for _, p := range st.cr.Result.WorkspacesVarying() {
		varying[[2]string{p.A, p.B}] = true
	}
	for _, p := range st.cr.Result.Workspaces() {
		k := loopOf[p.A]
		s := vars[p.B]
		if k == nil || s == nil {
			continue
		}
		w := &Workspace{Sym: s, Call: st.cr.Facts.CallLocals[s]}
		for _, l := range k.Locals {
			if l.Sym == s {
				w.Local = true
			}
		}
		k.Workspaces = append(k.Workspaces, w)
		if !varying[[2]string{p.A, p.B}] || w.Local {
			continue
		}
		w.Varying = true
		for _, d := range s.Shape.Dims {
			w.Parts = append(w.Parts, IndexFreeParts(d.Lo, k.Indices)...)
			w.Parts = append(w.Parts, IndexFreeParts(d.Hi, k.Indices)...)
		}
		for _, x := range w.Parts {
			if x.Rank != 0 || !TypeSupported(x.Type) {
				st.diags = append(st.diags, frontend.NYI(frontend.NYIWorkspace, x.Pos, k.Do.Pos,
					"the bounds of the array %s of the iterations read %s with the loop index: the host cannot hand the value over (only scalars)", s.Name, x))
			}
		}
	}
	for _, k := range st.plan.Kernels {
		sort.Slice(k.Workspaces, func(i, j int) bool { return k.Workspaces[i].Sym.Pos.Before(k.Workspaces[j].Sym.Pos) })
		for i, w := range k.Workspaces {
			w.Slot = i
		}
	}
}

// WorkspaceOf is the workspace of array s in kernel k, or nil.
func (k *Kernel) WorkspaceOf(s *frontend.Symbol) *Workspace {
	for _, w := range k.Workspaces {
		if w.Sym == s {
			return w
		}
	}
	return nil
}

// IndexFreeParts are the largest parts of expression e that read none of
// the indices and are not constants: what the host evaluates for an
// iteration's bounds.
func IndexFreeParts(e *frontend.Expr, indices []*frontend.Symbol) []*frontend.Expr {
	if e == nil || e.Const != nil {
		return nil
	}
	isIndex := map[*frontend.Symbol]bool{}
	for _, ix := range indices {
		isIndex[ix] = true
	}
	reads := func(x *frontend.Expr) bool {
		found := false
		frontend.Inspect(x, func(n frontend.Node) bool {
			if y, ok := n.(*frontend.Expr); ok && y.Kind == frontend.EName && y.Sym != nil && isIndex[frontend.UltimateSymbol(y.Sym)] {
				found = true
			}
			return !found
		})
		return found
	}
	var out []*frontend.Expr
	var walk func(x *frontend.Expr)
	walk = func(x *frontend.Expr) {
		if x == nil || x.Const != nil {
			return
		}
		if !reads(x) {
			out = append(out, x)
			return
		}
		if x.Kind == frontend.EKeyword {
			walk(x.X)
			return
		}
		if x.Kind != frontend.ERef || x.Ref == frontend.RefElement {
			walk(x.X) // (not the name of an intrinsic or function)
		}
		walk(x.Y)
		for _, a := range x.Args {
			walk(a)
		}
	}
	walk(e)
	return out
}

// CallWorkspace is the workspace of kernel k that call callee passes for
// the run-time sized local l of the procedure it calls, or nil.
func (k *Kernel) CallWorkspace(callee *frontend.Expr, l *frontend.Symbol) *Workspace {
	for _, w := range k.Workspaces {
		if w.Call != nil && w.Call.Callee == callee && w.Call.Local == l {
			return w
		}
	}
	return nil
}

// unsizedCall reports that the array call callee passes for local l was
// reported as one the host cannot size.
func (st *state) unsizedCall(callee *frontend.Expr, l *frontend.Symbol) bool {
	if st.cr == nil || st.cr.Facts == nil {
		return false
	}
	for s, cl := range st.cr.Facts.CallLocals {
		if cl.Callee == callee && cl.Local == l && st.unsized[s] {
			return true
		}
	}
	return false
}
