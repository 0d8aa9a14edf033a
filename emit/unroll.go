package emit

// Small arrays of the iterations in registers (issue 30): which DO loops
// are fully unrolled is lowering's decision (lowering/kir_unroll.go,
// UnrollTrips), carried by the kernel IR's loops (kernelir.Loop.Unroll,
// printed by emit/cxx); this file writes the pragma for the kernels and
// device procedures the legacy writer still prints.

import (
	"fmt"

	"fgpu/frontend"
	"fgpu/lowering"
)

// unrollPragma is the line that unrolls the DO loop c (empty: not unrolled).
func (g *kernelGen) unrollPragma(c *frontend.Construct, h *frontend.DoStmt) string {
	trip := lowering.UnrollTrips(g.k, c, h)
	if trip == 0 {
		return ""
	}
	switch g.be.(type) {
	case cpuBackend:
		return fmt.Sprintf("#pragma GCC unroll %d", trip)
	case cudaBackend:
		return fmt.Sprintf("#pragma unroll %d", trip)
	}
	return "" // (Metal: the MSL is also compiled as C++ by g++ for metal_cpu)
}
