// This file implements explanations: Mangle v0.4.0 records no provenance, so
// a derived fact is explained by re-deriving it top-down over the evaluated
// model (MANGLE.md section 5, approach A). For each rule whose head matches
// the fact, the body is searched against the store; positive premises must
// themselves be provable within a smaller height. Iterative deepening on the
// height gives a proof of minimal height (the shortest chain) and cannot loop
// on recursive rules; "provable within h" results are memoised.
//
// Proofs are deterministic: among all rule instances that give the minimal
// height, the one whose instantiated premises (compared by String(), in
// clause order) are smallest wins, so map and store order never reach the
// output (STYLE habit 14).

package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/builtin"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/unionfind"
)

// ProofKind classifies proof nodes.
type ProofKind int

const (
	// ProofFact is an input fact (given to Evaluate or written in a rule file).
	ProofFact ProofKind = iota
	// ProofRule is a fact derived by Rule from Children (one per premise, in
	// clause order, then one ProofBuiltin per let statement).
	ProofRule
	// ProofAggregate is a fact derived by an aggregation rule; Children are
	// the premises of the first few group rows (sorted), Rows counts all.
	ProofAggregate
	// ProofAbsent is a negated premise: no matching fact holds.
	ProofAbsent
	// ProofBuiltin is a comparison, equation, builtin predicate or let
	// statement that held (Term).
	ProofBuiltin
)

func (k ProofKind) String() string {
	switch k {
	case ProofFact:
		return "fact"
	case ProofRule:
		return "rule"
	case ProofAggregate:
		return "aggregate"
	case ProofAbsent:
		return "absent"
	case ProofBuiltin:
		return "builtin"
	}
	return fmt.Sprintf("ProofKind(%d)", int(k))
}

// Proof is a node of a derivation tree.
type Proof struct {
	Kind     ProofKind
	Fact     ast.Atom    // the fact (Fact, Rule, Aggregate) or the atom that is absent (Absent)
	Term     ast.Term    // Builtin: the instantiated premise
	Rule     *ast.Clause // Rule, Aggregate: the rule as the engine ran it (rewritten by analysis, wildcards named)
	File     string      // Rule, Aggregate: the .mg file of the rule
	Children []*Proof
	Height   int // 0 for leaves, else 1 + the children's maximum
	Rows     int // Aggregate: the number of rows of the group
}

// Leaves returns the input facts of the proof, left to right, depth first.
// For rules written as chains (reach(L, Q) :- reach(L, P), calls(_, P, Q).)
// this is chain order.
func (p *Proof) Leaves() []ast.Atom {
	var out []ast.Atom
	var walk func(*Proof)
	walk = func(p *Proof) {
		if p.Kind == ProofFact {
			out = append(out, p.Fact)
		}
		for _, c := range p.Children {
			walk(c)
		}
	}
	walk(p)
	return out
}

// String renders the proof as an indented tree, two spaces a level.
func (p *Proof) String() string {
	var b strings.Builder
	var walk func(*Proof, string)
	walk = func(p *Proof, indent string) {
		switch p.Kind {
		case ProofFact:
			fmt.Fprintf(&b, "%s%v   [fact]\n", indent, p.Fact)
		case ProofAbsent:
			fmt.Fprintf(&b, "%snot %v   [absent]\n", indent, p.Fact)
		case ProofBuiltin:
			fmt.Fprintf(&b, "%s%v   [builtin]\n", indent, p.Term)
		case ProofRule:
			fmt.Fprintf(&b, "%s%v   [%s: %v]\n", indent, p.Fact, p.File, p.Rule)
		case ProofAggregate:
			fmt.Fprintf(&b, "%s%v   [%s, aggregate of %d rows: %v]\n", indent, p.Fact, p.File, p.Rows, p.Rule)
		}
		for _, c := range p.Children {
			walk(c, indent+"  ")
		}
	}
	walk(p, "")
	return b.String()
}

// ErrNotInModel is returned (wrapped) by Explain for a fact that does not hold.
var ErrNotInModel = errors.New("fact is not in the model")

// ErrExplainBudget is returned (wrapped) when an explanation takes more than
// ExplainSteps search steps.
var ErrExplainBudget = errors.New("explanation budget exhausted")

// ExplainSteps bounds the search steps of one Explain call.
const ExplainSteps = 2_000_000

// maxAggRows is how many group rows an aggregate proof shows.
const maxAggRows = 3

// Explain returns a derivation of fact of minimal height (at most maxHeight;
// 0 means 64). An input fact is a leaf. Name and string constants of fact
// built as Go literals get their proper hashes first. Explain is safe for concurrent use;
// work is memoised across calls on the same Result.
func (r *Result) Explain(fact ast.Atom, maxHeight int) (p *Proof, err error) {
	if maxHeight <= 0 {
		maxHeight = 64
	}
	fact = rehashAtom(fact)
	if !r.store.Contains(fact) {
		return nil, fmt.Errorf("%v: %w", fact, ErrNotInModel)
	}
	r.explainMu.Lock()
	defer r.explainMu.Unlock()
	if r.explainer == nil {
		r.explainer = newExplainer(r)
	}
	x := r.explainer
	x.steps = 0
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(budgetPanic); ok {
				p, err = nil, fmt.Errorf("%v: %w", fact, ErrExplainBudget)
				return
			}
			panic(v)
		}
	}()
	h := x.minHeight(fact, maxHeight)
	if h < 0 {
		return nil, fmt.Errorf("%v: no derivation of height <= %d", fact, maxHeight)
	}
	return x.canon(fact), nil
}

type budgetPanic struct{}

// explainState is the part of Result that Explain uses.
type explainState struct {
	explainMu sync.Mutex
	explainer *explainer
}

type explainer struct {
	r     *Result
	qc    engine.QueryContext
	lo    map[string]int    // fact -> smallest height not yet ruled out (derived facts; default 1)
	hi    map[string]int    // fact -> a height at which it is provable
	proof map[string]*Proof // fact -> its canonical proof
	agg   map[string]*Proof // fact + "\x00" + rule index -> aggregate proof (nil: none)
	steps int
}

func newExplainer(r *Result) *explainer {
	rules := map[ast.PredicateSym][]ast.Clause{}
	for sym, rs := range r.prog.rules {
		for _, ra := range rs {
			rules[sym] = append(rules[sym], ra.clause)
		}
	}
	return &explainer{
		r: r,
		qc: engine.QueryContext{PredToRules: rules, PredToDecl: r.prog.info.Decls, Store: r.store,
			ExternalPredicates: map[ast.PredicateSym]engine.ExternalPredicateCallback{}},
		lo:    map[string]int{},
		hi:    map[string]int{},
		proof: map[string]*Proof{},
		agg:   map[string]*Proof{},
	}
}

func (x *explainer) isBase(f ast.Atom) bool { return x.r.input.Contains(f) }

func isAggregate(c *ast.Clause) bool {
	return c.Transform != nil && !c.Transform.IsLetTransform()
}

// minHeight returns the minimal proof height of f (0 for input facts), or
// -1 if there is none within max.
func (x *explainer) minHeight(f ast.Atom, limit int) int {
	if x.isBase(f) {
		return 0
	}
	for h := max(x.lo[f.String()], 1); h <= limit; h++ {
		if x.provable(f, h) {
			return h
		}
	}
	return -1
}

// provable reports whether f has a proof of height <= h. The answer depends
// only on the model, so it is memoised by bounds.
func (x *explainer) provable(f ast.Atom, h int) bool {
	if x.isBase(f) {
		return true
	}
	k := f.String()
	if v, ok := x.hi[k]; ok && v <= h {
		return true
	}
	lo := max(x.lo[k], 1)
	if h < lo {
		return false
	}
	for _, ra := range x.r.prog.rules[f.Predicate] {
		if isAggregate(&ra.clause) {
			if a := x.aggregate(f, ra); a != nil && a.Height <= h {
				x.hi[k] = a.Height
				return true
			}
			continue
		}
		found := false
		x.instances(f, ra, h-1, func(unionfind.UnionFind) bool {
			found = true
			return false
		})
		if found {
			if v, ok := x.hi[k]; !ok || h < v {
				x.hi[k] = h
			}
			return true
		}
	}
	x.lo[k] = h + 1
	return false
}

// candidate is a rule instance that proves a fact at its minimal height.
type candidate struct {
	ra  ruleAt
	s   unionfind.UnionFind
	key []string
	agg *Proof
}

func (c candidate) less(d candidate) bool {
	if n := slices.Compare(c.key, d.key); n != 0 {
		return n < 0
	}
	return c.ra.index < d.ra.index
}

// canon returns the canonical proof of f: of minimal height, and among the
// rule instances of that height the one with the smallest premises.
func (x *explainer) canon(f ast.Atom) *Proof {
	if x.isBase(f) {
		return &Proof{Kind: ProofFact, Fact: f}
	}
	k := f.String()
	if p, ok := x.proof[k]; ok {
		return p
	}
	h := x.minHeight(f, 1<<30)
	if h < 0 {
		return nil // not reached: f is in the model
	}
	var best *candidate
	consider := func(c candidate) {
		if best == nil || c.less(*best) {
			best = &c
		}
	}
	for _, ra := range x.r.prog.rules[f.Predicate] {
		if isAggregate(&ra.clause) {
			if a := x.aggregate(f, ra); a != nil && a.Height == h {
				var key []string
				for _, c := range a.Children {
					key = append(key, nodeKey(c))
				}
				consider(candidate{ra: ra, key: key, agg: a})
			}
			continue
		}
		x.instances(f, ra, h-1, func(s unionfind.UnionFind) bool {
			consider(candidate{ra: ra, s: s, key: premiseKey(ra.clause.Premises, s)})
			return true
		})
	}
	if best == nil {
		return nil // not reached
	}
	var p *Proof
	if best.agg != nil {
		p = best.agg
	} else {
		p = x.node(f, best.ra, best.s)
	}
	x.proof[k] = p
	return p
}

func nodeKey(p *Proof) string {
	switch p.Kind {
	case ProofBuiltin:
		return p.Term.String()
	case ProofAbsent:
		return "!" + p.Fact.String()
	}
	return p.Fact.String()
}

// premiseKey is the instantiated premises of a rule instance, in clause order.
func premiseKey(prem []ast.Term, s unionfind.UnionFind) []string {
	key := make([]string, len(prem))
	for i, p := range prem {
		switch p := p.(type) {
		case ast.Atom:
			if g, err := functional.EvalAtom(p, s); err == nil {
				key[i] = g.String()
			} else {
				key[i] = p.ApplySubst(s).String()
			}
		default:
			key[i] = p.ApplySubst(s).String()
		}
	}
	return key
}

// node builds the proof node of a rule instance; its positive premises get
// their canonical proofs.
func (x *explainer) node(f ast.Atom, ra ruleAt, s unionfind.UnionFind) *Proof {
	rule := ra.clause
	p := &Proof{Kind: ProofRule, Fact: f, Rule: &rule, File: ra.file}
	p.Children = x.premiseNodes(rule.Premises, s)
	if rule.Transform != nil { // a let transform: show each statement's value
		row := s.AsConstSubstList()
		for _, st := range rule.Transform.Statements {
			v, err := functional.EvalApplyFn(st.Fn, row)
			if err != nil {
				continue
			}
			row = row.Extend(*st.Var, v)
			p.Children = append(p.Children, &Proof{Kind: ProofBuiltin, Term: ast.Eq{Left: v, Right: st.Fn.ApplySubst(row).(ast.BaseTerm)}})
		}
	}
	for _, c := range p.Children {
		p.Height = max(p.Height, c.Height+1)
	}
	p.Height = max(p.Height, 1)
	return p
}

func (x *explainer) premiseNodes(prem []ast.Term, s unionfind.UnionFind) []*Proof {
	var out []*Proof
	for _, t := range prem {
		switch t := t.(type) {
		case ast.Atom:
			g, err := functional.EvalAtom(t, s)
			if err != nil {
				g = t.ApplySubst(s).(ast.Atom)
			}
			if x.filterAtom(t) {
				out = append(out, &Proof{Kind: ProofBuiltin, Term: g})
			} else if c := x.canon(g); c != nil {
				out = append(out, c)
			}
		case ast.NegAtom:
			g, err := functional.EvalAtom(t.Atom, s)
			if err != nil {
				g = t.Atom.ApplySubst(s).(ast.Atom)
			}
			out = append(out, &Proof{Kind: ProofAbsent, Fact: g})
		default:
			out = append(out, &Proof{Kind: ProofBuiltin, Term: t.ApplySubst(s)})
		}
	}
	return out
}

// filterAtom: builtin and deferred predicates are checked, not explained.
func (x *explainer) filterAtom(a ast.Atom) bool {
	if a.Predicate.IsBuiltin() {
		return true
	}
	d := x.r.prog.info.Decls[a.Predicate]
	return d != nil && d.DeferredPredicate()
}

// bindHead unifies the head of rule with f, skipping the variables that the
// transform defines and function terms (checked after the body).
func bindHead(rule *ast.Clause, f ast.Atom) (unionfind.UnionFind, bool) {
	defined := map[ast.Variable]bool{}
	if rule.Transform != nil {
		for _, st := range rule.Transform.Statements {
			if st.Var != nil {
				defined[*st.Var] = true
			}
		}
	}
	var xs, ys []ast.BaseTerm
	for i, arg := range rule.Head.Args {
		switch a := arg.(type) {
		case ast.Variable:
			if !defined[a] && a.Symbol != "_" {
				xs, ys = append(xs, a), append(ys, f.Args[i])
			}
		case ast.Constant:
			if !a.Equals(f.Args[i]) {
				return unionfind.UnionFind{}, false
			}
		}
	}
	s, err := unionfind.UnifyTermsExtend(xs, ys, unionfind.New())
	return s, err == nil
}

// instances calls yield with every substitution of a (non-aggregate) rule
// whose head is f and whose positive premises are provable within height hp
// (all that hold, if hp < 0); yield returns false to stop.
func (x *explainer) instances(f ast.Atom, ra ruleAt, hp int, yield func(unionfind.UnionFind) bool) {
	rule := &ra.clause
	s, ok := bindHead(rule, f)
	if !ok {
		return
	}
	x.solve(rule.Premises, s, hp, func(s unionfind.UnionFind) bool {
		var head ast.Atom
		var err error
		if rule.Transform != nil {
			err = engine.EvalTransform(rule.Head, *rule.Transform, []ast.ConstSubstList{s.AsConstSubstList()},
				func(a ast.Atom) bool { head = a; return true })
			if err == nil {
				head, err = functional.EvalAtom(head, ast.ConstSubstList{})
			}
		} else {
			head, err = functional.EvalAtom(rule.Head, s)
		}
		if err != nil || !head.Equals(f) {
			return true
		}
		return yield(s)
	})
}

// aggregate returns the proof of f by the aggregation rule ra, or nil.
func (x *explainer) aggregate(f ast.Atom, ra ruleAt) *Proof {
	k := fmt.Sprintf("%v\x00%d", f, ra.index)
	if p, ok := x.agg[k]; ok {
		return p
	}
	x.agg[k] = nil
	rule := &ra.clause
	s, ok := bindHead(rule, f)
	if !ok {
		return nil
	}
	type row struct {
		s   unionfind.UnionFind
		key []string
	}
	var rows []row
	var substs []ast.ConstSubstList
	x.solve(rule.Premises, s, -1, func(s unionfind.UnionFind) bool {
		rows = append(rows, row{s, premiseKey(rule.Premises, s)})
		substs = append(substs, s.AsConstSubstList())
		return true
	})
	if len(rows) == 0 {
		return nil
	}
	var emitted []ast.Atom
	if err := engine.EvalTransform(rule.Head, *rule.Transform, substs, func(a ast.Atom) bool {
		emitted = append(emitted, a)
		return true
	}); err != nil {
		return nil
	}
	if !slices.ContainsFunc(emitted, func(a ast.Atom) bool { return sameUpToCollections(a, f) }) {
		return nil
	}
	slices.SortFunc(rows, func(a, b row) int { return slices.Compare(a.key, b.key) })
	p := &Proof{Kind: ProofAggregate, Fact: f, Rule: rule, File: ra.file, Rows: len(rows), Height: 1}
	for i := 0; i < len(rows) && i < maxAggRows; i++ {
		p.Children = append(p.Children, x.premiseNodes(rule.Premises, rows[i].s)...)
	}
	for _, c := range p.Children {
		p.Height = max(p.Height, c.Height+1)
	}
	x.agg[k] = p
	return p
}

// sameUpToCollections compares two atoms, treating lists and maps as equal:
// fn:collect's order follows Go map order (P5).
func sameUpToCollections(a, b ast.Atom) bool {
	if a.Equals(b) {
		return true
	}
	if a.Predicate != b.Predicate || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		ca, ok1 := a.Args[i].(ast.Constant)
		cb, ok2 := b.Args[i].(ast.Constant)
		if !ok1 || !ok2 {
			return false
		}
		if ca.Equals(cb) {
			continue
		}
		if !(ca.Type == cb.Type && (ca.Type == ast.ListShape || ca.Type == ast.MapShape)) {
			return false
		}
	}
	return true
}

// solve enumerates the substitutions that satisfy all premises, depth
// first, evaluating the cheapest eligible premise next. With hp >= 0 every
// positive premise must be provable within height hp. yield returns false to
// stop; solve then returns false.
func (x *explainer) solve(prem []ast.Term, s unionfind.UnionFind, hp int, yield func(unionfind.UnionFind) bool) bool {
	if len(prem) == 0 {
		return yield(s)
	}
	x.steps++
	if x.steps > ExplainSteps {
		panic(budgetPanic{})
	}
	i := x.pick(prem, s)
	p := prem[i]
	rest := make([]ast.Term, 0, len(prem)-1)
	rest = append(append(rest, prem[:i]...), prem[i+1:]...)
	a, positive := p.(ast.Atom)
	positive = positive && !x.filterAtom(a)
	var sols []unionfind.UnionFind
	if positive {
		g, err := functional.EvalAtom(a, s)
		if err != nil {
			return true
		}
		if g.IsGround() {
			if x.r.store.Contains(g) {
				sols = []unionfind.UnionFind{s}
			}
		} else {
			_ = x.r.store.GetFacts(g, func(fact ast.Atom) error {
				if ns, err := unionfind.UnifyTermsExtend(g.Args, fact.Args, s); err == nil {
					sols = append(sols, ns)
				}
				return nil
			})
		}
	} else {
		var err error
		if sols, err = x.qc.EvalPremise(p, s); err != nil {
			return true
		}
	}
	for _, ns := range sols {
		if positive && hp >= 0 {
			g, err := functional.EvalAtom(a, ns)
			if err != nil || !x.provable(g, hp) {
				continue
			}
		}
		if !x.solve(rest, ns, hp, yield) {
			return false
		}
	}
	return true
}

// pick chooses the next premise: a filter whose inputs are bound (cost 0),
// else the positive atom with the fewest matching facts (counted up to 32);
// the first premise in clause order when nothing is eligible.
func (x *explainer) pick(prem []ast.Term, s unionfind.UnionFind) int {
	ground := func(t ast.BaseTerm) bool {
		vs := map[ast.Variable]bool{}
		ast.AddVars(t, vs)
		for v := range vs {
			if _, ok := s.Get(v).(ast.Constant); !ok {
				return false
			}
		}
		return true
	}
	best, bestCost := -1, 1<<30
	for i, p := range prem {
		cost := -1
		switch p := p.(type) {
		case ast.NegAtom:
			if allGround(p.Atom.Args, ground) {
				cost = 0
			}
		case ast.Ineq:
			if ground(p.Left) && ground(p.Right) {
				cost = 0
			}
		case ast.Eq:
			if ground(p.Left) || ground(p.Right) {
				cost = 0
			}
		case ast.Atom:
			if x.filterAtom(p) {
				if x.inputsBound(p, ground) {
					cost = 0
				}
			} else {
				cost = 1 + x.count(p, s)
			}
		}
		if cost >= 0 && cost < bestCost {
			best, bestCost = i, cost
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

func allGround(args []ast.BaseTerm, ground func(ast.BaseTerm) bool) bool {
	for _, a := range args {
		if !ground(a) {
			return false
		}
	}
	return true
}

func (x *explainer) inputsBound(a ast.Atom, ground func(ast.BaseTerm) bool) bool {
	var mode ast.Mode
	if a.Predicate.IsBuiltin() {
		mode = builtin.Predicates[a.Predicate]
	} else if d := x.r.prog.info.Decls[a.Predicate]; d != nil {
		if ms := d.Modes(); len(ms) > 0 {
			mode = ms[0]
		}
	}
	for i, arg := range a.Args {
		if i < len(mode) && mode[i] == ast.ArgModeOutput {
			continue
		}
		if !ground(arg) {
			return false
		}
	}
	return true
}

var errEnough = errors.New("enough")

// count is the number of facts matching a under s, capped at 32.
func (x *explainer) count(a ast.Atom, s unionfind.UnionFind) int {
	g, err := functional.EvalAtom(a, s)
	if err != nil {
		return 1 << 20
	}
	if g.IsGround() {
		return 0 // a hash lookup: present or pruned at once
	}
	n := 0
	_ = x.r.store.GetFacts(g, func(ast.Atom) error {
		n++
		if n >= 32 {
			return errEnough
		}
		return nil
	})
	return n
}
