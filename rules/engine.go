// Package rules holds fgpu's analyses, written as Datalog rules for Mangle
// v0.4.0 (one embedded .mg file per analysis, the facts schema in schema.mg),
// and the Go code around them: loading and analysing the rule files
// (Program), evaluating them over the facts of one program (Evaluate),
// reading results back (Result.Query, Result.Facts), dumping and reloading
// facts as Mangle text (FormatFacts, ParseFacts) and explaining a derived
// fact by a shortest derivation (Result.Explain, in explain.go).
//
// The hazards of the engine that this code designs around are listed in
// docs/MANGLE.md, section 6 (cited below as P1..P22).
package rules

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/builtin"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/parse"
	"github.com/google/mangle/symbols"
	"github.com/google/mangle/unionfind"
)

//go:embed *.mg
var ruleFiles embed.FS

// Sources returns the embedded rule files, file name -> text.
func Sources() map[string]string {
	out := map[string]string{}
	ents, err := fs.ReadDir(ruleFiles, ".")
	if err != nil {
		panic(err) // cannot happen: the embedded root always exists
	}
	for _, e := range ents {
		b, err := ruleFiles.ReadFile(e.Name())
		if err != nil {
			panic(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

// SourceNames returns the names of the embedded rule files, sorted.
func SourceNames() []string { return sortedKeys(Sources()) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// program is an analysed set of rule files.
type program struct {
	info     *analysis.ProgramInfo
	files    []string                      // sorted file names
	units    map[string]parse.SourceUnit   // as parsed (not rewritten), per file
	predFile map[ast.PredicateSym]string   // predicate -> file that defines it (rules, source facts, Decl)
	rules    map[ast.PredicateSym][]ruleAt // rewritten rules (info.Rules) per head, wildcards replaced
	checker  *builtin.TypeChecker
	// simpleBounds: the argument types of predicates with simple bounds
	// (see simpleBoundsOf).
	simpleBounds map[ast.PredicateSym][]int
	byName       map[string]ast.PredicateSym // predicate name -> symbol (names are unique across arities)
	// fast: the rules compiled for the evaluator of fasteval.go (nil:
	// they use what it does not support; Mangle's engine evaluates them).
	fast *fastProgram
}

// ruleAt is a rule of the analysed program and the file it comes from.
type ruleAt struct {
	clause ast.Clause
	file   string
	index  int // position in info.Rules: a deterministic tie-breaker
}

var (
	embeddedOnce sync.Once
	embeddedProg *program
	embeddedErr  error
)

func embedded() (*program, error) {
	embeddedOnce.Do(func() {
		embeddedProg, embeddedErr = programFrom(Sources())
	})
	return embeddedProg, embeddedErr
}

// Program parses the embedded rule files (each as its own unit) and analyses
// them together. The result is computed once per process and may be shared
// by concurrent evaluations (each on its own store).
func Program() (*analysis.ProgramInfo, error) {
	p, err := embedded()
	if err != nil {
		return nil, err
	}
	return p.info, nil
}

var parseErrLine = regexp.MustCompile(`^(\d+):(\d+) (.*)$`)

// parseError turns Mangle's "line:col msg" lines (0-based column) into
// "file:line:col: msg" lines (1-based column).
func parseError(file string, err error) error {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(err.Error()), "\n") {
		if m := parseErrLine.FindStringSubmatch(l); m != nil {
			col, _ := strconv.Atoi(m[2])
			lines = append(lines, fmt.Sprintf("%s:%s:%d: %s", file, m[1], col+1, m[3]))
		} else {
			lines = append(lines, fmt.Sprintf("%s: %s", file, l))
		}
	}
	return errors.New(strings.Join(lines, "\n"))
}

// programFrom parses and analyses rule sources (file name -> text).
func programFrom(srcs map[string]string) (*program, error) {
	p := &program{
		files:    sortedKeys(srcs),
		units:    map[string]parse.SourceUnit{},
		predFile: map[ast.PredicateSym]string{},
		rules:    map[ast.PredicateSym][]ruleAt{},
		byName:   map[string]ast.PredicateSym{},
	}
	var units []parse.SourceUnit
	var errs []error
	headFile := map[ast.PredicateSym]string{}
	declFile := map[ast.PredicateSym]string{}
	for _, f := range p.files {
		u, err := parse.Unit(strings.NewReader(srcs[f]))
		if err != nil {
			errs = append(errs, parseError(f, err))
			continue
		}
		p.units[f] = u
		units = append(units, u)
		for _, c := range u.Clauses {
			if _, ok := headFile[c.Head.Predicate]; !ok {
				headFile[c.Head.Predicate] = f
			}
		}
		for _, d := range u.Decls {
			if implicitDecl(d) {
				continue
			}
			if _, ok := declFile[d.DeclaredAtom.Predicate]; !ok {
				declFile[d.DeclaredAtom.Predicate] = f
			}
		}
	}
	// A predicate belongs to the (first) file whose clauses define it, else
	// to the file that declares it.
	for sym, f := range declFile {
		p.predFile[sym] = f
	}
	for sym, f := range headFile {
		p.predFile[sym] = f
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	info, err := analysis.Analyze(units, nil)
	if err != nil {
		return nil, fmt.Errorf("%sanalysis: %w", p.suspects(err), err)
	}
	p.info = info
	for i, c := range info.Rules {
		c = c.ReplaceWildcards()
		p.rules[c.Head.Predicate] = append(p.rules[c.Head.Predicate], ruleAt{c, p.predFile[c.Head.Predicate], i})
	}
	for sym := range info.Decls {
		p.byName[sym.Symbol] = sym
	}
	p.checker = builtin.NewTypeCheckerFromDesugared(info.Decls)
	p.simpleBounds = simpleBoundsOf(info.Decls)
	if fp, err := compileFast(info); err == nil {
		p.fast = fp
	}
	return p, nil
}

var predInText = regexp.MustCompile(`[a-z][A-Za-z0-9_:.]*\(`)

// suspects names the files that define predicates an analysis error mentions
// (Mangle's analysis errors carry no position, P21), as "a.mg, b.mg: ".
func (p *program) suspects(err error) string {
	set := map[string]bool{}
	for _, m := range predInText.FindAllString(err.Error(), -1) {
		name := strings.TrimSuffix(m, "(")
		for sym, f := range p.predFile {
			if sym.Symbol == name {
				set[f] = true
			}
		}
	}
	if len(set) == 0 {
		return ""
	}
	return strings.Join(sortedKeys(set), ", ") + ": "
}

// Result is one evaluation of the rules over one program's facts.
type Result struct {
	prog  *program
	store *store     // the model: input and derived facts
	input inputFacts // the input facts (given, or written in the rule files)

	// Stats is the engine's per-stratum timing. Stratum numbering varies
	// between runs (P22); use FileTimes for anything shown to users.
	Stats engine.Stats
	// FileTimes is the evaluation time per rule file (a stratum whose
	// predicates come from several files is charged to "a.mg+b.mg").
	FileTimes map[string]time.Duration
	// Elapsed is the wall time of the evaluation (adding facts included).
	Elapsed time.Duration

	explainState
}

// Visited returns, per predicate, the number of facts the evaluation's
// lookups looked at (GetFacts, matching or not): the size of the joins
// that read the predicate. Lookups after the evaluation (Query, the
// explanation walker) add to it.
func (r *Result) Visited() map[string]int64 { return r.store.visited() }

// Store returns the evaluated store (read only: the result of further
// evaluations on it would be wrong, P6).
func (r *Result) Store() factstore.ReadOnlyFactStore { return r.store }

// Info returns the analysed program the result was computed with.
func (r *Result) Info() *analysis.ProgramInfo { return r.prog.info }

// ErrDeadline is returned (wrapped) by Evaluate when the deadline passes.
var ErrDeadline = errors.New("rules: evaluation deadline exceeded")

// Evaluate evaluates the embedded rules over facts on a fresh store (P6).
// limit bounds the number of facts the engine creates, intermediate
// solutions included (P11); 0 means no limit. deadline bounds the wall time
// (P15); 0 means none. Facts are checked first (P8, P18): each must be
// ground, of a declared predicate with the declared arity, within the
// declared bounds, with name constants that Mangle text can spell.
func Evaluate(facts []ast.Atom, limit int, deadline time.Duration) (*Result, error) {
	p, err := embedded()
	if err != nil {
		return nil, err
	}
	return p.evaluate(facts, limit, deadline)
}

func (p *program) evaluate(facts []ast.Atom, limit int, deadline time.Duration) (*Result, error) {
	start := time.Now()
	defer gcRelaxed()()
	r := &Result{
		prog:      p,
		store:     newStore(), // compares with Equals (P4); see store.go
		input:     inputFacts{derived: newStore()},
		FileTimes: map[string]time.Duration{},
	}
	r.input.model, r.input.prog = r.store, p
	var errs []error
	counts := map[ast.PredicateSym]int{}
	for _, f := range facts {
		counts[f.Predicate]++
	}
	for sym, n := range counts {
		r.store.reserve(sym, n)
	}
	for _, f := range facts {
		if err := p.checkFact(f); err != nil {
			errs = append(errs, err)
			if len(errs) == 10 {
				errs = append(errs, errors.New("too many errors"))
				break
			}
			continue
		}
		r.store.Add(f)
		r.input.add(p, f)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, f := range p.info.InitialFacts {
		r.input.add(p, f)
	}
	var eval func() (engine.Stats, error)
	if p.fast != nil && !useMangleEngine {
		fr := &fastRun{st: r.store, limit: limit}
		if limit > 0 {
			fr.total = r.store.EstimateFactCount() + limit
		}
		if deadline > 0 {
			fr.deadline = start.Add(deadline)
		}
		eval = func() (engine.Stats, error) { return p.fast.run(fr, p.info.InitialFacts) }
	} else {
		var opts []engine.EvalOption
		if limit > 0 {
			opts = append(opts, engine.WithCreatedFactLimit(limit))
		}
		var st factstore.FactStore = r.store
		if deadline > 0 {
			st = &deadlineStore{FactStore: r.store, at: start.Add(deadline)}
		}
		eval = func() (engine.Stats, error) { return engine.EvalProgramWithStats(p.info, st, opts...) }
	}
	stats, err := evalUntil(eval)
	if errors.Is(err, ErrDeadline) {
		return nil, fmt.Errorf("%w (%v)", ErrDeadline, deadline)
	}
	if err != nil {
		// (The engine's errors name a rule, not a file, P21; the limit
		// on all facts names neither: the largest relation tells.)
		where := p.suspects(err)
		if where == "" {
			if sym, n := r.store.largest(); n > 0 {
				where = fmt.Sprintf("%d facts of %s: ", n, sym)
				if f := p.predFile[p.byName[sym]]; f != "" {
					where = fmt.Sprintf("%s (%d facts of %s): ", f, n, sym)
				}
			}
		}
		return nil, fmt.Errorf("rules: evaluation: %s%w", where, err)
	}
	r.Stats = stats
	for i, preds := range stats.Strata {
		set := map[string]bool{}
		for _, sym := range preds {
			if f, ok := p.predFile[sym]; ok && len(p.rules[sym]) > 0 {
				set[f] = true
			}
		}
		if len(set) > 0 && i < len(stats.Duration) {
			r.FileTimes[strings.Join(sortedKeys(set), "+")] += stats.Duration[i]
		}
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// inputFacts tells the input facts of an evaluation apart from derived
// ones without a second copy of the input: a fact of a predicate that no
// rule derives is in the model only as an input fact, so only the input
// facts of derived predicates are kept aside.
type inputFacts struct {
	model   *store
	prog    *program
	derived *store
}

func (in *inputFacts) add(p *program, f ast.Atom) {
	if len(p.rules[f.Predicate]) > 0 {
		in.derived.Add(f)
	}
}

// Contains reports whether f is an input fact.
func (in *inputFacts) Contains(f ast.Atom) bool {
	if len(in.prog.rules[f.Predicate]) > 0 {
		return in.derived.Contains(f)
	}
	return in.model.Contains(f)
}

// checkFact rejects facts that Mangle would silently misuse (P8, P18).
func (p *program) checkFact(f ast.Atom) error {
	sym, ok := p.byName[f.Predicate.Symbol]
	if !ok {
		return fmt.Errorf("fact %v: predicate %s is not declared", f, f.Predicate.Symbol)
	}
	if sym.Arity != len(f.Args) || f.Predicate.Arity != len(f.Args) {
		return fmt.Errorf("fact %v: %s has %d arguments, declared %d", f, f.Predicate.Symbol, len(f.Args), sym.Arity)
	}
	for _, a := range f.Args {
		c, ok := a.(ast.Constant)
		if !ok {
			return fmt.Errorf("fact %v: argument %v is not a constant", f, a)
		}
		switch c.Type {
		case ast.NumberType, ast.Float64Type:
			continue
		case ast.NameType, ast.StringType: // the common case, without allocations
			if c.Type == ast.NameType && !ValidName(c.Symbol) {
				return fmt.Errorf("fact %v: name %q cannot be written as Mangle text", f, c.Symbol)
			}
			if int64(fnv1(c.Symbol)) != c.NumValue {
				return fmt.Errorf("fact %v: constant %v was built without ast.Name/ast.String: its hash is wrong, so stores cannot find it", f, c)
			}
			continue
		}
		if err := checkNames(c); err != nil {
			return fmt.Errorf("fact %v: %w", f, err)
		}
		if rehash(c).NumValue != c.NumValue {
			return fmt.Errorf("fact %v: constant %v was built without ast.Name/ast.String: its hash is wrong, so stores cannot find it", f, c)
		}
	}
	if kinds, ok := p.simpleBounds[sym]; ok {
		for i, k := range kinds {
			if k != anyBound && f.Args[i].(ast.Constant).Type != ast.ConstantType(k) {
				break // CheckTypeBounds words the error
			}
			if i == len(kinds)-1 {
				return nil
			}
		}
	}
	if err := p.checker.CheckTypeBounds(f); err != nil {
		return fmt.Errorf("fact %v: %w", f, err)
	}
	return nil
}

// fnv1 is the hash ast.Name and ast.String give a text (64-bit FNV-1).
func fnv1(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h *= 1099511628211
		h ^= uint64(s[i])
	}
	return h
}

// anyBound marks an argument bound by /any in simpleBounds.
const anyBound = -1

// simpleBoundsOf returns, per declared predicate whose Decl has one bound
// of base types only (/name, /string, /number, /float64, /any: every
// predicate of schema.mg), the constant type of each argument (anyBound for
// /any), so that checkFact need not call the TypeChecker per fact (it
// allocates). Other predicates are checked by the TypeChecker.
func simpleBoundsOf(decls map[ast.PredicateSym]*ast.Decl) map[ast.PredicateSym][]int {
	out := map[ast.PredicateSym][]int{}
	for sym, d := range decls {
		if len(d.Bounds) != 1 || len(d.Bounds[0].Bounds) != sym.Arity || sym.Arity == 0 {
			continue
		}
		var kinds []int
		for _, b := range d.Bounds[0].Bounds {
			c, ok := b.(ast.Constant)
			if !ok {
				break
			}
			switch {
			case c.Equals(ast.AnyBound):
				kinds = append(kinds, anyBound)
			case c.Equals(ast.NameBound):
				kinds = append(kinds, int(ast.NameType))
			case c.Equals(ast.StringBound):
				kinds = append(kinds, int(ast.StringType))
			case c.Equals(ast.NumberBound):
				kinds = append(kinds, int(ast.NumberType))
			case c.Equals(ast.Float64Bound):
				kinds = append(kinds, int(ast.Float64Type))
			}
		}
		if len(kinds) == sym.Arity {
			out[sym] = kinds
		}
	}
	return out
}

// rehash returns c with the hash that ast.Name, ast.String and ast.Bytes
// give it (a Constant literal built in Go has hash 0: every store lookup of
// it fails or degrades to a scan).
func rehash(c ast.Constant) ast.Constant {
	switch c.Type {
	case ast.NameType:
		if n, err := ast.Name(c.Symbol); err == nil {
			return n
		}
	case ast.StringType:
		return ast.String(c.Symbol)
	case ast.BytesType:
		return ast.Bytes([]byte(c.Symbol))
	}
	return c
}

// rehashAtom applies rehash to the arguments of a.
func rehashAtom(a ast.Atom) ast.Atom {
	out := ast.Atom{Predicate: a.Predicate, Args: make([]ast.BaseTerm, len(a.Args))}
	for i, t := range a.Args {
		if c, ok := t.(ast.Constant); ok {
			t = rehash(c)
		}
		out.Args[i] = t
	}
	return out
}

// ValidName reports whether s is a name constant that Mangle source can
// spell: /seg/seg..., each segment of [A-Za-z0-9._~%-] (P18), not ending in
// "." (P17).
func ValidName(s string) bool {
	if len(s) < 2 || s[0] != '/' || strings.HasSuffix(s, ".") {
		return false
	}
	for i := 1; i < len(s); i++ { // segments separated by single slashes
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.', c == '_', c == '~', c == '%', c == '-':
		case c == '/' && s[i-1] != '/' && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}

// checkNames checks every name inside c (lists, pairs, maps, structs too).
func checkNames(c ast.Constant) error {
	var bad error
	walkConst(c, func(c ast.Constant) {
		if c.Type == ast.NameType && bad == nil && !ValidName(c.Symbol) {
			bad = fmt.Errorf("name %q cannot be written as Mangle text", c.Symbol)
		}
	})
	return bad
}

// walkConst calls fn on c and every constant nested in it.
func walkConst(c ast.Constant, fn func(ast.Constant)) {
	fn(c)
	both := func(k, v ast.Constant) error { walkConst(k, fn); walkConst(v, fn); return nil }
	nothing := func() error { return nil }
	switch c.Type {
	case ast.PairShape:
		if fst, snd, err := c.PairValue(); err == nil {
			_ = both(fst, snd)
		}
	case ast.ListShape:
		_, _ = c.ListValues(func(e ast.Constant) error { walkConst(e, fn); return nil }, nothing)
	case ast.MapShape:
		_, _ = c.MapValues(both, nothing)
	case ast.StructShape:
		_, _ = c.StructValues(both, nothing)
	}
}

// deadlineStore panics with ErrDeadline once its deadline has passed: v0.4.0
// has no cancellation (P15), but the engine calls its main store all the
// time. evalUntil turns the panic back into an error.
type deadlineStore struct {
	factstore.FactStore
	at time.Time
	n  int
}

func (d *deadlineStore) tick() {
	d.n++
	if d.n&255 == 0 && time.Now().After(d.at) {
		panic(deadlinePanic{})
	}
}

type deadlinePanic struct{}

func (d *deadlineStore) Add(a ast.Atom) bool      { d.tick(); return d.FactStore.Add(a) }
func (d *deadlineStore) Contains(a ast.Atom) bool { d.tick(); return d.FactStore.Contains(a) }
func (d *deadlineStore) GetFacts(a ast.Atom, fn func(ast.Atom) error) error {
	d.tick()
	return d.FactStore.GetFacts(a, fn)
}

// evalUntil runs eval and turns a deadlineStore panic into ErrDeadline; any
// other panic propagates.
func evalUntil(eval func() (engine.Stats, error)) (stats engine.Stats, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(deadlinePanic); ok {
				stats, err = engine.Stats{}, ErrDeadline
				return
			}
			panic(r)
		}
	}()
	return eval()
}

// lookup finds a predicate by name.
func (p *program) lookup(name string) (ast.PredicateSym, bool) {
	sym, ok := p.byName[name]
	return sym, ok
}

// Query returns the facts that match goal, an atom such as `reach(L, P)` or
// `outcome(/s/12, D, O, R)`: constants filter, a variable that occurs twice
// must take the same value in both places (P9), `_` matches anything.
// Facts are sorted by String() (P22).
func (r *Result) Query(goal string) ([]ast.Atom, error) {
	goal = strings.TrimSpace(goal)
	goal = strings.TrimSpace(strings.TrimSuffix(goal, "."))
	// Parsed as a clause, so that trailing text is an error.
	c, err := parse.Clause(goal + ".")
	if err != nil || c.Premises != nil || c.Transform != nil {
		return nil, fmt.Errorf("query %q: not an atom such as pred(X, /a)", goal)
	}
	a := c.Head
	sym, ok := r.prog.lookup(a.Predicate.Symbol)
	if !ok {
		return nil, fmt.Errorf("query %q: unknown predicate %s", goal, a.Predicate.Symbol)
	}
	if sym.Arity != len(a.Args) {
		return nil, fmt.Errorf("query %q: %s has %d arguments, not %d", goal, sym.Symbol, sym.Arity, len(a.Args))
	}
	for i, arg := range a.Args {
		switch t := arg.(type) {
		case ast.Constant, ast.Variable:
		case ast.ApplyFn:
			c, err := functional.EvalExpr(t, ast.ConstSubstList{})
			if err != nil {
				return nil, fmt.Errorf("query %q: argument %d: %v", goal, i+1, err)
			}
			a.Args[i] = c
		default:
			return nil, fmt.Errorf("query %q: argument %d (%v) is not a constant or a variable", goal, i+1, arg)
		}
	}
	a.Predicate = sym
	q := ast.Atom{Predicate: sym, Args: make([]ast.BaseTerm, len(a.Args))}
	vars := map[ast.Variable]bool{}
	for i, arg := range a.Args {
		q.Args[i] = arg
		if v, ok := arg.(ast.Variable); ok {
			if v.Symbol == "_" {
				// A fresh variable per wildcard, so that unification below
				// does not tie two wildcards together.
				v = ast.Variable{Symbol: fmt.Sprintf("_%d", i)}
				q.Args[i] = v
			}
			vars[v] = true
		}
	}
	var out []ast.Atom
	err = r.store.GetFacts(q, func(f ast.Atom) error {
		if _, err := unionfind.UnifyTerms(q.Args, f.Args); err == nil {
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sortAtoms(out)
	return out, nil
}

// Facts returns all facts of the predicate named pred (any arity), sorted;
// nil for an unknown predicate.
func (r *Result) Facts(pred string) []ast.Atom {
	sym, ok := r.prog.lookup(pred)
	if !ok {
		return nil
	}
	var out []ast.Atom
	_ = r.store.GetFacts(ast.NewQuery(sym), func(f ast.Atom) error {
		out = append(out, f)
		return nil
	})
	sortAtoms(out)
	return out
}

// All returns every fact of the model (input and derived), sorted, without
// the engine's internal helper predicates.
func (r *Result) All() []ast.Atom {
	var out []ast.Atom
	for _, sym := range r.store.ListPredicates() {
		if sym.IsInternalPredicate() {
			continue
		}
		_ = r.store.GetFacts(ast.NewQuery(sym), func(f ast.Atom) error {
			out = append(out, f)
			return nil
		})
	}
	sortAtoms(out)
	return out
}

// sortAtoms sorts by String() (P22).
func sortAtoms(as []ast.Atom) {
	strs := make([]string, len(as))
	idx := make([]int, len(as))
	for i := range as {
		strs[i] = as[i].String()
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return strs[idx[i]] < strs[idx[j]] })
	sorted := make([]ast.Atom, len(as))
	for i, k := range idx {
		sorted[i] = as[k]
	}
	copy(as, sorted)
}

// FormatFacts writes atoms as Mangle text, one fact a line, `pred(arg, ...).`,
// sorted and without duplicates, in a form ParseFacts (and parse.Unit) reads
// back: names as /a/b, strings quoted and escaped, floats with a decimal
// point, lists, pairs, maps and structs in source syntax.
func FormatFacts(w io.Writer, atoms []ast.Atom) error {
	lines := make([]string, len(atoms))
	for i, a := range atoms {
		lines[i] = FormatFact(a)
	}
	sort.Strings(lines)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 && l == lines[i-1] {
			continue
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// FormatFact returns one fact as Mangle text, `pred(arg, ...).`.
func FormatFact(a ast.Atom) string {
	var b strings.Builder
	b.WriteString(a.Predicate.Symbol)
	b.WriteByte('(')
	for i, arg := range a.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		formatTerm(&b, arg)
	}
	b.WriteString(").")
	return b.String()
}

func formatTerm(b *strings.Builder, t ast.BaseTerm) {
	c, ok := t.(ast.Constant)
	if !ok {
		b.WriteString(t.String())
		return
	}
	switch c.Type {
	case ast.Float64Type:
		f, _ := c.Float64Value()
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.ContainsAny(s, ".eEnN") { // the grammar needs digits '.' digits
			s += ".0"
		}
		b.WriteString(s)
	case ast.PairShape:
		fst, snd, _ := c.PairValue()
		b.WriteString("fn:pair(")
		formatTerm(b, fst)
		b.WriteString(", ")
		formatTerm(b, snd)
		b.WriteByte(')')
	case ast.ListShape:
		b.WriteByte('[')
		i := 0
		for c.Type == ast.ListShape && !c.IsListNil() {
			fst, snd, _ := c.ConsValue()
			if i > 0 {
				b.WriteString(", ")
			}
			formatTerm(b, fst)
			c = snd
			i++
		}
		b.WriteByte(']')
	case ast.MapShape:
		if c.IsMapNil() {
			b.WriteString("fn:map()")
			return
		}
		b.WriteByte('[')
		formatEntries(b, c, ast.MapShape)
		b.WriteByte(']')
	case ast.StructShape:
		b.WriteByte('{')
		if !c.IsStructNil() {
			formatEntries(b, c, ast.StructShape)
		}
		b.WriteByte('}')
	default: // names, strings, bytes, numbers
		b.WriteString(c.String())
	}
}

// formatEntries writes the "k: v, ..." entries of a map or struct.
func formatEntries(b *strings.Builder, c ast.Constant, shape ast.ConstantType) {
	i := 0
	visit := func(k, v ast.Constant) error {
		if i > 0 {
			b.WriteString(", ")
		}
		formatTerm(b, k)
		b.WriteString(": ")
		formatTerm(b, v)
		i++
		return nil
	}
	if shape == ast.MapShape {
		_, _ = c.MapValues(visit, func() error { return nil })
	} else {
		_, _ = c.StructValues(visit, func() error { return nil })
	}
}

// implicitDecl reports whether d is the Package/Use declaration that
// parse.Unit adds to every unit.
func implicitDecl(d ast.Decl) bool {
	p := d.DeclaredAtom.Predicate
	return p == symbols.Package || p == symbols.Use
}

// ParseFacts reads facts written as Mangle text (FormatFacts' output, or
// hand-written facts with comments): every clause must be a ground fact.
// Function terms such as fn:pair(1, 2) are evaluated.
func ParseFacts(text string) ([]ast.Atom, error) {
	u, err := parse.Unit(strings.NewReader(text))
	if err != nil {
		return nil, parseError("facts", err)
	}
	for _, d := range u.Decls {
		if !implicitDecl(d) {
			return nil, fmt.Errorf("facts: unexpected Decl %v", d.DeclaredAtom)
		}
	}
	out := make([]ast.Atom, 0, len(u.Clauses))
	for _, c := range u.Clauses {
		if c.Premises != nil || c.Transform != nil {
			return nil, fmt.Errorf("facts: %v is a rule, not a fact", c)
		}
		f, err := functional.EvalAtom(c.Head, ast.ConstSubstList{})
		if err != nil {
			return nil, fmt.Errorf("facts: %v: %w", c.Head, err)
		}
		if !f.IsGround() {
			return nil, fmt.Errorf("facts: %v is not ground", c.Head)
		}
		out = append(out, f)
	}
	return out, nil
}
