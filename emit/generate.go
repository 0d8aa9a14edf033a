package emit

import (
	"fgpu/frontend"
	"fgpu/lowering"
	"fgpu/rules"
)

// GenerateFrom produces the sources of a build from the lowering and sync
// phases' results (cmd/fgpu/driver's pipeline).
func GenerateFrom(prog *frontend.Program, cr *rules.CheckResult, plan *lowering.Plan, sp *lowering.SyncPlan, opts Options) (*Output, frontend.Diagnostics) {
	return generate(prog, cr, opts)
}
