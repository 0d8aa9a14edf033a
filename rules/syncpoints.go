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
	SyncFetch    SyncKind = iota // copy back the device data of a variable the statement accesses
	SyncExternal                 // a call of a procedure without a body: wait, copy back and mark stale what is not on the stack
	SyncWait                     // wait (every launch, or those that may stop), then replay a recorded stop
	SyncDiscard                  // drop the device copies of storage that ends
	SyncStale                    // the host is about to write storage the device may hold
	SyncAsync                    // after the statement: a non-blocking MPI transfer started (the runtime learns of it)
)

// rank orders the decisions at one statement as the host text has them.
func (k SyncKind) rank() int { return int(k) }

func (k SyncKind) String() string {
	return [...]string{"fetch", "external", "wait", "discard", "stale", "async start"}[k]
}

// SyncPoint is one decision of the sync analysis.
type SyncPoint struct {
	Kind SyncKind
	Site string       // the host statement (facts.Set.HostNodes) it goes before
	Pos  frontend.Pos // its position
	// Wait: the reasons (timing, end, outside).
	Whys []string
	// Fetch, discard, stale: the variable (facts.Set.Vars), or, with
	// Path set, the site of a designator up to a pointer component
	// (facts.Set.PtrPaths).
	Var  string
	Path bool
	// Section: Var is the site of an array section handed to an MPI
	// procedure (facts.Set.LibArgs, mpi.mg): the decision is for its
	// elements only.
	Section bool
	// Hoisted: a fetch or stale mark placed before the loop Site (the
	// outermost enclosing loop that launches nothing).
	Hoisted bool
	// After: a stale mark placed right after the call Site (its
	// copy-out wrote Var's host storage: stale_after_at).
	After bool
	// Async start (placed after Site): Var is the site of the buffer
	// (facts.Set.LibArgs), Req the site of the request, Recv a receive.
	Req  string
	Recv bool
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
	name := func(v string, path, section bool) string {
		if section {
			if e := r.Facts.LibArgs[v]; e != nil {
				return e.String()
			}
			return v
		}
		if path {
			if e := r.Facts.PtrPaths[v]; e != nil {
				return e.String()
			}
			return v
		}
		if s := r.Facts.Vars[v]; s != nil {
			return s.Name
		}
		return v
	}
	var out []SyncPoint
	waits := map[string]*SyncPoint{}
	for _, f := range r.Result.WaitAt() {
		s := f.A
		w := waits[s]
		if w == nil {
			w = &SyncPoint{Kind: SyncWait, Site: s, Pos: pos(s)}
			waits[s] = w
		}
		w.Whys = appendUnique(w.Whys, strings.TrimPrefix(f.B, "/"))
	}
	for _, w := range waits {
		sort.Strings(w.Whys)
		out = append(out, *w)
	}
	for _, s := range r.Result.ExternalAt() {
		out = append(out, SyncPoint{Kind: SyncExternal, Site: s, Pos: pos(s)})
	}
	d := r.Result.SyncDecisions()
	vars := []struct {
		facts   []SitePair
		kind    SyncKind
		hoisted bool
		path    bool
		section bool
	}{
		{d.FetchBefore, SyncFetch, false, false, false},
		{d.FetchBeforeLoop, SyncFetch, true, false, false},
		{d.FetchPathAt, SyncFetch, false, true, false},
		{d.FetchSecAt, SyncFetch, false, false, true},
		{d.DiscardAt, SyncDiscard, false, false, false},
		{d.StaleBefore, SyncStale, false, false, false},
		{d.StaleBeforeLoop, SyncStale, true, false, false},
		{d.StalePathAt, SyncStale, false, true, false},
		{d.StaleSecAt, SyncStale, false, false, true},
	}
	for _, v := range vars {
		for _, f := range v.facts {
			out = append(out, SyncPoint{Kind: v.kind, Site: f.A, Pos: pos(f.A), Var: f.B, Hoisted: v.hoisted, Path: v.path, Section: v.section})
		}
	}
	for _, f := range d.StaleAfterAt {
		out = append(out, SyncPoint{Kind: SyncStale, Site: f.A, Pos: pos(f.A), Var: f.B, After: true})
	}
	for _, f := range d.AsyncStart {
		out = append(out, SyncPoint{Kind: SyncAsync, Site: f.Stmt, Pos: pos(f.Stmt), Var: f.Buf, Section: true, Req: f.Req, Recv: f.Recv})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		if a.Site != b.Site {
			return a.Site < b.Site
		}
		if a.Hoisted != b.Hoisted {
			return a.Hoisted
		}
		if a.After != b.After {
			return b.After
		}
		if a.Kind != b.Kind {
			return a.Kind.rank() < b.Kind.rank()
		}
		return name(a.Var, a.Path, a.Section) < name(b.Var, b.Path, b.Section)
	})
	return out
}

// SyncErrors are the decisions the host rewrite cannot place yet
// (path_nyi, lift_nyi): not-yet-implemented errors at the statement.
func (r *CheckResult) SyncErrors() frontend.Diagnostics {
	if r == nil || r.Result == nil {
		return nil
	}
	var ds frontend.Diagnostics
	d := r.Result.SyncDecisions()
	for _, f := range d.PathNYI {
		p, _ := r.Facts.Pos(nameConst(f.A))
		what := f.B
		if e := r.Facts.PtrPaths[what]; e != nil {
			what = e.String()
		}
		ds = append(ds, frontend.NYI(frontend.NYIPurePointerComponent, p, frontend.Pos{}, "a pure procedure that reads data through the pointer component %s, which a launch may write", what))
	}
	for _, f := range d.LiftNYI {
		p, _ := r.Facts.Pos(nameConst(f.A))
		v := f.B
		if s := r.Facts.Vars[v]; s != nil {
			v = s.Name
		}
		ds = append(ds, frontend.NYI(frontend.NYIAssumedSizeUncalled, p, frontend.Pos{}, "the assumed-size dummy %s, which a launch may write, in a procedure no call of the program shows (only a caller knows its extent)", v))
	}
	for _, f := range d.AsyncNYI {
		p, _ := r.Facts.Pos(nameConst(f.A))
		v := f.B
		if s := r.Facts.Vars[v]; s != nil {
			v = s.Name
		}
		ds = append(ds, frontend.NYI(frontend.NYIAsyncReceive, p, frontend.Pos{}, "a non-blocking MPI receive into %s, which the device may hold, through a buffer or request the host cannot name again after the call (pass an array section or a whole array, and a request variable or element), or by a procedure fgpu does not follow yet; MPI_Irecv, MPI_Recv and MPI_Sendrecv are", v))
	}
	return ds.Sort()
}

// ShortWhy words a wait's reasons for the comment of its line.
func (p SyncPoint) ShortWhy() string {
	var parts []string
	for _, w := range p.Whys {
		switch w {
		case "outside":
			parts = append(parts, "acts outside the program while a launch may stop")
		case "timing":
			parts = append(parts, "timing call")
		case "end":
			parts = append(parts, "end of the program")
		default:
			parts = append(parts, w)
		}
	}
	return strings.Join(parts, "; ")
}

// WaitsForAll reports whether a wait waits for every launch (a timing
// call, the end of the program), not only for those that may stop.
func (p SyncPoint) WaitsForAll() bool {
	for _, w := range p.Whys {
		if w != "outside" {
			return true
		}
	}
	return false
}

func appendUnique(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
