package rules

// ExplainSync renders why a fetch, stale mark, discard or wait is where it
// is, for `fgpu explain FILE:LINE`: the statement and what it accesses,
// the storage that name may denote (through common blocks, EQUIVALENCE,
// dummies and their actual arguments in other procedures, pointers) and
// the launch that may write or use it, from the shortest derivation of the
// decision (rules/sync.mg, rules/storage.mg). Deterministic.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// syncProofHeight bounds the derivation of a decision (storage reaches a
// dummy through one call a level).
const syncProofHeight = 256

// SyncPointsAt returns the sync decisions placed before a statement of a
// line, or hoisted before a loop whose head is on it.
func (r *CheckResult) SyncPointsAt(file string, line int) []SyncPoint {
	var out []SyncPoint
	for _, pt := range r.SyncPoints() {
		if pt.Pos.File == file && pt.Pos.Line == line {
			out = append(out, pt)
		}
	}
	return out
}

// ExplainSync returns the lines that explain one sync decision.
func ExplainSync(cr *CheckResult, pt SyncPoint) []string {
	c := &checkCtx{set: cr.Facts, res: cr.Result, dev: cr.Device, cr: cr}
	head := fmt.Sprintf("%s:%d: ", pt.Pos.File, pt.Pos.Line)
	where := "before this statement"
	if pt.Hoisted {
		where = "before this loop (it launches nothing, in any procedure it calls)"
	}
	what := c.varName(pt.Var)
	if pt.Path {
		if e := cr.Facts.PtrPaths[pt.Var]; e != nil {
			what = e.String()
		}
	}
	if pt.Section {
		if e := cr.Facts.LibArgs[pt.Var]; e != nil {
			what = "the section " + e.String() + " (handed to an MPI procedure: its elements only)"
		}
	}
	// The derived fact of the decision: at the statement, hoisted before a
	// loop, or through a pointer component.
	decided := func(at, loop, path string) ast.Atom {
		pred := at
		switch {
		case pt.Section:
			pred = strings.Replace(at, "_at", "_sec_at", 1)
		case pt.Path:
			pred = path
		case pt.Hoisted:
			pred = loop
		}
		return ast.NewAtom(pred, nameConst(pt.Site), nameConst(pt.Var))
	}
	var out []string
	var fact ast.Atom
	switch pt.Kind {
	case SyncFetch:
		out = append(out, head+"fetch of "+what+" "+where+": the device copy is copied back when a launch left newer values")
		fact = decided("fetch_at", "fetch_before_loop", "fetch_path_at")
	case SyncStale:
		out = append(out, head+"stale mark of "+what+" "+where+": the host may write it, and the device may hold a copy, which the next launch copies in again")
		fact = decided("stale_at", "stale_before_loop", "stale_path_at")
	case SyncDiscard:
		out = append(out, head+"discard of "+what+" "+where+": its storage ends (or is defined whole) here, so the device copies are dropped without copy back")
		fact = decided("discard_at", "discard_at", "discard_at")
	case SyncExternal:
		out = append(out, head+"a call of a procedure whose body is not among the given files: the host waits, and copies back and marks stale every device copy of storage that is not on the stack (it may access any of it)")
		fact = ast.NewAtom("external_at", nameConst(pt.Site))
	case SyncWait:
		out = append(out, head+"wait ("+pt.ShortWhy()+")")
		for _, why := range pt.Whys {
			out = append(out, c.explainFact(ast.NewAtom("wait_at", nameConst(pt.Site), nameConst("/"+why)))...)
		}
		return out
	}
	return append(out, c.explainFact(fact)...)
}

// explainFact renders the input facts of the shortest derivation of a
// decision, one tab-indented line each, in position order.
func (c *checkCtx) explainFact(fact ast.Atom) []string {
	proof, err := c.res.Explain(fact, syncProofHeight)
	if err != nil || proof == nil {
		return []string{"\t(no derivation found: " + fact.String() + ")"}
	}
	type line struct {
		text string
		pos  frontend.Pos // of the fact's first site (a statement, a variable's declaration)
	}
	var lines []line
	seen := map[string]bool{}
	for _, leaf := range proof.Leaves() {
		t := c.renderSyncLeaf(leaf)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		lines = append(lines, line{t, c.pos(sym(leaf.Args[0]))})
	}
	sort.SliceStable(lines, func(i, j int) bool {
		if lines[i].pos != lines[j].pos {
			return lines[i].pos.Before(lines[j].pos)
		}
		return lines[i].text < lines[j].text
	})
	var out []string
	for _, l := range lines {
		out = append(out, "\t"+l.text)
	}
	return out
}

// renderSyncLeaf words one input fact of a decision's derivation, or "".
func (c *checkCtx) renderSyncLeaf(f ast.Atom) string {
	at := func(i int) string { return posString(c.pos(sym(f.Args[i]))) }
	v := func(i int) string {
		s := sym(f.Args[i])
		return fmt.Sprintf("%s (%s)", c.varName(s), posString(c.pos(s)))
	}
	switch f.Predicate.Symbol {
	case "hacc":
		mode := strings.TrimPrefix(sym(f.Args[2]), "/")
		verb := map[string]string{"read": "reads", "write": "may write", "alloc": "allocates"}[mode]
		if verb == "" {
			return ""
		}
		return fmt.Sprintf("%s: the host statement %s %s", at(0), verb, c.varName(sym(f.Args[1])))
	case "hacc_ptr":
		return fmt.Sprintf("%s: the host statement accesses data through a pointer component, which may point to any target", at(0))
	case "hfree":
		return fmt.Sprintf("%s: frees %s", at(0), c.varName(sym(f.Args[1])))
	case "hoverwrite":
		return fmt.Sprintf("%s: defines the whole of %s", at(0), c.varName(sym(f.Args[1])))
	case "hcall":
		return fmt.Sprintf("%s: calls %s", at(0), c.procName(sym(f.Args[1])))
	case "hcall_arg":
		return fmt.Sprintf("%s: passes %s for the dummy %s", at(0), c.varName(sym(f.Args[2])), v(1))
	case "call_arg":
		return fmt.Sprintf("%s: passes %s for the dummy %s", at(0), c.varName(sym(f.Args[3])), v(2))
	case "hcall_arg_copy":
		return fmt.Sprintf("%s: the actual argument for %s may be a copy made for the call", at(0), c.varName(sym(f.Args[1])))
	case "hcall_arg_pointee":
		return fmt.Sprintf("%s: passes data a pointer component points to for the dummy %s", at(0), v(1))
	case "hcall_ext_arg":
		return fmt.Sprintf("%s: hands %s to a procedure whose body is not known", at(0), c.varName(sym(f.Args[1])))
	case "hcall_external":
		return fmt.Sprintf("%s: calls a procedure whose body is not known", at(0))
	case "hmove":
		return fmt.Sprintf("%s: move_alloc(%s, %s)", at(0), c.varName(sym(f.Args[1])), c.varName(sym(f.Args[2])))
	case "common_member":
		return fmt.Sprintf("%s is in common /%s/", v(0), strings.TrimPrefix(sym(f.Args[1]), "/common/"))
	case "equiv":
		return fmt.Sprintf("%s and %s are EQUIVALENCEd", v(0), v(1))
	case "alias":
		return fmt.Sprintf("%s is an associate name of %s", v(0), c.varName(sym(f.Args[1])))
	case "escapes":
		return fmt.Sprintf("C_LOC takes the address of %s", v(0))
	case "cfptr":
		return fmt.Sprintf("%s is associated by C_F_POINTER (it may point to anything)", v(0))
	case "proc_escapes":
		return fmt.Sprintf("%s may be called from code the program does not show", c.procName(sym(f.Args[0])))
	case "var_attr":
		switch sym(f.Args[1]) {
		case "/pointer":
			return fmt.Sprintf("%s is a pointer (it may point to any target of its type)", v(0))
		case "/target":
			return fmt.Sprintf("%s is a target", v(0))
		case "/local":
			return fmt.Sprintf("%s is a local variable: its storage ends with the procedure", v(0))
		case "/value":
			return fmt.Sprintf("%s is a value dummy: a copy of the caller's", v(0))
		case "/result":
			return fmt.Sprintf("%s is the function result: read by the caller after the return", v(0))
		case "/assumed_size":
			return fmt.Sprintf("%s is an assumed-size dummy: its extent is known at the calls only", v(0))
		}
	case "access":
		if sym(f.Args[3]) == "/write" {
			return fmt.Sprintf("%s: writes %s (in an offloaded loop, or a procedure it calls)", at(0), c.varName(sym(f.Args[2])))
		}
		return fmt.Sprintf("%s: reads %s (in an offloaded loop, or a procedure it calls)", at(0), c.varName(sym(f.Args[2])))
	case "loop":
		return fmt.Sprintf("%s: an offloaded loop of %s (a launch)", at(0), c.procName(sym(f.Args[2])))
	case "buffer":
		if sym(f.Args[2]) == "/written" {
			return fmt.Sprintf("%s: the launch of this loop writes %s", at(0), c.varName(sym(f.Args[1])))
		}
		return fmt.Sprintf("%s: the launch of this loop reads %s", at(0), c.varName(sym(f.Args[1])))
	case "locality":
		return fmt.Sprintf("%s: the launch of this loop reduces into %s", at(0), c.varName(sym(f.Args[2])))
	case "loop_can_stop":
		return fmt.Sprintf("%s: the launch of this loop may stop", at(0))
	case "hio":
		return fmt.Sprintf("%s: input/output: acts outside the program", at(0))
	case "htiming":
		return fmt.Sprintf("%s: a timing call", at(0))
	case "hin_loop":
		return ""
	case "hstmt":
		switch k := strings.TrimPrefix(sym(f.Args[2]), "/"); k {
		case "stop", "unknown":
			return fmt.Sprintf("%s: a %s statement: acts outside the program", at(0), k)
		case "end":
			return fmt.Sprintf("%s: the end of %s", at(0), c.procName(sym(f.Args[1])))
		case "return":
			return fmt.Sprintf("%s: a return from %s", at(0), c.procName(sym(f.Args[1])))
		}
	case "hloop":
		return fmt.Sprintf("%s: a host loop that launches nothing (in any procedure it calls)", at(0))
	case "proc_attr":
		switch sym(f.Args[1]) {
		case "/program":
			return fmt.Sprintf("%s is the main program", c.procName(sym(f.Args[0])))
		case "/pure":
			return fmt.Sprintf("%s is pure: it cannot call the runtime, so what it accesses is fetched at its calls", c.procName(sym(f.Args[0])))
		}
	}
	return ""
}
