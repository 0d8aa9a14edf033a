package rules

// ExplainLoop renders the derivation of a loop's outcome for `fgpu
// explain`: a failing loop's shortest proof as a positioned chain (loop,
// calls, construct, the rule that rejects it); an offloaded loop's checked
// premises that failed (why nothing rejected it). Deterministic.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// ExplainLoop returns the lines that explain one loop's outcome.
func ExplainLoop(cr *CheckResult, l LoopOutcome) []string {
	c := &checkCtx{set: cr.Facts, res: cr.Result, dev: cr.Device, cr: cr}
	dev := cr.Target.Name
	var out []string
	head := fmt.Sprintf("%s:%d: ", l.Pos.File, l.Pos.Line)
	switch l.Outcome {
	case "offload":
		out = append(out, head+"offload ("+dev+")")
		out = append(out, c.whyNot(l)...)
		out = append(out, c.sharedScalars(l)...)
		out = append(out, c.packing(l)...)
		out = append(out, c.nesting(l)...)     // explainnest.go
		out = append(out, c.cooperative(l)...) // explainnest.go
		return out
	default:
		out = append(out, fmt.Sprintf("%s%s: %s", head, l.Outcome, l.Reason))
	}
	fact := ast.NewAtom("outcome_reason", nameConst(l.Loop), nameConst(cr.Device), nameConst("/reason/"+l.Reason), nameConst(c.siteAt(l)))
	proof, err := cr.Result.Explain(fact, proofHeight)
	if err != nil || proof == nil {
		out = append(out, "\t(no derivation found: "+fmt.Sprint(err)+")")
		return out
	}
	out = append(out, fmt.Sprintf("\t%s: parallel loop", posString(l.Pos)))
	seen := map[string]bool{}
	for _, leaf := range proof.Leaves() {
		if s := c.renderLeaf(leaf); s != "" && !seen[s] {
			seen[s] = true
			out = append(out, "\t"+s)
		}
	}
	out = append(out, fmt.Sprintf("\t=> %s [%s]", c.message("/reason/"+l.Reason, c.siteAt(l)), l.Reason))
	return out
}

// siteAt finds the site name of the loop's chosen construct.
func (c *checkCtx) siteAt(l LoopOutcome) string {
	for _, f := range c.res.Facts("outcome_reason") {
		if sym(f.Args[0]) == l.Loop && sym(f.Args[1]) == c.dev && reasonName(sym(f.Args[2])) == l.Reason && c.pos(sym(f.Args[3])) == l.Site {
			return sym(f.Args[3])
		}
	}
	return ""
}

func posString(p frontend.Pos) string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// renderLeaf words one fact of a proof, or returns "" for facts that add
// nothing to the chain.
func (c *checkCtx) renderLeaf(f ast.Atom) string {
	at := func(i int) string { return posString(c.pos(sym(f.Args[i]))) }
	switch f.Predicate.Symbol {
	case "calls":
		return fmt.Sprintf("%s: calls %s", at(0), c.procName(sym(f.Args[2])))
	case "calls_external":
		n, _ := f.Args[2].(ast.Constant).StringValue()
		return fmt.Sprintf("%s: calls %s (no body among the given files)", at(0), n)
	case "uses_type":
		how := "a value"
		if sym(f.Args[3]) == "/decl" {
			how = "a declaration"
			if v := c.set.Vars[sym(f.Args[2])]; v != nil {
				how = "the declaration of " + v.Name
			}
		}
		return fmt.Sprintf("%s: %s of type %s", at(2), how, c.typeString(sym(f.Args[1])))
	case "component":
		n, _ := f.Args[1].(ast.Constant).StringValue()
		return fmt.Sprintf("%s: component %s of type %s", at(3), n, c.typeString(sym(f.Args[2])))
	case "io":
		return fmt.Sprintf("%s: %s input/output statement", at(0), strings.TrimPrefix(sym(f.Args[2]), "/"))
	case "impure_intrinsic":
		n, _ := f.Args[1].(ast.Constant).StringValue()
		return fmt.Sprintf("%s: references impure intrinsic %s", at(0), n)
	case "stop_stmt":
		return fmt.Sprintf("%s: %s statement", at(0), strings.ReplaceAll(strings.TrimPrefix(sym(f.Args[2]), "/"), "_", " "))
	case "default_none":
		return fmt.Sprintf("%s: default(none)", at(1))
	case "locality":
		return fmt.Sprintf("%s: %s(%s)", at(3), strings.TrimPrefix(sym(f.Args[1]), "/"), c.varName(sym(f.Args[2])))
	case "access":
		return fmt.Sprintf("%s: %s %s", at(0), map[string]string{"/read": "reads", "/write": "writes"}[sym(f.Args[3])], c.varName(sym(f.Args[2])))
	case "unsupported_kind":
		return fmt.Sprintf("on the unsupported list of %s", strings.TrimPrefix(sym(f.Args[2]), "/dev/"))
	case "proc_attr":
		return fmt.Sprintf("%s: %s is %s", at(0), c.procName(sym(f.Args[0])), strings.TrimPrefix(sym(f.Args[1]), "/"))
	}
	return ""
}

func (c *checkCtx) varName(v string) string {
	if s := c.set.Vars[v]; s != nil {
		return s.Name
	}
	return v
}

// whyNot lists, for an offloaded loop, the premises of a rejection that
// failed: what the check looked at and found clean.
func (c *checkCtx) whyNot(l LoopOutcome) []string {
	var procs []string
	for _, f := range c.res.Facts("reach") {
		if sym(f.Args[0]) == l.Loop {
			p := sym(f.Args[1])
			procs = append(procs, fmt.Sprintf("%s (%s)", c.procName(p), posString(c.pos(p))))
		}
	}
	sort.Strings(procs)
	dev := c.cr.Target.Name
	out := []string{}
	if len(procs) == 0 {
		out = append(out, "\tno call in the loop body: only the body is checked")
	} else {
		out = append(out, fmt.Sprintf("\treaches %d procedure(s): %s", len(procs), strings.Join(procs, ", ")))
	}
	out = append(out,
		fmt.Sprintf("\tno rejected(loop, %s, _, _): no type of the unsupported list of %s is used (a value, a declaration, or a component of a derived value used whole)", dev, dev),
		"\tno input/output statement (external or internal) in the body or a reached procedure",
		"\tno loop_error: every procedure referenced is pure, no STOP in a pure procedure, locality specs valid")
	return out
}

// packWords words the reasons of rules/pack.mg's pack_blocker.
var packWords = map[string]string{
	"/multi_index":       "more than one index",
	"/mask":              "a mask",
	"/nested":            "nested in another parallel loop",
	"/statement":         "a statement other than an assignment",
	"/reference":         "an array reference other than an element at the index",
	"/guarded":           "an element in an argument of merge (which need not be evaluated)",
	"/varying_subscript": "a subscript the loop changes",
	"/two_sections":      "an array referenced with different other subscripts",
	"/may_alias":         "a pointer, target or associate name (another name may be the same element)",
	"/element_type":      "an element of another type than 4- or 8-byte integer, real or logical",
	"/call":              "a procedure call",
	"/shared_scalar":     "a scalar the loop writes back (shared, or its last value read after the loop)",
	"/stops":             "a stop",
}

// sharedScalars says what rules/shared.mg decided for the scalars an
// offloaded loop writes without a locality spec, one line each, sorted.
func (c *checkCtx) sharedScalars(l LoopOutcome) []string {
	var out []string
	name := func(v string) string { return c.varName(v) }
	for _, f := range c.res.Facts("shared_reduce") {
		if sym(f.Args[0]) == l.Loop {
			op := reduceOpSpelling(sym(f.Args[2]))
			out = append(out, fmt.Sprintf("\t%s: updated only as a reduction: runs as reduce(%s: %s) (rules/shared.mg)", name(sym(f.Args[1])), op, name(sym(f.Args[1]))))
		}
	}
	last := map[string]bool{}
	for _, f := range c.res.Facts("shared_last") {
		if sym(f.Args[0]) == l.Loop {
			last[sym(f.Args[1])] = true
		}
	}
	for _, f := range c.res.Facts("shared_private") {
		if sym(f.Args[0]) != l.Loop {
			continue
		}
		v := sym(f.Args[1])
		if last[v] {
			out = append(out, fmt.Sprintf("\t%s: defined before use in every iteration: local to the iterations; the host may read it after the loop, so it keeps the value of the last iteration that wrote it (rules/shared.mg)", name(v)))
		} else {
			out = append(out, fmt.Sprintf("\t%s: defined before use in every iteration: local to the iterations (rules/shared.mg)", name(v)))
		}
	}
	sort.Strings(out)
	return out
}

// packing explains rules/pack.mg's decision for an offloaded loop: packed,
// or each thing that keeps it from being packed, positioned.
func (c *checkCtx) packing(l LoopOutcome) []string {
	for _, f := range c.res.Facts("packable") {
		if sym(f.Args[0]) == l.Loop {
			return []string{"	packable (rules/pack.mg): runs in packs of consecutive iterations, one 16-byte access per array, when at launch the step is 1 and every array is contiguous and aligned"}
		}
	}
	var out []string
	for _, r := range c.reasonLines("pack_blocker", map[string]bool{l.Loop: true}, packWords) {
		out = append(out, "\tnot packed: "+r)
	}
	if len(out) == 0 {
		out = append(out, "	not packed: no array element indexed by the loop index")
	}
	return out
}
