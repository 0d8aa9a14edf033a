package matmul4

// TestMatmul4CPU builds the benchmark with fgpu for the CPU backend and
// with gfortran alone, runs both small, and compares the checksum line in
// the shared and separate memory modes and every iteration order; the
// separate mode must move the arrays to the device once, whatever the
// number of steps (bench/internal/residency).

import (
	"testing"

	"fgpu/bench/internal/residency"
)

func TestMatmul4CPU(t *testing.T) {
	residency.CheckCPU(t, "matmul4", "20000", []string{"../apps/common/wtime.f90", "src/matmul4_mod.f90", "src/matmul4.f90"})
}
