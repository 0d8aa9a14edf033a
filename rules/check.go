package rules

// This file implements the offload check: facts of the program, the
// analyses evaluated for one device, and the outcome of every parallel loop
// with its reason, positioned diagnostics and the call chain from the loop
// down to the construct (from the explanation walker). Go here only reads
// what the rules decided.

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"

	"github.com/google/mangle/ast"
)

// CheckOptions are the command-line choices that the analyses see.
type CheckOptions struct {
	Target           *target.Target // the device loops go to; nil: cpu
	Fallback         bool           // --gpu-allow-cpu-fallback
	ShowKernelSource bool           // --show-gpu-kernel-source
	UnsupportedAs    *target.Target // nil, or the device whose unsupported list applies (--unsupported-as)
	OffloadOmp       bool           // --gpu-offload-omp-loops
	// BoundsCheck (-fcheck=bounds, -fcheck=all): device code checks every
	// subscript against its array's bounds (facts/bounds.go).
	BoundsCheck bool
}

// LoopOutcome is the decision for one parallel loop.
type LoopOutcome struct {
	Loop    string       // site name
	Pos     frontend.Pos // the do concurrent (or !$omp) line
	Kind    string       // "do_concurrent" or "omp_parallel_do"
	Outcome string       // "offload", "host" or "error"
	Reason  string       // catalogue name ("" for offload)
	Site    frontend.Pos // the construct the reason is about
	Chain   []frontend.Diagnostic
}

// CheckResult is the result of Check.
type CheckResult struct {
	Loops  []LoopOutcome
	Diags  frontend.Diagnostics
	Facts  *facts.Set
	Input  []ast.Atom // the atoms evaluated: Facts' atoms, the device and the options
	Result *Result
	Device string         // the name constant of the device whose rules were applied (/dev/...)
	Target *target.Target // that device
	// Times of the stages, for --time-passes.
	FactsTime, EvalTime time.Duration
}

// Limits of one evaluation.
const (
	factLimit    = 5_000_000
	evalDeadline = 60 * time.Second
	proofHeight  = 64
)

// Check runs the analyses on a program that has no front-end errors:
// Extract, then CheckInput.
func Check(prog *frontend.Program, opts CheckOptions) (*CheckResult, error) {
	in, err := Extract(prog, opts)
	if err != nil {
		return nil, err
	}
	return CheckInput(prog, in, opts)
}

// Input is what one evaluation reads: the program's facts (Set) and the
// atoms given to the engine (Set's atoms, the device and the options).
type Input struct {
	Set   *facts.Set
	Atoms []ast.Atom
	// Device is the name constant of the device whose rules apply.
	Device string
	Target *target.Target
	Time   time.Duration // of the extraction
}

// Extract is the facts phase: the program's facts and the device and
// option facts of opts.
func Extract(prog *frontend.Program, opts CheckOptions) (*Input, error) {
	t := opts.Target
	if t == nil {
		t = target.Must("cpu")
	}
	if opts.UnsupportedAs != nil {
		t = opts.UnsupportedAs
	}
	if !t.Offloads() {
		return nil, fmt.Errorf("the analyses need a device (cpu, cuda or metal), not %s", t)
	}
	t0 := time.Now()
	restore := gcRelaxed()
	set := facts.Extract(prog, facts.Options{OmpLoops: opts.OffloadOmp, BoundsCheck: opts.BoundsCheck})
	restore()
	atoms := append([]ast.Atom(nil), set.Atoms...)
	devName := t.DeviceFact()
	atoms = append(atoms, ast.NewAtom("device", nameConst(devName)))
	for _, o := range []struct {
		name string
		on   bool
	}{{"/fallback", opts.Fallback}, {"/show_kernel_source", opts.ShowKernelSource}, {"/offload_omp", opts.OffloadOmp}} {
		if o.on {
			atoms = append(atoms, ast.NewAtom("option", nameConst(o.name)))
		}
	}
	return &Input{Set: set, Atoms: atoms, Device: devName, Target: t, Time: time.Since(t0)}, nil
}

// CheckInput is the analyses phase: the rules evaluated over in, and the
// loops' outcomes and diagnostics read from the result.
func CheckInput(prog *frontend.Program, in *Input, opts CheckOptions) (*CheckResult, error) {
	t1 := time.Now()
	res, err := Evaluate(in.Atoms, factLimit, evalDeadline)
	if err != nil {
		return nil, err
	}
	set, devName := in.Set, in.Device
	cr := &CheckResult{Facts: set, Input: in.Atoms, Result: res, Device: devName, Target: in.Target, FactsTime: in.Time, EvalTime: time.Since(t1)}
	c := &checkCtx{set: set, res: res, dev: devName, opts: opts, cr: cr}
	c.loops()
	c.semanticErrors()
	c.warnings()
	c.raceWarnings()
	cr.Diags = cr.Diags.Sort()
	sort.SliceStable(cr.Loops, func(i, j int) bool { return cr.Loops[i].Pos.Before(cr.Loops[j].Pos) })
	return cr, nil
}

func nameConst(s string) ast.Constant { return facts.Name(s) }

type checkCtx struct {
	set  *facts.Set
	res  *Result
	dev  string
	opts CheckOptions
	cr   *CheckResult
	// reported marks semantic-error sites already reported with a loop.
	reported map[string]bool
	// Indexes of facts, built on first use.
	callees, bodyCalls, owners map[string][]string
	loopSites                  map[string][]string // loop -> the sites in its body
	inLoop                     map[string]bool
	// indexes caches byArg: a lookup per site must not scan (and sort) a
	// whole relation, or reporting is quadratic in the loops.
	indexes map[string]map[string][]ast.Atom
}

// byArg returns the facts of pred grouped by the name in argument col, each
// group in the order of Result.Facts (sorted).
func (c *checkCtx) byArg(pred string, col int) map[string][]ast.Atom {
	key := fmt.Sprintf("%s/%d", pred, col)
	if m, ok := c.indexes[key]; ok {
		return m
	}
	if c.indexes == nil {
		c.indexes = map[string]map[string][]ast.Atom{}
	}
	m := map[string][]ast.Atom{}
	for _, f := range c.res.Facts(pred) {
		k := sym(f.Args[col])
		m[k] = append(m[k], f)
	}
	c.indexes[key] = m
	return m
}

func sym(t ast.BaseTerm) string {
	if c, ok := t.(ast.Constant); ok {
		return c.Symbol
	}
	return ""
}

func (c *checkCtx) pos(site string) frontend.Pos {
	p, _ := c.set.Pos(nameConst(site))
	return p
}

func reasonName(r string) string { return strings.TrimPrefix(r, "/reason/") }

// reasonCandidate is one possible reason for a loop's outcome.
type reasonCandidate struct {
	reason, site string
	pos          frontend.Pos
	chain        []frontend.Diagnostic
	depth        int
}

func (c *checkCtx) loops() {
	c.reported = map[string]bool{}
	outcomes := map[string]string{}
	for _, f := range c.res.Facts("outcome") {
		if sym(f.Args[1]) == c.dev {
			outcomes[sym(f.Args[0])] = strings.TrimPrefix(sym(f.Args[2]), "/")
		}
	}
	reasons := map[string][]reasonCandidate{}
	for _, f := range c.res.Facts("outcome_reason") {
		if sym(f.Args[1]) != c.dev {
			continue
		}
		l := sym(f.Args[0])
		reasons[l] = append(reasons[l], reasonCandidate{reason: sym(f.Args[2]), site: sym(f.Args[3]), pos: c.pos(sym(f.Args[3]))})
	}
	for _, lf := range c.res.Facts("loop") {
		l := sym(lf.Args[0])
		lo := LoopOutcome{Loop: l, Pos: c.pos(l), Kind: strings.TrimPrefix(sym(lf.Args[1]), "/"), Outcome: outcomes[l]}
		if lo.Outcome == "" {
			lo.Outcome = "error"
			lo.Reason = "internal"
			c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: lo.Pos, Severity: frontend.SevError, Msg: "internal error: the analyses gave this loop no outcome [consistency]"})
			c.cr.Loops = append(c.cr.Loops, lo)
			continue
		}
		if lo.Outcome != "offload" {
			best := c.pick(l, reasons[l])
			if best != nil {
				lo.Reason, lo.Site, lo.Chain = reasonName(best.reason), best.pos, best.chain
				c.report(lo, best)
			}
		}
		c.cr.Loops = append(c.cr.Loops, lo)
	}
}

// pick chooses the reason to report: the shortest chain from the loop to
// the construct, then file, line, column order. Chain lengths are ordered
// by the call depth of the construct's owner (a breadth-first walk over the
// calls facts from the loop); the notes of the chosen one come from the
// explanation walker.
func (c *checkCtx) pick(loop string, cands []reasonCandidate) *reasonCandidate {
	if len(cands) == 0 {
		return nil
	}
	depth := c.callDepths(loop)
	owners := c.siteOwners()
	for i := range cands {
		cd := &cands[i]
		cd.depth = 1 << 30
		if c.inLoop[cd.site+" "+loop] || cd.site == loop {
			cd.depth = 0
			continue
		}
		for _, o := range owners[cd.site] {
			if o == loop {
				cd.depth = 0
			} else if d, ok := depth[o]; ok && d < cd.depth {
				cd.depth = d
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.depth != b.depth {
			return a.depth < b.depth
		}
		if a.pos != b.pos {
			return a.pos.Before(b.pos)
		}
		return a.reason < b.reason
	})
	best := &cands[0]
	best.chain, _ = c.chain(loop, best)
	return best
}

// callDepths gives, for every procedure the loop reaches, the number of
// calls from the loop body to it (1 for a procedure the body calls).
func (c *checkCtx) callDepths(loop string) map[string]int {
	if c.callees == nil {
		c.callees = map[string][]string{}
		c.inLoop = map[string]bool{}
		c.bodyCalls = map[string][]string{}
		c.loopSites = map[string][]string{}
		for _, f := range c.res.Facts("in_loop") {
			c.inLoop[sym(f.Args[0])+" "+sym(f.Args[1])] = true
			c.loopSites[sym(f.Args[1])] = append(c.loopSites[sym(f.Args[1])], sym(f.Args[0]))
		}
		for _, f := range c.res.Facts("calls") {
			site, caller, callee := sym(f.Args[0]), sym(f.Args[1]), sym(f.Args[2])
			c.callees[caller] = append(c.callees[caller], callee)
			c.bodyCalls[site] = append(c.bodyCalls[site], callee)
		}
	}
	depth := map[string]int{}
	var frontier []string
	for _, site := range c.loopSites[loop] {
		for _, q := range c.bodyCalls[site] {
			if _, ok := depth[q]; !ok {
				depth[q] = 1
				frontier = append(frontier, q)
			}
		}
	}
	sort.Strings(frontier)
	for d := 2; len(frontier) > 0; d++ {
		var next []string
		for _, p := range frontier {
			for _, q := range c.callees[p] {
				if _, ok := depth[q]; !ok {
					depth[q] = d
					next = append(next, q)
				}
			}
		}
		sort.Strings(next)
		frontier = next
	}
	return depth
}

// siteOwners maps a construct's site to the loop bodies and procedures
// that hold it.
func (c *checkCtx) siteOwners() map[string][]string {
	if c.owners != nil {
		return c.owners
	}
	c.owners = map[string][]string{}
	add := func(site, owner string) { c.owners[site] = append(c.owners[site], owner) }
	for _, f := range c.res.Facts("unsupported_at") {
		add(sym(f.Args[1]), sym(f.Args[0]))
	}
	for _, f := range c.res.Facts("stop_stmt") {
		add(sym(f.Args[0]), sym(f.Args[1]))
	}
	for _, f := range c.res.Facts("calls") {
		add(sym(f.Args[0]), sym(f.Args[1]))
	}
	for _, f := range c.res.Facts("calls_external") {
		add(sym(f.Args[0]), sym(f.Args[1]))
	}
	return c.owners
}

// chain explains outcome_reason(loop, dev, reason, site) and turns the call
// facts of its proof into notes: the loop, then each call down to the
// construct.
func (c *checkCtx) chain(loop string, cd *reasonCandidate) ([]frontend.Diagnostic, int) {
	if cd.reason == "/reason/shared_scalar_race" || cd.reason == "/reason/array_race" {
		// The write is in the loop body (or a procedure's write of a
		// variable of the loop's scope): no chain of calls to show.
		return nil, 0
	}
	fact := ast.NewAtom("outcome_reason", nameConst(loop), nameConst(c.dev), nameConst(cd.reason), nameConst(cd.site))
	var notes []frontend.Diagnostic
	depth := 0
	proof, err := c.res.Explain(fact, proofHeight)
	if err == nil && proof != nil {
		for _, leaf := range proof.Leaves() {
			if leaf.Predicate.Symbol != "calls" {
				continue
			}
			callee := c.procName(sym(leaf.Args[2]))
			notes = append(notes, frontend.Diagnostic{Pos: c.pos(sym(leaf.Args[0])), Severity: frontend.SevNote, Msg: "calls " + callee})
			depth++
		}
	}
	if depth > 0 {
		// The loop is pointed at when the construct is in a called procedure.
		notes = append([]frontend.Diagnostic{{Pos: c.pos(loop), Severity: frontend.SevNote, Msg: "in this parallel loop"}}, notes...)
	}
	return notes, depth
}

func (c *checkCtx) procName(site string) string {
	if p := c.set.Procs[site]; p != nil {
		return p.Name
	}
	return site
}

// report emits the diagnostic of a failing loop.
func (c *checkCtx) report(lo LoopOutcome, best *reasonCandidate) {
	msg := c.message(best.reason, best.site)
	sev := frontend.SevError
	if lo.Outcome == "host" {
		if best.reason == "/reason/omp_not_offloaded" {
			return // the user's OpenMP loop: nothing to say
		}
		sev = frontend.SevWarning
		msg = "this loop runs on the host: " + msg
	}
	if semanticReason(best.reason) {
		c.reported[best.site+best.reason] = true
	}
	c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: best.pos, Severity: sev,
		Msg: fmt.Sprintf("%s [%s]", msg, reasonName(best.reason)), Notes: best.chain})
}

func semanticReason(r string) bool {
	switch r {
	case "/reason/impure_call", "/reason/stop_in_pure", "/reason/stop_in_do_concurrent", "/reason/default_none_missing", "/reason/reduce_type":
		return true
	}
	return false
}

// message words a reason at a site.
func (c *checkCtx) message(reason, site string) string {
	devName := c.cr.Target.Name
	switch reason {
	case "/reason/real8_on_metal", "/reason/real_ext_precision":
		return fmt.Sprintf("not supported on %s: %s", devName, c.typeAt(site, reason))
	case "/reason/io_in_loop":
		return fmt.Sprintf("not supported on %s: an input/output statement", devName)
	case "/reason/internal_io":
		return fmt.Sprintf("not supported on %s: internal-file input/output", devName)
	case "/reason/impure_call":
		return "a procedure referenced in a do concurrent must be pure: " + c.impureWhat(site)
	case "/reason/stop_in_pure":
		return "STOP is not allowed in a pure procedure (ERROR STOP is)"
	case "/reason/stop_in_do_concurrent":
		return "STOP is not allowed in a do concurrent construct: it is an image control statement (ERROR STOP is allowed)"
	case "/reason/default_none_missing":
		return fmt.Sprintf("%s has no locality spec, but the loop has default(none)", c.varAt(site, "default_none_missing"))
	case "/reason/reduce_type":
		return fmt.Sprintf("the type of %s does not fit its reduce operator", c.varAt(site, "reduce_bad"))
	case "/reason/omp_not_offloaded":
		return "an !$omp parallel do is offloaded only with --gpu-offload-omp-loops"
	case "/reason/shared_scalar_race":
		return c.raceMessage(site)
	case "/reason/array_race":
		return c.arrayRaceMessage(site)
	}
	return strings.TrimPrefix(reason, "/reason/")
}

// typeAt describes the unsupported type used at a site.
func (c *checkCtx) typeAt(site, reason string) string {
	for _, f := range c.byArg("uses_type", 2)[site] {
		t := sym(f.Args[1])
		what := "a value"
		if sym(f.Args[3]) == "/decl" {
			if v := c.set.Vars[site]; v != nil {
				what = "variable " + v.Name
			}
		}
		return what + " of type " + c.typeString(t)
	}
	return "an unsupported type"
}

func (c *checkCtx) typeString(t string) string {
	if strings.HasPrefix(t, "/t/derived/") {
		for _, f := range c.byArg("derived_type", 0)[t] {
			n, _ := f.Args[1].(ast.Constant).StringValue()
			return "type(" + n + "), which has a component of an unsupported type"
		}
	}
	parts := strings.Split(strings.TrimPrefix(t, "/t/"), "/")
	if len(parts) == 2 {
		return parts[0] + "(" + parts[1] + ")"
	}
	return t
}

func (c *checkCtx) impureWhat(site string) string {
	for _, f := range c.byArg("calls", 0)[site] {
		return c.procName(sym(f.Args[2])) + " is not pure"
	}
	for _, f := range c.byArg("calls_external", 0)[site] {
		n, _ := f.Args[2].(ast.Constant).StringValue()
		return n + " has no explicit pure interface"
	}
	for _, f := range c.byArg("impure_intrinsic", 0)[site] {
		n, _ := f.Args[1].(ast.Constant).StringValue()
		return "intrinsic " + n + " is not pure"
	}
	return "the procedure is not pure"
}

func (c *checkCtx) varAt(site, pred string) string {
	for _, f := range c.byArg(pred, 2)[site] {
		if v := c.set.Vars[sym(f.Args[1])]; v != nil {
			return v.Name
		}
	}
	return "a variable"
}

// semanticErrors reports the semantic errors not already reported with a
// loop (e.g. a STOP in a pure procedure no loop calls).
func (c *checkCtx) semanticErrors() {
	for _, f := range c.res.Facts("semantic_error") {
		site, r := sym(f.Args[0]), sym(f.Args[1])
		if c.reported[site+r] {
			continue
		}
		c.reported[site+r] = true
		c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: c.pos(site), Severity: frontend.SevError,
			Msg: fmt.Sprintf("%s [%s]", c.message(r, site), reasonName(r))})
	}
}

// raceMessage words shared_scalar_race at a write site: the variable,
// the first read that may see another iteration's value, and the fixes.
func (c *checkCtx) raceMessage(site string) string {
	loop, v := "", ""
	for _, f := range c.byArg("shared_race_at", 2)[site] {
		if v == "" || sym(f.Args[1]) < v {
			loop, v = sym(f.Args[0]), sym(f.Args[1])
		}
	}
	n := "a scalar"
	if s := c.set.Vars[v]; s != nil {
		n = s.Name
	}
	// Why: a read in the mask, two operators, a reduction form that is
	// also read or written otherwise (k = k + 1 then b(k) = ...), or a
	// read before the iteration defines it.
	red := map[string]bool{}
	ops := map[string]bool{}
	for _, f := range c.byArg("red_stmt", 1)[v] {
		red[sym(f.Args[0])] = true
	}
	for _, f := range c.byArg("shared_red_op", 0)[loop] {
		if sym(f.Args[1]) == v {
			ops[sym(f.Args[2])] = true
		}
	}
	first := func(pred string, keep func(site string) bool) (frontend.Pos, bool) {
		var ps []frontend.Pos
		for _, f := range c.byArg(pred, 0)[loop] {
			if sym(f.Args[1]) == v && keep(sym(f.Args[2])) {
				ps = append(ps, c.pos(sym(f.Args[2])))
			}
		}
		sort.Slice(ps, func(i, j int) bool { return ps[i].Before(ps[j]) })
		if len(ps) == 0 || ps[0].Line == 0 {
			return frontend.Pos{}, false
		}
		return ps[0], true
	}
	why := "it is not defined before every use in each iteration, nor updated only as a reduction s = s op e"
	inMask := false
	for _, f := range c.byArg("shared_race_read", 0)[loop] {
		inMask = inMask || sym(f.Args[1]) == v && sym(f.Args[2]) == loop
	}
	nonRedRead, hasNonRedRead := first("shared_read", func(s string) bool { return !red[s] && s != loop })
	nonRedWrite, hasNonRedWrite := first("shared_write", func(s string) bool { return !red[s] })
	undef, hasUndef := first("shared_race_read", func(s string) bool { return s != loop })
	switch {
	case inMask:
		why = "the mask reads it before any iteration defines it"
	case len(ops) > 1:
		why = "it is updated by reductions of different operators"
	case len(ops) == 1 && hasNonRedRead:
		why = fmt.Sprintf("it is updated as s = s op e, but also read at line %d, so it is no reduction", nonRedRead.Line)
	case len(ops) == 1 && hasNonRedWrite:
		why = fmt.Sprintf("it is updated as s = s op e, but also written at line %d, so it is no reduction", nonRedWrite.Line)
	case hasUndef:
		why = fmt.Sprintf("it is read at line %d before the iteration defines it, and not updated only as a reduction s = s op e", undef.Line)
	}
	return fmt.Sprintf("%s is written in the loop without a locality spec, and an iteration may read a value of %s that another iteration wrote (%s): declare local(%s) if every iteration defines it before using it, reduce(op: %s) for a reduction, or build with --gpu-allow-cpu-fallback to run the loop on the host",
		n, n, why, n, n)
}

// reduceOpSpelling is the Fortran spelling of a reduce operator name.
func reduceOpSpelling(op string) string {
	switch op {
	case "/plus":
		return "+"
	case "/times":
		return "*"
	case "/and", "/or", "/eqv", "/neqv":
		return "." + strings.TrimPrefix(op, "/") + "."
	}
	return strings.TrimPrefix(op, "/")
}

func (c *checkCtx) warnings() {
	// A scalar run as a reduction without reduce: one warning per loop and
	// variable, at its first update.
	// (A statement of nested loops updates V for each: one warning.)
	first := map[[2]string]frontend.Pos{}
	var keys [][2]string
	warned := map[string]bool{}
	for _, f := range c.res.Facts("reduce_inferred_at") {
		k := [2]string{sym(f.Args[0]), sym(f.Args[1])}
		p := c.pos(sym(f.Args[2]))
		if q, ok := first[k]; !ok || p.Before(q) {
			if !ok {
				keys = append(keys, k)
			}
			first[k] = p
		}
	}
	for _, k := range keys {
		op := ""
		for _, f := range c.byArg("shared_reduce", 0)[k[0]] {
			if sym(f.Args[1]) == k[1] {
				op = reduceOpSpelling(sym(f.Args[2]))
			}
		}
		v := "a scalar"
		if s := c.set.Vars[k[1]]; s != nil {
			v = s.Name
		}
		at := fmt.Sprint(first[k], " ", k[1], " ", op)
		if warned[at] {
			continue
		}
		warned[at] = true
		fix := fmt.Sprintf("write reduce(%s: %s) in the do concurrent header", op, v)
		if l := c.set.Loops[k[0]]; l != nil {
			if d, ok := l.Head.(*frontend.DoStmt); ok && d.Omp != nil {
				// An OpenMP loop (frontend/omp.go): the clause of its directive.
				fix = fmt.Sprintf("add reduction(%s: %s) to the !$omp %s directive", op, v, d.Omp.Directive)
			}
		}
		c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: first[k], Severity: frontend.SevWarning,
			Msg: fmt.Sprintf("%s is updated as a reduction without a locality spec: the loop runs as if it had reduce(%s: %s); %s [reduce_inferred]", v, op, v, fix)})
	}
	for _, f := range c.res.Facts("local_read_before_write") {
		v := "a local variable"
		if s := c.set.Vars[sym(f.Args[1])]; s != nil {
			v = s.Name
		}
		c.cr.Diags = append(c.cr.Diags, frontend.Diagnostic{Pos: c.pos(sym(f.Args[2])), Severity: frontend.SevWarning,
			Msg: fmt.Sprintf("local variable %s is read before it is written in the iteration: its value is undefined [local_read_before_write]", v)})
	}
}

// Violations lists the consistency violations (expected empty): the
// violation facts of rules/consistency.mg and the reasons' sites without a
// position (see siteViolations), sorted.
func (r *CheckResult) Violations() []string {
	var out []string
	for _, f := range r.Result.Facts("violation") {
		out = append(out, f.String())
	}
	out = append(out, siteViolations(r.Result, func(site ast.Constant) bool {
		_, ok := r.Facts.Pos(site)
		return ok
	})...)
	sort.Strings(out)
	return out
}

// siteViolations checks the invariant that the site of every reason
// (outcome_reason(L, Dev, R, Site)) has a position, hasPos: it was a rule
// over loc facts, which were the largest input relation of a large
// program. A violation is written as the rule wrote it:
// violation(/violation/site_without_position, Site).
func siteViolations(res *Result, hasPos func(ast.Constant) bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range res.Facts("outcome_reason") {
		site, ok := f.Args[3].(ast.Constant)
		if !ok || seen[site.String()] || hasPos(site) {
			continue
		}
		seen[site.String()] = true
		out = append(out, ast.NewAtom("violation", nameConst("/violation/site_without_position"), site).String())
	}
	return out
}
