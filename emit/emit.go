// Package emit generates what the build compiles: the user's Fortran with
// each offloaded loop replaced by a call of a generated bind(c) launch
// routine (hostf90), the interface module of those routines, and the
// kernels as C++ (cpu) or CUDA C++ (cuda).
package emit

import (
	"fmt"

	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/lowering"
	"fgpu/rules"
)

// Options select the target.
type Options struct {
	// Target is the device (target.Parse of --gpu): none, cpu or cuda;
	// nil is cpu.
	Target *target.Target
	Fast   bool // --fast: FMA contraction allowed, no bounds checks
	// HostOpt is the host compiler's optimisation flag ("" for fgpu's
	// default, -O2): constant powers are computed as it computes them
	// (powi.go).
	HostOpt string
	// ReallocLHS (--realloc-lhs-arrays): before a launch, the host
	// allocates the allocatable components of the elements the loop
	// assigns whole that are not allocated, with the value's shape
	// (reallocPrealloc, hostf90.go).
	ReallocLHS bool
	// ArrayStmts: what lowering.ArrayStatements did (dead stores become
	// comments in the host text); nil when it did not run.
	ArrayStmts *lowering.ArrayStmts
	// BoundsCheck (-fcheck=bounds): device code checks its subscripts
	// (bounds.go). The checks are those of the plan, whose facts were
	// extracted with the option (rules.CheckOptions.BoundsCheck); the two
	// must agree.
	BoundsCheck bool
	// KeepRefs (a -W flag among the host compiler's flags): before each
	// launch line, a statement that refers to the procedure's variables
	// only the replaced loop referred to (its indices, the DO variables
	// and the scalars of its body), so that -Wall does not call them
	// unused (keepRefs, hostf90.go).
	KeepRefs bool
}

// Output is the generated source of one build.
type Output struct {
	// Host maps each original file path to its rewritten Fortran text.
	Host map[string]string
	// HostMarked is the Host text of the files rewritten in their original
	// lines with `# N "file"` line markers after each change, so the host
	// compiler's messages name the user's file and line (the driver
	// compiles it; gfortran reads the markers without -cpp).
	HostMarked map[string]string
	// HostOrder lists the files in an order the Fortran compiler can
	// build them (modules before their users); empty: the driver orders
	// them by module use.
	HostOrder []string
	// Interface is a Fortran module with the bind(c) interfaces of the
	// launch routines ("" when no loop is offloaded); InterfaceFile is its
	// file name. It is compiled before the host files.
	Interface, InterfaceFile string
	// Preprocessed lists the files whose Host text is already preprocessed
	// (compile them without the C preprocessor).
	Preprocessed []string
	// Kernels is the kernel source ("" when no loop is offloaded);
	// KernelFile its file name (.cpp for cpu, .cu for cuda).
	Kernels, KernelFile string
	// KernelUnits are the same kernels in translation units compiled
	// each on its own (kunits.go), for cpu and cuda; the driver compiles
	// them, not Kernels, which is then the kernels in one file for the
	// user to read (--show-gpu-kernel-source; the units' device functions
	// have their unit's tag in their names).
	KernelUnits []KernelUnit
	// MSL is, for metal (fgpu build --gpu=metal), the kernels in the Metal
	// Shading Language for Apple's metal compiler, MSLFile its name (.metal);
	// Kernels is then the launch routines, C++ for clang++ on macOS
	// (metalhost.go).
	MSL, MSLFile string
}

// Generate produces the sources of a build from the results of the
// pipeline's lowering and sync phases (cmd/fgpu/driver/pipeline.go): the
// plan and the placed sync decisions sp (nil when no loop is offloaded).
// cr is nil for the target none (every loop on the host).
func Generate(prog *frontend.Program, cr *rules.CheckResult, plan *lowering.Plan, sp *lowering.SyncPlan, opts Options) (*Output, frontend.Diagnostics) {
	if plan != nil && len(plan.Kernels) > 0 && plan.BoundsCheck != opts.BoundsCheck {
		return nil, frontend.Diagnostics{{Severity: frontend.SevError, Pos: plan.Kernels[0].Do.Pos,
			Msg: fmt.Sprintf("internal error: the emitter's -fcheck=bounds (%v) is not the analyses' (%v)", opts.BoundsCheck, plan.BoundsCheck)}}
	}
	return generate(prog, cr, plan, sp, opts)
}
