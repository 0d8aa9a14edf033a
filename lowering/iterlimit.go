package lowering

// This file implements the iterlimit pass (issue 30): the fixed-size
// arrays of an iteration (local and local_init arrays of the kernel's loop
// and of the loops nested in it) live in each thread's own memory, its
// stack: CUDA's local memory, an OpenMP thread's stack on the CPU. A kernel
// whose arrays do not fit there would fail at the launch (CUDA: "an illegal
// memory access was encountered") or overflow a thread's stack; it is an
// error here instead, at the array, naming it, its size and the limit.
// An array larger than a thread holds (rules/workspace.mg, thread_bytes),
// and those whose size is known only at run time, are workspaces, which
// the host allocates (workspace.go), and are not counted: what is left is
// several arrays that each fit but together do not.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"
)

// cudaThreadBytes is the most local memory a CUDA thread may use (the CUDA
// C++ Programming Guide's table of technical specifications: 512 KB of
// local memory per thread).
const cudaThreadBytes = 512 << 10

// cpuThreadBytes is what the arrays of an iteration may take of an OpenMP
// thread's stack on the CPU: half of the 8 MiB a Linux thread gets when
// OMP_STACKSIZE is not set (the rest for the frames of the kernel and the
// procedures it calls).
const cpuThreadBytes = 4 << 20

// iterlimit reports the kernels whose fixed-size arrays of the iteration
// exceed the thread's memory.
func iterlimit(st *state) {
	limit, where := int64(cpuThreadBytes), "an OpenMP thread's stack on the CPU (OMP_STACKSIZE unset: 8 MiB, half for the arrays)"
	if st.opts.Target.IsCUDA() {
		limit, where = cudaThreadBytes, "a CUDA thread's local memory (512 KiB at most)"
	}
	for _, k := range st.plan.Kernels {
		type arr struct {
			s     *frontend.Symbol
			bytes int64
		}
		var arrs []arr
		total := int64(0)
		add := func(ls []*Local) {
			for _, l := range ls {
				if n, ok := iterArrayBytes(k, l.Sym); ok {
					arrs = append(arrs, arr{l.Sym, n})
					total += n
				}
			}
		}
		add(k.Locals)
		var inner []*InnerLoop
		for _, in := range k.Inner {
			inner = append(inner, in)
		}
		sort.Slice(inner, func(i, j int) bool { return inner[i].Do.Pos.Before(inner[j].Do.Pos) })
		for _, in := range inner {
			add(in.Locals)
		}
		if total <= limit {
			continue
		}
		sort.SliceStable(arrs, func(i, j int) bool { return arrs[i].bytes > arrs[j].bytes })
		var parts []string
		for _, a := range arrs {
			parts = append(parts, fmt.Sprintf("%s (%s, %s: %d bytes)", a.s.Name, a.s.Type, dimsText(a.s.Dims), a.bytes))
		}
		big := arrs[0].s
		pos := big.Pos
		if pos.Line == 0 {
			pos = k.Do.Pos
		}
		st.diags = append(st.diags, frontend.Diagnostic{Pos: pos, Severity: frontend.SevError,
			Msg: fmt.Sprintf("the arrays of an iteration of the loop at line %d take %d bytes, more than the %d bytes of %s: %s; each thread holds its own copy (make it smaller, e.g. a smaller tile, or allocatable: a buffer the host allocates)",
				k.Do.Pos.Line, total, limit, where, strings.Join(parts, ", "))})
	}
}

// iterArrayBytes is the size of an array of the iteration of constant
// shape held in the thread's memory (not a workspace).
func iterArrayBytes(k *Kernel, s *frontend.Symbol) (int64, bool) {
	if s == nil || s.Rank <= 0 || len(s.Dims) != s.Rank || s.Allocatable || s.Pointer || k.WorkspaceOf(s) != nil {
		return 0, false
	}
	var elem int64
	switch s.Type.Base {
	case frontend.TyInteger, frontend.TyLogical, frontend.TyReal:
		elem = int64(s.Type.Kind)
	case frontend.TyComplex:
		elem = 2 * int64(s.Type.Kind)
	default:
		return 0, false // (derived and character: not counted)
	}
	n := elem
	for _, d := range s.Dims {
		if d < 0 {
			return 0, false
		}
		n *= int64(d)
		if n > 1<<50 {
			return n, true
		}
	}
	return n, true
}

func dimsText(ds []int) string {
	var s []string
	for _, d := range ds {
		s = append(s, fmt.Sprint(d))
	}
	return strings.Join(s, " x ")
}
