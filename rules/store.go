package rules

// This file implements the fact store the rules are evaluated on. Mangle's
// MultiIndexedArrayInMemoryStore (the only one of v0.4.0 that compares
// facts with Equals, P4) allocates a map per distinct value of every column
// (about 800 bytes a fact, MANGLE.md section 4c) and looks a query up by
// its first bound column only (P12): `access(X, P, V, /read)` with P and V
// bound scans every access of procedure P, for each V. store keeps the
// facts of a predicate in one slice, indexes a column the first time a
// query binds it (a hash -> chain of fact numbers, no allocation per
// value), and answers a query from the smallest chain among its bound
// columns. Results are the same sets; the order of GetFacts differs (it is
// unspecified in both, P22).

import (
	"fgpu/facts"

	"sync"
	"sync/atomic"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"
)

// store is a factstore.FactStore that compares facts with Equals.
type store struct {
	mu     sync.Mutex // guards building a column index during a read
	rels   map[ast.PredicateSym]*relation
	consts map[ast.PredicateSym]ast.Atom // facts of arity 0
	count  int
}

// relation holds the facts of one predicate.
type relation struct {
	facts []ast.Atom
	// Deduplication: full-atom hash -> first fact, chained through dupNext.
	dupHead map[uint64]int32
	dupNext []int32
	// cols[i] indexes column i once a query has bound it (nil before;
	// atomic, so that concurrent readers of an evaluated store may build it).
	cols []atomic.Pointer[colIndex]
	// visited counts the facts GetFacts has looked at (matching or not):
	// the work of the joins that read this relation (Result.Visited).
	visited atomic.Int64
}

// colIndex chains the facts that have the same hash in one column.
type colIndex struct {
	head map[uint64]chain
	next []int32 // next[k]: the fact after fact k in its chain, or -1
}

type chain struct{ first, last, n int32 }

var _ factstore.FactStore = (*store)(nil)

func newStore() *store {
	return &store{rels: map[ast.PredicateSym]*relation{}, consts: map[ast.PredicateSym]ast.Atom{}}
}

// Add adds a fact and reports whether it was new.
func (s *store) Add(a ast.Atom) bool {
	if a.Predicate.Arity == 0 {
		if _, ok := s.consts[a.Predicate]; ok {
			return false
		}
		s.consts[a.Predicate] = a
		s.count++
		return true
	}
	r := s.rels[a.Predicate]
	if r == nil {
		r = &relation{dupHead: map[uint64]int32{}, cols: make([]atomic.Pointer[colIndex], a.Predicate.Arity)}
		s.rels[a.Predicate] = r
	}
	h := factHash(a)
	k, ok := r.dupHead[h]
	if ok {
		for ; k >= 0; k = r.dupNext[k] {
			if r.facts[k].Equals(a) {
				return false
			}
		}
	}
	n := int32(len(r.facts))
	r.facts = append(r.facts, a)
	if ok {
		r.dupNext = append(r.dupNext, r.dupHead[h])
	} else {
		r.dupNext = append(r.dupNext, -1)
	}
	r.dupHead[h] = n
	for i := range r.cols {
		if c := r.cols[i].Load(); c != nil {
			c.add(a.Args[i].Hash(), n)
		}
	}
	s.count++
	return true
}

// factHash hashes the arguments of a fact (the predicate is the
// relation's): facts.AtomHash, as the extraction deduplicates by.
func factHash(a ast.Atom) uint64 { return facts.AtomHash(a) }

// reserve makes room for n more facts of predicate p (the input facts, so
// that their relations are allocated once).
func (s *store) reserve(p ast.PredicateSym, n int) {
	if p.Arity == 0 {
		return
	}
	r := s.rels[p]
	if r == nil {
		r = &relation{dupHead: make(map[uint64]int32, n), cols: make([]atomic.Pointer[colIndex], p.Arity)}
		s.rels[p] = r
	}
	if cap(r.facts)-len(r.facts) < n {
		facts := make([]ast.Atom, len(r.facts), len(r.facts)+n)
		copy(facts, r.facts)
		r.facts = facts
		next := make([]int32, len(r.dupNext), len(r.dupNext)+n)
		copy(next, r.dupNext)
		r.dupNext = next
	}
}

func (c *colIndex) add(h uint64, n int32) {
	c.next = append(c.next, -1)
	ch, ok := c.head[h]
	if !ok {
		c.head[h] = chain{n, n, 1}
		return
	}
	c.next[ch.last] = n
	c.head[h] = chain{ch.first, n, ch.n + 1}
}

// index returns the index of column i, building it on first use.
func (s *store) index(r *relation, i int) *colIndex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := r.cols[i].Load(); c != nil {
		return c
	}
	c := &colIndex{head: make(map[uint64]chain), next: make([]int32, 0, len(r.facts))}
	for k := range r.facts {
		c.add(r.facts[k].Args[i].Hash(), int32(k))
	}
	r.cols[i].Store(c)
	return c
}

// Contains reports whether the store holds a (an exact lookup).
func (s *store) Contains(a ast.Atom) bool {
	if a.Predicate.Arity == 0 {
		_, ok := s.consts[a.Predicate]
		return ok
	}
	r := s.rels[a.Predicate]
	if r == nil {
		return false
	}
	k, ok := r.dupHead[factHash(a)]
	if !ok {
		return false
	}
	for ; k >= 0; k = r.dupNext[k] {
		if r.facts[k].Equals(a) {
			return true
		}
	}
	return false
}

// GetFacts calls fn with every fact whose arguments equal the constants of
// the query a (variables match anything, P9), scanning the shortest chain
// among the bound columns.
func (s *store) GetFacts(a ast.Atom, fn func(ast.Atom) error) error {
	if a.Predicate.Arity == 0 {
		if c, ok := s.consts[a.Predicate]; ok {
			return fn(c)
		}
		return nil
	}
	r := s.rels[a.Predicate]
	if r == nil {
		return nil
	}
	best, bestCol := chain{first: -1, n: -1}, -1
	for i, t := range a.Args {
		if _, ok := t.(ast.Constant); !ok {
			continue
		}
		c := r.cols[i].Load()
		if c == nil {
			c = s.index(r, i)
		}
		ch, ok := c.head[t.Hash()]
		if !ok {
			return nil
		}
		if bestCol < 0 || ch.n < best.n {
			best, bestCol = ch, i
		}
	}
	// The slice is read up to its length now: facts added by fn (none
	// are, by the engine) are not visited.
	facts := r.facts
	if bestCol < 0 {
		r.visited.Add(int64(len(facts)))
		for k := range facts {
			if err := fn(facts[k]); err != nil {
				return err
			}
		}
		return nil
	}
	next := r.cols[bestCol].Load().next
	r.visited.Add(int64(best.n))
	for k, n := best.first, best.n; n > 0; k, n = next[k], n-1 {
		if factstore.Matches(a.Args, facts[k].Args) {
			if err := fn(facts[k]); err != nil {
				return err
			}
		}
	}
	return nil
}

// ListPredicates lists the predicates that have facts.
func (s *store) ListPredicates() []ast.PredicateSym {
	out := make([]ast.PredicateSym, 0, len(s.rels)+len(s.consts))
	for p := range s.rels {
		out = append(out, p)
	}
	for p := range s.consts {
		out = append(out, p)
	}
	return out
}

// visited returns, per predicate name, the number of facts GetFacts has
// looked at.
func (s *store) visited() map[string]int64 {
	out := map[string]int64{}
	for p, r := range s.rels {
		if n := r.visited.Load(); n > 0 {
			out[p.Symbol] += n
		}
	}
	return out
}

// largest returns the predicate with the most facts, and their number.
func (s *store) largest() (string, int) {
	name, n := "", 0
	for p, r := range s.rels {
		if len(r.facts) > n || len(r.facts) == n && p.Symbol < name {
			name, n = p.Symbol, len(r.facts)
		}
	}
	return name, n
}

// EstimateFactCount returns the number of facts.
func (s *store) EstimateFactCount() int { return s.count }

// Merge adds every fact of other.
func (s *store) Merge(other factstore.ReadOnlyFactStore) {
	for _, p := range other.ListPredicates() {
		_ = other.GetFacts(ast.NewQuery(p), func(a ast.Atom) error {
			s.Add(a)
			return nil
		})
	}
}
