package particles

// TestParticlesCPU builds the benchmark with fgpu for the CPU backend and
// with gfortran alone, runs both small, and compares the checksum line in
// the shared and separate memory modes and every iteration order; the
// separate mode must move the particles to the device once, whatever the
// number of steps (bench/internal/residency).

import (
	"testing"

	"fgpu/bench/internal/residency"
)

func TestParticlesCPU(t *testing.T) {
	residency.CheckCPU(t, "particles", "20000", []string{"../apps/common/wtime.f90", "src/particles_mod.f90", "src/particles.f90"})
}
