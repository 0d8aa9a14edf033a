package driver

import (
	"strings"

	"fgpu/frontend"
	"fgpu/rules"
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
	var unsupportedAs = t
	if opts.UnsupportedAs != "" {
		if unsupportedAs, err = BuildTarget(opts.UnsupportedAs); err != nil {
			return nil, false
		}
	} else {
		unsupportedAs = nil
	}
	r, err := Pipeline(Config{
		Files:       []string{file},
		Defines:     opts.Defines,
		IncludeDirs: opts.IncludeDirs,
		Form:        opts.SourceForm(),
		Target:      t,
		Check: rules.CheckOptions{
			Fallback:      opts.Fallback,
			UnsupportedAs: unsupportedAs,
			OffloadOmp:    opts.OffloadOmp,
			BoundsCheck:   opts.BoundsCheck,
		},
		Fast:            opts.Fast,
		HostOpt:         opts.Opt,
		ReallocLHS:      opts.ReallocLHS,
		StopAfter:       PhaseEmit,
		ViolationsFatal: true,
	})
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
