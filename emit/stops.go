package emit

// This file writes stops in device code (design doc, "Stopping on the
// device"): a stop statement records its site and code and leaves the
// iteration or the device procedure; a call of a procedure that can stop
// passes the hidden site and code arguments and is followed by a test.

import (
	"path/filepath"

	"fgpu/frontend"
	"fgpu/lowering"
)

// procStops reports a procedure that can stop (rules/stops.mg, can_stop):
// its calls pass the hidden site and code arguments and are tested.
func (g *kernelGen) procStops(p *frontend.Procedure) bool {
	return p != nil && g.funcs != nil && g.funcs.plan != nil && g.funcs.plan.StopProcs[p]
}

// exprStops reports an expression that calls a procedure that can stop,
// or (-fcheck=bounds) has a subscript that is checked.
func (g *kernelGen) exprStops(e *frontend.Expr) bool {
	if e == nil {
		return false
	}
	if e.Kind == frontend.ERef && e.Ref == frontend.RefFunction && g.procStops(e.Proc) {
		return true
	}
	if g.boundsChecked(e) {
		// A subscript a check may find out of bounds (bounds.go).
		return true
	}
	if g.exprStops(e.X) || g.exprStops(e.Y) {
		return true
	}
	return g.exprsStop(e.Args) || g.exprsStop(e.Range[:])
}

func (g *kernelGen) exprsStop(es []*frontend.Expr) bool {
	for _, e := range es {
		if g.exprStops(e) {
			return true
		}
	}
	return false
}

// hiddenStopArgs are the site and code arguments a call of a procedure
// that can stop passes: the iteration's in the kernel, the caller's own in
// a device procedure (which can stop, as it calls one that can).
func (g *kernelGen) hiddenStopArgs(pos frontend.Pos) []string {
	if g.proc != nil {
		if !g.procStops(g.proc) {
			g.internal(pos, "the device procedure %s calls a procedure that can stop but cannot stop itself", g.proc.Name)
		}
		return []string{"fgpu_site", "fgpu_code"}
	}
	if g.k == nil || !g.k.CanStop {
		g.internal(pos, "a kernel that cannot stop calls a procedure that can")
	}
	return []string{"&fgpu_site", "&fgpu_code"}
}

// stopTest ends the iteration (kernel) or returns (device procedure) when
// a call made before it recorded a stop.
func (g *kernelGen) stopTest() {
	if g.proc != nil {
		g.line("if (*fgpu_site != 0) return%s;", g.retValue())
		return
	}
	g.line("if (fgpu_site != 0) %s", g.stopLeave())
}

func (g *kernelGen) retValue() string {
	if g.result != "" {
		return " " + g.result
	}
	return ""
}

// stopStmt writes a stop or error stop of device code (design doc,
// "Stopping on the device"): it records its site and its integer code,
// unless a call of the same statement recorded one first, and ends the
// iteration (kernel: the status buffer is written at the iteration's end)
// or returns to the caller (device procedure: through the hidden
// arguments). The host replays the statement.
func (g *kernelGen) stopStmt(x *frontend.StopStmt) {
	var site *lowering.StopSite
	if g.funcs != nil && g.funcs.plan != nil {
		site = g.funcs.plan.Site(x)
	}
	if site == nil {
		g.internal(x.Pos, "a stop statement without a stop site")
		return
	}
	code := "0"
	if site.Code == lowering.StopIntCode {
		code = g.convertTo(x.Code, "int64_t")
	}
	g.line("{ // site %d: %s at %s:%d", site.ID, site.Statement("..."), filepath.Base(x.Pos.File), x.Pos.Line)
	g.indent++
	g.line("const int64_t fgpu_c = %s;", code)
	if g.proc != nil {
		if !g.procStops(g.proc) {
			g.internal(x.Pos, "the device procedure %s has a stop but cannot stop", g.proc.Name)
		}
		g.line("if (*fgpu_site == 0) { *fgpu_code = fgpu_c; *fgpu_site = %d; }", site.ID)
		g.line("return%s;", g.retValue())
	} else {
		if g.k == nil || !g.k.CanStop {
			g.internal(x.Pos, "a kernel with a stop that cannot stop")
		}
		g.line("if (fgpu_site == 0) { fgpu_code = fgpu_c; fgpu_site = %d; }", site.ID)
		g.line("%s", g.stopLeave())
	}
	g.indent--
	g.line("}")
}
