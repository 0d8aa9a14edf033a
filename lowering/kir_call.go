package lowering

// This file translates calls of device functions in a kernel body into
// the IR (kernelir.FuncCall): the subset whose arguments are all scalars
// passed by value -- every dummy a scalar intent(in), not optional, every
// actual positional -- and which hand the function nothing hidden (no
// module or host variable, rules/hidden; no workspace slice of a
// run-time sized local; it cannot stop, rules/stops.mg). Other calls are
// still Unsupported (the legacy writer prints their kernels).

import (
	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/kernelir"
)

func (b *kirBuilder) funcCall(e *frontend.Expr, t kernelir.Type) kernelir.Expr {
	p := e.Proc
	switch {
	case p == nil || p.Result == nil || p.Result.Rank != 0:
		return b.unsupported(e.Pos, "the function call %s", e)
	case len(b.plan.Hidden[p]) > 0:
		return b.unsupported(e.Pos, "the function call %s (handed module or host variables)", e)
	case b.plan.StopProcs[p]:
		return b.unsupported(e.Pos, "the function call %s (a function that can stop)", e)
	case len(facts.RuntimeLocals(p)) > 0:
		return b.unsupported(e.Pos, "the function call %s (its locals of a run-time shape)", e)
	case len(e.Args) != len(p.Dummies):
		return b.unsupported(e.Pos, "the function call %s (optional arguments)", e)
	}
	if rt, ok := kirType(p.Result.Type); !ok || rt != t {
		return b.unsupported(e.Pos, "the function call %s (its result of type %s)", e, p.Result.Type)
	}
	call := &kernelir.FuncCall{Pos: kirPos(e.Pos), Callee: p, Name: p.Name, T: t}
	for i, a := range e.Args {
		d := p.Dummies[i]
		if a == nil || a.Kind == frontend.EKeyword || a.Rank != 0 || d.Rank != 0 || d.Optional || d.Intent != "in" {
			return b.unsupported(e.Pos, "the function call %s (an argument that is not a scalar by value)", e)
		}
		if _, ok := kirType(d.Type); !ok || d.Type.Base == frontend.TyDerived {
			return b.unsupported(e.Pos, "the function call %s (a dummy of type %s)", e, d.Type)
		}
		call.Args = append(call.Args, b.convert(a, d.Type))
	}
	return call
}
