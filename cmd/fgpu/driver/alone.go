package driver

import (
	"strings"

	"fgpu/frontend"
)

// CheckAlone runs the analyses (through emit, without compiling) on one
// source compiled on its own (fgpu -c), so that a loop error fails the
// compile of the file that has it, as the link would. final is false when
// the file needs names from modules or procedures that are not in it (a
// module of another file, an external procedure): the whole program,
// assembled at the link, decides then, and CheckAlone reports nothing.
func CheckAlone(file string, opts Options) (diags frontend.Diagnostics, final bool) {
	t, err := BuildTarget(opts.Device)
	if err != nil || t.IsMetal() {
		return nil, false
	}
	cfg, err := pipelineConfig([]string{file}, opts, t, PhaseEmit)
	if err != nil {
		return nil, false
	}
	cfg.Check.ShowKernelSource = false // the link shows them
	r, err := Pipeline(cfg)
	if err != nil || r == nil {
		return nil, false
	}
	for _, d := range r.Diags {
		if strings.Contains(d.Msg, "is not among the given files") || d.Code == string(frontend.NYIExternalCall) {
			return nil, false
		}
	}
	return r.Diags, true
}
