package lowering

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"fgpu/frontend"
)

// DumpPlan writes the plan in a stable text form (--dump-dir,
// lowering.txt): each kernel with its loop, indices, parameters, locals
// and flags; the loops kept on the host; the stop sites.
func DumpPlan(w io.Writer, p *Plan) {
	if p == nil {
		return
	}
	for _, k := range p.Kernels {
		fmt.Fprintf(w, "kernel %s %s:%d (%s)\n", k.Name, k.Loop.Pos.File, k.Loop.Pos.Line, procName(k.Proc))
		var idx []string
		for _, s := range k.Indices {
			idx = append(idx, s.Name)
		}
		fmt.Fprintf(w, "\tindices %s\n", strings.Join(idx, " "))
		for _, pa := range k.Params {
			fmt.Fprintf(w, "\tparam %s %s", pa.Sym.Name, pa.Kind)
			if pa.Op != "" {
				fmt.Fprintf(w, " op=%s", pa.Op)
			}
			if pa.Written {
				fmt.Fprint(w, " written")
			}
			if pa.Inferred {
				fmt.Fprint(w, " inferred")
			}
			fmt.Fprintln(w)
		}
		for _, l := range k.Locals {
			fmt.Fprintf(w, "\tlocal %s init=%v\n", l.Sym.Name, l.InitFrom)
		}
		fmt.Fprintf(w, "\tcan_stop=%v packed=%v grouped=%v combined=%d inner=%d\n", k.CanStop, k.Packed, k.Grouped, len(k.Combined), len(k.Inner))
	}
	var host []*frontend.Construct
	for c := range p.Host {
		host = append(host, c)
	}
	sort.Slice(host, func(i, j int) bool { return host[i].Pos.Before(host[j].Pos) })
	for _, c := range host {
		fmt.Fprintf(w, "host %s:%d\n", c.Pos.File, c.Pos.Line)
	}
	for _, s := range p.StopSites {
		fmt.Fprintf(w, "stop %d %s:%d:%d\n", s.ID, s.Pos.File, s.Pos.Line, s.Pos.Col)
	}
}

// DumpSync writes the sync placement (--dump-dir, sync.txt): the lines
// inserted before each line, in file and line order.
func DumpSync(w io.Writer, sp *SyncPlan) {
	if sp == nil {
		return
	}
	for _, at := range sp.At {
		fmt.Fprintf(w, "%s:%d (%s)", at.File, at.Line, procName(at.Proc))
		if at.IfRewrite != nil {
			fmt.Fprint(w, " one-line if rewritten")
		}
		fmt.Fprintln(w)
		for _, it := range at.Items {
			fmt.Fprintf(w, "\t%s %s", it.Kind, it.Var)
			if it.Each != "" {
				fmt.Fprintf(w, "(:)%%%s", it.Each)
			}
			if len(it.Guards) > 0 {
				fmt.Fprintf(w, " if %s", strings.Join(it.Guards, ", "))
			}
			if it.Why != "" {
				fmt.Fprintf(w, " (%s)", it.Why)
			}
			if it.All {
				fmt.Fprint(w, " all")
			}
			if it.After {
				fmt.Fprintf(w, " after the statement of line %d", it.Line)
			}
			fmt.Fprintln(w)
		}
	}
}

func procName(p *frontend.Procedure) string {
	if p == nil {
		return "?"
	}
	if p.Name == "" {
		return "main program"
	}
	return p.Name
}

func (k ParamKind) String() string {
	switch k {
	case ArrayParam:
		return "array"
	case ScalarIn:
		return "scalar_in"
	case ScalarOut:
		return "scalar_out"
	case ReduceParam:
		return "reduce"
	case LastParam:
		return "last"
	}
	return fmt.Sprintf("param_kind(%d)", int(k))
}
