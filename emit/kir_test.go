package emit

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/lowering"
	"fgpu/rules"
)

// kirFloor and kirFloorCUDA are the least numbers of kernels of the e2e
// corpus whose iteration the CPU and the CUDA backend print from the
// kernel IR (TestKIRBodies, TestKIRBodiesCUDA): the builder's coverage may
// grow, never drop silently.
const (
	kirFloor     = 185
	kirFloorCUDA = 170
)

// TestKIRBodies: every kernel of the e2e programs (testdata/e2e) whose IR
// is complete gets its CPU iteration printed from the IR (emit/cxx), and
// that text must be the legacy writer's, character for character (the
// same C++: the same conversions, math calls, folding and x**n
// expansion); the test reports how many kernels go through the IR and
// fails below kirFloor.
func TestKIRBodies(t *testing.T) {
	kirBodies(t, "cpu", cpuBackend{}, true, kirFloor)
}

// TestKIRBodiesCUDA is TestKIRBodies for the corpus lowered for CUDA and
// printed by the CUDA backend (fgpu's real(8) math functions, emit/crmath;
// binary powering; other plans: the target's capabilities), above
// kirFloorCUDA.
func TestKIRBodiesCUDA(t *testing.T) {
	kirBodies(t, "cuda", cudaBackend{}, false, kirFloorCUDA)
	t.Run("fast", func(t *testing.T) {
		// --fast: CUDA's own math functions.
		kirBodiesOpts(t, "cuda", cudaBackend{}, false, true, kirFloorCUDA)
	})
}

// kirBodies lowers the e2e corpus for the device dev, writes its kernels
// with be, compares every iteration printed from the IR with the legacy
// writer's and checks their number against floor.
func kirBodies(t *testing.T, dev string, be backend, hostPowers bool, floor int) {
	kirBodiesOpts(t, dev, be, hostPowers, false, floor)
}

// kirBodiesOpts is kirBodies with --fast or not.
func kirBodiesOpts(t *testing.T, dev string, be backend, hostPowers, fast bool, floor int) {
	files, err := filepath.Glob(filepath.Join(e2eDirInternal, "*.f90"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s (%v)", e2eDirInternal, err)
	}
	sort.Strings(files)
	tg := target.Must(dev)
	total, viaIR := 0, 0
	defer func() { kirCompare = nil }()
	for _, f := range files {
		prog, ds := frontend.Load([]string{f}, frontend.Options{})
		if ds.HasErrors() || prog == nil {
			continue // (a program the e2e test expects to fail)
		}
		opts := rules.CheckOptions{Target: tg}
		cr, err := rules.Check(prog, opts)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cr, _, err = lowering.ArrayStatements(prog, cr, opts)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		plan, ds := lowering.Lower(prog, cr, lowering.Options{Target: tg})
		for _, d := range ds {
			if strings.Contains(d.Msg, "kernel IR") {
				t.Errorf("%s: %s", filepath.Base(f), d)
			}
		}
		if ds.HasErrors() {
			continue
		}
		total += len(plan.Kernels)
		kirCompare = func(k *lowering.Kernel, ir, legacy string) {
			viaIR++
			if ir != legacy {
				t.Errorf("%s, %s (%s:%d): the iteration printed from the IR differs from the legacy writer's (%s):\nIR:\n%s\nlegacy:\n%s",
					filepath.Base(f), k.Name, filepath.Base(k.Do.Pos.File), k.Do.Pos.Line, dev, ir, legacy)
			}
		}
		kernelSource(plan, be, hostPowers, fast)
		kirCompare = nil
	}
	t.Logf("%d of the %d kernels of the e2e corpus print their %s iteration from the kernel IR", viaIR, total, dev)
	if viaIR < floor {
		t.Errorf("%d kernels print their %s iteration from the IR, fewer than the floor %d", viaIR, dev, floor)
	}
}

// TestKIRVerifiesOnGPUs: the kernel IR of every kernel of the e2e corpus
// lowered for CUDA and Metal (other plans: grouped kernels, the
// targets' capabilities) passes kernelir.Verify (the kir pass reports a
// violation as an internal error at the loop).
func TestKIRVerifiesOnGPUs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(e2eDirInternal, "*.f90"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s (%v)", e2eDirInternal, err)
	}
	sort.Strings(files)
	n := 0
	for _, dev := range []string{"cuda", "metal"} {
		tg := target.Must(dev)
		for _, f := range files {
			prog, ds := frontend.Load([]string{f}, frontend.Options{})
			if ds.HasErrors() || prog == nil {
				continue
			}
			opts := rules.CheckOptions{Target: tg}
			cr, err := rules.Check(prog, opts)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if cr, _, err = lowering.ArrayStatements(prog, cr, opts); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			plan, ds := lowering.Lower(prog, cr, lowering.Options{Target: tg})
			for _, d := range ds {
				if strings.Contains(d.Msg, "kernel IR") {
					t.Errorf("%s (%s): %s", filepath.Base(f), dev, d)
				}
			}
			for _, k := range plan.Kernels {
				if k.IR != nil {
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Errorf("no kernel IR built for the GPU targets")
	}
	t.Logf("%d kernels' IR verified for cuda and metal", n)
}

const e2eDirInternal = "testdata/e2e"
