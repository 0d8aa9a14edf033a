package emit

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/lowering"
	"fgpu/rules"
)

// kirFloor, kirFloorCUDA and kirFloorMSL are the least numbers of kernels
// of the e2e corpus and of the IR's goldens (lowering/testdata/kir) whose
// iteration the CPU, the CUDA and the Metal backend print from the kernel
// IR (TestKIRBodies, TestKIRBodiesCUDA, TestKIRBodiesMSL): the builder's
// coverage may grow, never drop silently.
const (
	kirFloor     = 262
	kirFloorCUDA = 238
	kirFloorMSL  = 110
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

// TestKIRBodiesMSL is TestKIRBodies for the corpus lowered for Metal and
// printed as MSL (cxx.IterationMSL): the IR's text must be the legacy
// writer's after its std:: functions are renamed Metal's (mslMath), and
// for every kernel printed from the IR, what MSL does not hold as the IR
// decided it (mslIRLimits) must be what the legacy check over the
// kernel's whole text finds (mslCheck), with nothing left to rename;
// above kirFloorMSL.
func TestKIRBodiesMSL(t *testing.T) {
	guarded := 0
	kirMSLGuard = func(k *lowering.Kernel, ir, text frontend.Diagnostics, renames bool) {
		guarded++
		if renames {
			t.Errorf("%s (%s:%d): the MSL kernel printed from the IR has a C++ library function that mslMath renames", k.Name, filepath.Base(k.Do.Pos.File), k.Do.Pos.Line)
		}
		if fmt.Sprint(ir) != fmt.Sprint(text) {
			t.Errorf("%s (%s:%d): from the IR, MSL's limits give %v; the check of the kernel's text gives %v", k.Name, filepath.Base(k.Do.Pos.File), k.Do.Pos.Line, ir, text)
		}
	}
	defer func() { kirMSLGuard = nil }()
	kirBodies(t, "metal_cpu", &mslBackend{}, true, kirFloorMSL)
	if guarded == 0 {
		t.Errorf("no MSL kernel printed from the IR was checked")
	}
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
	// The programs of the IR's goldens too (lowering/testdata/kir: local
	// arrays, unrolled loops, reductions, array assignments).
	goldens, _ := filepath.Glob(filepath.Join("..", "lowering", "testdata", "kir", "*.f90"))
	files = append(files, goldens...)
	sort.Strings(files)
	tg := target.Must(dev)
	total, viaIR := 0, 0
	defer func() { kirCompare = nil }()
	for _, f := range files {
		plan, ds, ok := lowerForTest(t, f, tg)
		if !ok {
			continue // (a program the e2e test expects to fail)
		}
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
		if m, ok := be.(*mslBackend); ok {
			m.host.Reset() // (a backend of its own each program)
		}
		kernelSource(plan, be, hostPowers, fast)
		kirCompare = nil
	}
	t.Logf("%d of the %d kernels print their %s iteration from the kernel IR (the e2e corpus and the IR goldens)", viaIR, total, dev)
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
			plan, ds, ok := lowerForTest(t, f, tg)
			if !ok {
				continue
			}
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

// lowerForTest runs the front end, the analyses, the array statements'
// rewrite and lowering on the program file f for tg, as fgpu build does;
// ok is false when the front end rejects f.
func lowerForTest(t *testing.T, f string, tg *target.Target) (*lowering.Plan, frontend.Diagnostics, bool) {
	t.Helper()
	prog, ds := frontend.Load([]string{f}, frontend.Options{})
	if ds.HasErrors() || prog == nil {
		return nil, ds, false
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
	return plan, ds, true
}

// TestKIRUnsupported reports what the kernel IR builder does not
// translate yet over the e2e corpus lowered for the CPU and CUDA: each
// reason (lowering's Unsupported nodes, names left out) with the number
// of kernels it keeps on the legacy writer, largest first (go test ./emit
// -run TestKIRUnsupported -v). It fails when an incomplete kernel has no
// Unsupported node, which would make it incomplete for no reason anyone
// could fix.
func TestKIRUnsupported(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(e2eDirInternal, "*.f90"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in %s (%v)", e2eDirInternal, err)
	}
	sort.Strings(files)
	for _, dev := range []string{"cpu", "cuda"} {
		tg := target.Must(dev)
		kernels := map[string]int{}
		incomplete, total := 0, 0
		for _, f := range files {
			plan, ds, ok := lowerForTest(t, f, tg)
			if !ok {
				continue
			}
			if ds.HasErrors() {
				continue
			}
			for _, k := range plan.Kernels {
				total++
				if k.IR == nil || k.IR.Complete {
					continue
				}
				incomplete++
				us := k.IR.Unsupported()
				if len(us) == 0 {
					t.Errorf("%s: %s is incomplete without an Unsupported node", filepath.Base(f), k.Name)
				}
				seen := map[string]bool{}
				for _, u := range us {
					r := unsupportedReason(u.What)
					if !seen[r] {
						seen[r] = true
						kernels[r]++
					}
				}
			}
		}
		var rs []string
		for r := range kernels {
			rs = append(rs, r)
		}
		sort.Slice(rs, func(i, j int) bool {
			if kernels[rs[i]] != kernels[rs[j]] {
				return kernels[rs[i]] > kernels[rs[j]]
			}
			return rs[i] < rs[j]
		})
		t.Logf("%s: %d of %d kernels incomplete; the reasons, with the kernels each keeps:", dev, incomplete, total)
		for _, r := range rs {
			t.Logf("  %4d  %s", kernels[r], r)
		}
	}
}

// unsupportedReason is an Unsupported node's text without the program's
// expressions and the names of its entities.
func unsupportedReason(what string) string {
	if m := reasonExprRe.FindStringSubmatch(what); m != nil {
		return m[1] + " ..."
	}
	return reasonNameRe.ReplaceAllStringFunc(what, func(m string) string {
		f := strings.Fields(m)
		if reasonWords[f[len(f)-1]] {
			return m
		}
		return strings.Join(f[:len(f)-1], " ") + " X"
	})
}

// reasonWords are the words of the builder's texts that follow "array",
// "value"... and name no entity.
var reasonWords = map[string]bool{"or": true, "assignment": true, "out": true, "that": true, "computed": true, "of": true, "is": true, "designator": true, "value": true}

var (
	reasonExprRe = regexp.MustCompile(`^(the function call|the expression|the designator|assignment to|the element|the section|the array value|an element of the named constant|the intrinsic call|the comparison) `)
	reasonNameRe = regexp.MustCompile(`\b(variable|selector|parameter|array|local|index|value|local array|loop) ([a-z_][a-z0-9_]*)\b`)
)

// TestKIRMSLLimits: loops whose MSL iteration is printed from the kernel
// IR and uses what MSL does not hold (a function Metal does not have, an
// array value in a DO WHILE or ELSE IF condition) get the legacy writer's
// "not yet implemented" diagnostics at the loop, decided from the IR
// (mslIRLimits, cxx.MSLLimits): the IR's text and diagnostics equal the
// legacy writer's, and the IR's decision equals the check of the
// kernel's text (mslCheck).
func TestKIRMSLLimits(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"erf", "y(i) = erf(x(i)) + gamma(x(i))", "the function erf, which Metal does not have (or not under that name) in MSL (--gpu=metal_cpu)"},
		{"gamma", "y(i) = log_gamma(x(i)) + gamma(x(i))", "the function lgamma, which Metal does not have (or not under that name) in MSL (--gpu=metal_cpu)"},
		{"while", "k = 0\n    do while (sum(x) > real(k))\n      k = k + 1\n    end do\n    y(i) = real(k)", mslArrayInCond},
		{"elseif", "if (x(i) > 1.0) then\n      y(i) = 1.0\n    else if (maxval(x) > 0.2) then\n      y(i) = 2.0\n    end if", mslArrayInCond},
	}
	dir := t.TempDir()
	tg := target.Must("metal_cpu")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "program p\n  implicit none\n  integer :: i, k\n  real :: x(8), y(8)\n  x = 0.5\n  y = 0\n" +
				"  do concurrent (i = 1:8) local(k)\n    " + c.body + "\n  end do\n  print *, y(1), k\nend program p\n"
			f := filepath.Join(dir, c.name+".f90")
			if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			plan, ds, ok := lowerForTest(t, f, tg)
			if !ok || ds.HasErrors() {
				t.Fatalf("lowering failed: %v", ds)
			}
			viaIR, guarded := 0, 0
			kirCompare = func(k *lowering.Kernel, ir, legacy string) {
				viaIR++
				if ir != legacy {
					t.Errorf("the MSL iteration printed from the IR differs from the legacy writer's:\nIR:\n%s\nlegacy:\n%s", ir, legacy)
				}
			}
			kirMSLGuard = func(k *lowering.Kernel, ir, text frontend.Diagnostics, renames bool) {
				guarded++
				if fmt.Sprint(ir) != fmt.Sprint(text) || renames {
					t.Errorf("from the IR: %v; from the kernel's text: %v (renames: %v)", ir, text, renames)
				}
			}
			defer func() { kirCompare, kirMSLGuard = nil, nil }()
			_, diags := kernelSource(plan, &mslBackend{}, true, false)
			if viaIR != 1 || guarded != 1 {
				t.Fatalf("the kernel was not printed from the IR (%d, %d)", viaIR, guarded)
			}
			found := false
			for _, d := range diags {
				if strings.Contains(d.Msg, c.want) && d.Pos.Line == 7 {
					found = true
				}
			}
			if !found {
				t.Errorf("want %q at line 7, got %v", c.want, diags)
			}
		})
	}
}
