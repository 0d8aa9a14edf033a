package rules

// ExplainSync renders why a wait (or discard, stale mark, leave) is where
// it is, for `fgpu explain FILE:LINE`: the statement, what it accesses,
// the launch it waits for and what that launch writes, from the shortest
// derivation of wait_at (rules/sync.mg). Deterministic.

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"
)

// syncProofHeight bounds the derivation of a wait: the pending launch
// flows along one edge per level.
const syncProofHeight = 1024

// SyncPointsAt returns the sync decisions about the statements of a line:
// placed before a statement on the line, or hoisted for one.
func (r *CheckResult) SyncPointsAt(file string, line int) []SyncPoint {
	var out []SyncPoint
	for _, pt := range r.SyncPoints() {
		if pt.Pos.File == file && pt.Pos.Line == line {
			out = append(out, pt)
			continue
		}
		for _, s := range pt.Sources {
			if p, _ := r.Facts.Pos(nameConst(s)); p.File == file && p.Line == line {
				out = append(out, pt)
				break
			}
		}
	}
	return out
}

// ExplainSync returns the lines that explain one sync decision.
func ExplainSync(cr *CheckResult, pt SyncPoint) []string {
	c := &checkCtx{set: cr.Facts, res: cr.Result, dev: cr.Device, cr: cr}
	head := fmt.Sprintf("%s:%d: ", pt.Pos.File, pt.Pos.Line)
	switch pt.Kind {
	case SyncDiscard:
		return []string{head + "discard " + c.varName(pt.Var) + " before this statement",
			"\t" + posString(pt.Pos) + ": frees " + c.varName(pt.Var) + ", a buffer of a launch of this procedure: its device copies are dropped, no wait"}
	case SyncStale:
		where := "before this statement"
		if pt.Hoisted {
			where = "before this loop (it launches nothing)"
		}
		return []string{head + "stale mark of " + c.varName(pt.Var) + " " + where,
			"\tthe host may write " + c.varName(pt.Var) + ", which a launch of this procedure uses: its device copies are re-copied at the next launch"}
	case SyncLeave:
		return []string{head + "leave: return or end of a procedure that launches (waits for every launch, copies their data back, ends the residency of its data)"}
	case SyncFetch:
		where := "before this statement"
		if pt.Hoisted {
			where = "before this loop (it launches nothing)"
		}
		return []string{head + "fetch of " + c.varName(pt.Var) + " " + where,
			"	a launch wrote " + c.varName(pt.Var) + " and the host accesses it here: its device copy is copied back (the wait that follows says why)"}
	}
	out := []string{head + "wait (" + pt.ShortWhy() + ")"}
	stmts := []string{pt.Site}
	if pt.Hoisted {
		out = append(out, fmt.Sprintf("\t%s: a host loop that launches nothing: the wait of a statement in it goes before it", posString(pt.Pos)))
		stmts = pt.Sources
	}
	for _, s := range stmts {
		for _, l := range pt.Launches {
			for _, why := range pt.Whys {
				fact := ast.NewAtom("wait_at", nameConst(s), nameConst(l), nameConst("/"+why))
				proof, err := cr.Result.Explain(fact, syncProofHeight)
				if err != nil || proof == nil {
					continue
				}
				out = append(out, fmt.Sprintf("\t%s: launch of the parallel loop, pending here", posString(c.pos(l))))
				for _, leaf := range proof.Leaves() {
					if line := c.renderSyncLeaf(leaf, l); line != "" {
						out = appendUnique(out, "\t"+line)
					}
				}
				out = append(out, fmt.Sprintf("\t=> wait before %s [%s]", posString(c.pos(s)), why))
			}
		}
	}
	return out
}

// renderSyncLeaf words one input fact of a wait's derivation, or "".
func (c *checkCtx) renderSyncLeaf(f ast.Atom, launch string) string {
	at := func(i int) string { return posString(c.pos(sym(f.Args[i]))) }
	switch f.Predicate.Symbol {
	case "hacc":
		mode := strings.TrimPrefix(sym(f.Args[2]), "/")
		verb := map[string]string{"read": "reads", "write": "may write", "alloc": "allocates"}[mode]
		if verb == "" {
			return ""
		}
		return fmt.Sprintf("%s: the host statement %s %s", at(0), verb, c.varName(sym(f.Args[1])))
	case "access":
		if sym(f.Args[3]) == "/write" {
			return fmt.Sprintf("%s: writes %s (in the loop or a procedure it calls)", at(0), c.varName(sym(f.Args[2])))
		}
	case "locality":
		return fmt.Sprintf("%s: reduce(%s)", at(3), c.varName(sym(f.Args[2])))
	case "stop_stmt":
		return fmt.Sprintf("%s: the loop may stop here (%s)", at(0), strings.ReplaceAll(strings.TrimPrefix(sym(f.Args[2]), "/"), "_", " "))
	case "hio":
		return fmt.Sprintf("%s: input/output: acts outside the program", at(0))
	case "htiming":
		return fmt.Sprintf("%s: a timing call: waits for every launch", at(0))
	case "hcall":
		return fmt.Sprintf("%s: calls %s", at(0), c.procName(sym(f.Args[1])))
	case "hcall_external":
		return fmt.Sprintf("%s: calls a procedure whose body is not known", at(0))
	case "hstmt":
		switch k := strings.TrimPrefix(sym(f.Args[2]), "/"); k {
		case "goto", "unknown", "stop":
			return fmt.Sprintf("%s: a %s statement", at(0), k)
		}
	case "alias":
		return fmt.Sprintf("%s: an associate name of %s", at(0), c.varName(sym(f.Args[1])))
	}
	return ""
}
