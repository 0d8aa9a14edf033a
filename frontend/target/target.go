// Package target describes the devices fgpu compiles loops for: the one
// place that knows a device's name, its kernel dialect and file, the
// compiler that builds its kernels and with which flags, and what its
// kernels can hold. No other package compares device strings: they ask
// a *Target.
//
// It sits under frontend/ because every stage (facts, rules, lowering,
// emit, the driver) reads it and it imports nothing of fgpu's.
package target

import "fmt"

// Kind names a device.
type Kind int

const (
	None  Kind = iota // every loop stays on the host (--gpu=none)
	CPU               // C++17 kernels on host threads (--gpu=cpu, alias cuda_cpu)
	CUDA              // CUDA C++ kernels built by nvcc
	Metal             // Metal Shading Language (checked, not built here)
	// MetalCPU: Metal's rules, kernels in MSL compiled as C++ with a
	// header that maps MSL onto C++ and run on the host (a test backend).
	MetalCPU
)

// Dialect is the language the kernels are written in.
type Dialect int

const (
	NoKernels Dialect = iota
	CXX               // C++17 with OpenMP threads
	CUDACXX           // CUDA C++
	MSL               // Metal Shading Language
)

// Caps are what a device's kernels can hold; the analyses' unsupported
// list for the device (rules/unsupported.mg) reads the same facts.
type Caps struct {
	Real8 bool // real(8) and complex(8) arithmetic
	// Warps: threads of a block run in lanes that can shuffle values
	// (CUDA warps); the CPU's "lanes" are iterations of one thread.
	Warps bool
	// SharedMemory: a block's threads share fast scratch memory (nested
	// loops staged through it).
	SharedMemory bool
	// SeparateMemory: the device has its own memory (fetches and stale
	// marks move bytes); the CPU backend shares the host's unless
	// FGPU_CPU_SEPARATE=1.
	SeparateMemory bool
}

// Target is one device and its toolchain.
type Target struct {
	Kind Kind
	Name string // "none", "cpu", "cuda", "metal", "metal_cpu": the spelling of --gpu
	// Rules is the device whose rules apply (the device fact), when it is
	// not Name: metal_cpu is checked as metal.
	Rules string
	// Dialect and KernelFile: the kernels' language and the name of the
	// generated file ("" for none).
	Dialect    Dialect
	KernelFile string
	// Buildable: the toolchain exists on Linux (metal's does not).
	Buildable bool
	Caps      Caps
}

var (
	targetNone  = &Target{Kind: None, Name: "none", Buildable: true}
	targetCPU   = &Target{Kind: CPU, Name: "cpu", Dialect: CXX, KernelFile: "fgpu_kernels.cpp", Buildable: true, Caps: Caps{Real8: true}}
	targetCUDA  = &Target{Kind: CUDA, Name: "cuda", Dialect: CUDACXX, KernelFile: "fgpu_kernels.cu", Buildable: true, Caps: Caps{Real8: true, Warps: true, SharedMemory: true, SeparateMemory: true}}
	targetMetal = &Target{Kind: Metal, Name: "metal", Dialect: MSL, KernelFile: "fgpu_kernels.metal", Caps: Caps{Warps: true, SharedMemory: true}}
	// metal_cpu: Metal's rules (no real(8)); the MSL emitter runs nested
	// loops in the iteration's thread and has no SIMD-group reductions
	// yet, so no warps or shared memory.
	targetMetalCPU = &Target{Kind: MetalCPU, Name: "metal_cpu", Rules: "metal", Dialect: MSL, KernelFile: "fgpu_kernels_msl.cpp", Buildable: true}
)

// Parse reads a device spelling of --gpu or --unsupported-as: none, cpu
// (alias cuda_cpu; "" is cpu, the default), cuda, metal, metal_cpu.
func Parse(name string) (*Target, error) {
	switch name {
	case "", "cpu", "cuda_cpu":
		return targetCPU, nil
	case "cuda":
		return targetCUDA, nil
	case "metal":
		return targetMetal, nil
	case "metal_cpu":
		return targetMetalCPU, nil
	case "none":
		return targetNone, nil
	}
	return nil, fmt.Errorf("unknown device %q (cpu, cuda, cuda_cpu, metal, metal_cpu, none)", name)
}

// Must is Parse for spellings known to be valid (tests, defaults).
func Must(name string) *Target {
	t, err := Parse(name)
	if err != nil {
		panic(err)
	}
	return t
}

// All lists the targets, in Kind order.
func All() []*Target {
	return []*Target{targetNone, targetCPU, targetCUDA, targetMetal, targetMetalCPU}
}

// Offloads reports whether loops go to a device at all (not none).
func (t *Target) Offloads() bool { return t != nil && t.Kind != None }

// IsCUDA, IsCPU, IsMetal name the kinds for the emitters' switches.
func (t *Target) IsCUDA() bool  { return t != nil && t.Kind == CUDA }
func (t *Target) IsCPU() bool   { return t != nil && t.Kind == CPU }
func (t *Target) IsMetal() bool { return t != nil && t.Kind == Metal }

// IsMetalCPU: MSL kernels run on the host (--gpu=metal_cpu).
func (t *Target) IsMetalCPU() bool { return t != nil && t.Kind == MetalCPU }

// RulesName is the device whose rules apply: Rules, else Name.
func (t *Target) RulesName() string {
	if t.Rules != "" {
		return t.Rules
	}
	return t.Name
}

// DeviceFact is the name constant of the device fact (rules/schema.mg).
func (t *Target) DeviceFact() string { return "/dev/" + t.RulesName() }

func (t *Target) String() string {
	if t == nil {
		return "<nil target>"
	}
	return t.Name
}

// Toolchain: the compiler of a target's kernels and their flags. The
// driver finds the program ($CXX or c++, $NVCC or nvcc) and runs it with
// these flags; the runtime of the target is built with RuntimeFlags.

// gencode is the CUDA build's target (the H200: sm_90, with PTX).
var gencode = []string{"-gencode", "arch=compute_90,code=[sm_90,compute_90]"}

// WithArch returns CUDA compile flags for compute capability cc ("90",
// "80", ...; nvfortran's -gpu=ccXX) instead of the default sm_90: the
// gencode pair of flags is replaced. Flags without it are returned as
// they are, and so are all flags when cc is "".
func WithArch(flags []string, cc string) []string {
	if cc == "" {
		return flags
	}
	out := append([]string(nil), flags...)
	for i := 0; i+1 < len(out); i++ {
		if out[i] == gencode[0] && out[i+1] == gencode[1] {
			out[i+1] = fmt.Sprintf("arch=compute_%s,code=[sm_%s,compute_%s]", cc, cc, cc)
		}
	}
	return out
}

// KernelCompiler is the environment variable and default program of the
// compiler of the kernels ("" for none and metal).
func (t *Target) KernelCompiler() (env, def string) {
	switch t.Kind {
	case CPU, MetalCPU:
		return "CXX", "c++"
	case CUDA:
		return "NVCC", "nvcc"
	}
	return "", ""
}

// KernelFlags are the flags that compile the kernels at the user's
// optimisation level opt (-O0..-O3); fast allows FMA contraction.
// Floating point is gfortran's otherwise: no contraction, no fast math.
func (t *Target) KernelFlags(opt string, fast bool) []string {
	switch t.Kind {
	case CPU:
		contract := "-ffp-contract=off"
		if fast {
			contract = "-ffp-contract=fast"
		}
		return []string{"-std=c++17", cpuKernelOpt(opt), "-fopenmp", contract, "-fno-fast-math"}
	case CUDA:
		fmad := "--fmad=false"
		if fast {
			fmad = "--fmad=true"
		}
		return append([]string{"-O3", fmad}, gencode...)
	case MetalCPU:
		// The MSL as C++ (fgpu_msl_cpu.h), one thread at a time: no
		// OpenMP in the kernels; floating point as the CPU's.
		contract := "-ffp-contract=off"
		if fast {
			contract = "-ffp-contract=fast"
		}
		return []string{"-std=c++17", cpuKernelOpt(opt), contract, "-fno-fast-math"}
	}
	return nil
}

// RuntimeNVCCFlags are the nvcc flags of the CUDA runtime's device part.
func (t *Target) RuntimeNVCCFlags() []string {
	return append([]string{"-O3", "--fmad=false"}, gencode...)
}

// LinkFlags are what the link of a program with this target's kernels
// and runtime needs after the objects (the CUDA library flags are the
// driver's: they depend on where libcudart was found).
func (t *Target) LinkFlags() []string {
	switch t.Kind {
	case CPU, MetalCPU:
		// (metal_cpu links the CPU runtime, built with OpenMP.)
		return []string{"-fopenmp", "-lstdc++"}
	case CUDA:
		return []string{"-lstdc++", "-ldl", "-lpthread", "-lrt"}
	}
	return nil
}

// cpuKernelOpt is the optimisation level of CPU kernels: -O3 (the
// vectoriser's full strength on the simd loops of the kernels) unless the
// user asked for -O0 or -O1 (a debugging build keeps its level). Never
// -march=native: the binary may run on another machine.
func cpuKernelOpt(opt string) string {
	if opt == "-O0" || opt == "-O1" {
		return opt
	}
	return "-O3"
}
