package rules

// This file words the diagnostics of rules/race.mg: array_race (an error
// at the element written or read) and array_accumulation (a warning at the
// accumulation whose indices run in order in the thread).

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// refText spells element reference r from its subscripts (race_sub_text).
func (c *checkCtx) refText(r string) string {
	subs := map[int64]string{}
	arr := "an array"
	for _, f := range c.byArg("race_ref", 1)[r] {
		if v := c.set.Vars[sym(f.Args[2])]; v != nil {
			arr = v.Name
		}
	}
	var ds []int64
	for _, f := range c.byArg("race_sub_text", 0)[r] {
		d, _ := f.Args[1].(ast.Constant).NumberValue()
		t, _ := f.Args[2].(ast.Constant).StringValue()
		subs[d] = t
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	var parts []string
	for _, d := range ds {
		parts = append(parts, subs[d])
	}
	return arr + "(" + strings.Join(parts, ", ") + ")"
}

// varNames are the Fortran names of variable sites, sorted, deduplicated.
func (c *checkCtx) varNames(sites []string) string {
	seen := map[string]bool{}
	var out []string
	for _, s := range sites {
		n := s
		if v := c.set.Vars[s]; v != nil {
			n = v.Name
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// arrayRaceMessage words array_race at an element reference.
func (c *checkCtx) arrayRaceMessage(site string) string {
	const fix = "give each iteration its own elements, make the index a plain DO loop inside the iteration, or build with --gpu-allow-cpu-fallback to run the loop on the host"
	var idx []string
	for _, f := range c.byArg("race_write", 1)[site] {
		idx = append(idx, sym(f.Args[2]))
	}
	if len(idx) > 0 {
		n := c.varNames(idx)
		return fmt.Sprintf("%s is written in every iteration, but its subscripts do not depend on the index %s: iterations that differ only in %s write the same element (a race); %s",
			c.refText(site), n, n, fix)
	}
	for _, f := range c.byArg("race_read", 2)[site] {
		w := sym(f.Args[1])
		at := ""
		if p := c.pos(w); p.Line != 0 {
			at = fmt.Sprintf(" at line %d", p.Line)
		}
		return fmt.Sprintf("%s reads an element that another iteration writes as %s%s (they differ in the index %s): the value depends on the order of the iterations (a race); %s",
			c.refText(site), c.refText(w), at, c.varNames([]string{sym(f.Args[3])}), fix)
	}
	return "two iterations touch the same array element, one writing it: " + fix
}

// raceWarnings reports the accumulations whose omitted indices run in
// order in the thread (serial_index), one warning at each.
func (c *checkCtx) raceWarnings() {
	omits := map[string][]string{}
	var ws []string
	accum := c.byArg("race_accum", 0)
	for _, f := range c.res.Facts("race_omits") {
		w := sym(f.Args[1])
		if len(accum[w]) == 0 {
			continue
		}
		if _, ok := omits[w]; !ok {
			ws = append(ws, w)
		}
		omits[w] = append(omits[w], sym(f.Args[2]))
	}
	sort.Slice(ws, func(i, j int) bool { return c.pos(ws[i]).Before(c.pos(ws[j])) })
	for _, w := range ws {
		n := c.varNames(omits[w])
		c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: c.pos(w), Severity: frontend.SevWarning,
			Msg: fmt.Sprintf("%s is accumulated over %s: iterations that differ only in %s update the same element, which do concurrent does not allow; fgpu runs %s in order inside each iteration of the other indices, as gfortran does, so the result is gfortran's: write %s as a plain DO loop inside the iteration [array_accumulation]",
				c.refText(w), n, n, n, n)})
	}
}
