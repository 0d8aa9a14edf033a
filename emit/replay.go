package emit

// This file writes the host side of stops on the device and of the
// runtime's waits (design doc, "Stopping on the device", "Where the host
// waits") into the interface module: the bind(c) interfaces of the
// runtime's Fortran entry points, and the module procedures
//
//	fgpu_<hash>_wait()        waits for every launch (fgpu_rt_wait, nothing is
//	                          copied back), then replays a stop a kernel
//	                          recorded (the host fetches what a statement
//	                          accesses with fgpu_rt_fetch(x))
//	fgpu_<hash>_wait_stops()  the same for the launches that may stop only
//	                          (fgpu_rt_wait_stops: before an action outside
//	                          the program)
//	fgpu_<hash>_external()    the same around fgpu_rt_external (a call of a
//	                          procedure without a body)
//	fgpu_<hash>_replay()      the replay alone (after fetches, which may
//	                          have waited)
//
// The replay runs the very statement of the recorded site, as written in
// the source: an integer code is the code the kernel recorded, a character
// code its constant, QUIET= its constant. So the program prints what it
// prints on the CPU (ERROR STOP 42) and ends with the same status.

import (
	"fmt"
	"path/filepath"
	"strings"

	"fgpu/lowering"
)

// partInterfaces are the bind(c) interfaces of the runtime procedures
// for sections handed to MPI procedures (rules/mpi.mg), declared only
// where the host calls them.
const partInterfaces = `    subroutine fgpu_rt_fetch_part(a) bind(c, name="fgpu_rt_fetch_part")
      type(*), dimension(..) :: a
    end subroutine fgpu_rt_fetch_part
    subroutine fgpu_rt_stale_part(a) bind(c, name="fgpu_rt_stale_part")
      type(*), dimension(..) :: a
    end subroutine fgpu_rt_stale_part
    subroutine fgpu_rt_async_start(a, req, recv) bind(c, name="fgpu_rt_async_start")
      type(*), dimension(..) :: a
      type(*), dimension(..) :: req
      integer(4), value :: recv
    end subroutine fgpu_rt_async_start
`

// hasParts reports whether the host calls fgpu_rt_fetch_part,
// fgpu_rt_stale_part or fgpu_rt_async_start anywhere.
func hasParts(sp *lowering.SyncPlan) bool {
	if sp == nil {
		return false
	}
	for _, a := range sp.At {
		for _, it := range a.Items {
			if it.Part || it.Req != "" {
				return true
			}
		}
	}
	return false
}

// runtimeInterfaces are the bind(c) interfaces of the runtime procedures
// the host calls (runtime/src/fgpu_rt.h).
func runtimeInterfaces() string {
	return `    subroutine fgpu_rt_discard(a) bind(c, name="fgpu_rt_discard")
      type(*), dimension(..) :: a
    end subroutine fgpu_rt_discard
    subroutine fgpu_rt_stale(a) bind(c, name="fgpu_rt_stale")
      type(*), dimension(..) :: a
    end subroutine fgpu_rt_stale
    subroutine fgpu_rt_fetch(a) bind(c, name="fgpu_rt_fetch")
      type(*), dimension(..) :: a
    end subroutine fgpu_rt_fetch
    subroutine fgpu_rt_elem(slot, a, lb) bind(c, name="fgpu_rt_elem")
      integer(4), value :: slot
      type(*), dimension(..), intent(in) :: a
      integer(8), intent(in) :: lb(*)
    end subroutine fgpu_rt_elem
    subroutine fgpu_rt_elem_none(slot) bind(c, name="fgpu_rt_elem_none")
      integer(4), value :: slot
    end subroutine fgpu_rt_elem_none
    subroutine fgpu_rt_wait() bind(c, name="fgpu_rt_wait")
    end subroutine fgpu_rt_wait
    subroutine fgpu_rt_wait_stops() bind(c, name="fgpu_rt_wait_stops")
    end subroutine fgpu_rt_wait_stops
    subroutine fgpu_rt_external() bind(c, name="fgpu_rt_external")
    end subroutine fgpu_rt_external
    function fgpu_rt_stop_site(code) bind(c, name="fgpu_rt_stop_site") result(site)
      integer(8), intent(out) :: code
      integer(8) :: site
    end function fgpu_rt_stop_site
`
}

// replayProcedures writes, after `contains`, the wait and leave procedures
// and the replay of every stop site of the plan.
func replayProcedures(hash string, plan *lowering.Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "contains\n")
	fmt.Fprintf(&b, "  ! Waits for every launch; a stop a kernel recorded ends the program here.\n")
	fmt.Fprintf(&b, "  subroutine fgpu_%s_wait()\n    call fgpu_rt_wait()\n    call fgpu_%s_replay()\n  end subroutine fgpu_%s_wait\n", hash, hash, hash)
	fmt.Fprintf(&b, "  ! Waits for the launches that may stop, before an action outside the program.\n")
	fmt.Fprintf(&b, "  subroutine fgpu_%s_wait_stops()\n    call fgpu_rt_wait_stops()\n    call fgpu_%s_replay()\n  end subroutine fgpu_%s_wait_stops\n", hash, hash, hash)
	fmt.Fprintf(&b, "  ! A call of a procedure without a body: every device copy not on the stack back, and stale.\n")
	fmt.Fprintf(&b, "  subroutine fgpu_%s_external()\n    call fgpu_rt_external()\n    call fgpu_%s_replay()\n  end subroutine fgpu_%s_external\n", hash, hash, hash)
	fmt.Fprintf(&b, "  ! Runs the stop statement whose site a kernel recorded, as written.\n")
	fmt.Fprintf(&b, "  subroutine fgpu_%s_replay()\n", hash)
	fmt.Fprintf(&b, "    integer(8) :: site, code\n")
	fmt.Fprintf(&b, "    site = fgpu_rt_stop_site(code)\n")
	fmt.Fprintf(&b, "    select case (site)\n")
	fmt.Fprintf(&b, "    case (0)\n")
	for _, s := range plan.StopSites {
		fmt.Fprintf(&b, "    case (%d)  ! %s:%d\n", s.ID, filepath.Base(s.Pos.File), s.Pos.Line)
		if c := s.Bounds; c != nil {
			for _, l := range continueLiteral(fmt.Sprintf("      call fgpu_%s_bounds(code, %d, %s, %d, %s)", hash, c.Line, lowering.FortranString(c.File), c.Dim, lowering.FortranString(c.Array)), 100) {
				fmt.Fprintf(&b, "%s\n", l)
			}
			continue
		}
		for _, l := range continueLiteral("      "+s.Statement("code"), 100) {
			fmt.Fprintf(&b, "%s\n", l)
		}
	}
	fmt.Fprintf(&b, "    case default\n")
	fmt.Fprintf(&b, "      error stop \"fgpu: internal error: a kernel recorded an unknown stop site\"\n")
	fmt.Fprintf(&b, "    end select\n")
	fmt.Fprintf(&b, "  end subroutine fgpu_%s_replay\n", hash)
	if plan.BoundsCheck {
		b.WriteString(strings.ReplaceAll(boundsReport, "HASH", hash))
	}
	return b.String()
}

// stopSitesCheck is a compile-time check of the kernel source: the plan's
// sites fit the runtime's status buffer.
func stopSitesCheck(plan *lowering.Plan) string {
	if len(plan.StopSites) == 0 {
		return ""
	}
	return fmt.Sprintf("static_assert(%d <= FGPU_MAX_STOP_SITES, \"more stop sites than the runtime's status buffer holds\");\n", len(plan.StopSites))
}

// continueLiteral splits a statement whose character literal makes it
// longer than max characters into continuation lines inside the literal
// (free form: '&' ends the line and '&' starts the next one in a character
// context, which keeps every character of the literal; a doubled quote is
// never split).
func continueLiteral(line string, max int) []string {
	var out []string
	var cur strings.Builder
	inLit := false
	for i := 0; i < len(line); i++ {
		tok := line[i : i+1]
		if inLit && tok == `"` && i+1 < len(line) && line[i+1] == '"' {
			tok = `""`
		}
		if inLit && cur.Len() >= max {
			out = append(out, cur.String()+"&")
			cur.Reset()
			cur.WriteString("      &")
		}
		cur.WriteString(tok)
		i += len(tok) - 1
		if tok == `"` {
			inLit = !inLit
		}
	}
	return append(out, cur.String())
}

// boundsReport reports a failed bounds check of device code (-fcheck=
// bounds, emit/bounds.go) as gfortran reports one, and ends the program
// with gfortran's status 2 (error stop 2 with quiet=.true. prints
// nothing of its own; gfortran 12 adds its backtrace lines, as after its
// runtime errors, so the message is flushed first: stderr redirected to
// a file is buffered). The code holds the index (high half) and the bound it
// failed (low half); equal halves: they did not fit in 32 bits.
const boundsReport = `  ! -fcheck=bounds: a subscript of device code out of bounds, as gfortran reports it.
  subroutine fgpu_HASH_bounds(code, line, file, dim, array)
    use, intrinsic :: iso_fortran_env, only: error_unit
    integer(8), intent(in) :: code
    integer, intent(in) :: line, dim
    character(*), intent(in) :: file, array
    integer(8) :: i, b
    i = shifta(code, 32)
    b = iand(code, int(z'FFFFFFFF', 8))
    if (b >= 2_8**31) b = b - 2_8**32
    write (error_unit, '(a,i0,a,a)') 'At line ', line, ' of file ', file
    if (i == b) then
      write (error_unit, '(a,i0,a,a,a)') 'Fortran runtime error: Index of dimension ', dim, ' of array ''', &
        array, ''' out of bounds (the index or the bound does not fit in 32 bits)'
    else if (i < b) then
      write (error_unit, '(a,i0,a,i0,a,a,a,i0)') 'Fortran runtime error: Index ''', i, ''' of dimension ', dim, &
        ' of array ''', array, ''' below lower bound of ', b
    else
      write (error_unit, '(a,i0,a,i0,a,a,a,i0)') 'Fortran runtime error: Index ''', i, ''' of dimension ', dim, &
        ' of array ''', array, ''' above upper bound of ', b
    end if
    flush (error_unit)
    error stop 2, quiet=.true.
  end subroutine fgpu_HASH_bounds
`
