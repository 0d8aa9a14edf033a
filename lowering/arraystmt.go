package lowering

// This file implements two passes that run between the analyses and the
// kernel passes (design doc, "Whole-array assignments between launches"):
//
//	dead_array_store     -- removes the whole-array assignments the rules
//	                        found dead (rules/deadstore.mg: dead_store)
//	gpu_array_statements -- makes every assignment the rules send to the
//	                        device (rules/arraystmt.mg: array_stmt_device) a
//	                        do concurrent over the elements of its target,
//	                        in the typed AST, so that it goes through the
//	                        normal pipeline (outcome, kernel, waits)
//
// Both change the program, so the analyses run again on the result
// (rules.Check): the synthesised loops are ordinary parallel loops for
// every later stage. A synthesised loop that the analyses do not offload,
// or that the kernel verifier cannot lower, is reverted (the assignment
// stays on the host, with no diagnostic), and the analyses run once more.
//
//	dcdb = sum(reduce_dcdb, dim=3)
//	! becomes
//	do concurrent (fgpu_i1 = 1:size(dcdb, 1), fgpu_i2 = 1:size(dcdb, 2))
//	    dcdb(lbound(dcdb, 1) + fgpu_i1 - 1, lbound(dcdb, 2) + fgpu_i2 - 1) = &
//	        sum(reduce_dcdb(lbound(reduce_dcdb, 1) + fgpu_i1 - 1, lbound(reduce_dcdb, 2) + fgpu_i2 - 1, :))
//	end do
//
// The synthesised construct carries the assignment's position, last line
// and SharedLine flag, so the host rewrite replaces exactly the
// assignment's lines by the launch. Every synthesised node carries the
// type, rank and symbol sema would give it.

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/rules"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/mangle/ast"
)

// ArrayStmts records what the two passes did.
type ArrayStmts struct {
	Loops []*SynthLoop // assignments now run as parallel loops, in source order
	Dead  []*DeadStore // assignments removed, in source order
	byPos map[frontend.Pos]*SynthLoop
}

// SynthLoop is an assignment turned into a do concurrent.
type SynthLoop struct {
	Loop   *frontend.Construct
	Assign *frontend.AssignStmt
	// Why explains, from the rules' derivation, why the assignment was
	// sent to the device (lines for fgpu explain).
	Why []string
}

// DeadStore is a removed assignment and its source text.
type DeadStore struct {
	Assign *frontend.AssignStmt
	Text   string
}

// Synthesized returns the synthesised loop at a position (a loop's Pos:
// the assignment's), or nil.
func (a *ArrayStmts) Synthesized(pos frontend.Pos) *SynthLoop {
	if a == nil {
		return nil
	}
	return a.byPos[pos]
}

// stmtRef is where a statement stands: its list, procedure and scope.
type stmtRef struct {
	list  *[]frontend.Stmt
	proc  *frontend.Procedure
	scope *frontend.Scope
}

// ArrayStatements runs dead_array_store and gpu_array_statements on a
// program checked without errors (cr), and returns the result of the
// analyses of the transformed program (cr itself when nothing changed).
func ArrayStatements(prog *frontend.Program, cr *rules.CheckResult, opts rules.CheckOptions) (*rules.CheckResult, *ArrayStmts, error) {
	as := &ArrayStmts{byPos: map[frontend.Pos]*SynthLoop{}}
	if cr == nil || cr.Diags.HasErrors() {
		return cr, as, nil
	}
	dead := sitePositions(cr, "dead_store")
	device := sitePositions(cr, "array_stmt_device")
	if len(dead) == 0 && len(device) == 0 {
		return cr, as, nil
	}
	refs := map[*frontend.AssignStmt]stmtRef{}
	byPos := map[frontend.Pos]*frontend.AssignStmt{}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			collectAssigns(u, refs, byPos)
		}
	}
	// dead_array_store first.
	for _, p := range sortedPositions(dead) {
		a := byPos[p]
		if a == nil {
			continue
		}
		r := refs[a]
		if !replaceStmt(r.list, a, nil) {
			continue
		}
		as.Dead = append(as.Dead, &DeadStore{Assign: a, Text: stmtText(prog, a)})
	}
	// gpu_array_statements.
	for _, p := range sortedPositions(device) {
		a := byPos[p]
		if a == nil || dead[p] != "" {
			continue
		}
		r := refs[a]
		k := Synthesize(a, r.scope)
		if k == nil || !replaceStmt(r.list, a, k) {
			continue
		}
		sl := &SynthLoop{Loop: k, Assign: a, Why: explainDevice(cr, device[p])}
		as.Loops = append(as.Loops, sl)
		as.byPos[a.Pos] = sl
	}
	if len(as.Dead) == 0 && len(as.Loops) == 0 {
		return cr, as, nil
	}
	cr2, err := rules.Check(prog, opts)
	if err != nil {
		return nil, nil, err
	}
	// Revert what the analyses do not offload or the kernel verifier
	// cannot lower: the assignment stays on the host, silently.
	bad := failedSynth(prog, cr2, as)
	if len(bad) == 0 {
		return cr2, as, nil
	}
	var kept []*SynthLoop
	for _, sl := range as.Loops {
		if !bad[sl] {
			kept = append(kept, sl)
			continue
		}
		replaceStmt(refs[sl.Assign].list, sl.Loop, sl.Assign)
		delete(as.byPos, sl.Assign.Pos)
	}
	as.Loops = kept
	cr3, err := rules.Check(prog, opts)
	if err != nil {
		return nil, nil, err
	}
	return cr3, as, nil
}

// failedSynth lists the synthesised loops that are not offloaded, or whose
// kernel the verifier rejects (a diagnostic on the assignment's lines).
func failedSynth(prog *frontend.Program, cr *rules.CheckResult, as *ArrayStmts) map[*SynthLoop]bool {
	bad := map[*SynthLoop]bool{}
	outcome := map[*frontend.Construct]string{} // by the facts' own loop table
	for _, l := range cr.Loops {
		if c := cr.Facts.Loops[l.Loop]; c != nil {
			outcome[c] = l.Outcome
		}
	}
	byLoop := map[frontend.Pos]*SynthLoop{}
	for _, sl := range as.Loops {
		byLoop[sl.Assign.Pos] = sl // the synthesised loop's position
		if outcome[sl.Loop] != "offload" {
			bad[sl] = true
		}
	}
	// The verifier does not depend on the device. Its diagnostics name
	// their loop; one that does not is matched by the assignment's lines.
	_, diags := Lower(prog, cr, Options{Target: target.Must("cpu")})
	for _, d := range diags {
		if d.Severity != frontend.SevError {
			continue
		}
		if sl := byLoop[d.Loop]; d.Loop != (frontend.Pos{}) && sl != nil {
			bad[sl] = true
			continue
		}
		for _, sl := range as.Loops {
			a := sl.Assign
			if d.Loop == (frontend.Pos{}) && d.Pos.File == a.Pos.File && d.Pos.Line >= a.Pos.Line && d.Pos.Line <= maxLine(a) {
				bad[sl] = true
			}
		}
	}
	return bad
}

func maxLine(a *frontend.AssignStmt) int {
	if a.EndLine > a.Pos.Line {
		return a.EndLine
	}
	return a.Pos.Line
}

// sitePositions maps the positions of the sites of a unary predicate's
// facts to their site names.
func sitePositions(cr *rules.CheckResult, pred string) map[frontend.Pos]string {
	out := map[frontend.Pos]string{}
	for _, f := range cr.Result.Facts(pred) {
		c, ok := f.Args[0].(ast.Constant)
		if !ok {
			continue
		}
		if p, ok := cr.Facts.Pos(c); ok {
			out[p] = c.Symbol
		}
	}
	return out
}

func sortedPositions(m map[frontend.Pos]string) []frontend.Pos {
	var ps []frontend.Pos
	for p := range m {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Before(ps[j]) })
	return ps
}

// collectAssigns finds the assignments of the statement lists of a unit
// (the same lists facts/arraystmt.go looks at).
func collectAssigns(u *frontend.Procedure, refs map[*frontend.AssignStmt]stmtRef, byPos map[frontend.Pos]*frontend.AssignStmt) {
	var walk func(list *[]frontend.Stmt, sc *frontend.Scope)
	walk = func(list *[]frontend.Stmt, sc *frontend.Scope) {
		for _, s := range *list {
			switch k := s.(type) {
			case *frontend.AssignStmt:
				refs[k] = stmtRef{list: list, proc: u, scope: sc}
				byPos[k.Pos] = k
			case *frontend.Construct:
				if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
					continue
				}
				inner := sc
				if k.Scope != nil {
					inner = k.Scope
				}
				walk(&k.Body, inner)
				for _, br := range k.Branches {
					bs := inner
					if br.Scope != nil {
						bs = br.Scope
					}
					walk(&br.Body, bs)
				}
			}
		}
	}
	walk(&u.Body, u.Scope)
	for _, q := range u.Contains {
		collectAssigns(q, refs, byPos)
	}
}

// replaceStmt replaces old in the list by repl (nil: removes it).
func replaceStmt(list *[]frontend.Stmt, old, repl frontend.Stmt) bool {
	if list == nil {
		return false
	}
	for i, s := range *list {
		if s != old {
			continue
		}
		if repl == nil {
			*list = append((*list)[:i:i], (*list)[i+1:]...)
		} else {
			(*list)[i] = repl
		}
		return true
	}
	return false
}

// stmtText is the source text of a statement (its lines, joined).
func stmtText(prog *frontend.Program, a *frontend.AssignStmt) string {
	var parts []string
	for n := a.Pos.Line; n <= maxLine(a); n++ {
		l, ok := prog.Line(a.Pos.File, n)
		if !ok {
			break
		}
		if i := strings.Index(l, "!"); i >= 0 && !strings.ContainsAny(l[:i], "'\"") {
			l = l[:i]
		}
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, "&"), "&"))
		if l != "" {
			parts = append(parts, l)
		}
	}
	if len(parts) == 0 {
		return a.LHS.String() + " = " + a.RHS.String()
	}
	return strings.Join(parts, " ")
}

// Synthesize builds the do concurrent of a whole-array assignment in the
// scope sc that holds it; nil when the value is not one it can rewrite
// element by element (the rules already ruled that out).
func Synthesize(a *frontend.AssignStmt, sc *frontend.Scope) *frontend.Construct {
	rank := a.LHS.Rank
	if rank <= 0 || rank > 7 || sc == nil {
		return nil
	}
	if root, _ := facts.WholeArrayTarget(a.LHS); root == nil {
		return nil
	}
	pos := a.Pos
	inner := frontend.NewScope(frontend.ScopeImpliedDo, sc, sc.Unit)
	head := &frontend.ConcurrentHeader{Pos: pos}
	var idx []*frontend.Symbol
	for d := 1; d <= rank; d++ {
		n := indexName(sc, d)
		s := &frontend.Symbol{Name: n, Kind: frontend.SymVariable, Pos: pos, Type: frontend.Int8Type, TypeDeclared: true}
		inner.Add(s)
		idx = append(idx, s)
		head.Indices = append(head.Indices, &frontend.ConcurrentIndex{Pos: pos, Name: n,
			Lo: intLit(1, pos), Hi: inquiry("size", a.LHS, d, pos)})
	}
	b := &builder{idx: idx, rank: rank, pos: pos}
	lhs := b.element(a.LHS, -1)
	rhs := b.value(a.RHS)
	if lhs == nil || rhs == nil || b.failed {
		return nil
	}
	base := frontend.StmtBase{Pos: pos, Kw: "do", EndLine: a.EndLine, SharedLine: a.SharedLine}
	do := &frontend.DoStmt{StmtBase: base, Concurrent: head}
	body := &frontend.AssignStmt{StmtBase: frontend.StmtBase{Pos: pos, Kw: "=", EndLine: a.EndLine, SharedLine: a.SharedLine}, LHS: lhs, RHS: rhs}
	endBase := frontend.StmtBase{Pos: pos, Kw: "enddo", EndLine: maxLine(a), SharedLine: a.SharedLine}
	end := &frontend.EndStmt{StmtBase: endBase, What: "do"}
	return &frontend.Construct{StmtBase: base, Head: do, Body: []frontend.Stmt{body}, End: end, Scope: inner}
}

// indexName picks an index name no scope around the statement declares.
func indexName(sc *frontend.Scope, d int) string {
	for k := 0; ; k++ {
		n := fmt.Sprintf("fgpu_i%d", d)
		if k > 0 {
			n = fmt.Sprintf("fgpu_i%d_%d", d, k)
		}
		if sc.Lookup(n) == nil {
			return n
		}
	}
}

func intLit(n int64, pos frontend.Pos) *frontend.Expr {
	v := frontend.IntValue(n)
	return &frontend.Expr{Kind: frontend.ELit, Pos: pos, Lit: lexer.Token{Value: fmt.Sprint(n)}, Type: frontend.IntType, Const: &v}
}

// inquiry is size(arr, d) or lbound(arr, d) (default integer).
func inquiry(name string, arr *frontend.Expr, d int, pos frontend.Pos) *frontend.Expr {
	return &frontend.Expr{Kind: frontend.ERef, Pos: pos, X: &frontend.Expr{Kind: frontend.EName, Pos: pos, Name: name},
		Args: []*frontend.Expr{arr, intLit(int64(d), pos)}, Type: frontend.IntType, Ref: frontend.RefIntrinsic,
		Intr: frontend.LookupIntrinsic(name)}
}

func binary(op string, x, y *frontend.Expr, t frontend.Type, pos frontend.Pos) *frontend.Expr {
	return &frontend.Expr{Kind: frontend.EBinary, Pos: pos, Op: op, X: x, Y: y, Type: t}
}

type builder struct {
	idx    []*frontend.Symbol
	rank   int
	pos    frontend.Pos
	failed bool
}

// subscript is lbound(arr, d) + i - 1 for the index of dimension d.
func (b *builder) subscript(arr *frontend.Expr, d int, i *frontend.Symbol) *frontend.Expr {
	iv := &frontend.Expr{Kind: frontend.EName, Pos: b.pos, Name: i.Name, Sym: i, Type: i.Type, Ref: frontend.RefVariable}
	sum := binary("+", inquiry("lbound", arr, d, b.pos), iv, frontend.Int8Type, b.pos)
	return binary("-", sum, intLit(1, b.pos), frontend.Int8Type, b.pos)
}

// element is the element of a whole array (a designator of rank b.rank,
// or b.rank+1 with skip the dimension kept whole: a section of rank 1).
func (b *builder) element(arr *frontend.Expr, skip int) *frontend.Expr {
	var args []*frontend.Expr
	k := 0
	want := b.rank
	if skip >= 0 {
		want++
	}
	if arr.Rank != want {
		b.failed = true
		return nil
	}
	for d := 1; d <= want; d++ {
		if d == skip {
			args = append(args, &frontend.Expr{Kind: frontend.ERange, Pos: b.pos})
			continue
		}
		args = append(args, b.subscript(arr, d, b.idx[k]))
		k++
	}
	rank := 0
	if skip >= 0 {
		rank = 1
	}
	return &frontend.Expr{Kind: frontend.ERef, Pos: arr.Pos, X: arr, Args: args, Type: arr.Type, Rank: rank,
		Ref: frontend.RefElement, Sym: arr.Sym}
}

// value rewrites the value for one element (the shapes facts/arraystmt.go
// accepts as element by element).
func (b *builder) value(e *frontend.Expr) *frontend.Expr {
	if e == nil || b.failed {
		return nil
	}
	if e.Rank == 0 {
		return e // a scalar: evaluated by every iteration
	}
	switch e.Kind {
	case frontend.EName:
		if e.Sym == nil || e.Sym.Kind != frontend.SymVariable || e.Rank != b.rank {
			b.failed = true
			return nil
		}
		return b.element(e, -1)
	case frontend.EComponent:
		if root, _ := facts.WholeArrayTarget(e); root == nil || e.Rank != b.rank {
			b.failed = true
			return nil
		}
		return b.element(e, -1)
	case frontend.EParen:
		c := *e
		c.X, c.Rank = b.value(e.X), 0
		return &c
	case frontend.EBinary, frontend.EUnary:
		if e.Proc != nil {
			b.failed = true
			return nil
		}
		c := *e
		c.X, c.Rank = b.value(e.X), 0
		if e.Y != nil {
			c.Y = b.value(e.Y)
		}
		return &c
	case frontend.ERef:
		if e.Ref != frontend.RefIntrinsic || e.Intr == nil {
			b.failed = true
			return nil
		}
		if arr, dim, ok := facts.ReductionDim(e); ok {
			if arr.Kind != frontend.EName || arr.Rank != b.rank+1 {
				b.failed = true
				return nil
			}
			sec := b.element(arr, dim)
			return &frontend.Expr{Kind: frontend.ERef, Pos: e.Pos, X: e.X, Args: []*frontend.Expr{sec}, Type: e.Type,
				Ref: frontend.RefIntrinsic, Intr: e.Intr}
		}
		if e.Intr.Class != frontend.IntrElemental {
			b.failed = true
			return nil
		}
		c := *e
		c.Rank = 0
		c.Args = nil
		for _, a := range e.Args {
			if a.Kind == frontend.EKeyword {
				k := *a
				k.X = b.value(a.X)
				k.Rank = 0
				c.Args = append(c.Args, &k)
				continue
			}
			c.Args = append(c.Args, b.value(a))
		}
		return &c
	}
	b.failed = true
	return nil
}

// explainDevice renders the derivation of array_stmt_device(S).
func explainDevice(cr *rules.CheckResult, site string) []string {
	proof, err := cr.Result.Explain(ast.NewAtom("array_stmt_device", facts.Name(site)), 64)
	if err != nil || proof == nil {
		return []string{"\t(no derivation found)"}
	}
	at := func(c ast.BaseTerm) string {
		k, _ := c.(ast.Constant)
		p, _ := cr.Facts.Pos(k)
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	varName := func(c ast.BaseTerm) string {
		k, _ := c.(ast.Constant)
		if s := cr.Facts.Vars[k.Symbol]; s != nil {
			return s.Name
		}
		return k.Symbol
	}
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, "\t"+s)
		}
	}
	for _, f := range proof.Leaves() {
		switch f.Predicate.Symbol {
		case "array_stmt":
			t, _ := f.Args[2].(ast.Constant).StringValue()
			add(fmt.Sprintf("%s: a whole-array assignment to %s", at(f.Args[0]), t))
		case "in_host_loop":
			add(fmt.Sprintf("%s: in the sequential host loop at %s", at(f.Args[0]), at(f.Args[1])))
		case "host_loop_contains":
			add(fmt.Sprintf("%s: which holds the parallel loop at %s, sent to the device", at(f.Args[0]), at(f.Args[1])))
		case "access":
			add(fmt.Sprintf("%s: the parallel loop %s %s", at(f.Args[0]), map[string]string{"/read": "reads", "/write": "writes"}[f.Args[3].String()], varName(f.Args[2])))
		case "array_stmt_reads":
			add(fmt.Sprintf("%s: the assignment reads %s", at(f.Args[0]), varName(f.Args[1])))
		case "alias":
			add(fmt.Sprintf("%s is an associate name of %s", varName(f.Args[0]), varName(f.Args[1])))
		}
	}
	out = append(out, "\t=> element by element, nothing keeps it on the host: a do concurrent on the device (array_stmt_device)")
	return out
}
