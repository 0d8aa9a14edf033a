package emit

// This file writes the placement of the sync analysis (lowering/sync.go)
// into the host text: the lines inserted before statements
//
//	call fgpu_rt_fetch(x)          ! fgpu: fetch (copy back what the device wrote)
//	call fgpu_<hash>_replay()      ! (after fetches, when a kernel can stop)
//	call fgpu_<hash>_external()    ! fgpu: call of a procedure without a body
//	call fgpu_<hash>_wait()        ! fgpu: wait (why)   (copies nothing back)
//	call fgpu_<hash>_wait_stops()  ! fgpu: wait (why)   (only launches that may stop)
//	call fgpu_rt_discard(x)        ! fgpu: discard
//	call fgpu_rt_stale(x)          ! fgpu: host write
//
// (a stale mark for the copy-out of the call on the line before comes
// first of all; a discard or stale mark of an optional, allocatable or pointer variable
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

// syncEdits writes the placed sync decisions (the sync phase's plan, sp)
// into edits. The procedures that get lines are added to uses (they use
// the interface module).
func syncEdits(prog *frontend.Program, sp *lowering.SyncPlan, plan *lowering.Plan, hash string, edits map[string][]edit, uses map[*frontend.Procedure]bool) {
	if sp == nil {
		return
	}
	stops := len(plan.StopSites) > 0
	for _, at := range sp.At {
		uses[at.Proc] = true
		var lines []string
		if at.IfRewrite != nil {
			// Inside: what the action needs before it, then what follows
			// it (the stale marks of a call's copy-out).
			var before, after []lowering.SyncInsert
			for _, it := range at.Items {
				if it.After {
					after = append(after, it)
				} else {
					before = append(before, it)
				}
			}
			line, _ := prog.Line(at.File, at.Line)
			ind := leadingWS(line)
			lines = append(lines, strings.TrimRight(at.IfRewrite.Head, " \t")+" then  ! fgpu: was a one-line IF")
			lines = append(lines, syncKinds(before, at.Indent, hash, stops)...)
			lines = append(lines, ind+"  "+strings.TrimLeft(at.IfRewrite.Action, " \t"))
			lines = append(lines, syncKinds(after, at.Indent, hash, stops)...)
			lines = append(lines, ind+"end if")
			edits[at.File] = append(edits[at.File], edit{from: at.Line, to: at.Line, lines: lines})
			continue
		}
		lines = append(lines, syncLines(at.Items, at.Indent, hash, stops)...)
		line := ompOpenerAbove(prog, at.File, at.Line)
		edits[at.File] = append(edits[at.File], edit{from: line, to: line - 1, lines: lines})
	}
}

// ompOpenerAbove is the line before which lines go that must come before
// line n: above the OpenMP directives that open a construct on the
// statement at n (an !$omp parallel do the host keeps must be followed by
// its DO), not above an !$omp end directive (which must follow its loop).
func ompOpenerAbove(prog *frontend.Program, file string, n int) int {
	for n > 1 {
		prev, ok := prog.Line(file, n-1)
		if !ok {
			break
		}
		t := strings.ToLower(strings.TrimSpace(prev))
		isOmp := strings.HasPrefix(t, "!$omp") || len(prev) > 0 && (prev[0] == 'c' || prev[0] == 'C' || prev[0] == '*') && strings.HasPrefix(strings.ToLower(prev[1:]), "$omp")
		if !isOmp {
			break
		}
		rest := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(t, "!$omp"), "&"), " \t")
		if len(prev) > 0 && prev[0] != '!' && prev[0] != ' ' {
			rest = strings.TrimLeft(t[5:], " \t&")
		}
		if strings.HasPrefix(rest, "end") {
			break
		}
		n--
	}
	return n
}

func leadingWS(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// syncLines writes the calls of one place: fetches (then the replay of a
// stop a kernel recorded, when the program's kernels can stop: a fetch
// may have waited), the call of a procedure without a body, the wait,
// discards, stale marks, in that order.
func syncLines(items []lowering.SyncInsert, indent, hash string, stops bool) []string {
	// What belongs right after the statement before the place (a stale
	// mark for a call's copy-out, lowering/sync.go) comes first.
	var after, here []lowering.SyncInsert
	for _, it := range items {
		if it.After {
			after = append(after, it)
		} else {
			here = append(here, it)
		}
	}
	return append(syncKinds(after, indent, hash, stops), syncKinds(here, indent, hash, stops)...)
}

// syncKinds writes the calls of items in the order of syncLines.
func syncKinds(items []lowering.SyncInsert, indent, hash string, stops bool) []string {
	var out []string
	// The start of a transfer belongs to the statement before the place
	// (lowering/sync.go, after): first.
	for _, kind := range []rules.SyncKind{rules.SyncAsync, rules.SyncFetch, rules.SyncExternal, rules.SyncWait, rules.SyncDiscard, rules.SyncStale} {
		n := 0
		for _, it := range items {
			if it.Kind != kind {
				continue
			}
			n++
			var call, comment string
			switch kind {
			case rules.SyncFetch:
				call, comment = fmt.Sprintf("call fgpu_rt_fetch(%s)", it.Var), "fetch"
				if it.Part {
					call, comment = fmt.Sprintf("call fgpu_rt_fetch_part(%s)", it.Var), "fetch (the section only)"
				}
			case rules.SyncExternal:
				call, comment = fmt.Sprintf("call fgpu_%s_external()", hash), "calls a procedure without a body"
			case rules.SyncWait:
				if it.All {
					call = fmt.Sprintf("call fgpu_%s_wait()", hash)
				} else {
					call = fmt.Sprintf("call fgpu_%s_wait_stops()", hash)
				}
				comment = "wait (" + it.Why + ")"
			case rules.SyncDiscard:
				call, comment = fmt.Sprintf("call fgpu_rt_discard(%s)", it.Var), "discard"
			case rules.SyncAsync:
				recv, what := 0, "send"
				if it.Recv {
					recv, what = 1, "receive"
				}
				call, comment = fmt.Sprintf("call fgpu_rt_async_start(%s, %s, %d)", it.Var, it.Req, recv), "non-blocking "+what+" in flight until "+it.Req+" completes"
			case rules.SyncStale:
				call, comment = fmt.Sprintf("call fgpu_rt_stale(%s)", it.Var), "host write"
				if it.After {
					comment = "host write (the copy-out of the call before)"
				}
				if it.Part {
					call, comment = fmt.Sprintf("call fgpu_rt_stale_part(%s)", it.Var), "host write (the section only)"
				}
			}
			if it.Each != "" {
				out = append(out, eachElement(indent, call, comment, it)...)
				continue
			}
			out = append(out, guarded(indent, call, comment, it)...)
		}
		if kind == rules.SyncFetch && n > 0 && stops {
			out = append(out, fmt.Sprintf("%scall fgpu_%s_replay()  ! fgpu: a stop a kernel recorded ends the program here", indent, hash))
		}
	}
	return out
}

// guarded writes a call under the inquiries of its item (present,
// allocated, associated), nested: Fortran does not promise to stop at a
// false operand.
func guarded(indent, call, comment string, it lowering.SyncInsert) []string {
	switch len(it.Guards) {
	case 0:
		return []string{indent + call + "  ! fgpu: " + comment}
	case 1:
		return []string{fmt.Sprintf("%sif (%s) %s  ! fgpu: %s", indent, it.Guards[0], call, comment)}
	}
	var out []string
	for i, g := range it.Guards {
		out = append(out, fmt.Sprintf("%s%sif (%s) then", indent, strings.Repeat("  ", i), g))
	}
	out = append(out, indent+strings.Repeat("  ", len(it.Guards))+call+"  ! fgpu: "+comment)
	for i := len(it.Guards) - 1; i >= 0; i-- {
		out = append(out, indent+strings.Repeat("  ", i)+"end if")
	}
	return out
}

// eachElement writes a call for the allocatable component it.Each of
// every element of the array it.Var, under the item's guards: a BLOCK
// with a loop over the elements (its variable declared in the block), the
// call only for an allocated component. call names it.Var; it becomes
// VAR(fgpu_e)%EACH.
func eachElement(indent, call, comment string, it lowering.SyncInsert) []string {
	el := fmt.Sprintf("%s(fgpu_e)%%%s", it.Var, it.Each)
	call = strings.Replace(call, "("+it.Var+")", "("+el+")", 1)
	var out []string
	in := indent
	for _, g := range it.Guards {
		out = append(out, fmt.Sprintf("%sif (%s) then", in, g))
		in += "  "
	}
	out = append(out,
		fmt.Sprintf("%sblock  ! fgpu: %s of %s(:)%%%s", in, comment, it.Var, it.Each),
		in+"  integer(8) :: fgpu_e",
		fmt.Sprintf("%s  do fgpu_e = lbound(%s, 1, kind=8), ubound(%s, 1, kind=8)", in, it.Var, it.Var),
		fmt.Sprintf("%s    if (allocated(%s)) %s", in, el, call),
		in+"  end do",
		in+"end block")
	for range it.Guards {
		in = in[:len(in)-2]
		out = append(out, in+"end if")
	}
	return out
}
