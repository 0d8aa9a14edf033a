package target

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	for spelling, want := range map[string]Kind{"": CPU, "cpu": CPU, "cuda_cpu": CPU, "cuda": CUDA, "metal": Metal, "metal_cpu": MetalCPU, "none": None} {
		got, err := Parse(spelling)
		if err != nil || got.Kind != want {
			t.Errorf("Parse(%q) = %v, %v; want kind %d", spelling, got, err, want)
		}
	}
	if _, err := Parse("opencl"); err == nil {
		t.Errorf("Parse(opencl) accepted an unknown device")
	}
	for _, tg := range All() {
		if tg.DeviceFact() != "/dev/"+tg.RulesName() {
			t.Errorf("%s: device fact %s", tg, tg.DeviceFact())
		}
		if tg.Offloads() != (tg.Kind != None) || (tg.KernelFile == "") != (tg.Kind == None) {
			t.Errorf("%s: Offloads %v, KernelFile %q", tg, tg.Offloads(), tg.KernelFile)
		}
	}
	if Must("metal").Buildable || Must("metal").Caps.Real8 {
		t.Errorf("metal: buildable here or real(8) capable")
	}
	// metal_cpu: Metal's rules and kernel dialect, built here.
	if mc := Must("metal_cpu"); !mc.Buildable || mc.Caps.Real8 || mc.DeviceFact() != "/dev/metal" || mc.Dialect != MSL {
		t.Errorf("metal_cpu: buildable %v, real(8) %v, device fact %s, dialect %d", mc.Buildable, mc.Caps.Real8, mc.DeviceFact(), mc.Dialect)
	}
}

// TestKernelFlags: floating point is gfortran's unless --fast (no
// contraction, no fast math); the CPU keeps a debugging level.
func TestKernelFlags(t *testing.T) {
	cpu, cuda := Must("cpu"), Must("cuda")
	for _, c := range []struct {
		t    *Target
		opt  string
		fast bool
		has  []string
		not  []string
	}{
		{cpu, "-O2", false, []string{"-O3", "-ffp-contract=off", "-fno-fast-math", "-fopenmp"}, []string{"-ffp-contract=fast"}},
		{cpu, "-O0", false, []string{"-O0"}, []string{"-O3"}},
		{cpu, "-O2", true, []string{"-ffp-contract=fast"}, []string{"-ffp-contract=off"}},
		{cuda, "-O2", false, []string{"--fmad=false", "-gencode"}, []string{"--fmad=true"}},
		{cuda, "-O2", true, []string{"--fmad=true"}, []string{"--fmad=false"}},
	} {
		flags := c.t.KernelFlags(c.opt, c.fast)
		for _, f := range c.has {
			if !slices.Contains(flags, f) {
				t.Errorf("%s %s fast=%v: %v lacks %s", c.t, c.opt, c.fast, flags, f)
			}
		}
		for _, f := range c.not {
			if slices.Contains(flags, f) {
				t.Errorf("%s %s fast=%v: %v has %s", c.t, c.opt, c.fast, flags, f)
			}
		}
	}
	if env, def := cuda.KernelCompiler(); env != "NVCC" || def != "nvcc" {
		t.Errorf("cuda compiler %s %s", env, def)
	}
	if Must("none").KernelFlags("-O2", false) != nil {
		t.Errorf("none has kernel flags")
	}
}
