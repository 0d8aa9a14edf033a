package emit

// This file chooses the kernel dialect. A backend writes what differs
// between dialects: the prelude of the kernel file, the kernel's signature
// and the loop over its iterations, the launch routine (geometry, how the
// reductions and last values combine: OpenMP clauses on the CPU, warp
// shuffles, block partials and atomics on CUDA), what a thread records
// after an iteration and does after a stop, and whether nested loops can
// be shared by a block's threads. Everything else (the parameters of the
// launch routine, the buffer registrations, an iteration's statements and
// expressions, device functions, sections, stops) is the C++ every backend
// shares: kernel.go, body.go, expr.go, devfunc.go, section.go, stops.go.
//
// Adding a backend: a file with its implementation (cpukernel.go and
// cudakernel.go are the two), and its case in backendFor.

import (
	"fgpu/frontend/target"
)

type backend interface {
	// prelude is the support code at the top of the kernel file.
	prelude() string
	// kernel writes the kernel of g.k into g.b: its device code, if any,
	// and its launch routine, extern "C" g.k.Name(hostParams) (the
	// bind(c) interface of hostf90.go's module), after g.names and
	// g.logic are reset; loopAt is the loop's "file:line" for the runtime.
	kernel(g *kernelGen, hostParams []string, loopAt string)
	// lastRecord is the statement that records, after an iteration that
	// may have written the last-value scalar n (LastParam; w_n its flag, v
	// its value, it the iteration's number in gfortran's order), the pair
	// the threads combine.
	lastRecord(n, it, v string) string
	// leaveStopped is what a thread does after a stopped iteration
	// recorded its stop ("": go on with its next iteration).
	leaveStopped(g *kernelGen) string
	// blockNests reports whether a grouped kernel (lowering.Kernel.Grouped)
	// runs an iteration a block, its shared nested loops over the block's
	// threads (nest.go).
	blockNests() bool
}

// backendFor is the backend of a target that offloads loops; nil for none.
// metal writes metal_cpu's file, which appleOutput (metalhost.go) splits
// into the MSL and the launch routines for Apple's toolchain.
func backendFor(t *target.Target) backend {
	switch {
	case t.IsCPU():
		return cpuBackend{}
	case t.IsCUDA():
		return cudaBackend{}
	case t.IsMetalCPU(), t.IsMetal():
		return &mslBackend{}
	}
	return nil
}
