package driver

// This file writes the offload report (--offload-report; nvfortran users
// know it as -Minfo=stdpar): one line per parallel loop saying where it
// runs and how, then the host statements where data moves between host
// and device. Everything here is read off what the analyses and lowering
// decided (the check result, the plan, the sync plan); nothing is decided
// again.

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
	"fgpu/rules"
)

// OffloadReport writes the report of r on w.
func OffloadReport(w io.Writer, r *Result) {
	if r == nil || r.Check == nil {
		return
	}
	for _, l := range r.Check.Loops {
		head := fmt.Sprintf("%s:%d: ", l.Pos.File, l.Pos.Line)
		if l.Outcome != "offload" {
			fmt.Fprintf(w, "%s%s: %s\n", head, l.Outcome, l.Reason)
			continue
		}
		fmt.Fprintf(w, "%s%s\n", head, LoopDetail(r, l.Pos))
	}
	DataReport(w, r)
}

// LoopDetail describes the offloaded loop at pos: "offloaded (DEVICE):"
// and the traits of its kernel.
func LoopDetail(r *Result, pos frontend.Pos) string {
	dev := r.Check.Target.Name
	if r.Plan != nil {
		for _, k := range r.Plan.Kernels {
			if k.Loop != nil && k.Loop.Pos == pos {
				from := ""
				if k.Do != nil && k.Do.Omp != nil {
					from = " from !$omp " + k.Do.Omp.Directive // frontend/omp.go
				}
				return fmt.Sprintf("offloaded (%s)%s: %s", dev, from, strings.Join(kernelTraits(k, dev), "; "))
			}
		}
	}
	// Combined into an enclosing loop's kernel, or the run stopped
	// before lowering.
	return fmt.Sprintf("offloaded (%s)", dev)
}

// DataReport writes the host statements where data moves between host and
// device (the sync plan), or that none does.
func DataReport(w io.Writer, r *Result) {
	ompDataReport(w, r) // ompreport.go: the OpenMP data directives, redundant
	if r == nil || r.Sync == nil || r.Check == nil {
		return
	}
	moves := 0
	for _, at := range r.Sync.At {
		for _, it := range at.Items {
			line := syncLine(it)
			if line == "" {
				continue
			}
			if moves == 0 {
				fmt.Fprintln(w, "fgpu: data stays on the device between launches except at these host statements:")
			}
			moves++
			ln := at.Line
			if it.Line != 0 {
				ln = it.Line // after the statement on that line
			}
			fmt.Fprintf(w, "%s:%d: %s\n", at.File, ln, line)
		}
	}
	if moves == 0 && r.Plan != nil && len(r.Plan.Kernels) > 0 && r.Check.Target.Name != "none" {
		fmt.Fprintln(w, "fgpu: data stays on the device between launches: no host statement fetches it")
	}
}

// kernelTraits describes a kernel: its iterations, geometry, packing and
// data.
func kernelTraits(k *lowering.Kernel, dev string) []string {
	var idx []string
	for _, s := range k.Indices {
		idx = append(idx, s.Name)
	}
	it := fmt.Sprintf("kernel %s, %d-D over (%s)", k.Name, len(k.Indices), strings.Join(idx, ", "))
	if n := len(k.Combined); n > 0 {
		it += fmt.Sprintf(", %d nested loop(s) combined", n)
	}
	traits := []string{it}
	switch {
	case k.Coop != nil:
		traits = append(traits, "cooperative: each iteration on the threads of a block, its DO nests shared out, its local() arrays in shared memory (rules/coop.mg)")
	case k.Grouped:
		traits = append(traits, "grouped: each outer iteration on the threads of a block, the nested loop shared out")
	case dev == "cpu" || dev == "cuda_cpu":
		traits = append(traits, "iterations shared out over the host's threads")
	default:
		traits = append(traits, "one thread per iteration, blocks sized by occupancy")
	}
	if len(k.Indices) > 1 && len(k.Order) == len(k.Indices) {
		var ord []string
		for _, d := range k.Order {
			ord = append(ord, k.Indices[d].Name)
		}
		traits = append(traits, fmt.Sprintf("fastest index %s, then %s (the first subscripts of the body's references: rules/mapping.mg)", ord[0], strings.Join(ord[1:], ", ")))
	}
	if k.Packed {
		traits = append(traits, "packed: consecutive iterations per thread, 16-byte accesses")
	}
	if len(k.Serial) > 0 {
		var ns []string
		for _, x := range k.Serial {
			ns = append(ns, x.Sym.Name)
		}
		traits = append(traits, fmt.Sprintf("in order inside each thread: %s (an array accumulation omits it: rules/race.mg)", strings.Join(ns, ", ")))
	}
	if len(k.Unanalysed) > 0 {
		var ls []string
		for _, p := range k.Unanalysed {
			ls = append(ls, fmt.Sprintf("line %d", p.Line))
		}
		traits = append(traits, fmt.Sprintf("note: elements written at %s have subscripts fgpu does not analyse for races (indirect, non-affine, or a write not in every iteration): the independence do concurrent asserts is assumed", strings.Join(ls, ", ")))
	}
	if k.CanStop {
		traits = append(traits, "can stop (status checked after the launch)")
	}
	if k.Heap {
		traits = append(traits, "allocates on the device heap")
	}
	var read, written, scalars, reduce []string
	for _, p := range k.Params {
		name := p.Sym.Name
		switch p.Kind {
		case lowering.ArrayParam:
			if p.Written {
				written = append(written, name)
			} else {
				read = append(read, name)
			}
		case lowering.ReduceParam:
			op := p.Op
			if p.Inferred {
				op += ", inferred"
			}
			reduce = append(reduce, fmt.Sprintf("%s (%s)", name, op))
		case lowering.ScalarOut, lowering.LastParam:
			written = append(written, name)
		default:
			scalars = append(scalars, name)
		}
	}
	for _, l := range []struct {
		what  string
		names []string
	}{{"arrays read", read}, {"written", written}, {"reductions", reduce}, {"scalars by value", scalars}} {
		if len(l.names) > 0 {
			sort.Strings(l.names)
			traits = append(traits, l.what+": "+strings.Join(l.names, " "))
		}
	}
	return traits
}

// syncLine describes one data movement or wait at a host statement.
func syncLine(it lowering.SyncInsert) string {
	v := it.Var
	if it.Each != "" {
		v += "(:)%" + it.Each
	}
	switch it.Kind {
	case rules.SyncFetch:
		return "copy " + v + " from the device (the host reads it after a kernel wrote it)"
	case rules.SyncDiscard:
		return "drop the device copy of " + v + " (its storage ends)"
	case rules.SyncStale:
		if it.After {
			return "after the call: mark the device copy of " + v + " stale (the copy-out of the argument wrote it)"
		}
		return "mark the device copy of " + v + " stale (the host writes it)"
	case rules.SyncWait:
		if it.Why != "" {
			return "wait for the device (" + it.Why + ")"
		}
		return "wait for the device"
	case rules.SyncExternal:
		return "call of a procedure without a body: wait, copy back and mark stale what it may access"
	case rules.SyncAsync:
		if it.Recv {
			return "after the call: " + v + " is being received until " + it.Req + " completes (nothing copied over it; the device takes it after the wait)"
		}
		return "after the call: " + v + " is being sent until " + it.Req + " completes"
	}
	return ""
}
