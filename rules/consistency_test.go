package rules

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/mangle/ast"
)

// TestSiteWithoutPosition: a rejection whose site has no position is a
// violation (the extractor gives every site a position). The invariant is
// checked in Go (siteViolations), not by rules/consistency.mg: positions
// are not evaluated facts.
func TestSiteWithoutPosition(t *testing.T) {
	facts, err := ParseFacts(`
device(/dev/metal).
loop(/s/1, /do_concurrent, /s/0).
intrinsic_type(/t/real/8, /real, 8).
uses_type(/s/1, /t/real/8, /s/10, /value).
`)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Evaluate(facts, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Facts("violation"); len(v) != 0 {
		t.Errorf("violation facts: %v", v)
	}
	for _, c := range []struct {
		positioned []string
		want       []string
	}{
		{[]string{"/s/1"}, []string{"violation(/violation/site_without_position,/s/10)"}},
		{[]string{"/s/1", "/s/10"}, nil},
	} {
		has := map[string]bool{}
		for _, s := range c.positioned {
			has[s] = true
		}
		got := siteViolations(res, func(site ast.Constant) bool { return has[site.Symbol] })
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("positions of %v: violations differ (-want +got):\n%s", c.positioned, diff)
		}
	}
}
