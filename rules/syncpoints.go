package rules

// This file reads the results of rules/sync.mg for lowering and explain:
// where the host waits, discards, marks stale and leaves. Go only collects
// what the rules decided.

import (
	"sort"
	"strings"

	"fgpu/frontend"
)

// SyncKind is what goes before a host statement.
type SyncKind int

const (
	SyncWait    SyncKind = iota // wait for every pending launch (and replay a recorded stop)
	SyncDiscard                 // drop the device copies of storage about to be freed
	SyncStale                   // the host is about to write storage a launch uses
	SyncLeave                   // return or end of a procedure that launches
	SyncFetch                   // copy back the device copy of a variable the statement accesses
)

// rank orders the decisions at one statement as the host text has them:
// fetches, the wait, discards, stale marks, the leave.
func (k SyncKind) rank() int {
	if k == SyncFetch {
		return -1
	}
	return int(k)
}

func (k SyncKind) String() string {
	return [...]string{"wait", "discard", "stale", "leave", "fetch"}[k]
}

// SyncPoint is one decision of the sync analysis.
type SyncPoint struct {
	Kind SyncKind
	Site string       // the host statement (facts.Set.HostNodes) it goes before
	Pos  frontend.Pos // its position
	// Wait: the reasons (access, outside, stop_order, goto, unknown,
	// timing, call_all, jump) and the launches waited for (loop sites).
	Whys     []string
	Launches []string
	// Discard, stale: the variable (facts.Set.Vars).
	Var string
	// Hoisted: a wait or stale mark placed before the loop Site (the
	// outermost enclosing loop that launches nothing); Sources are the
	// statements in it that need the wait.
	Hoisted bool
	Sources []string
	// Vars are the variables of the storage conflicts of a wait (names).
	Vars []string
}

// SyncPoints returns the sync decisions, sorted by position then kind.
func (r *CheckResult) SyncPoints() []SyncPoint {
	if r == nil || r.Result == nil {
		return nil
	}
	pos := func(site string) frontend.Pos {
		p, _ := r.Facts.Pos(nameConst(site))
		return p
	}
	varName := func(v string) string {
		if s := r.Facts.Vars[v]; s != nil {
			return s.Name
		}
		return v
	}
	waits := map[string]*SyncPoint{}
	var out []SyncPoint
	for _, pred := range []string{"wait_before", "wait_before_loop"} {
		for _, f := range r.Result.Facts(pred) {
			s := sym(f.Args[0])
			key := pred + " " + s
			w := waits[key]
			if w == nil {
				w = &SyncPoint{Kind: SyncWait, Site: s, Pos: pos(s), Hoisted: pred == "wait_before_loop"}
				waits[key] = w
			}
			w.Whys = appendUnique(w.Whys, strings.TrimPrefix(sym(f.Args[1]), "/"))
			w.Launches = appendUnique(w.Launches, sym(f.Args[2]))
		}
	}
	sources := map[string][]string{}
	for _, f := range r.Result.Facts("wait_source") {
		sources[sym(f.Args[0])] = append(sources[sym(f.Args[0])], sym(f.Args[1]))
	}
	conflictVars := map[string][]string{} // statement + launch -> variables
	for _, f := range r.Result.Facts("conflict_var") {
		k := sym(f.Args[0]) + " " + sym(f.Args[1])
		conflictVars[k] = append(conflictVars[k], varName(sym(f.Args[2])))
	}
	for _, w := range waits {
		sort.Strings(w.Whys)
		sort.Slice(w.Launches, func(i, j int) bool { return pos(w.Launches[i]).Before(pos(w.Launches[j])) })
		stmts := []string{w.Site}
		if w.Hoisted {
			w.Sources = sources[w.Site]
			sort.Slice(w.Sources, func(i, j int) bool { return pos(w.Sources[i]).Before(pos(w.Sources[j])) })
			stmts = w.Sources
		}
		for _, s := range stmts {
			for _, l := range w.Launches {
				for _, v := range conflictVars[s+" "+l] {
					w.Vars = appendUnique(w.Vars, v)
				}
			}
		}
		sort.Strings(w.Vars)
		out = append(out, *w)
	}
	for _, pred := range []string{"fetch_before", "fetch_before_loop"} {
		for _, f := range r.Result.Facts(pred) {
			s := sym(f.Args[0])
			out = append(out, SyncPoint{Kind: SyncFetch, Site: s, Pos: pos(s), Var: sym(f.Args[1]), Hoisted: pred == "fetch_before_loop"})
		}
	}
	for _, f := range r.Result.Facts("discard_before") {
		s := sym(f.Args[0])
		out = append(out, SyncPoint{Kind: SyncDiscard, Site: s, Pos: pos(s), Var: sym(f.Args[1])})
	}
	for _, pred := range []string{"stale_before", "stale_before_loop"} {
		for _, f := range r.Result.Facts(pred) {
			s := sym(f.Args[0])
			out = append(out, SyncPoint{Kind: SyncStale, Site: s, Pos: pos(s), Var: sym(f.Args[1]), Hoisted: pred == "stale_before_loop"})
		}
	}
	for _, f := range r.Result.Facts("leave_at") {
		s := sym(f.Args[0])
		out = append(out, SyncPoint{Kind: SyncLeave, Site: s, Pos: pos(s)})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		if a.Site != b.Site {
			return a.Site < b.Site
		}
		if a.Kind != b.Kind {
			return a.Kind.rank() < b.Kind.rank()
		}
		if a.Hoisted != b.Hoisted {
			return a.Hoisted
		}
		return varName(a.Var) < varName(b.Var)
	})
	return out
}

// ShortWhy words a wait's reasons for the comment of its line.
func (p SyncPoint) ShortWhy() string {
	var parts []string
	for _, w := range p.Whys {
		switch w {
		case "access":
			if len(p.Vars) > 0 {
				parts = append(parts, "uses "+strings.Join(p.Vars, ", "))
			} else {
				parts = append(parts, "uses device data")
			}
		case "outside":
			parts = append(parts, "acts outside the program while a launch may stop")
		case "stop_order":
			parts = append(parts, "launches a stopping kernel while another may stop")
		case "timing":
			parts = append(parts, "timing call")
		case "call_all":
			parts = append(parts, "calls a contained procedure")
		default:
			parts = append(parts, w)
		}
	}
	s := strings.Join(parts, "; ")
	if p.Hoisted {
		s += "; hoisted out of a loop that launches nothing"
	}
	return s
}

func appendUnique(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
