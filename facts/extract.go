// Package facts turns a typed program (package frontend) into relational
// facts for the Datalog analyses (package rules). The schema, with a doc for
// every predicate, is rules/schema.mg.
//
// Every fact about the program refers to a site (/s/N or /v/N), and Set.Pos
// maps each site to its position (Set.Locs writes them as loc/4 facts for
// dumps; the analyses do not read them). Sites are numbered in traversal
// order (files in command-line order, units and statements in source
// order), so the facts of a program are deterministic.
package facts

import (
	"fmt"
	"sort"
	"strings"

	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// Set is the facts of one program and the positions of their sites.
type Set struct {
	// Atoms are the facts the analyses read (every predicate of
	// rules/schema.mg but loc, see Locs).
	Atoms     []ast.Atom
	pos       []frontend.Pos // site number -> position
	names     map[string]int // site name -> number
	siteNames []string       // site number -> name
	// What a site stands for, for lowering and messages.
	Loops map[string]*frontend.Construct
	// CoopNests are the DO nests of do concurrent bodies (coop_do), by
	// site (coop.go).
	CoopNests map[string]*frontend.Construct
	Procs     map[string]*frontend.Procedure
	Vars      map[string]*frontend.Symbol
	// HostNodes are the host statements of the sync analysis (cfg.go).
	HostNodes map[string]*HostNode
	// PtrPaths are the designators up to a pointer component that host
	// statements access data through (hacc_ptr), by site.
	PtrPaths map[string]*frontend.Expr
	// LibArgs are the designators handed to MPI procedures that the host
	// can name again around the call (hcall_lib_section, hcall_lib_whole,
	// hcall_lib_scalar), by site.
	LibArgs map[string]*frontend.Expr
	// CallLocals are the run-time sized locals of the procedures the
	// loops call, one a call and local (workspace.go), by the variable that
	// stands for it.
	CallLocals map[*frontend.Symbol]*CallLocal
	// ReallocChecks are the error stops device code makes when an
	// assignment in a loop would reallocate an allocatable component
	// (realloc.go), with their assignments.
	ReallocChecks map[*frontend.StopStmt]*frontend.AssignStmt
	// WholeChecks are the error stops device code makes when a value
	// written whole into an element the host hands over would reallocate
	// one of its components (hostwhole.go), with the elements.
	WholeChecks map[*frontend.StopStmt]*frontend.Expr
	// HeapChecks are the error stops of the allocations device code
	// makes on the heap (heap.go).
	HeapChecks map[*frontend.StopStmt]*HeapCheck
	// BoundsCheck: the facts were extracted with -fcheck=bounds;
	// BoundsChecks are then the error stops of the bounds checks of
	// array references (bounds.go).
	BoundsCheck  bool
	BoundsChecks map[*frontend.StopStmt]*BoundsCheck
}

// SitePos is the position of the site named site (/s/N or /v/N).
func (s *Set) SitePos(site string) (frontend.Pos, bool) {
	return s.Pos(ast.Constant{Type: ast.NameType, Symbol: site})
}

// Pos returns the position of a site constant (/s/N or /v/N).
func (s *Set) Pos(site ast.Constant) (frontend.Pos, bool) {
	n, ok := s.names[site.Symbol]
	if !ok {
		return frontend.Pos{}, false
	}
	return s.pos[n], true
}

// Locs returns the position of every site as loc(Site, File, Line, Col)
// facts, in site order. They are not among Atoms: no analysis reads them
// (a reason's site must have a position, which rules.CheckResult.Violations
// checks with Pos), and at 171k of 719k facts in a 50,000-line program
// they were the largest input relation.
func (s *Set) Locs() []ast.Atom {
	out := make([]ast.Atom, len(s.pos))
	for n, pos := range s.pos {
		out[n] = ast.NewAtom("loc", name(s.siteNames[n]), ast.String(pos.File), ast.Number(int64(pos.Line)), ast.Number(int64(pos.Col)))
	}
	return out
}

// Sorted returns the facts and the loc facts of the sites, sorted by their
// text (for dumps).
func (s *Set) Sorted() []ast.Atom {
	out := append(append([]ast.Atom(nil), s.Atoms...), s.Locs()...)
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Options select what is extracted.
type Options struct {
	// OmpLoops makes !$omp parallel do loops parallel loops
	// (--gpu-offload-omp-loops); they are always recorded, with their kind.
	OmpLoops bool
	// BoundsCheck (-fcheck=bounds): every subscript device code evaluates
	// is checked, an error stop of its own (bounds.go).
	BoundsCheck bool
}

type extractor struct {
	set     *Set
	sites   map[any]string // node -> site name
	types   map[string]bool
	derived map[*frontend.DerivedType]string
	dtList  []*frontend.DerivedType
	// first records uses_type per (owner, type, how) so only the first
	// site is kept.
	first map[string]bool
	// Dedup of atoms: hash -> the last atom with it, chained (an atom's
	// predecessor with the same hash is Atoms[seenNext[k]], or none: -1).
	seen     map[uint64]int32
	seenNext []int32
	interned map[ast.Constant]ast.BaseTerm // scalar constant -> its boxed value
	chunks   [][]ast.Atom                  // the atoms, see chunkSize
	prog     *frontend.Program
	opts     Options
	// The bounds check sites by array, dimension and line, and the
	// positions they took (bounds.go).
	boundsSites map[boundsKey]*frontend.StopStmt
	boundsPos   map[frontend.Pos]bool
}

// Extract builds the facts of a program.
func Extract(prog *frontend.Program, opts Options) *Set {
	x := &extractor{
		set: &Set{names: map[string]int{}, Loops: map[string]*frontend.Construct{}, CoopNests: map[string]*frontend.Construct{},
			Procs: map[string]*frontend.Procedure{}, Vars: map[string]*frontend.Symbol{}, CallLocals: map[*frontend.Symbol]*CallLocal{}, ReallocChecks: map[*frontend.StopStmt]*frontend.AssignStmt{}, WholeChecks: map[*frontend.StopStmt]*frontend.Expr{},
			HeapChecks: map[*frontend.StopStmt]*HeapCheck{}, BoundsCheck: opts.BoundsCheck, BoundsChecks: map[*frontend.StopStmt]*BoundsCheck{}},
		sites:    map[any]string{},
		types:    map[string]bool{},
		derived:  map[*frontend.DerivedType]string{},
		first:    map[string]bool{},
		seen:     map[uint64]int32{},
		interned: map[ast.Constant]ast.BaseTerm{},
		prog:     prog,
		opts:     opts,

		boundsSites: map[boundsKey]*frontend.StopStmt{},
		boundsPos:   map[frontend.Pos]bool{},
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.unit(u)
		}
	}
	x.arrayStmts() // whole-array assignments between launches (arraystmt.go)
	x.hostCFG()    // host control flow of procedures that launch (cfg.go)
	x.packFacts()  // packs of iterations (pack.go)
	x.nestFacts()  // nested do concurrent loops (nest.go)
	x.coopFacts()  // DO nests of an iteration a block may share (coop.go)
	x.raceFacts()  // element accesses of do concurrent bodies (race.go)

	// Header positions of the indices (mapping.go).
	x.mappingFacts()

	// Structure of do concurrent bodies and their scalar writes (shared.go).
	x.sharedFacts()
	// Derived types (their components) last: every type seen gets facts.
	for i := 0; i < len(x.dtList); i++ {
		x.derivedFacts(x.dtList[i])
	}
	x.set.Atoms = make([]ast.Atom, 0, len(x.seenNext))
	for _, c := range x.chunks {
		x.set.Atoms = append(x.set.Atoms, c...)
	}
	x.chunks = nil
	return x.set
}

// concurrentLoops returns the DO CONCURRENT loops (not the OpenMP ones)
// in site order, with their sites: the deterministic order of the passes
// that run after the main traversal.
func (x *extractor) concurrentLoops() (sites []string, loops []*frontend.Construct, heads []*frontend.DoStmt) {
	for l := range x.set.Loops {
		sites = append(sites, l)
	}
	sort.Slice(sites, func(i, j int) bool { return x.set.names[sites[i]] < x.set.names[sites[j]] })
	kept := sites[:0]
	for _, l := range sites {
		k := x.set.Loops[l]
		if d, ok := k.Head.(*frontend.DoStmt); ok && d.Concurrent != nil {
			kept = append(kept, l)
			loops = append(loops, k)
			heads = append(heads, d)
		}
	}
	return kept, loops, heads
}

// name makes a Mangle name constant (with the hash ast.Name computes:
// a Constant built by hand would never equal the rules' constants).
// It is ast.Name without its allocations (the extractor makes millions):
// the same checks and the same hash (64-bit FNV-1 of the text).
func name(s string) ast.Constant {
	if !nameOK(s) {
		c, err := ast.Name(s)
		if err != nil {
			panic(fmt.Sprintf("facts: invalid name %q: %v", s, err))
		}
		return c
	}
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h *= 1099511628211
		h ^= uint64(s[i])
	}
	return ast.Constant{Type: ast.NameType, Symbol: s, NumValue: int64(h)}
}

// nameOK reports whether ast.Name accepts s: "/" then non-empty parts
// separated by "/", no '"'.
func nameOK(s string) bool {
	if len(s) < 2 || s[0] != '/' || s[len(s)-1] == '/' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] == '"' || (s[i] == '/' && s[i-1] == '/') {
			return false
		}
	}
	return true
}

// Name is name for other packages.
func Name(s string) ast.Constant { return name(s) }

func (x *extractor) add(pred string, args ...ast.BaseTerm) {
	// Interned arguments: the facts of a program (and the facts the rules
	// derive from them, which copy their arguments) share one boxed
	// constant per value instead of one each (a third of the live heap of
	// a large program's evaluation).
	for i, t := range args {
		if c, ok := t.(ast.Constant); ok && c.Type != ast.PairShape && c.Type != ast.ListShape &&
			c.Type != ast.MapShape && c.Type != ast.StructShape {
			if b, ok := x.interned[c]; ok {
				args[i] = b
			} else {
				x.interned[c] = t
			}
		}
	}
	a := ast.NewAtom(pred, args...)
	h := AtomHash(a)
	k, ok := x.seen[h]
	if ok {
		for ; k >= 0; k = x.seenNext[k] {
			if x.atom(k).Equals(a) {
				return
			}
		}
		x.seenNext = append(x.seenNext, x.seen[h])
	} else {
		x.seenNext = append(x.seenNext, -1)
	}
	x.seen[h] = int32(len(x.seenNext) - 1)
	if len(x.chunks) == 0 || len(x.chunks[len(x.chunks)-1]) == chunkSize {
		x.chunks = append(x.chunks, make([]ast.Atom, 0, chunkSize))
	}
	last := &x.chunks[len(x.chunks)-1]
	*last = append(*last, a)
}

// Atoms are collected in chunks and copied into Set.Atoms once at the end
// (appending to one slice of 700k atoms copied it again and again).
const chunkSize = 1 << 14

// atom returns the k-th atom added.
func (x *extractor) atom(k int32) ast.Atom { return x.chunks[k/chunkSize][k%chunkSize] }

// AtomHash hashes the arguments of a fact (their constants' hashes, mixed
// with FNV-1a): ast.Atom.Hash allocates for every argument. Facts of
// different predicates may share a hash (stores keep them apart).
func AtomHash(a ast.Atom) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range a.Args {
		var v uint64
		if c, ok := t.(ast.Constant); ok {
			v = uint64(c.NumValue)
		} else {
			v = t.Hash()
		}
		h = (h ^ v) * 1099511628211
		h ^= h >> 32
	}
	return h
}

// site returns the site name of a node, creating it (with its position).
func (x *extractor) site(node any, pos frontend.Pos) ast.Constant {
	if s, ok := x.sites[node]; ok {
		return name(s)
	}
	n := len(x.set.pos)
	s := fmt.Sprintf("/s/%d", n)
	x.sites[node] = s
	x.set.pos = append(x.set.pos, pos)
	x.set.names[s] = n
	x.set.siteNames = append(x.set.siteNames, s)
	return name(s)
}

// varSite names a variable by its symbol (the original one for
// use-associated names).
func (x *extractor) varSite(sym *frontend.Symbol) ast.Constant {
	sym = frontend.UltimateSymbol(sym)
	if s, ok := x.sites[sym]; ok {
		return name(s)
	}
	n := len(x.set.pos)
	s := fmt.Sprintf("/v/%d", n)
	x.sites[sym] = s
	x.set.pos = append(x.set.pos, sym.Pos)
	x.set.names[s] = n
	x.set.siteNames = append(x.set.siteNames, s)
	x.set.Vars[s] = sym
	owner := "/s/unknown"
	if sym.Scope != nil && sym.Scope.Unit != nil {
		owner = x.site(sym.Scope.Unit, sym.Scope.Unit.Pos).Symbol
	}
	x.add("var", name(s), ast.String(sym.Name), name(owner))
	x.add("var_type", name(s), x.typeName(sym.Type))
	for _, a := range varAttrs(sym) {
		x.add("var_attr", name(s), name("/"+a))
	}
	if sym.InCommon {
		x.add("common_member", name(s), name(commonName(sym.Common)))
	}
	return name(s)
}

// commonName names the storage of a common block (/common/-- the blank one).
func commonName(blk string) string {
	if blk == "" {
		return "/common/--"
	}
	return "/common/" + strings.ToLower(blk)
}

// equivalences records the storage association of EQUIVALENCE statements:
// each object's variable with the first of its set.
func (x *extractor) equivalences(u *frontend.Procedure) {
	for _, sp := range u.Spec {
		eq, ok := sp.(*frontend.EquivalenceStmt)
		if !ok {
			continue
		}
		for _, set := range eq.Sets {
			var first ast.Constant
			for i, o := range set.Objects {
				r := rootName(o)
				if r == nil {
					continue
				}
				v := x.varSite(r.Sym)
				if i == 0 || first.Symbol == "" {
					first = v
					continue
				}
				x.add("equiv", first, v)
			}
		}
	}
}

func varAttrs(s *frontend.Symbol) []string {
	var out []string
	add := func(ok bool, a string) {
		if ok {
			out = append(out, a)
		}
	}
	add(s.Dummy, "dummy")
	isResult := s.Scope != nil && s.Scope.Unit != nil && s.Scope.Unit.Result == s
	add(isResult, "result")
	add(s.Kind == frontend.SymParameter, "parameter")
	add(s.Allocatable, "allocatable")
	add(s.Pointer, "pointer")
	add(s.Target, "target")
	add(s.Intent == "in", "intent_in")
	add(s.Intent == "out", "intent_out")
	add(s.Intent == "inout", "intent_inout")
	add(s.Value, "value")
	add(s.Rank != 0, "array")
	add(s.Rank != 0 && s.Assumed == "size", "assumed_size")
	add(s.InCommon, "common")
	// Saved: the SAVE attribute, an initialiser (implicit save), or a SAVE
	// statement without names in its scope.
	add(s.Kind == frontend.SymVariable && (s.Save || s.Init != nil || s.Scope != nil && s.Scope.SaveAll), "save")
	if s.Scope != nil {
		switch s.Scope.Kind {
		case frontend.ScopeImpliedDo:
			out = append(out, "index")
		case frontend.ScopeBlock:
			out = append(out, "block")
		case frontend.ScopeUnit:
			if s.Scope.Unit != nil && s.Scope.Unit.Kind == frontend.UnitModule {
				out = append(out, "module_var")
			} else if !s.Dummy && !isResult {
				out = append(out, "local")
			}
		}
	}
	return out
}

// typeName names a type; derived types are recorded for component facts.
func (x *extractor) typeName(t frontend.Type) ast.Constant {
	switch t.Base {
	case frontend.TyInteger, frontend.TyReal, frontend.TyComplex, frontend.TyLogical, frontend.TyCharacter:
		k := t.Kind
		if k == 0 {
			k = 4
			if t.Base == frontend.TyCharacter {
				k = 1
			}
		}
		n := fmt.Sprintf("/t/%s/%d", t.Base, k)
		if !x.types[n] {
			x.types[n] = true
			x.add("intrinsic_type", name(n), name("/"+t.Base.String()), ast.Number(int64(k)))
		}
		return name(n)
	case frontend.TyDerived:
		if t.Derived == nil {
			return name("/t/unknown")
		}
		if s, ok := x.derived[t.Derived]; ok {
			return name(s)
		}
		n := fmt.Sprintf("/t/derived/%d", len(x.derived))
		x.derived[t.Derived] = n
		x.dtList = append(x.dtList, t.Derived)
		x.add("derived_type", name(n), ast.String(t.Derived.Name))
		return name(n)
	case frontend.TyClassStar:
		return name("/t/class_star")
	}
	return name("/t/unknown")
}

func (x *extractor) derivedFacts(dt *frontend.DerivedType) {
	tn := x.derived[dt]
	for _, c := range dt.AllComponents() {
		if c.External {
			continue // a procedure pointer component holds no data of its type
		}
		x.add("component", name(tn), ast.String(c.Name), x.typeName(c.Type), x.site(c, c.Pos))
	}
}
