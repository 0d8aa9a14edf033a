// Package lowering turns the analyses' decisions into kernels: a named list
// of passes over the typed program, each followed by a verifier.
//
//	dispatch  -- which parallel loops become kernels (from rules.Check's
//	             outcomes; it never re-decides them)
//	nest      -- how each nested do concurrent runs: combined with the
//	             kernel's loop, shared out, or sequential (nest.go, from
//	             rules/nest.mg)
//	extract   -- for each kernel: its indices, parameters (arrays, scalars
//	             read, scalars written, reductions), iteration locals
//	stops     -- which kernels and device procedures can stop, and the
//	             numbered stop sites (stops.go, from rules/stops.mg)
//	workspaces -- the arrays of the iterations of run-time shape that
//	             live in host-sized per-iteration slices (workspace.go,
//	             from rules/workspace.mg)
//	serial    -- the indices that run in order inside each thread, out of
//	             the iteration space (serial.go, from rules/race.mg)
//	verify    -- every construct of a kernel body is one the emitters
//	             lower; anything else is a "not yet implemented" error at
//	             the construct, never dropped and never run on the CPU
//	kir       -- each kernel in the kernel IR (kir.go, fgpu/kernelir),
//	             checked by kernelir.Verify
package lowering

import (
	"crypto/sha1"
	"fmt"
	"sort"

	"fgpu/facts"
	"fgpu/frontend"
	"fgpu/frontend/target"
	"fgpu/kernelir"
	"fgpu/rules"
)

// ParamKind classifies what a kernel receives for a variable.
type ParamKind int

const (
	ArrayParam  ParamKind = iota // an array: descriptor and lower bounds
	ScalarIn                     // a scalar the loop only reads: by value
	ScalarOut                    // a scalar the loop writes (unspecified locality): by reference
	ReduceParam                  // a reduce variable (or a scalar rules/shared.mg runs as one): by reference, combined
	LastParam                    // a scalar local to the iterations whose value after the loop may be read: by reference, the sequentially last writer's value
)

// Param is one kernel parameter.
type Param struct {
	Sym     *frontend.Symbol
	Kind    ParamKind
	Op      string // reduction operator for ReduceParam (+ * max min iand ior ieor .and. .or. .eqv. .neqv.)
	Written bool   // the access analysis classified the buffer as written
	// Inferred: a ReduceParam without a reduce spec (rules/shared.mg,
	// shared_reduce: every update is a reduction form of one operator).
	Inferred bool
	// ElemsOnly: an array of a derived type the loop uses only through
	// the allocatable components of its elements (Kernel.Elems): the
	// kernel is handed its lower bound, not its bytes.
	ElemsOnly bool
}

// Local is a variable private to an iteration.
type Local struct {
	Sym      *frontend.Symbol
	InitFrom bool // local_init: starts with the value the variable has before the loop
}

// Kernel is one offloaded loop.
type Kernel struct {
	Name    string // C symbol of the launch routine
	Loop    *frontend.Construct
	Do      *frontend.DoStmt
	Proc    *frontend.Procedure
	File    string
	Indices []*frontend.Symbol // in header order
	Params  []*Param
	Locals  []*Local
	// CanStop: the loop reaches a stop or error stop (rules/stops.mg,
	// loop_can_stop); the kernel gets the status buffer.
	CanStop bool
	// Heap: the kernel allocates on the device heap (rules/heap.mg,
	// loop_heap): the launch resets the heap before it.
	Heap bool
	// ResultHeap: the calls of the body whose run-time shaped result the
	// host cannot size, held on the heap instead (arrres.go).
	ResultHeap map[*frontend.Expr]bool
	// Packed: the iterations can run in packs of consecutive iterations
	// with one 16-byte access per array (rules/pack.mg, packable; pack.go).
	Packed bool
	// Nested do concurrent loops (rules/nest.mg; nest.go). Combined are
	// the loops combined with the kernel's loop, outermost first: their
	// indices follow the loop's own in Indices, and Bounds holds the
	// limits of every index (the host evaluates them). Body is the body
	// of the innermost of them, Masks the masks of every level, outermost
	// first. Inner holds every other do concurrent of Body, at any depth.
	Combined []*frontend.Construct
	Bounds   []*frontend.ConcurrentIndex
	Body     []frontend.Stmt
	Masks    []*frontend.Expr
	Inner    map[*frontend.Construct]*InnerLoop
	// Grouped (cuda): a nested loop is shared out, so each iteration runs
	// on the threads of a block. Hints are the limits of the shared loops
	// whose trip counts the host evaluates (one list per loop with the
	// loops combined with it), from which the launch sizes the blocks.
	Grouped bool
	Hints   [][]*frontend.ConcurrentIndex
	// Coop (cuda, with Grouped): the iteration is DO nests the block's
	// threads share, its local() arrays in shared memory (coop.go).
	Coop *Coop
	// Elems are the allocatable components of the elements of arrays of
	// a derived type the loop addresses (a(i)%w(j)): a table of the
	// elements' buffers each (components.go). ElemsOnly holds the arrays
	// the loop uses through those tables only.
	Elems     []*ElemTable
	ElemsOnly map[*frontend.Symbol]bool
	// Workspaces are the arrays of the iterations whose shape is known
	// only at run time, in per-iteration slices of a buffer the launch
	// sizes (workspace.go, from rules/workspace.mg).
	Workspaces []*Workspace
	// Serial are the indices that run in order inside each thread, as
	// loops around the iteration's body, outermost first (serial.go, from
	// rules/race.mg serial_index); they are not in Indices and Bounds.
	// Unanalysed are the elements the loop writes whose subscripts the race
	// analysis does not decide (race_unknown), for the offload report.
	Serial     []*SerialIndex
	Unanalysed []frontend.Pos
	// Order lists the positions in Indices from the fastest-varying index
	// to the slowest (mapping.go, from rules/mapping.mg fast_index).
	Order []int
	// IR is the kernel in the kernel IR (kir.go, the last pass): complete
	// when the builder translated every construct.
	IR *kernelir.Kernel
}

// ElemTable is an allocatable array component of the elements of an
// array of a derived type, handed to the kernel as a table with, for each
// element, the device buffer of the element's component and its bounds
// (runtime: fgpu_rt_elem, fgpu_rt_elem_table).
type ElemTable struct {
	Array   *frontend.Symbol // the array (rank 1)
	Comp    *frontend.Symbol // its type's component
	Written bool             // the loop writes elements of the component
	Slot    int              // 0, 1, ... in the kernel
}

// Plan is the result of lowering a program.
type Plan struct {
	Kernels []*Kernel
	ByLoop  map[*frontend.Construct]*Kernel
	// Hidden are the module and host variables each device procedure is
	// handed as hidden arguments after its dummies (hidden.go).
	Hidden map[*frontend.Procedure][]*frontend.Symbol
	// Host holds the parallel loops kept on the host (rewritten without
	// locality specs by the host emitter).
	Host map[*frontend.Construct]bool
	// StopSites are the stop and error stop statements the kernels reach,
	// numbered 1..N in (file, line, column) order (stops.go).
	StopSites []*StopSite
	// StopProcs are the device procedures that can stop: they get the
	// hidden site and code arguments (rules/stops.mg, can_stop).
	StopProcs map[*frontend.Procedure]bool
	// ReallocChecks are the error stops of the checks before assignments
	// to whole allocatable components of elements (facts/realloc.go), with
	// their assignments.
	ReallocChecks map[*frontend.StopStmt]*frontend.AssignStmt
	// WholeChecks are the error stops of the checks of values written
	// whole into elements the host hands over (facts/hostwhole.go), with
	// the elements.
	WholeChecks map[*frontend.StopStmt]*frontend.Expr
	// HeapChecks are the error stops of allocations on the device heap
	// (facts/heap.go), with their statements.
	HeapChecks map[*frontend.StopStmt]*facts.HeapCheck
	// BoundsCheck: -fcheck=bounds; BoundsChecks are then the error stops
	// of the bounds checks of subscripts (facts/bounds.go).
	BoundsCheck  bool
	BoundsChecks map[*frontend.StopStmt]*facts.BoundsCheck
}

// Options of lowering.
type Options struct {
	Target *target.Target // nil: cpu
}

// Pass is one named pass.
type Pass struct {
	Name string
	Run  func(*state)
}

// Passes is the pass list, in order.
var Passes = []Pass{
	{"dispatch", dispatch},
	{"nest", nest},
	{"components", components},
	{"extract", extract},
	{"stops", stops},
	{"packs", packs},
	{"workspaces", workspaces},
	{"serial", serial},
	{"mapping", mapping},
	{"iterlimit", iterlimit},
	{"verify", verify},
	{"kir", kir},
}

type state struct {
	// unsized are the arrays of the iterations the host cannot size
	// (workspace.go reported them).
	unsized map[*frontend.Symbol]bool
	prog    *frontend.Program
	cr      *rules.CheckResult
	opts    Options
	plan    *Plan
	diags   frontend.Diagnostics
	loops   []*loopInfo
	sites   map[*frontend.Construct]string // loop -> site name (loopSite)
	ix      *derived                       // derivedIndex
	// extends holds the derived types some type of the program extends
	// (verify.go, extended).
	extends map[*frontend.DerivedType]bool
	hidden  map[*frontend.Procedure][]*frontend.Symbol // hidden.go
}

type loopInfo struct {
	k    *frontend.Construct
	proc *frontend.Procedure
	file string
}

// Lower runs the passes.
func Lower(prog *frontend.Program, cr *rules.CheckResult, opts Options) (*Plan, frontend.Diagnostics) {
	if opts.Target == nil {
		opts.Target = target.Must("cpu")
	}
	st := &state{prog: prog, cr: cr, opts: opts, plan: &Plan{ByLoop: map[*frontend.Construct]*Kernel{}, Host: map[*frontend.Construct]bool{}, Hidden: map[*frontend.Procedure][]*frontend.Symbol{}}}
	st.collect()
	for _, p := range Passes {
		p.Run(st)
		if pos, err := st.check(p.Name); err != nil {
			// At the construct the broken invariant is about.
			st.diags = append(st.diags, frontend.Diagnostic{Pos: pos, Severity: frontend.SevError, Msg: "internal error: " + err.Error()})
		}
		if st.diags.HasErrors() {
			break
		}
	}
	return st.plan, st.diags.Sort()
}

// check is the verifier run after every pass: the plan's invariants.
func (st *state) check(pass string) (frontend.Pos, error) {
	seen := map[string]bool{}
	for _, k := range st.plan.Kernels {
		var pos frontend.Pos
		if k.Do != nil {
			pos = k.Do.Pos
		}
		if seen[k.Name] {
			return pos, fmt.Errorf("after %s: two kernels named %s", pass, k.Name)
		}
		seen[k.Name] = true
		if st.plan.Host[k.Loop] {
			return pos, fmt.Errorf("after %s: this loop is both a kernel and a host loop", pass)
		}
		if k.Do == nil || k.Do.Concurrent == nil {
			if k.Loop != nil {
				pos = frontend.StmtPos(k.Loop.Head)
			}
			return pos, fmt.Errorf("after %s: kernel %s is not a do concurrent", pass, k.Name)
		}
	}
	for i, s := range st.plan.StopSites {
		if s.ID != i+1 || s.Stmt == nil {
			return s.Pos, fmt.Errorf("after %s: stop site %d is numbered %d", pass, i+1, s.ID)
		}
		if i > 0 && !st.plan.StopSites[i-1].Pos.Before(s.Pos) {
			return s.Pos, fmt.Errorf("after %s: stop sites %d and %d are not in source order", pass, i, i+1)
		}
	}
	return frontend.Pos{}, nil
}

// collect finds every do concurrent construct with its procedure and file.
func (st *state) collect() {
	for _, f := range st.prog.Files {
		for _, u := range f.Units {
			walkUnit(u, func(p *frontend.Procedure, k *frontend.Construct) {
				st.loops = append(st.loops, &loopInfo{k: k, proc: p, file: f.Path})
			})
		}
	}
}

// walkUnit calls fn for every do concurrent of u and of its contained
// procedures, in source order (outer loops first).
func walkUnit(u *frontend.Procedure, fn func(*frontend.Procedure, *frontend.Construct)) {
	walkLoops(u.Body, func(k *frontend.Construct) { fn(u, k) })
	for _, c := range u.Contains {
		walkUnit(c, fn)
	}
}

// dispatch assigns each do concurrent to a kernel or to the host, as the
// analyses decided. Nested do concurrent loops inside a kernel run
// sequentially in its iteration.
func dispatch(st *state) {
	outcome := map[string]string{} // loop site -> outcome
	if st.cr != nil {
		for _, l := range st.cr.Loops {
			outcome[l.Loop] = l.Outcome
		}
	}
	if st.cr != nil && st.opts.Target.Offloads() {
		for _, l := range st.cr.Loops {
			if l.Kind == "omp_parallel_do" && l.Outcome == "offload" {
				// Never leave a loop the analyses assigned to the device on
				// the host silently.
				st.diags = append(st.diags, frontend.NYI(frontend.NYIOmpOffload, l.Pos, l.Pos, "an !$omp parallel do loop the front end did not make a do concurrent (--gpu-offload-omp-loops; frontend/omp.go)"))
			}
		}
	}
	inKernel := map[*frontend.Construct]bool{}
	n := map[string]int{}
	for _, li := range st.loops {
		k := li.k
		if inKernel[k] {
			continue
		}
		d := k.Head.(*frontend.DoStmt)
		if !st.opts.Target.Offloads() || st.cr == nil || outcome[st.loopSite(k)] != "offload" {
			st.plan.Host[k] = true
			continue
		}
		n[li.file]++
		kr := &Kernel{Name: fmt.Sprintf("fgpu_%s_k%d", fileHash(li.file), n[li.file]), Loop: k, Do: d, Proc: li.proc, File: li.file}
		st.plan.Kernels = append(st.plan.Kernels, kr)
		st.plan.ByLoop[k] = kr
		markNested(k, inKernel)
	}
}

func markNested(k *frontend.Construct, in map[*frontend.Construct]bool) {
	frontend.InspectStmts(k.Body, func(n frontend.Node) bool {
		if c, ok := n.(*frontend.Construct); ok {
			in[c] = true
			return true
		}
		return false
	})
}

// fileHash is the per-file prefix of generated symbols.
func fileHash(path string) string {
	h := sha1.Sum([]byte(path))
	return fmt.Sprintf("%x", h[:4])
}

// extract classifies the variables of each kernel.
func extract(st *state) {
	for _, k := range st.plan.Kernels {
		st.extractKernel(k)
	}
}

func (st *state) extractKernel(k *Kernel) {
	for _, c := range append([]*frontend.Construct{k.Loop}, k.Combined...) {
		if c.Scope == nil {
			continue
		}
		for _, ix := range c.Head.(*frontend.DoStmt).Concurrent.Indices {
			if s := c.Scope.Local(ix.Name); s != nil {
				k.Indices = append(k.Indices, s)
			}
		}
	}
	outer := (*frontend.Scope)(nil)
	if k.Loop.Scope != nil {
		outer = k.Loop.Scope.Parent
	}
	locality := map[*frontend.Symbol]string{}
	reduceOp := map[*frontend.Symbol]string{}
	for _, l := range k.Do.Locality {
		for _, n := range l.Names {
			if outer == nil {
				continue
			}
			if s := outer.Lookup(n); s != nil {
				locality[frontend.UltimateSymbol(s)] = l.Kind
				if l.Kind == "reduce" {
					reduceOp[frontend.UltimateSymbol(s)] = l.Op
				}
			}
		}
	}
	// The locality specs of the loops combined with the kernel's: their
	// iterations are the kernel's. A local_init of a variable the kernel's
	// loop makes local starts undefined: a plain local.
	for _, c := range k.Combined {
		locs, _ := loopLocality(c)
		for _, l := range locs {
			switch {
			case locality[l.Sym] == "local" || locality[l.Sym] == "local_init" && !l.InitFrom:
				locality[l.Sym] = "local"
			case l.InitFrom:
				locality[l.Sym] = "local_init"
			default:
				locality[l.Sym] = "local"
			}
		}
	}
	u := collectUses(k)
	// The module and host variables of the procedures the body calls
	// (hidden.go): the kernel's data too.
	hiddenOnly := map[*frontend.Symbol]bool{}
	for _, p := range calledProcs(k) {
		if p.Scope == nil || p.Interface {
			continue
		}
		for _, s := range st.Hidden(p) {
			if !u.refs[s] && !u.inner[s] {
				hiddenOnly[s] = true
			}
			u.refs[s] = true
		}
	}
	written := st.writtenBuffers(k)
	shared := st.sharedScalars(k)
	for s := range u.privatized {
		// Made local by a nested loop somewhere: what the analyses count
		// as written may be only that loop's own copy.
		written[s] = u.written[s]
	}
	for s := range u.refs {
		if s.Component != nil {
			// A component handed over on its own (components.go): the
			// analyses know its variable; what the loop writes is this
			// component's.
			written[s] = u.written[s]
		}
	}
	var syms []*frontend.Symbol
	for s := range u.refs {
		syms = append(syms, s)
	}
	sort.Slice(syms, func(i, j int) bool {
		if syms[i].Name != syms[j].Name {
			return syms[i].Name < syms[j].Name
		}
		return syms[i].Pos.Before(syms[j].Pos)
	})
	for _, s := range syms {
		if u.inner[s] {
			continue // declared inside the loop (indices, block locals, associate names)
		}
		if hiddenOnly[s] && s.Rank == 0 && written[s] {
			st.diags = append(st.diags, frontend.NYI(frontend.NYIHostVariable, k.Do.Pos, k.Do.Pos,
				"the module or host scalar %s, which a procedure the loop calls writes, in an offloaded loop", s.Name))
			continue
		}
		if d, ok := shared[s]; ok && locality[s] == "" && s.Rank == 0 {
			// A scalar written without a locality spec (rules/shared.mg).
			switch d.class {
			case "reduce":
				k.Params = append(k.Params, &Param{Sym: s, Kind: ReduceParam, Op: d.op, Inferred: true})
			case "last":
				k.Params = append(k.Params, &Param{Sym: s, Kind: LastParam, Written: true})
			default:
				k.Locals = append(k.Locals, &Local{Sym: s})
			}
			continue
		}
		if u.doVars[s] && locality[s] == "" {
			// The variable of a nested sequential DO without a decision
			// (not of an intrinsic type): private to the iteration.
			k.Locals = append(k.Locals, &Local{Sym: s})
			continue
		}
		switch locality[s] {
		case "local":
			k.Locals = append(k.Locals, &Local{Sym: s})
			continue
		case "local_init":
			k.Locals = append(k.Locals, &Local{Sym: s, InitFrom: true})
			k.Params = append(k.Params, &Param{Sym: s, Kind: ScalarIn})
			continue
		case "reduce":
			k.Params = append(k.Params, &Param{Sym: s, Kind: ReduceParam, Op: reduceOp[s]})
			continue
		}
		switch {
		case s.Rank != 0:
			k.Params = append(k.Params, &Param{Sym: s, Kind: ArrayParam, Written: written[s], ElemsOnly: k.ElemsOnly[s]})
		case written[s]:
			switch s.Type.Base {
			case frontend.TyInteger, frontend.TyReal, frontend.TyComplex, frontend.TyLogical, frontend.TyCharacter:
			default:
				k.Params = append(k.Params, &Param{Sym: s, Kind: ScalarOut, Written: true})
				continue
			}
			if locality[s] == "" && s.Scope != nil && s.Scope.Kind == frontend.ScopeUnit {
				// rules/shared.mg decides every variable of an intrinsic
				// type the loop writes without a locality spec (not an
				// associate name: the loop writes its selector).
				st.diags = append(st.diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
					Msg: fmt.Sprintf("internal error: no decision for the scalar %s the loop writes without a locality spec [consistency]", s.Name)})
			}
			k.Params = append(k.Params, &Param{Sym: s, Kind: ScalarOut, Written: true})
		default:
			k.Params = append(k.Params, &Param{Sym: s, Kind: ScalarIn})
		}
	}
}

// uses are the variables a kernel body references.
type uses struct {
	refs    map[*frontend.Symbol]bool
	written map[*frontend.Symbol]bool
	inner   map[*frontend.Symbol]bool // declared in the loop
	doVars  map[*frontend.Symbol]bool // variables of nested sequential DO loops
	// privatized are the variables some nested do concurrent makes local
	// (its references of them are not the kernel's and are not recorded).
	privatized map[*frontend.Symbol]bool
}

func collectUses(k *Kernel) *uses {
	u := &uses{refs: map[*frontend.Symbol]bool{}, written: map[*frontend.Symbol]bool{}, inner: map[*frontend.Symbol]bool{}, doVars: map[*frontend.Symbol]bool{},
		privatized: map[*frontend.Symbol]bool{}}
	// hidden are the variables the nested loops being walked make local.
	hidden := map[*frontend.Symbol]int{}
	if k.Loop.Scope != nil {
		for _, s := range k.Loop.Scope.Order {
			u.inner[s] = true
		}
	}
	expr := func(e *frontend.Expr) {
		frontend.Inspect(e, func(n frontend.Node) bool {
			e, ok := n.(*frontend.Expr)
			if !ok || e.Const != nil && e.Kind != frontend.EName {
				return false
			}
			if e.Kind == frontend.EName && e.Sym != nil && (e.Sym.Kind == frontend.SymVariable) && hidden[frontend.UltimateSymbol(e.Sym)] == 0 {
				u.refs[frontend.UltimateSymbol(e.Sym)] = true
			}
			if e.Kind == frontend.EImpliedDo {
				if v := ImpliedDoVar(e); v != nil {
					u.inner[v] = true // the implied-do's own variable
				}
			}
			return true
		})
	}
	write := func(e *frontend.Expr) {
		if s := frontend.RootSymbol(e); s != nil && hidden[s] == 0 {
			u.written[s] = true
		}
	}
	var stmts func(ss []frontend.Stmt)
	stmts = func(ss []frontend.Stmt) {
		for _, s := range ss {
			switch x := s.(type) {
			case *frontend.Construct:
				if x.Scope != nil {
					for _, sy := range x.Scope.Order {
						u.inner[sy] = true
					}
				}
				for _, br := range x.Branches {
					if br.Scope != nil {
						for _, sy := range br.Scope.Order {
							u.inner[sy] = true
						}
					}
				}
				if d, ok := x.Head.(*frontend.DoStmt); ok && d.VarSym != nil && d.Concurrent == nil {
					u.doVars[frontend.UltimateSymbol(d.VarSym)] = true
					u.refs[frontend.UltimateSymbol(d.VarSym)] = true
				}
				headExprs(x.Head, expr, write)
				var priv map[*frontend.Symbol]bool
				if in := k.Inner[x]; in != nil {
					// A nested loop's locals are its own; a local_init
					// reads the outer variable (a reference of it).
					priv = map[*frontend.Symbol]bool{}
					for _, l := range in.Locals {
						if l.InitFrom && hidden[l.Sym] == 0 {
							u.refs[l.Sym] = true
						}
						priv[l.Sym] = true
						u.privatized[l.Sym] = true
					}
				}
				for s := range priv {
					hidden[s]++
				}
				stmts(x.Body)
				for _, br := range x.Branches {
					headExprs(br.Head, expr, write)
					stmts(br.Body)
				}
				for s := range priv {
					hidden[s]--
				}
			case *frontend.AssignStmt:
				expr(x.LHS)
				expr(x.RHS)
				write(x.LHS)
			case *frontend.IfStmt:
				expr(x.Cond)
				if x.Action != nil {
					stmts([]frontend.Stmt{x.Action})
				}
			case *frontend.CallStmt:
				args, ok := frontend.CallActuals(x.Callee, x.Proc, x.Args) // the object of obj%b(...) too
				if !ok {
					args = x.Args
				}
				for _, a := range args {
					if a == nil {
						continue
					}
					if a.Kind == frontend.EKeyword {
						a = a.X
					}
					expr(a)
					write(a) // conservatively: an intent(out/inout) actual may be written
				}
			case *frontend.StopStmt:
				expr(x.Code)
			}
		}
	}
	expr(k.Do.Concurrent.Mask)
	stmts(k.Loop.Body)
	return u
}

// headExprs visits the expressions of a construct head.
func headExprs(h frontend.Stmt, expr func(*frontend.Expr), write func(*frontend.Expr)) {
	switch x := h.(type) {
	case *frontend.IfThenStmt:
		expr(x.Cond)
	case *frontend.ElseIfStmt:
		expr(x.Cond)
	case *frontend.DoStmt:
		if x.VarSym != nil && x.Concurrent == nil {
			write(&frontend.Expr{Kind: frontend.EName, Name: x.Var, Sym: x.VarSym})
		}
		expr(x.Lo)
		expr(x.Hi)
		expr(x.Step)
		expr(x.While)
		if x.Concurrent != nil {
			for _, ix := range x.Concurrent.Indices {
				expr(ix.Lo)
				expr(ix.Hi)
				expr(ix.Step)
			}
			expr(x.Concurrent.Mask)
		}
	case *frontend.SelectCaseStmt:
		expr(x.Expr)
	case *frontend.CaseStmt:
		for _, r := range x.Items {
			expr(r.Lo)
			expr(r.Hi)
		}
	case *frontend.AssociateStmt:
		for _, a := range x.Assocs {
			expr(a.Expr)
		}
	}
}

// sharedDecision is what rules/shared.mg decided for a scalar the loop
// writes without a locality spec: class "reduce" (shared_reduce, with the
// operator), "last" (shared_last) or "local" (shared_private, dead after
// the loop).
type sharedDecision struct {
	class, op string
}

// loopSite is the site name the facts give the loop c ("" when the
// facts do not name it), read from the facts' own table, not by position.
func (st *state) loopSite(c *frontend.Construct) string {
	if st.sites == nil {
		st.sites = map[*frontend.Construct]string{}
		if st.cr != nil && st.cr.Facts != nil {
			for site, l := range st.cr.Facts.Loops {
				st.sites[l] = site
			}
		}
	}
	return st.sites[c]
}

// derived is the derived facts lowering reads per kernel, indexed by loop
// site once (reading them per kernel costs kernels x facts).
type derived struct {
	private, last, written map[string][]string // loop -> variable sites
	reduces                map[string][]rules.SharedReduce
	aliases                []rules.SitePair
}

func (st *state) derivedIndex() *derived {
	if st.ix != nil {
		return st.ix
	}
	ix := &derived{private: map[string][]string{}, last: map[string][]string{}, written: map[string][]string{}, reduces: map[string][]rules.SharedReduce{}}
	st.ix = ix
	if st.cr == nil || st.cr.Result == nil {
		return ix
	}
	r := st.cr.Result
	for _, f := range r.SharedPrivate() {
		ix.private[f.A] = append(ix.private[f.A], f.B)
	}
	for _, f := range r.SharedLast() {
		ix.last[f.A] = append(ix.last[f.A], f.B)
	}
	for _, f := range r.SharedReduces() {
		ix.reduces[f.Loop] = append(ix.reduces[f.Loop], f)
	}
	for _, f := range r.WrittenBuffers() {
		ix.written[f.A] = append(ix.written[f.A], f.B)
	}
	ix.aliases = r.Aliases()
	return ix
}

// reduceOps spells the operators of rules/shared.mg as Param.Op does.
var reduceOps = map[string]string{
	"/plus": "+", "/times": "*", "/max": "max", "/min": "min", "/iand": "iand", "/ior": "ior", "/ieor": "ieor",
	"/and": ".and.", "/or": ".or.", "/eqv": ".eqv.", "/neqv": ".neqv.",
}

// sharedScalars reads the decisions of rules/shared.mg for the loop of k.
func (st *state) sharedScalars(k *Kernel) map[*frontend.Symbol]sharedDecision {
	out := map[*frontend.Symbol]sharedDecision{}
	if st.cr == nil || st.cr.Result == nil {
		return out
	}
	loop := st.loopSite(k.Loop)
	sym := func(v string) *frontend.Symbol {
		if s := st.cr.Facts.Vars[v]; s != nil {
			return frontend.UltimateSymbol(s)
		}
		return nil
	}
	ix := st.derivedIndex()
	for _, v := range ix.private[loop] {
		if s := sym(v); s != nil {
			out[s] = sharedDecision{class: "local"}
		}
	}
	for _, v := range ix.last[loop] {
		if s := sym(v); s != nil {
			out[s] = sharedDecision{class: "last"}
		}
	}
	for _, f := range ix.reduces[loop] {
		{
			if s := sym(f.Var); s != nil {
				op, ok := reduceOps[f.Op]
				if !ok {
					st.diags = append(st.diags, frontend.Diagnostic{Pos: k.Do.Pos, Severity: frontend.SevError,
						Msg: fmt.Sprintf("internal error: unknown reduction operator %s of %s [consistency]", f.Op, s.Name)})
					continue
				}
				out[s] = sharedDecision{class: "reduce", op: op}
			}
		}
	}
	return out
}

// writtenBuffers reads the access analysis: the kernel data of the loop
// that it classified as written (rules/access.mg, buffer/3).
func (st *state) writtenBuffers(k *Kernel) map[*frontend.Symbol]bool {
	out := map[*frontend.Symbol]bool{}
	if st.cr == nil {
		return out
	}
	ix := st.derivedIndex()
	for _, v := range ix.written[st.loopSite(k.Loop)] {
		if s := st.cr.Facts.Vars[v]; s != nil {
			out[frontend.UltimateSymbol(s)] = true
		}
	}
	// A kernel parameter that is an associate name (the loop writes
	// through it) is written when its selector's variable is.
	for _, f := range ix.aliases {
		a, r := st.cr.Facts.Vars[f.A], st.cr.Facts.Vars[f.B]
		if a != nil && r != nil && out[frontend.UltimateSymbol(r)] {
			out[frontend.UltimateSymbol(a)] = true
		}
	}
	return out
}
