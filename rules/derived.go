package rules

// This file gives typed access to the derived predicates that lowering
// and the sync placement consume, keyed by site: the text of a site
// constant (/s/N for statements, loops and procedures, /v/N for
// variables), which is also the key of the maps of facts.Set (Loops,
// Procs, Vars, HostNodes, PtrPaths). Each accessor names the .mg file that
// derives its predicate. Slices keep the order of Result.Facts (sorted by
// the facts' text), so callers that build output from them stay
// deterministic.

import "strings"

// SitePair is a derived fact about two sites: (loop, procedure), (loop,
// stop statement), (statement, variable or pointer path), ...
type SitePair struct{ A, B string }

// NestStage is the staged variable of a shared nest (nest_stage): X is
// staged in Y.
type NestStage struct{ X, Y string }

// siteSet is the sites of a unary predicate.
func (r *Result) siteSet(pred string) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Facts(pred) {
		out[sym(f.Args[0])] = true
	}
	return out
}

// pairs is the facts of a binary predicate over sites (or names).
func (r *Result) pairs(pred string) []SitePair {
	var out []SitePair
	for _, f := range r.Facts(pred) {
		out = append(out, SitePair{sym(f.Args[0]), sym(f.Args[1])})
	}
	return out
}

// Packable is the loops whose iterations can run in packs of consecutive
// iterations (pack.mg, packable).
func (r *Result) Packable() map[string]bool { return r.siteSet("packable") }

// LoopCanStop is the loops that can execute a STOP or ERROR STOP
// (stops.mg, loop_can_stop).
func (r *Result) LoopCanStop() map[string]bool { return r.siteSet("loop_can_stop") }

// LoopHeap is the loops whose kernels allocate on the device heap
// (heap.mg, loop_heap).
func (r *Result) LoopHeap() map[string]bool { return r.siteSet("loop_heap") }

// CanStop is the procedures that can stop (stops.mg, can_stop).
func (r *Result) CanStop() map[string]bool { return r.siteSet("can_stop") }

// LoopStopSites is the stop statements each loop reaches: A the loop, B
// the statement (stops.mg, loop_stop_site).
func (r *Result) LoopStopSites() []SitePair { return r.pairs("loop_stop_site") }

// Reach is the procedures each loop reaches through calls: A the loop, B
// the procedure (reach.mg, reach).
func (r *Result) Reach() []SitePair { return r.pairs("reach") }

// NestModes is how each nested loop runs: "combined" with its parent's
// iterations or "shared" by the threads of a block (nest.mg, nest_mode;
// the mode's name without its slash).
func (r *Result) NestModes() map[string]string {
	out := map[string]string{}
	for _, p := range r.pairs("nest_mode") {
		out[p.A] = strings.TrimPrefix(p.B, "/")
	}
	return out
}

// NestStages is the staged variable of each shared nest (nest.mg,
// nest_stage).
func (r *Result) NestStages() map[string]NestStage {
	out := map[string]NestStage{}
	for _, f := range r.Facts("nest_stage") {
		out[sym(f.Args[0])] = NestStage{sym(f.Args[1]), sym(f.Args[2])}
	}
	return out
}

// NestHostTrip is the nested loops whose trip count the host computes
// (nest.mg, nest_host_trip).
func (r *Result) NestHostTrip() map[string]bool { return r.siteSet("nest_host_trip") }

// Coop is the loops whose iterations each run on the threads of a block
// together (coop.mg, coop).
func (r *Result) Coop() map[string]bool { return r.siteSet("coop") }

// CoopFast is the DO variable of each DO nest of a cooperative loop that
// consecutive threads take: A the nest, B the variable (coop.mg, coop_fast).
func (r *Result) CoopFast() []SitePair { return r.pairs("coop_fast") }

// CoopTiles is the local() arrays of cooperative loops that live in shared
// memory: A the loop, B the array (coop.mg, coop_tile).
func (r *Result) CoopTiles() []SitePair { return r.pairs("coop_tile") }

// SerialIndices is the indices that run in order inside the thread of an
// iteration: A the loop, B the index (race.mg, serial_index).
func (r *Result) SerialIndices() []SitePair { return r.pairs("serial_index") }

// AccumOmits is the accumulations whose subscripts omit an index of
// their loop: A the loop, B the element written (race.mg, race_omits of a
// race_accum).
func (r *Result) AccumOmits() []SitePair {
	accum := r.siteSet("race_accum")
	var out []SitePair
	for _, p := range r.pairs("race_omits") {
		if accum[p.B] {
			out = append(out, p)
		}
	}
	return out
}

// RaceUnknown is the written elements whose subscripts the race analysis
// does not decide: A the loop, B the element reference (race.mg,
// race_unknown).
func (r *Result) RaceUnknown() []SitePair { return r.pairs("race_unknown") }

// WaitAt is the host statements before which the host waits for the
// device, with each reason: A the statement, B the reason (sync.mg,
// wait_at).
func (r *Result) WaitAt() []SitePair { return r.pairs("wait_at") }

// ExternalAt is the host statements that hand data to a procedure the
// program does not show (sync.mg, external_at).
func (r *Result) ExternalAt() []string {
	var out []string
	for _, f := range r.Facts("external_at") {
		out = append(out, sym(f.Args[0]))
	}
	return out
}

// SyncDecisions are the decisions of sync.mg that place a line of the
// host rewrite before a statement (A, or for the _loop ones the loop the
// line is hoisted before) about a variable (B, or for the path ones the
// site of a pointer path), and those it cannot place yet.
type SyncDecisions struct {
	FetchBefore     []SitePair // fetch_before(S, V)
	FetchBeforeLoop []SitePair // fetch_before_loop(H, V)
	FetchPathAt     []SitePair // fetch_path_at(S, Path)
	DiscardAt       []SitePair // discard_at(S, V)
	StaleBefore     []SitePair // stale_before(S, V)
	StaleBeforeLoop []SitePair // stale_before_loop(H, V)
	StalePathAt     []SitePair // stale_path_at(S, Path)
	StaleAfterAt    []SitePair // stale_after_at(S, V): right after call S
	PathNYI         []SitePair // path_nyi(S, Path)
	LiftNYI         []SitePair // lift_nyi(S, V)
	FetchSecAt      []SitePair // fetch_sec_at(S, A) (mpi.mg)
	StaleSecAt      []SitePair // stale_sec_at(S, A) (mpi.mg)
	AsyncNYI        []SitePair // async_nyi(S, V) (mpi.mg)
	AsyncStart      []AsyncStart
}

// AsyncStart is async_start(S, A, R, Kind) (mpi.mg): right after host
// statement Stmt, the buffer at argument site Buf is in a non-blocking
// transfer (a receive when Recv) until the request at site Req completes.
type AsyncStart struct {
	Stmt, Buf, Req string
	Recv           bool
}

func (r *Result) asyncStarts() []AsyncStart {
	var out []AsyncStart
	for _, f := range r.Facts("async_start") {
		out = append(out, AsyncStart{sym(f.Args[0]), sym(f.Args[1]), sym(f.Args[2]), sym(f.Args[3]) == "/recv"})
	}
	return out
}

// SyncDecisions returns the decisions of sync.mg.
func (r *Result) SyncDecisions() SyncDecisions {
	return SyncDecisions{
		FetchBefore:     r.pairs("fetch_before"),
		FetchBeforeLoop: r.pairs("fetch_before_loop"),
		FetchPathAt:     r.pairs("fetch_path_at"),
		DiscardAt:       r.pairs("discard_at"),
		StaleBefore:     r.pairs("stale_before"),
		StaleBeforeLoop: r.pairs("stale_before_loop"),
		StalePathAt:     r.pairs("stale_path_at"),
		StaleAfterAt:    r.pairs("stale_after_at"),
		PathNYI:         r.pairs("path_nyi"),
		LiftNYI:         r.pairs("lift_nyi"),
		FetchSecAt:      r.pairs("fetch_sec_at"),
		StaleSecAt:      r.pairs("stale_sec_at"),
		AsyncNYI:        r.pairs("async_nyi"),
		AsyncStart:      r.asyncStarts(),
	}
}

// SharedPrivate is the shared scalars of each loop that are local to its
// iterations in effect: A the loop, B the variable (shared.mg,
// shared_private).
func (r *Result) SharedPrivate() []SitePair { return r.pairs("shared_private") }

// SharedLast is the shared_private scalars of each loop that keep the
// value of the sequentially last iteration: A the loop, B the variable
// (shared.mg, shared_last).
func (r *Result) SharedLast() []SitePair { return r.pairs("shared_last") }

// SharedReduce is a shared scalar of a loop that the loop reduces as if
// it had reduce(Op: Var) (shared.mg, shared_reduce).
type SharedReduce struct {
	Loop, Var string
	Op        string // the operator's name: /plus, /times, /max, ...
}

// SharedReduces returns the shared_reduce decisions.
func (r *Result) SharedReduces() []SharedReduce {
	var out []SharedReduce
	for _, f := range r.Facts("shared_reduce") {
		out = append(out, SharedReduce{Loop: sym(f.Args[0]), Var: sym(f.Args[1]), Op: sym(f.Args[2])})
	}
	return out
}

// WrittenBuffers is the kernel data each loop writes: A the loop, B the
// variable (access.mg, buffer(L, V, /written)).
func (r *Result) WrittenBuffers() []SitePair {
	var out []SitePair
	for _, f := range r.Facts("buffer") {
		if sym(f.Args[2]) == "/written" {
			out = append(out, SitePair{sym(f.Args[0]), sym(f.Args[1])})
		}
	}
	return out
}

// Aliases is the associate names and the variables of their selectors: A
// the associate name, B the variable (a fact of package facts, alias).
func (r *Result) Aliases() []SitePair { return r.pairs("alias") }

// Workspaces is the arrays of the iterations that live in per-iteration
// slices of a host-sized workspace: A the loop, B the variable
// (workspace.mg, workspace).
func (r *Result) Workspaces() []SitePair { return r.pairs("workspace") }

// WorkspaceUnsized is why the host cannot size an array of the iterations
// (workspace.mg, workspace_unsized).
type WorkspaceUnsized struct{ Loop, Var, Reason, What string }

// WorkspacesUnsized lists workspace_unsized.
func (r *Result) WorkspacesUnsized() []WorkspaceUnsized {
	var out []WorkspaceUnsized
	for _, f := range r.Facts("workspace_unsized") {
		out = append(out, WorkspaceUnsized{sym(f.Args[0]), sym(f.Args[1]), strings.TrimPrefix(sym(f.Args[2]), "/"), sym(f.Args[3])})
	}
	return out
}

// WorkspacesVarying is the workspace arrays whose bounds read an index of
// the iterations (workspace.mg, workspace_varying).
func (r *Result) WorkspacesVarying() []SitePair { return r.pairs("workspace_varying") }
