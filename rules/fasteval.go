package rules

// This file evaluates the rules without Mangle's engine loop: the same
// strata (analysis.Stratify), the same rules (rewrite.Rewrite per stratum),
// the same semi-naive rounds (a first round of every rule over the store,
// then, until no fact is new, every rule once per premise of the stratum's
// own predicates read from the last round's new facts only), group_by rules
// applied once the stratum's fixpoint is reached (engine.EvalTransform, as
// the engine does), so the model is the same set of facts. What differs is
// the join: v0.4.0 keeps every partial solution of a rule as a Go map keyed
// by interface values and copies it for each fact a premise matches
// (unionfind.UnifyTermsExtend; a third of a 50,000-line check's CPU time,
// most of its allocations); here each rule is compiled once into premises
// whose variables are slots of one array, bound or not at each premise by
// the left-to-right order (the engine's order), and a rule's solutions are
// enumerated depth first without allocating. A rule that uses anything
// else (built-in predicates, let transforms, unifying two unbound
// variables, a function of an unbound variable) makes compile fail, and
// the whole program is evaluated by Mangle's engine instead
// (FGPU_MANGLE_ENGINE=1 forces that; TestFastEvalSame compares the two).

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/builtin"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/rewrite"
	"github.com/google/mangle/unionfind"
)

// Kinds of compiled terms.
const (
	tConst = iota // a constant (c)
	tBound        // a variable bound before (slot)
	tFree         // a variable this atom binds (slot; first occurrence)
	tSame         // a variable bound earlier in the same atom (slot): must be equal
	tWild         // _ (or an unbound variable of a negated atom)
	tFn           // a function of bound variables (fn)
)

type cterm struct {
	kind int
	c    ast.BaseTerm
	slot int
	fn   ast.ApplyFn
}

// Kinds of compiled premises.
const (
	pAtom = iota
	pNeg
	pEq   // left bound (or constant, or function), right bound: equal
	pBind // slot := value of right
	pIneq
	pBuiltin // a built-in predicate of bound arguments (a comparison)
)

type cpremise struct {
	kind  int
	pred  ast.PredicateSym
	args  []cterm
	left  cterm
	right cterm
	slot  int // pBind
	local bool
	// id numbers the premises of the program: fastRun.bufs[id] is the
	// query's argument buffer (a premise is not entered again while its
	// own lookup runs).
	id int
}

type cclause struct {
	src   ast.Clause
	head  ast.PredicateSym
	hargs []cterm
	prem  []cpremise
	vars  []ast.Variable // slot -> variable
}

// fastStratum is one stratum, compiled.
type fastStratum struct {
	rules []*cclause   // the rules without do-transforms
	dos   []ast.Clause // group_by rules: applied at the fixpoint
	preds map[ast.PredicateSym]bool
}

type fastProgram struct {
	strata    []fastStratum
	npremises int
	stats     engine.Stats // Strata and PredToStratum (Duration filled per run)
}

var errUnsupported = errors.New("not supported by the fast evaluator")

// compileFast compiles the analysed program, or fails with errUnsupported.
func compileFast(info *analysis.ProgramInfo) (*fastProgram, error) {
	strata, predToStratum, err := analysis.Stratify(analysis.Program{
		EdbPredicates: info.EdbPredicates,
		IdbPredicates: info.IdbPredicates,
		Rules:         info.Rules,
	})
	if err != nil {
		return nil, err
	}
	for _, d := range info.Decls {
		if d.DeferredPredicate() || d.IsExternal() || len(d.FunDeps()) > 0 {
			return nil, fmt.Errorf("%w: declaration %v", errUnsupported, d.DeclaredAtom)
		}
	}
	fp := &fastProgram{stats: engine.Stats{
		Strata:        make([][]ast.PredicateSym, len(strata)),
		PredToStratum: predToStratum,
	}}
	for sym, i := range predToStratum {
		fp.stats.Strata[i] = append(fp.stats.Strata[i], sym)
	}
	predToRules := map[ast.PredicateSym][]ast.Clause{}
	for _, c := range info.Rules {
		predToRules[c.Head.Predicate] = append(predToRules[c.Head.Predicate], c)
	}
	earlier := map[ast.PredicateSym]struct{}{}
	for i := range strata {
		st := fastStratum{preds: map[ast.PredicateSym]bool{}}
		idb := map[ast.PredicateSym]struct{}{}
		var rules []ast.Clause
		for _, sym := range fp.stats.Strata[i] {
			st.preds[sym] = true
			idb[sym] = struct{}{}
			rules = append(rules, predToRules[sym]...)
		}
		edb := map[ast.PredicateSym]struct{}{}
		for sym := range earlier {
			edb[sym] = struct{}{}
		}
		rw := rewrite.Rewrite(analysis.Program{EdbPredicates: edb, IdbPredicates: idb, Rules: rules})
		if len(rw.Rules) != len(rules) {
			// (The engine's delta rules are made from the rules before
			// the rewrite; the two differ only for a rewritten rule.)
			return nil, fmt.Errorf("%w: a transform over several premises", errUnsupported)
		}
		for _, c := range rw.Rules {
			if c.Transform != nil && !c.Transform.IsLetTransform() {
				if _, ok := c.Premises[0].(ast.Atom); !ok || len(c.Premises) != 1 {
					return nil, fmt.Errorf("%w: %v", errUnsupported, c)
				}
				st.dos = append(st.dos, c)
				continue
			}
			cc, err := compileClause(c, st.preds, &fp.npremises)
			if err != nil {
				return nil, err
			}
			st.rules = append(st.rules, cc)
		}
		fp.strata = append(fp.strata, st)
		for sym := range idb {
			earlier[sym] = struct{}{}
		}
	}
	return fp, nil
}

func compileClause(c ast.Clause, local map[ast.PredicateSym]bool, nprem *int) (*cclause, error) {
	cc := &cclause{src: c, head: c.Head.Predicate}
	unsup := func(what string) error { return fmt.Errorf("%w: %s in %v", errUnsupported, what, c) }
	if c.Transform != nil {
		return nil, unsup("a let transform")
	}
	slots := map[ast.Variable]int{}
	bound := map[int]bool{}
	slotOf := func(v ast.Variable) int {
		s, ok := slots[v]
		if !ok {
			s = len(cc.vars)
			slots[v] = s
			cc.vars = append(cc.vars, v)
		}
		return s
	}
	// ground compiles a term whose variables must all be bound.
	ground := func(t ast.BaseTerm) (cterm, bool) {
		switch t := t.(type) {
		case ast.Constant:
			return cterm{kind: tConst, c: t}, true
		case ast.Variable:
			if t.Symbol == "_" {
				return cterm{}, false
			}
			s, ok := slots[t]
			if !ok || !bound[s] {
				return cterm{}, false
			}
			return cterm{kind: tBound, slot: s}, true
		case ast.ApplyFn:
			vars := map[ast.Variable]bool{}
			ast.AddVars(t, vars)
			for v := range vars {
				s, ok := slots[v]
				if v.Symbol == "_" || !ok || !bound[s] {
					return cterm{}, false
				}
			}
			return cterm{kind: tFn, fn: t}, true
		}
		return cterm{}, false
	}
	atomArgs := func(a ast.Atom, neg bool) ([]cterm, error) {
		args := make([]cterm, len(a.Args))
		here := map[int]bool{}
		for i, t := range a.Args {
			if v, ok := t.(ast.Variable); ok {
				if v.Symbol == "_" {
					args[i] = cterm{kind: tWild}
					continue
				}
				s := slotOf(v)
				switch {
				case bound[s]:
					args[i] = cterm{kind: tBound, slot: s}
				case neg:
					// Mangle's negation: no fact unifies; an unbound
					// variable matches anything (but the same value at
					// each of its places).
					if here[s] {
						return nil, unsup("a repeated unbound variable in a negation")
					}
					here[s] = true
					args[i] = cterm{kind: tWild}
				case here[s]:
					args[i] = cterm{kind: tSame, slot: s}
				default:
					here[s] = true
					args[i] = cterm{kind: tFree, slot: s}
				}
				continue
			}
			g, ok := ground(t)
			if !ok {
				return nil, unsup(fmt.Sprintf("argument %v", t))
			}
			args[i] = g
		}
		if !neg {
			for s := range here {
				bound[s] = true
			}
		}
		return args, nil
	}
	for _, t := range c.Premises {
		switch p := t.(type) {
		case ast.Atom:
			if p.Predicate.IsBuiltin() {
				// Only of bound arguments: a test (M < N), which binds
				// nothing.
				args := make([]cterm, len(p.Args))
				for i, t := range p.Args {
					g, ok := ground(t)
					if !ok {
						return nil, unsup("a built-in predicate of unbound arguments")
					}
					args[i] = g
				}
				cc.prem = append(cc.prem, cpremise{kind: pBuiltin, pred: p.Predicate, args: args, id: *nprem})
				*nprem++
				continue
			}
			args, err := atomArgs(p, false)
			if err != nil {
				return nil, err
			}
			cc.prem = append(cc.prem, cpremise{kind: pAtom, pred: p.Predicate, args: args, local: local[p.Predicate], id: *nprem})
			*nprem++
		case ast.NegAtom:
			if p.Atom.Predicate.IsBuiltin() {
				return nil, unsup("a negated built-in predicate")
			}
			args, err := atomArgs(p.Atom, true)
			if err != nil {
				return nil, err
			}
			cc.prem = append(cc.prem, cpremise{kind: pNeg, pred: p.Atom.Predicate, args: args, id: *nprem})
			*nprem++
		case ast.Eq:
			l, lok := ground(p.Left)
			r, rok := ground(p.Right)
			switch {
			case lok && rok:
				cc.prem = append(cc.prem, cpremise{kind: pEq, left: l, right: r})
			case rok:
				v, ok := p.Left.(ast.Variable)
				if !ok || v.Symbol == "_" {
					return nil, unsup("an equation")
				}
				s := slotOf(v)
				bound[s] = true
				cc.prem = append(cc.prem, cpremise{kind: pBind, slot: s, right: r})
			case lok:
				v, ok := p.Right.(ast.Variable)
				if !ok || v.Symbol == "_" {
					return nil, unsup("an equation")
				}
				s := slotOf(v)
				bound[s] = true
				cc.prem = append(cc.prem, cpremise{kind: pBind, slot: s, right: l})
			default:
				return nil, unsup("an equation of unbound terms")
			}
		case ast.Ineq:
			l, lok := ground(p.Left)
			r, rok := ground(p.Right)
			if !lok || !rok {
				return nil, unsup("an inequation of unbound terms")
			}
			cc.prem = append(cc.prem, cpremise{kind: pIneq, left: l, right: r})
		default:
			return nil, unsup(fmt.Sprintf("premise %v", t))
		}
	}
	for _, t := range c.Head.Args {
		g, ok := ground(t)
		if !ok {
			return nil, unsup(fmt.Sprintf("head argument %v", t))
		}
		cc.hargs = append(cc.hargs, g)
	}
	return cc, nil
}

// slotSubst is an ast.Subst over a rule's slots (for functions).
type slotSubst struct {
	vars []ast.Variable
	vals []ast.BaseTerm
}

func (s slotSubst) Get(v ast.Variable) ast.BaseTerm {
	for i, w := range s.vars {
		if w == v {
			return s.vals[i]
		}
	}
	return nil
}

// fastRun is one evaluation.
type fastRun struct {
	st       *store
	deadline time.Time
	ticks    int
	limit    int // created facts (0: none)
	total    int // the store's facts (0: none)
	bufs     [][]ast.BaseTerm
}

func (fr *fastRun) tick() {
	fr.ticks++
	if fr.ticks&255 == 0 && !fr.deadline.IsZero() && time.Now().After(fr.deadline) {
		panic(deadlinePanic{})
	}
}

func (fr *fastRun) value(t cterm, vals []ast.BaseTerm, cl *cclause) (ast.BaseTerm, error) {
	switch t.kind {
	case tConst:
		return t.c, nil
	case tBound:
		return vals[t.slot], nil
	}
	return functional.EvalApplyFn(t.fn, slotSubst{cl.vars, vals})
}

// solve enumerates the solutions of cl's premises from k on, premise
// deltaAt read from delta, and calls emit with each head fact.
func (fr *fastRun) solve(cl *cclause, k, deltaAt int, delta *store, vals []ast.BaseTerm, emit func(ast.Atom) error) error {
	if k == len(cl.prem) {
		args := make([]ast.BaseTerm, len(cl.hargs))
		for i, t := range cl.hargs {
			v, err := fr.value(t, vals, cl)
			if err != nil {
				return err
			}
			args[i] = v
		}
		return emit(ast.Atom{Predicate: cl.head, Args: args})
	}
	p := &cl.prem[k]
	switch p.kind {
	case pEq, pIneq:
		l, err := fr.value(p.left, vals, cl)
		if err != nil {
			return err
		}
		r, err := fr.value(p.right, vals, cl)
		if err != nil {
			return err
		}
		if l.Equals(r) != (p.kind == pEq) {
			return nil
		}
		return fr.solve(cl, k+1, deltaAt, delta, vals, emit)
	case pBind:
		r, err := fr.value(p.right, vals, cl)
		if err != nil {
			return err
		}
		vals[p.slot] = r
		return fr.solve(cl, k+1, deltaAt, delta, vals, emit)
	}
	buf := fr.bufs[p.id]
	if buf == nil {
		buf = make([]ast.BaseTerm, len(p.args))
		fr.bufs[p.id] = buf
	}
	for i, t := range p.args {
		switch t.kind {
		case tFree, tSame, tWild:
			buf[i] = wildVar
		default:
			v, err := fr.value(t, vals, cl)
			if err != nil {
				return err
			}
			buf[i] = v
		}
	}
	q := ast.Atom{Predicate: p.pred, Args: buf}
	if p.kind == pBuiltin {
		// As the engine decides it (premiseAtom), on a substitution that
		// binds nothing: every argument is a constant.
		uf := unionfind.New()
		ok, _, err := builtin.Decide(q, &uf)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		return fr.solve(cl, k+1, deltaAt, delta, vals, emit)
	}
	src := fr.st
	if k == deltaAt {
		src = delta
	}
	fr.tick()
	if p.kind == pNeg {
		found := false
		_ = src.GetFacts(q, func(ast.Atom) error { found = true; return errBreakFast })
		if found {
			return nil
		}
		return fr.solve(cl, k+1, deltaAt, delta, vals, emit)
	}
	err := src.GetFacts(q, func(f ast.Atom) error {
		for i, t := range p.args {
			switch t.kind {
			case tFree:
				vals[t.slot] = f.Args[i]
			case tSame:
				if !vals[t.slot].Equals(f.Args[i]) {
					return nil
				}
			}
		}
		return fr.solve(cl, k+1, deltaAt, delta, vals, emit)
	})
	if err == errBreakFast {
		err = nil
	}
	return err
}

var (
	errBreakFast              = errors.New("break")
	wildVar      ast.BaseTerm = ast.Variable{Symbol: "_"}
)

// run evaluates the program on fr.st; it fills stats.Duration.
func (fp *fastProgram) run(fr *fastRun, initial []ast.Atom) (engine.Stats, error) {
	fr.bufs = make([][]ast.BaseTerm, fp.npremises)
	stats := engine.Stats{Strata: fp.stats.Strata, PredToStratum: fp.stats.PredToStratum, Duration: make([]time.Duration, len(fp.strata))}
	for _, f := range initial {
		g, err := functional.EvalAtom(f, nil)
		if err != nil {
			return engine.Stats{}, err
		}
		fr.st.Add(g)
	}
	for i := range fp.strata {
		start := time.Now()
		if err := fp.strata[i].eval(fr); err != nil {
			return engine.Stats{}, err
		}
		stats.Duration[i] = time.Since(start)
	}
	return stats, nil
}

func (st *fastStratum) eval(fr *fastRun) error {
	var vals []ast.BaseTerm
	round := func(delta *store) (*store, error) {
		next := newStore()
		for _, cl := range st.rules {
			if len(vals) < len(cl.vars) {
				vals = make([]ast.BaseTerm, len(cl.vars))
			}
			emit := func(f ast.Atom) error {
				if fr.st.Contains(f) || next.Contains(f) {
					return nil
				}
				next.Add(f)
				if fr.limit > 0 && next.count > fr.limit {
					return fmt.Errorf("fact size limit reached evaluating %q %d > %d", cl.src.String(), next.count, fr.limit)
				}
				return nil
			}
			if delta == nil {
				if err := fr.solve(cl, 0, -1, nil, vals, emit); err != nil {
					return nil, err
				}
				continue
			}
			for k := range cl.prem {
				p := &cl.prem[k]
				if p.kind != pAtom || !p.local || delta.rels[p.pred].size() == 0 {
					continue
				}
				if err := fr.solve(cl, 0, k, delta, vals, emit); err != nil {
					return nil, err
				}
			}
		}
		for _, r := range next.rels {
			for _, f := range r.facts {
				fr.st.Add(f)
			}
		}
		for _, f := range next.consts {
			fr.st.Add(f)
		}
		if fr.total > 0 && fr.st.count > fr.total {
			return nil, fmt.Errorf("fact size limit reached %d > %d", fr.st.count, fr.total)
		}
		return next, nil
	}
	delta, err := round(nil)
	if err != nil {
		return err
	}
	for delta.count > 0 {
		if delta, err = round(delta); err != nil {
			return err
		}
	}
	// The fixpoint: the group_by rules, as the engine applies them.
	for _, c := range st.dos {
		prem := c.Premises[0].(ast.Atom)
		var substs []ast.ConstSubstList
		_ = fr.st.GetFacts(prem, func(f ast.Atom) error {
			var s ast.ConstSubstList
			for i, t := range prem.Args {
				if v, ok := t.(ast.Variable); ok {
					if k, ok := f.Args[i].(ast.Constant); ok {
						s = s.Extend(v, k)
					}
				}
			}
			substs = append(substs, s)
			return nil
		})
		var ferr error
		if err := engine.EvalTransform(c.Head, *c.Transform, substs, func(a ast.Atom) bool {
			a, err := functional.EvalAtom(a, ast.ConstSubstList{})
			if err != nil {
				ferr = errors.Join(ferr, err)
				return false
			}
			return fr.st.Add(a)
		}); err != nil {
			return err
		}
		if ferr != nil {
			return ferr
		}
	}
	return nil
}

// size is the number of facts of r (0 for nil).
func (r *relation) size() int {
	if r == nil {
		return 0
	}
	return len(r.facts)
}

// useMangleEngine: FGPU_MANGLE_ENGINE=1 evaluates with Mangle's engine.
var useMangleEngine = os.Getenv("FGPU_MANGLE_ENGINE") == "1"
