package lowering

// This file implements the stops pass (design doc, "Stopping on the
// device"): which kernels can stop (Kernel.CanStop), which device
// procedures get the hidden site and code arguments (Plan.StopProcs), and
// the numbered stop sites of the plan (Plan.StopSites), from the derived
// predicates of rules/stops.mg: loop_can_stop, can_stop, loop_stop_site and
// reach. It decides nothing itself: it numbers the statements the rules
// found, in (file, line, column) order, and classifies their stop codes.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
)

// StopCodeKind is what a stop site records.
type StopCodeKind int

const (
	StopNoCode   StopCodeKind = iota // stop / error stop without a code
	StopIntCode                      // an integer code of any kind, recorded as int64
	StopCharCode                     // a character constant, repeated by the host
)

// StopSite is a stop or error stop statement that an offloaded loop
// reaches, in its body or in a device procedure.
type StopSite struct {
	ID   int // 1..N over the plan
	Stmt *frontend.StopStmt
	Pos  frontend.Pos
	Code StopCodeKind
	// Char is the value of a character constant code (StopCharCode).
	Char string
	// Quiet is the value of a constant QUIET= (".true." or ".false."), ""
	// without one.
	Quiet string
	// Bounds is the bounds check the site stands for (-fcheck=bounds,
	// facts/bounds.go), nil for a statement: the kernel records the index
	// and the bound it failed in the code (fgpu_bcheck), and the host
	// reports them as gfortran does.
	Bounds *facts.BoundsCheck
}

// Statement renders the statement the host replays for the site: the
// statement as written, with code (a Fortran integer variable) in place of
// an integer stop code and the literal of a character constant.
func (s *StopSite) Statement(code string) string {
	kw := "stop"
	if s.Stmt.Error {
		kw = "error stop"
	}
	switch s.Code {
	case StopIntCode:
		kw += " " + code
	case StopCharCode:
		kw += " " + FortranString(s.Char)
	}
	if s.Quiet != "" {
		kw += ", quiet=" + s.Quiet
	}
	return kw
}

// FortranString writes s as a Fortran character literal (double quotes,
// doubled inside; no continuation: the literal stays on one line).
func FortranString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Site returns the stop site of a statement (nil when no offloaded loop
// reaches it).
func (p *Plan) Site(s *frontend.StopStmt) *StopSite {
	for _, x := range p.StopSites {
		if x.Stmt == s {
			return x
		}
	}
	return nil
}

func stops(st *state) {
	st.plan.StopProcs = map[*frontend.Procedure]bool{}
	if st.cr == nil || len(st.plan.Kernels) == 0 {
		return
	}
	loopOf := st.kernelsByLoop()
	for l := range st.cr.Result.LoopCanStop() {
		if k := loopOf[l]; k != nil {
			k.CanStop = true
		}
	}
	for l := range st.cr.Result.LoopHeap() {
		if k := loopOf[l]; k != nil {
			k.Heap = true
		}
	}
	// Device procedures with the hidden arguments: those an offloaded loop
	// reaches that can stop.
	reached := map[string]bool{}
	for _, f := range st.cr.Result.Reach() {
		if loopOf[f.A] != nil {
			reached[f.B] = true
		}
	}
	for p := range st.cr.Result.CanStop() {
		if !reached[p] {
			continue
		}
		if u := st.cr.Facts.Procs[p]; u != nil {
			st.plan.StopProcs[u] = true
		}
	}
	// The sites: statements found by the rules, looked up by position.
	byPos := stopStmtsByPos(st.prog)
	st.plan.ReallocChecks = st.cr.Facts.ReallocChecks
	st.plan.HeapChecks = st.cr.Facts.HeapChecks
	st.plan.WholeChecks = st.cr.Facts.WholeChecks
	for s := range st.cr.Facts.WholeChecks {
		// The checks of values written whole into elements the host
		// hands over (facts/hostwhole.go): error stops at the element.
		byPos[frontend.StmtPos(s)] = s
	}
	for s := range st.cr.Facts.HeapChecks {
		// The checks of allocations on the device heap (facts/heap.go).
		byPos[frontend.StmtPos(s)] = s
	}
	for s := range st.cr.Facts.ReallocChecks {
		// The checks before assignments that would reallocate a component
		// (facts/realloc.go): error stops at the assignment.
		byPos[frontend.StmtPos(s)] = s
	}
	st.plan.BoundsCheck = st.cr.Facts.BoundsCheck
	st.plan.BoundsChecks = st.cr.Facts.BoundsChecks
	for s := range st.cr.Facts.BoundsChecks {
		// The bounds checks of subscripts (facts/bounds.go): error stops
		// at the subscript, each at a position of its own.
		if o := byPos[frontend.StmtPos(s)]; o != nil {
			st.diags = append(st.diags, frontend.Diagnostic{Pos: frontend.StmtPos(s), Severity: frontend.SevError,
				Msg: "internal error: a bounds check and another stop site at one position"})
		}
		byPos[frontend.StmtPos(s)] = s
	}
	seen := map[*frontend.StopStmt]bool{}
	var sites []*StopSite
	note := map[*frontend.StopStmt]*Kernel{}
	for _, f := range st.cr.Result.LoopStopSites() {
		k := loopOf[f.A]
		if k == nil {
			continue
		}
		name := f.B
		pos, ok := st.cr.Facts.Pos(facts.Name(name))
		s := byPos[pos]
		if !ok || s == nil {
			st.diags = append(st.diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
				Msg: fmt.Sprintf("internal error: the stop site %s (at %s) of this loop is not a stop statement", name, pos)})
			continue
		}
		if !k.CanStop {
			st.diags = append(st.diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
				Msg: fmt.Sprintf("internal error: the loop reaches the stop statement at %s but cannot stop", pos)})
		}
		if seen[s] {
			continue
		}
		seen[s] = true
		note[s] = k
		sites = append(sites, &StopSite{Stmt: s, Pos: pos})
	}
	sort.Slice(sites, func(i, j int) bool { return sites[i].Pos.Before(sites[j].Pos) })
	for i, s := range sites {
		s.ID = i + 1
		if b := st.cr.Facts.BoundsChecks[s.Stmt]; b != nil {
			s.Bounds = b
			continue
		}
		st.classify(s, note[s.Stmt])
	}
	if len(sites) > MaxStopSites {
		s := sites[MaxStopSites]
		st.diags = append(st.diags, frontend.NYI(frontend.NYIStopSites, s.Pos, frontend.Pos{}, "more than %d stop statements in device code (the runtime's status buffer holds %d sites)", MaxStopSites, MaxStopSites))
	}
	st.plan.StopSites = sites
}

// MaxStopSites is the number of sites the runtime's stop status buffer
// holds (FGPU_MAX_STOP_SITES in runtime/src/fgpu_rt.h; the kernel source
// asserts it at compile time).
const MaxStopSites = 4096

// classify sets the code and QUIET= of a site; a code the host cannot
// repeat is an error at the statement.
func (st *state) classify(s *StopSite, k *Kernel) {
	loopNote := []frontend.Diagnostic{{Pos: k.Do.Pos, Severity: frontend.SevNote, Msg: "in this loop, assigned to the device"}}
	if c := s.Stmt.Code; c != nil {
		switch c.Type.Base {
		case frontend.TyInteger:
			s.Code = StopIntCode
		case frontend.TyCharacter:
			if c.Const == nil || c.Const.Type.Base != frontend.TyCharacter {
				// Design doc: "One computed at run time (error stop "bad " //
				// name) is an error for now".
				d := frontend.NYI(frontend.NYIStopCode, s.Pos, k.Do.Pos, "a character stop code that is not a constant, in device code (the host repeats the statement and cannot know the value)")
				d.Notes = loopNote
				st.diags = append(st.diags, d)
				return
			}
			s.Code = StopCharCode
			s.Char = c.Const.Str
		default:
			st.diags = append(st.diags, frontend.Diagnostic{Pos: c.Pos, Severity: frontend.SevError,
				Msg: fmt.Sprintf("internal error: a stop code of type %s", c.Type), Notes: loopNote})
			return
		}
	}
	if q := s.Stmt.Quiet; q != nil {
		if q.Const == nil || q.Const.Type.Base != frontend.TyLogical {
			d := frontend.NYI(frontend.NYIStopCode, q.Pos, k.Do.Pos, "a QUIET= that is not a constant, in device code")
			d.Notes = loopNote
			st.diags = append(st.diags, d)
			return
		}
		s.Quiet = ".false."
		if q.Const.Bool {
			s.Quiet = ".true."
		}
	}
}

// stopStmtsByPos indexes every stop statement of the program by position.
func stopStmtsByPos(prog *frontend.Program) map[frontend.Pos]*frontend.StopStmt {
	out := map[frontend.Pos]*frontend.StopStmt{}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			frontend.Inspect(u, func(n frontend.Node) bool {
				switch x := n.(type) {
				case *frontend.Procedure, *frontend.Construct, *frontend.IfStmt:
					return true
				case *frontend.StopStmt:
					out[frontend.StmtPos(x)] = x
				}
				return false
			})
		}
	}
	return out
}
