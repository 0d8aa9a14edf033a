package emit

// This file writes the placement of the sync analysis (lowering/sync.go)
// into the host text: the lines inserted before statements
//
//	call fgpu_rt_fetch(x)    ! fgpu: fetch (copy back what the statement uses)
//	call fgpu_<hash>_wait()  ! fgpu: wait (why)   (copies nothing back)
//	call fgpu_rt_discard(x)  ! fgpu: discard
//	call fgpu_rt_stale(x)    ! fgpu: host write
//	call fgpu_<hash>_leave()  ! fgpu: leave
//
// (a discard or stale mark of an optional, allocatable or pointer variable
// is guarded by present(), allocated(), associated()), and one-line IFs
// whose action needs them rewritten as IF constructs. No ASYNCHRONOUS
// attribute (ARCHITECTURE.md section 3 asks for one; emit/README.md says
// why not): the host memory of a variable is written behind the host
// compiler's back only inside fgpu_rt_fetch(x), a call that takes x.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
	"fgpu/rules"
)

// syncEdits places the sync decisions of cr into edits.
func syncEdits(prog *frontend.Program, cr *rules.CheckResult, plan *lowering.Plan, hash string, edits map[string][]edit) frontend.Diagnostics {
	sp, diags := lowering.PlaceSync(prog, cr, plan)
	if diags.HasErrors() {
		return diags
	}
	for _, at := range sp.At {
		var lines []string
		body := syncLines(at.Items, at.Indent, hash)
		if at.IfRewrite != nil {
			line, _ := prog.Line(at.File, at.Line)
			ind := leadingWS(line)
			lines = append(lines, strings.TrimRight(at.IfRewrite.Head, " \t")+" then  ! fgpu: was a one-line IF")
			lines = append(lines, body...)
			lines = append(lines, ind+"  "+strings.TrimLeft(at.IfRewrite.Action, " \t"), ind+"end if")
			edits[at.File] = append(edits[at.File], edit{from: at.Line, to: at.Line, lines: lines})
			continue
		}
		lines = append(lines, body...)
		edits[at.File] = append(edits[at.File], edit{from: at.Line, to: at.Line - 1, lines: lines})
	}
	return diags
}

func leadingWS(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// syncLines writes the calls of one place: waits, discards, stale marks,
// leaves, in that order.
func syncLines(items []lowering.SyncInsert, indent, hash string) []string {
	var out []string
	for _, kind := range []rules.SyncKind{rules.SyncFetch, rules.SyncWait, rules.SyncDiscard, rules.SyncStale, rules.SyncLeave} {
		for _, it := range items {
			if it.Kind != kind {
				continue
			}
			var call, comment string
			switch kind {
			case rules.SyncFetch:
				call, comment = fmt.Sprintf("call fgpu_rt_fetch(%s)", it.Var), "fetch"
			case rules.SyncWait:
				call, comment = fmt.Sprintf("call fgpu_%s_wait()", hash), "wait ("+it.Why+")"
			case rules.SyncDiscard:
				call, comment = fmt.Sprintf("call fgpu_rt_discard(%s)", it.Var), "discard"
			case rules.SyncStale:
				call, comment = fmt.Sprintf("call fgpu_rt_stale(%s)", it.Var), "host write"
			case rules.SyncLeave:
				call, comment = fmt.Sprintf("call fgpu_%s_leave()", hash), "leave"
			}
			switch len(it.Guards) {
			case 0:
				out = append(out, indent+call+"  ! fgpu: "+comment)
			case 1:
				out = append(out, fmt.Sprintf("%sif (%s(%s)) %s  ! fgpu: %s", indent, it.Guards[0], it.Var, call, comment))
			default:
				// Nested: Fortran does not promise to stop at a false operand.
				for i, g := range it.Guards {
					out = append(out, fmt.Sprintf("%s%sif (%s(%s)) then", indent, strings.Repeat("  ", i), g, it.Var))
				}
				out = append(out, indent+strings.Repeat("  ", len(it.Guards))+call+"  ! fgpu: "+comment)
				for i := len(it.Guards) - 1; i >= 0; i-- {
					out = append(out, indent+strings.Repeat("  ", i)+"end if")
				}
			}
		}
	}
	return out
}
