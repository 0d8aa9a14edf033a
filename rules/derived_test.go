package rules

import (
	"fgpu/frontend/target"
	"testing"

	"fgpu/frontend"
)

// TestDerivedAccessors checks that the typed accessors read what the
// predicates hold, on programs that stop in device code, nest loops and
// place sync lines.
func TestDerivedAccessors(t *testing.T) {
	for _, f := range []string{
		"../spec-tests/S2-hidden-stop-args/nested_pure_subroutines.f90",
		"../emit/testdata/e2e/cpu_loop_nest.f90",
		"../spec-tests/W1-host-access-waits/read_every_kth_step.f90",
	} {
		prog, ds := frontend.Load([]string{f}, frontend.Options{})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", f, ds)
		}
		cr, err := Check(prog, CheckOptions{Target: target.Must("cuda")})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		r := cr.Result
		sets := map[string]map[string]bool{"packable": r.Packable(), "loop_can_stop": r.LoopCanStop(),
			"can_stop": r.CanStop(), "nest_host_trip": r.NestHostTrip()}
		for pred, got := range sets {
			if n := len(r.Facts(pred)); n != len(got) {
				t.Errorf("%s: %s has %d facts, the accessor %d", f, pred, n, len(got))
			}
			for _, a := range r.Facts(pred) {
				if !got[sym(a.Args[0])] {
					t.Errorf("%s: %s misses %s", f, pred, a)
				}
			}
		}
		d := r.SyncDecisions()
		pairs := map[string][]SitePair{"loop_stop_site": r.LoopStopSites(), "reach": r.Reach(), "wait_at": r.WaitAt(),
			"fetch_before": d.FetchBefore, "fetch_before_loop": d.FetchBeforeLoop, "fetch_path_at": d.FetchPathAt,
			"discard_at": d.DiscardAt, "stale_before": d.StaleBefore, "stale_before_loop": d.StaleBeforeLoop,
			"stale_path_at": d.StalePathAt, "stale_after_at": d.StaleAfterAt, "path_nyi": d.PathNYI, "lift_nyi": d.LiftNYI,
			"shared_private": r.SharedPrivate(), "shared_last": r.SharedLast(), "alias": r.Aliases()}
		for pred, got := range pairs {
			want := r.Facts(pred)
			if len(want) != len(got) {
				t.Errorf("%s: %s has %d facts, the accessor %d", f, pred, len(want), len(got))
				continue
			}
			for i, a := range want {
				if (SitePair{sym(a.Args[0]), sym(a.Args[1])}) != got[i] {
					t.Errorf("%s: %s: %v, want %s", f, pred, got[i], a)
				}
			}
		}
		if n := len(r.Facts("reach")); n == 0 && f == "../spec-tests/S2-hidden-stop-args/nested_pure_subroutines.f90" {
			t.Errorf("%s: no reach facts: the test program no longer exercises the accessors", f)
		}
	}
}
