package lowering

// This file implements the verify pass: every construct of a kernel body
// must be one the kernel emitters lower. Anything else is a "not yet
// implemented" error at the construct (never dropped, never run on the
// CPU instead).

import (
	"fgpu/facts"
	"fgpu/frontend"
	"fmt"
	"strings"
)

// arrayReduction checks sum(x), maxval(x), dot_product(x, y), ...: array
// arguments elementwise (sections, whole arrays, elemental expressions);
// a MASK conformable with the array; a constant DIM (a result of rank one
// less, computed into an array of the iteration: temp), KIND.
func (v *verifier) arrayReduction(e *frontend.Expr) {
	a := IntrinsicActuals(e)
	n := 1
	if e.Intr.Name == "dot_product" {
		n = 2
	}
	for i := 0; i < n; i++ {
		if i >= len(a) || a[i] == nil || a[i].Rank <= 0 {
			pos := e.Pos
			if i < len(a) && a[i] != nil {
				pos = a[i].Pos
			}
			v.nyi(frontend.NYIArrayReductionForm, pos, "this argument of %s in an offloaded loop", e.Intr.Name)
			return
		}
	}
	if name := e.Intr.Name; name == "maxloc" || name == "minloc" {
		if _, ok := reductionDim(e); !ok {
			v.nyi(frontend.NYIArrayReductionForm, e.Pos, "%s without a constant DIM in an offloaded loop (maxloc(a, 1): the position as a scalar)", name)
			return
		}
		for i, d := range e.Intr.Args {
			if d.Name == "back" && i < len(a) && a[i] != nil {
				v.nyi(frontend.NYIArrayReductionForm, a[i].Pos, "%s with BACK in an offloaded loop", name)
				return
			}
		}
	}
	for i, d := range e.Intr.Args {
		if i >= len(a) || a[i] == nil {
			continue
		}
		switch d.Name {
		case "dim":
			if _, ok := ConstInt(a[i]); !ok {
				v.nyi(frontend.NYIArrayReductionForm, a[i].Pos, "%s with a DIM that is not a constant in an offloaded loop", e.Intr.Name)
				return
			}
		case "mask":
			if a[i].Rank != a[0].Rank {
				v.nyi(frontend.NYIArrayReductionForm, a[i].Pos, "%s with a scalar MASK in an offloaded loop", e.Intr.Name)
				return
			}
		}
	}
	for i, x := range a {
		if x == nil || i >= len(e.Intr.Args) {
			continue
		}
		switch e.Intr.Args[i].Name {
		case "dim", "kind":
			continue
		}
		outer, outerActual := v.arrayCtx, v.actualCtx
		v.arrayCtx, v.actualCtx = true, false
		v.expr(x)
		v.arrayCtx, v.actualCtx = outer, outerActual
	}
}

// temp checks an array value device code computes into an array of the
// iteration before the statement that uses it (lowering.NeedsTemp,
// shape.go): its shape known when the kernel is compiled, in a position
// evaluated once per execution of the statement.
func (v *verifier) temp(e *frontend.Expr) bool {
	if v.noHoist != "" {
		v.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in %s in device code (it is computed before the statement)", e, v.noHoist)
		return false
	}
	direct := v.direct != nil && e == v.direct
	if _, ok := ConstShape(e); !ok && !direct {
		// An intrinsic read element by element where it stands (an
		// array assignment, a reduction's argument) needs no array of
		// the iteration; anything else would.
		elementwise := e.Ref == frontend.RefIntrinsic && v.arrayCtx && !v.actualCtx && e.Intr.Name != "reshape"
		if !elementwise {
			v.nyi(frontend.NYIArrayResult, e.Pos, "the array value %s in device code: its shape is not known when the kernel is compiled (an array of the iteration holds it)", e)
			return false
		}
	}
	if e.Ref != frontend.RefIntrinsic {
		return true
	}
	a := IntrinsicActuals(e)
	arr := func(x *frontend.Expr) {
		outer, outerActual := v.arrayCtx, v.actualCtx
		v.arrayCtx, v.actualCtx = true, false
		v.expr(x)
		v.arrayCtx, v.actualCtx = outer, outerActual
	}
	switch name := e.Intr.Name; name {
	case "matmul":
		if e.Type.Base == frontend.TyLogical {
			v.nyi(frontend.NYIIntrinsic, e.Pos, "matmul of logical arrays in an offloaded loop")
			return false
		}
		arr(a[0])
		arr(a[1])
	case "transpose":
		arr(a[0])
	case "spread":
		if a[0].Rank > 0 {
			arr(a[0])
		} else {
			v.expr(a[0])
		}
	case "reshape":
		if len(a) > 2 && a[2] != nil {
			v.nyi(frontend.NYIIntrinsic, e.Pos, "reshape with PAD in an offloaded loop")
			return false
		}
		if len(a) > 3 && a[3] != nil && ReshapeOrder(a[3], e.Rank) == nil {
			v.nyi(frontend.NYIIntrinsic, a[3].Pos, "reshape with an ORDER that is not a constant permutation in an offloaded loop")
			return false
		}
		if _, ok := ConstShape(a[0]); !ok {
			v.nyi(frontend.NYIArrayResult, a[0].Pos, "the source of reshape in device code: its shape is not known when the kernel is compiled")
			return false
		}
		arr(a[0])
	case "cshift", "eoshift":
		if a[1].Rank != 0 {
			v.nyi(frontend.NYIIntrinsic, a[1].Pos, "%s with an array SHIFT in an offloaded loop", name)
			return false
		}
		dimAt := 2
		if name == "eoshift" {
			dimAt = 3
			if a[2] != nil && a[2].Rank != 0 {
				v.nyi(frontend.NYIIntrinsic, a[2].Pos, "eoshift with an array BOUNDARY in an offloaded loop")
				return false
			}
			v.scalar(a[2])
		}
		if dimAt < len(a) && a[dimAt] != nil {
			if _, ok := ConstInt(a[dimAt]); !ok {
				v.nyi(frontend.NYIIntrinsic, a[dimAt].Pos, "%s with a DIM that is not a constant in an offloaded loop", name)
				return false
			}
		}
		arr(a[0])
		v.scalar(a[1])
	}
	return true
}

func verify(st *state) {
	for _, k := range st.plan.Kernels {
		v := &verifier{st: st, k: k}
		if k.Grouped && len(k.Workspaces) > 0 {
			v.nyi(frontend.NYIWorkspace, k.Workspaces[0].Sym.Pos, "the run-time sized array %s of the iterations of a loop whose nested loop is shared out by the threads of a block", k.Workspaces[0].Sym.Name)
		}
		v.noHoisting("the mask of the loop", k.Do.Concurrent.Mask)
		v.stmts(k.Loop.Body, 0)
		for _, p := range k.Params {
			if p.Kind == ArrayParam && p.Sym.Type.Base == frontend.TyDerived && p.ElemsOnly {
				// Handed over as its tables of components (and its bounds).
			} else if p.Kind == ArrayParam && p.Sym.Type.Base == frontend.TyDerived {
				v.derivedArray(p.Sym, k.Do.Pos)
			} else if p.Sym.Type.Base == frontend.TyDerived && p.Kind != ScalarIn {
				v.nyi(frontend.NYIDerivedWhole, k.Do.Pos, "the derived-type scalar %s used whole in an offloaded loop that writes it or a component of it (a value of each iteration would be local(%s))", p.Sym.Name, p.Sym.Name)
			} else if p.Sym.Type.Base == frontend.TyDerived {
				if ok, why := DeviceLayout(p.Sym.Type.Derived); !ok || CarriesDescriptors(p.Sym.Type.Derived) {
					if ok {
						why = fmt.Sprintf("type(%s) has an allocatable component", p.Sym.Type.Derived.Name)
					}
					v.nyi(frontend.NYIDerivedWhole, k.Do.Pos, "the value %s of type(%s) handed to the kernel whole: %s (its components alone are: %s%%x)", p.Sym.Name, p.Sym.Type.Derived.Name, why, p.Sym.Name)
				}
			} else {
				v.typeOK(p.Sym.Type, p.Sym.Pos, p.Sym.Name)
			}
			if p.Kind == ArrayParam && (p.Sym.Rank < 0 || p.Sym.Rank > 7) {
				v.nyi(frontend.NYIArrayRank, k.Do.Pos, "an array of rank %d in an offloaded loop (%s)", p.Sym.Rank, p.Sym.Name)
			}
			if p.Kind == ReduceParam && p.Sym.Type.Base == frontend.TyComplex {
				v.nyi(frontend.NYIComplexReduce, k.Do.Pos, "reduce(%s: %s) of a complex variable in an offloaded loop", p.Op, p.Sym.Name)
			}
		}
		// A derived-type scalar taken whole by value while the loop writes
		// one of its components (handed over on its own): the copy would
		// not see the write.
		for _, p := range k.Params {
			if p.Kind != ScalarIn || p.Sym.Type.Base != frontend.TyDerived {
				continue
			}
			for _, q := range k.Params {
				if q.Written && q.Sym.Component != nil && frontend.RootSymbol(q.Sym.Component) == p.Sym {
					v.nyi(frontend.NYIDerivedComponent, k.Do.Pos, "the value %s used whole in an offloaded loop that writes its component %s", p.Sym.Name, q.Sym.Component)
				}
			}
		}
		for _, l := range k.Locals {
			v.typeOK(l.Sym.Type, l.Sym.Pos, l.Sym.Name)
			if l.InitFrom && IsHeapType(l.Sym.Type) {
				v.nyi(frontend.NYIDerivedWhole, l.Sym.Pos, "local_init(%s) of type(%s), which has allocatable components: copying the host's value into the iteration's", l.Sym.Name, l.Sym.Type.Derived.Name)
			}
			v.defaultInit(l.Sym)
			if l.Sym.Rank != 0 && (!FixedShape(l.Sym) && k.WorkspaceOf(l.Sym) == nil && !st.unsized[l.Sym] || l.InitFrom) {
				v.nyi(frontend.NYILocalArray, l.Sym.Pos, "the local array %s in an offloaded loop (only arrays of a constant shape, local, not local_init)", l.Sym.Name)
			}
		}
	}
}

type verifier struct {
	// arrayCtx is set while an array assignment is checked: sections and
	// whole arrays are then elements of an elementwise loop.
	arrayCtx bool
	// noHoist names a position whose expressions are evaluated more than
	// once or not at all (a DO WHILE condition, an ELSE IF condition, loop
	// limits, a mask): no array value computed before the statement.
	noHoist string
	// direct is set while the right side of a DirectAssign is checked:
	// its value is computed into the left side.
	direct *frontend.Expr
	// actualCtx is set while an array actual argument is checked: it
	// needs storage of its own.
	actualCtx bool
	st        *state
	k         *Kernel
	proc      *frontend.Procedure // the device procedure being checked
	checked   map[*frontend.Procedure]bool
	asz       map[*frontend.Symbol]bool // assumed-size arrays reported
	said      map[string]bool           // component limits reported
}

// assumedSize reports (once per kernel and array) an assumed-size dummy
// of the loop's procedure: the launch hands every array over with its
// shape, which only the callers know.
func (v *verifier) assumedSize(s *frontend.Symbol, pos frontend.Pos) bool {
	if s == nil || s.Rank == 0 || s.Assumed != "size" || v.proc != nil {
		return false
	}
	if v.asz == nil {
		v.asz = map[*frontend.Symbol]bool{}
	}
	if !v.asz[s] {
		v.asz[s] = true
		v.nyi(frontend.NYIAssumedSize, pos, "the assumed-size array %s in an offloaded loop (its extent is known to the callers only): declare it with its extent, %s(n), or assumed shape, %s(:)", s.Name, s.Name, s.Name)
	}
	return true
}

func (v *verifier) nyi(l frontend.Limit, pos frontend.Pos, format string, args ...any) {
	d := frontend.NYI(l, pos, v.k.Do.Pos, format, args...)
	if l == frontend.NYIDerivedComponent {
		// Once per component designator and loop (a component is read
		// in many places).
		if v.said == nil {
			v.said = map[string]bool{}
		}
		if v.said[d.Msg] {
			return
		}
		v.said[d.Msg] = true
	}
	d.Notes = []frontend.Diagnostic{{Pos: v.k.Do.Pos, Severity: frontend.SevNote, Msg: "in this loop, assigned to the device"}}
	v.st.diags = append(v.st.diags, d)
}

// TypeSupported reports the intrinsic types kernels handle.
func TypeSupported(t frontend.Type) bool {
	switch t.Base {
	case frontend.TyInteger:
		return t.Kind == 1 || t.Kind == 2 || t.Kind == 4 || t.Kind == 8
	case frontend.TyReal:
		return t.Kind == 4 || t.Kind == 8
	case frontend.TyLogical:
		return t.Kind == 1 || t.Kind == 2 || t.Kind == 4 || t.Kind == 8
	case frontend.TyComplex:
		return t.Kind == 4 || t.Kind == 8
	}
	return false
}

func (v *verifier) typeOK(t frontend.Type, pos frontend.Pos, what string) {
	if t.Base == frontend.TyDerived && t.Derived != nil {
		// A value the device holds as the host's bytes (a C struct).
		if t.Class && v.st.extended(t.Derived) {
			v.nyi(frontend.NYIDerivedWhole, pos, "the polymorphic value %s of class(%s) in device code (a type of the program extends it: its dynamic type is not known)", what, t.Derived.Name)
		} else if ok, why := DeviceLayout(t.Derived); !ok || CarriesDescriptors(t.Derived) && !IsHeapType(t) {
			if ok {
				why = fmt.Sprintf("type(%s) has an allocatable component (a value device code holds or creates)", t.Derived.Name)
				if _, hw := HeapType(t.Derived); hw != "" {
					why = fmt.Sprintf("type(%s) has %s", t.Derived.Name, hw)
				}
			}
			v.nyi(frontend.NYIDerivedWhole, pos, "the value %s of type(%s) used whole in device code: %s (its components alone are offloaded: p%%x)", what, t.Derived.Name, why)
		}
		return
	}
	if !TypeSupported(t) {
		v.nyi(frontend.NYIValueType, pos, "a value of type %s (%s) in an offloaded loop", t, what)
	}
}

func (v *verifier) stmts(ss []frontend.Stmt, depth int) {
	for _, s := range ss {
		v.stmt(s, depth)
	}
}

func (v *verifier) stmt(s frontend.Stmt, depth int) {
	switch x := s.(type) {
	case *frontend.AssignStmt:
		if x.Proc != nil {
			v.nyi(frontend.NYIDefinedAssignment, x.Pos, "a defined assignment in an offloaded loop")
			return
		}
		if x.LHS.Rank != 0 || x.RHS.Rank != 0 {
			v.arrayAssign(x)
			return
		}
		if HeapConstructor(x) {
			// t = vec_t(n, a(i:i+2)): built in place on the heap (heap.go).
			v.designator(x.LHS)
			v.heapConstructor(x.RHS)
			return
		}
		v.designator(x.LHS)
		v.expr(x.RHS)
	case *frontend.IfStmt:
		v.expr(x.Cond)
		if x.Action != nil {
			v.stmt(x.Action, depth)
		}
	case *frontend.CycleStmt, *frontend.ContinueStmt:
	case *frontend.ExitStmt:
		if depth == 0 {
			v.nyi(frontend.NYIBranch, x.Pos, "EXIT in an offloaded loop outside a nested DO")
		}
	case *frontend.Construct:
		switch h := x.Head.(type) {
		case *frontend.IfThenStmt:
			v.expr(h.Cond)
			v.stmts(x.Body, depth)
			for _, br := range x.Branches {
				if ei, ok := br.Head.(*frontend.ElseIfStmt); ok {
					v.noHoisting("an ELSE IF condition", ei.Cond)
				}
				v.stmts(br.Body, depth)
			}
		case *frontend.DoStmt:
			if h.Concurrent != nil {
				for _, ix := range h.Concurrent.Indices {
					v.noHoisting("the limits of a nested loop", ix.Lo, ix.Hi, ix.Step)
				}
				v.noHoisting("a mask", h.Concurrent.Mask)
				v.innerLocality(x, h)
			} else {
				v.noHoisting("the limits of a DO loop", h.Lo, h.Hi, h.Step)
				v.noHoisting("a DO WHILE condition", h.While)
				if h.Var != "" && (h.VarSym == nil || !TypeSupported(h.VarSym.Type) || h.VarSym.Type.Base != frontend.TyInteger) {
					v.nyi(frontend.NYIDoForm, h.Pos, "a DO loop whose variable is not an integer in an offloaded loop")
				}
			}
			if h.EndLabel != "" {
				v.nyi(frontend.NYIDoForm, h.Pos, "a labelled DO in an offloaded loop")
			}
			v.stmts(x.Body, depth+1)
		case *frontend.SelectCaseStmt:
			v.expr(h.Expr)
			if h.Expr.Type.Base != frontend.TyInteger && h.Expr.Type.Base != frontend.TyLogical {
				v.nyi(frontend.NYISelectCase, h.Pos, "SELECT CASE on %s in an offloaded loop", h.Expr.Type)
			}
			for _, br := range x.Branches {
				if cs, ok := br.Head.(*frontend.CaseStmt); ok {
					for _, r := range cs.Items {
						v.constant(r.Lo, cs.Pos)
						v.constant(r.Hi, cs.Pos)
					}
				}
				v.stmts(br.Body, depth)
			}
		case *frontend.BlockStmt:
			if x.Scope != nil {
				for _, s := range x.Scope.Order {
					if s.Kind == frontend.SymVariable {
						v.typeOK(s.Type, s.Pos, s.Name)
						v.defaultInit(s)
						ws := v.proc == nil && (v.k.WorkspaceOf(s) != nil || v.st.unsized[s])
						if s.Rank != 0 && !FixedShape(s) && !ws || s.Init != nil {
							v.nyi(frontend.NYIBlock, s.Pos, "the block variable %s (an array whose shape is not constant, or initialised) in an offloaded loop", s.Name)
						}
					}
				}
			}
			for _, sp := range x.Spec {
				switch sp.(type) {
				case *frontend.TypeDeclStmt, *frontend.ImplicitStmt:
				default:
					v.nyi(frontend.NYIBlock, frontend.StmtPos(sp), "this statement in a block of an offloaded loop")
				}
			}
			v.stmts(x.Body, depth)
		case *frontend.AssociateStmt:
			for _, a := range h.Assocs {
				if a.Expr.Rank != 0 {
					// A name bound to an array or a section of one (emit:
					// sectionName): a designator with ranges and scalar
					// subscripts, no vector subscript.
					if !sectionDesignator(a.Expr) {
						v.nyi(frontend.NYIAssociateArray, h.Pos, "an associate name for the array expression %s (%s) in an offloaded loop", a.Expr, a.Name)
						continue
					}
					outer := v.arrayCtx
					v.arrayCtx = true
					v.designator(a.Expr)
					v.arrayCtx = outer
					continue
				}
				if HeapConstructorValue(a.Expr) {
					v.heapConstructor(a.Expr) // built on the heap (heap.go)
					continue
				}
				v.expr(a.Expr)
			}
			v.stmts(x.Body, depth)
		default:
			v.nyi(frontend.NYIStatement, x.Pos, "this construct in an offloaded loop")
		}
	case *frontend.CallStmt:
		if x.Intr != nil {
			v.nyi(frontend.NYIIntrinsicSubroutine, x.Pos, "a call of the intrinsic subroutine %s in an offloaded loop", x.Intr.Name)
			return
		}
		obj, _ := frontend.BindingActuals(x.Callee, x.Proc, x.Args)
		v.bindingObject(obj)
		v.callLocals(x.Callee, x.Proc)
		v.call(x.Pos, x.Proc, v.actuals(x.Callee, x.Proc, x.Args), x.Callee.String())
	case *frontend.AllocateStmt:
		v.allocate(x)
	case *frontend.DeallocateStmt:
		if len(x.Opts) > 0 {
			v.nyi(frontend.NYIStatement, x.Pos, "DEALLOCATE with STAT= or ERRMSG= in an offloaded loop")
			return
		}
		for _, it := range x.Items {
			if !ImageComponent(v.k, v.proc, it) {
				v.nyi(frontend.NYIStatement, it.Pos, "deallocating %s in an offloaded loop (only an allocatable component of a derived-type value device code creates)", it)
			}
		}
	case *frontend.ReturnStmt:
		if v.proc == nil || x.Expr != nil {
			v.nyi(frontend.NYIReturn, x.Pos, "RETURN here in device code")
		}
	case *frontend.StopStmt:
		// A stop site (stops.go numbered it and checked a character code
		// and QUIET=): an integer code is evaluated on the device.
		if v.st.plan.Site(x) == nil {
			v.st.diags = append(v.st.diags, frontend.Diagnostic{Pos: x.Pos, Severity: frontend.SevError,
				Msg: "internal error: a stop statement in device code that is not a stop site"})
			return
		}
		if x.Code != nil && x.Code.Type.Base == frontend.TyInteger {
			v.expr(x.Code)
		}
	default:
		v.nyi(frontend.NYIStatement, frontend.StmtPos(s), "this statement in an offloaded loop")
	}
}

// call checks a call of a procedure of the program from device code: it
// becomes a device function when it is pure, has scalar dummies of the
// supported types and a body the emitters lower (checked once per
// procedure).
func (v *verifier) call(pos frontend.Pos, p *frontend.Procedure, args []*frontend.Expr, name string) {
	if p == nil || p.Scope == nil || p.Interface || p.Separate {
		v.nyi(frontend.NYIExternalCall, pos, "a call of %s (no body among the given files) in an offloaded loop", name)
		return
	}
	if len(args) != len(p.Dummies) {
		v.nyi(frontend.NYIOptionalArgs, pos, "a call of %s with optional arguments left out, in an offloaded loop", name)
		return
	}
	for i, a := range args {
		if a == nil && !p.Dummies[i].Optional {
			v.nyi(frontend.NYIOptionalArgs, pos, "a call of %s without its argument %s, in an offloaded loop", name, p.Dummies[i].Name)
			return
		}
	}
	for i, a := range args {
		if a == nil {
			continue // an optional argument left out: absent
		}
		x := a
		if x.Kind == frontend.EKeyword {
			v.nyi(frontend.NYIKeywordArg, a.Pos, "a keyword argument in a call in an offloaded loop")
			return
		}
		if x.Rank != 0 && p.Elemental && p.Dummies[i].Rank == 0 && v.arrayCtx {
			// An elemental reference in an array assignment: elementwise.
			v.expr(x)
			continue
		}
		if x.Rank != 0 {
			d := p.Dummies[i]
			if !ArrayArgOK(x, d) && !(ImageComponent(v.k, v.proc, x) && DummyArrayOK(d) && x.Rank == d.Rank) {
				v.nyi(frontend.NYIArrayArgument, a.Pos, "an array argument of %s in an offloaded loop (only whole arrays and sections of the loop's arrays, for assumed-shape or explicit-shape dummies of the same rank with constant lower bounds)", name)
				return
			}
			outer, outerActual := v.arrayCtx, v.actualCtx
			v.arrayCtx, v.actualCtx = true, true
			if NeedsTemp(x) {
				v.expr(x)
			} else {
				v.designator(x)
			}
			v.arrayCtx, v.actualCtx = outer, outerActual
			continue
		}
		v.expr(x)
	}
	if len(args) != len(p.Dummies) {
		v.nyi(frontend.NYIOptionalArgs, pos, "a call of %s with optional arguments left out, in an offloaded loop", name)
		return
	}
	if v.checked == nil {
		v.checked = map[*frontend.Procedure]bool{}
	}
	if v.checked[p] {
		return
	}
	v.checked[p] = true
	if p.Recursive {
		v.nyi(frontend.NYIRecursive, p.Pos, "the recursive procedure %s in an offloaded loop", p.Name)
		return
	}
	for _, d := range p.Dummies {
		if d.Rank != 0 && d.Kind == frontend.SymVariable && DummyArrayOK(d) {
			v.typeOK(d.Type, d.Pos, d.Name)
			continue
		}
		if d.Rank != 0 || d.Kind != frontend.SymVariable || d.Optional && (d.Allocatable || d.Pointer) {
			v.nyi(frontend.NYIDummyKind, d.Pos, "the dummy argument %s of %s (an array of this kind, an optional pointer or allocatable, or a procedure) in device code", d.Name, p.Name)
		}
		v.typeOK(d.Type, d.Pos, d.Name)
	}
	if p.Result != nil {
		v.typeOK(p.Result.Type, p.Result.Pos, p.Result.Name)
		if r := p.Result; r.Rank != 0 && !resultArrayOK(r) {
			v.nyi(frontend.NYIArrayResult, r.Pos, "the array result of %s in device code (only explicit-shape results with constant lower bounds: the caller holds the result in an array of the iteration)", p.Name)
		}
	}
	runtime := map[*frontend.Symbol]bool{}
	for _, l := range facts.RuntimeLocals(p) {
		runtime[l] = true // an array each call passes (callLocals)
	}
	for _, s := range p.Scope.Order {
		if s.Kind == frontend.SymVariable && !s.Dummy && s != p.Result {
			v.typeOK(s.Type, s.Pos, s.Name)
			v.defaultInit(s)
			if s.Rank != 0 && !FixedShape(s) && !runtime[s] || s.Save || s.Init != nil {
				v.nyi(frontend.NYIDeviceLocal, s.Pos, "the local %s of %s (an array whose shape is not constant, saved or initialised) in device code", s.Name, p.Name)
			}
		}
	}
	if len(p.Contains) > 0 {
		v.nyi(frontend.NYIInternalProcedure, p.Pos, "internal procedures of %s in device code", p.Name)
	}
	outer := v.proc
	v.proc = p
	v.stmts(p.Body, 0)
	v.proc = outer
}

func (v *verifier) constant(e *frontend.Expr, pos frontend.Pos) {
	if e != nil && e.Const == nil {
		v.nyi(frontend.NYISelectCase, pos, "a CASE value that is not a constant")
	}
}

// foreign reports a variable of its host or of a module that a device
// procedure cannot be handed as a hidden argument (hidden.go): an
// assumed-size or assumed-rank array, a pointer or allocatable scalar,
// an allocatable or pointer component chain is judged where it is used.
func (v *verifier) foreign(s *frontend.Symbol, pos frontend.Pos) bool {
	if v.proc == nil || s == nil || !foreignTo(frontend.UltimateSymbol(s), v.proc) {
		return false
	}
	s = frontend.UltimateSymbol(s)
	if s.Rank < 0 || s.Assumed == "size" || s.Rank == 0 && (s.Pointer || s.Allocatable) {
		v.nyi(frontend.NYIHostVariable, pos, "the host or module variable %s (assumed-size or assumed-rank, or a pointer or allocatable scalar) in the device procedure %s", s.Name, v.proc.Name)
		return true
	}
	return false
}

func (v *verifier) designator(e *frontend.Expr) {
	if v.foreign(rootOf(e), e.Pos) {
		return
	}
	if v.assumedSize(rootOf(e), e.Pos) {
		return
	}
	switch e.Kind {
	case frontend.EName:
		v.typeOK(e.Type, e.Pos, e.Name)
	case frontend.EComponent:
		v.component(e)
	case frontend.ERef:
		if e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent {
			v.component(e)
			return
		}
		if e.Ref != frontend.RefElement || e.X.Kind != frontend.EName {
			v.nyi(frontend.NYIDesignator, e.Pos, "this designator in an offloaded loop")
			return
		}
		if s := rootOf(e); s != nil && s.Kind == frontend.SymParameter && !ConstArrayOK(s) {
			v.nyi(frontend.NYIConstantElement, e.Pos, "an element of the named constant %s in an offloaded loop", s.Name)
			return
		}
		if IsHeapType(e.Type) {
			v.nyi(frontend.NYIDerivedWhole, e.Pos, "the element %s of type(%s) used whole in device code: a value the host hands over is not copied into one device code holds (with its allocatable components) yet; its components alone are offloaded: %s%%x", e, e.Type.Derived.Name, e)
			return
		}
		v.typeOK(e.Type, e.Pos, e.String())
		for _, a := range e.Args {
			if a.Kind == frontend.ERange && v.arrayCtx {
				for _, r := range a.Range {
					v.scalar(r)
				}
				continue
			}
			if a.Kind == frontend.ERange || a.Rank != 0 {
				v.nyi(frontend.NYIArraySection, a.Pos, "an array section in an offloaded loop")
				continue
			}
			v.expr(a)
		}
	default:
		v.nyi(frontend.NYIDesignator, e.Pos, "this designator (%s) in an offloaded loop", e)
	}
}

func (v *verifier) expr(e *frontend.Expr) {
	if e == nil {
		return
	}
	if e.Const != nil && e.Kind != frontend.EName && e.Const.IsArray() == false && e.Type.Base != frontend.TyDerived {
		if !TypeSupported(e.Type) {
			v.nyi(frontend.NYIConstantType, e.Pos, "a constant of type %s in an offloaded loop", e.Type)
		}
		return
	}
	switch e.Kind {
	case frontend.ELit:
		v.typeOK(e.Type, e.Pos, e.String())
	case frontend.EName:
		if e.Sym == nil || (e.Sym.Kind != frontend.SymVariable && e.Sym.Kind != frontend.SymParameter) {
			v.nyi(frontend.NYIName, e.Pos, "the name %s in an offloaded loop", e.Name)
			return
		}
		if v.foreign(e.Sym, e.Pos) || v.assumedSize(e.Sym, e.Pos) {
			return
		}
		if e.Rank != 0 && !(v.arrayCtx && (e.Sym.Kind == frontend.SymVariable || ConstArrayOK(e.Sym))) {
			v.nyi(frontend.NYIWholeArrayValue, e.Pos, "the whole array %s as a value in an offloaded loop", e.Name)
			return
		}
		v.typeOK(e.Type, e.Pos, e.Name)
	case frontend.EComponent:
		v.designator(e)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			v.designator(e)
		case frontend.RefIntrinsic:
			if e.Intr != nil && e.Intr.Name == "present" {
				// Of an optional dummy of a device procedure: the flag its
				// callers pass with it.
				a := IntrinsicActuals(e)
				if v.proc == nil || len(a) == 0 || a[0] == nil || a[0].Kind != frontend.EName || a[0].Sym == nil || !a[0].Sym.Optional || !a[0].Sym.Dummy {
					v.nyi(frontend.NYIIntrinsic, e.Pos, "present() of an optional dummy of the procedure that holds the loop, in the loop (only of optional dummies of the procedures it calls)")
				}
				return
			}
			if e.Intr != nil && e.Intr.Name == "allocated" {
				// Of an allocatable component of an image: its descriptor.
				a := IntrinsicActuals(e)
				if len(a) == 0 || a[0] == nil || !ImageComponent(v.k, v.proc, a[0]) {
					v.nyi(frontend.NYIIntrinsic, e.Pos, "allocated() of this argument in an offloaded loop (only of an allocatable component of a derived-type value device code creates)")
				}
				return
			}
			if e.Intr == nil || !KernelIntrinsic(e.Intr.Name) {
				v.nyi(frontend.NYIIntrinsic, e.Pos, "the intrinsic %s in an offloaded loop", e.X.Name)
				return
			}
			v.typeOK(e.Type, e.Pos, e.String())
			if NeedsTemp(e) && !v.temp(e) {
				return
			}
			if ArrayReduction(e.Intr.Name) {
				v.arrayReduction(e)
				return
			}
			if TempIntrinsics[e.Intr.Name] {
				return // temp checked its arguments
			}
			for i, a := range e.Args {
				x := a
				if x.Kind == frontend.EKeyword {
					x = x.X
				}
				switch e.Intr.Name {
				case "size", "lbound", "ubound":
					if i == 0 {
						if a, _ := ElemComponentBase(x); a != nil && v.proc == nil {
							v.scalar(x.X.Args[0]) // a(i)%w: its table holds its bounds
							continue
						}
						if ImageComponent(v.k, v.proc, x) {
							continue // t%v: its descriptor holds its bounds
						}
						if x.Kind != frontend.EName || x.Sym == nil || x.Rank == 0 {
							v.nyi(frontend.NYIIntrinsic, x.Pos, "%s of this argument in an offloaded loop", e.Intr.Name)
						}
						continue
					}
				case "kind", "huge", "tiny", "epsilon":
					continue
				}
				if x.Rank != 0 && !(v.arrayCtx && e.Intr.Class == frontend.IntrElemental) {
					v.nyi(frontend.NYIArrayArgument, x.Pos, "an array argument of %s in an offloaded loop", e.Intr.Name)
					continue
				}
				v.expr(x)
			}
		case frontend.RefFunction:
			if NeedsTemp(e) && !v.temp(e) {
				return
			}
			obj, _ := frontend.BindingActuals(e, e.Proc, e.Args)
			v.bindingObject(obj)
			v.callLocals(e, e.Proc)
			v.call(e.Pos, e.Proc, v.actuals(e, e.Proc, e.Args), e.X.String())
		case frontend.RefStructure:
			v.constructor(e)
		default:
			v.nyi(frontend.NYIDesignator, e.Pos, "this reference (%s) in an offloaded loop", e)
		}
	case frontend.EBinary:
		if e.Proc != nil {
			v.nyi(frontend.NYIDefinedOperator, e.Pos, "a defined operator in an offloaded loop")
			return
		}
		if e.Op == "//" {
			v.nyi(frontend.NYIConcatenation, e.Pos, "character concatenation in an offloaded loop")
			return
		}
		v.typeOK(e.Type, e.Pos, e.Op)
		v.expr(e.X)
		v.expr(e.Y)
	case frontend.EUnary:
		if e.Proc != nil {
			v.nyi(frontend.NYIDefinedOperator, e.Pos, "a defined operator in an offloaded loop")
			return
		}
		v.typeOK(e.Type, e.Pos, e.Op)
		v.expr(e.X)
	case frontend.EParen:
		v.expr(e.X)
	case frontend.EArray:
		// An array constructor of scalars (or a constant): an array of
		// the iteration (temp).
		if !NeedsTemp(e) {
			v.nyi(frontend.NYIExpression, e.Pos, "this array constructor (%s) in an offloaded loop", e)
			return
		}
		if e.TypeSpec != nil && e.Type.Base == frontend.TyCharacter {
			v.nyi(frontend.NYIValueType, e.Pos, "a character array constructor in an offloaded loop")
			return
		}
		if !v.temp(e) {
			return
		}
		v.typeOK(e.Type, e.Pos, "an array constructor")
		if e.Const == nil {
			v.consItems(e.Args)
		}
	default:
		v.nyi(frontend.NYIExpression, e.Pos, "this expression (%s) in an offloaded loop", e)
	}
}

// consItems checks the items of an array constructor: scalars and
// implied-do loops (constant limits: ConstShape) over such items.
func (v *verifier) consItems(items []*frontend.Expr) {
	for _, a := range items {
		if a.Kind == frontend.EImpliedDo {
			v.consItems(a.Args)
			continue
		}
		v.scalar(a)
	}
}

// callLocals checks a call of a procedure with run-time sized locals
// (facts.RuntimeLocals): the loop's body passes a slice of the kernel's
// workspace for each (lowering/workspace.go, rules/workspace.mg); a call
// from another device procedure would pass one of its own, which is not
// lowered yet.
func (v *verifier) callLocals(callee *frontend.Expr, p *frontend.Procedure) {
	for _, l := range facts.RuntimeLocals(p) {
		if v.proc != nil {
			v.nyi(frontend.NYIDeviceLocal, callee.Pos, "a call of %s, whose local %s has a run-time size, from the device procedure %s (only calls in the loop's body hand such an array over)", p.Name, l.Name, v.proc.Name)
			return
		}
		if v.k.CallWorkspace(callee, l) == nil && !v.st.unsizedCall(callee, l) {
			v.nyi(frontend.NYIDeviceLocal, callee.Pos, "the run-time sized local %s of %s at this call in device code", l.Name, p.Name)
		}
	}
}

// noHoisting checks expressions of a position where no array value is
// computed before the statement (verifier.noHoist).
func (v *verifier) noHoisting(what string, es ...*frontend.Expr) {
	outer := v.noHoist
	v.noHoist = what
	for _, e := range es {
		v.expr(e)
	}
	v.noHoist = outer
}

func (v *verifier) scalar(e *frontend.Expr) {
	if e == nil {
		return
	}
	outer := v.arrayCtx
	v.arrayCtx = false
	v.expr(e)
	v.arrayCtx = outer
}

// arrayAssign checks an array assignment of a kernel body: elementwise
// over the left side's section, the right side conformable or scalar, and
// not reading the assigned array through another section (which would
// need a temporary).
func (v *verifier) arrayAssign(x *frontend.AssignStmt) {
	if x.LHS.Rank <= 0 || x.RHS.Rank != 0 && x.RHS.Rank != x.LHS.Rank {
		v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment of ranks %d and %d in an offloaded loop", x.LHS.Rank, x.RHS.Rank)
		return
	}
	if a, _ := ElemComponentBase(x.LHS); a != nil && v.proc == nil {
		// a(i)%w = value: the element's own buffer, checked at run time
		// to have the value's shape (facts/realloc.go: an intrinsic
		// assignment would reallocate it otherwise).
		v.arrayCtx = true
		v.designator(x.LHS)
		v.expr(x.RHS)
		v.arrayCtx = false
		return
	}
	if ImageComponent(v.k, v.proc, x.LHS) {
		// t%v = value: reallocated on the device heap when unallocated or
		// of another shape than an array value (heap.go).
		root := frontend.UltimateSymbol(x.LHS.X.Sym)
		reads := false
		frontend.Inspect(x.RHS, func(n frontend.Node) bool {
			if y, ok := n.(*frontend.Expr); ok && y.Kind == frontend.EName && y.Sym != nil && frontend.UltimateSymbol(y.Sym) == root {
				reads = true
			}
			return !reads
		})
		if reads && x.RHS.Rank != 0 || DirectAssign(x) {
			v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment to the allocatable component %s whose right side reads %s or is computed into it, in an offloaded loop", x.LHS, root.Name)
			return
		}
		v.arrayCtx = true
		v.expr(x.RHS)
		v.arrayCtx = false
		return
	}
	lhsRoot := rootOf(x.LHS)
	// A section never reallocates, nor does a scalar assigned to the
	// whole array; a whole allocatable assigned an array would be
	// reallocated when the shapes differ.
	if lhsRoot == nil || lhsRoot.Pointer || lhsRoot.Allocatable && x.LHS.Kind == frontend.EName && x.RHS.Rank != 0 {
		v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment to a whole allocatable or pointer array (reallocated when the shapes differ) in an offloaded loop: assign to its section, a(:) = ...")
		return
	}
	if AssignOverlaps(x) {
		if _, ok := ConstShape(x.LHS); !ok {
			v.nyi(frontend.NYIArrayAssignment, x.Pos, "an array assignment whose right side reads %s through another section, of a shape not known when the kernel is compiled (the temporary it needs) in an offloaded loop", lhsRoot.Name)
			return
		}
	}
	v.arrayCtx = true
	v.designator(x.LHS)
	if DirectAssign(x) {
		// Computed straight into the left side: its shape is the
		// operands' (no array of the iteration).
		outer := v.direct
		v.direct = DirectCall(x)
		v.expr(x.RHS)
		v.direct = outer
	} else {
		v.expr(x.RHS)
	}
	v.arrayCtx = false
}

// AssignOverlaps reports an array assignment whose right side reads the
// assigned array through another designator (an element or another
// section) outside the values computed before the statement: the right
// side is computed into an array of the iteration first, then assigned.
func AssignOverlaps(x *frontend.AssignStmt) bool {
	lhsRoot := rootOf(x.LHS)
	overlap := false
	var refs func(e *frontend.Expr)
	refs = func(e *frontend.Expr) {
		if e == nil || overlap {
			return
		}
		if NeedsTemp(e) {
			// Computed into an array of the iteration before the
			// assignment: a temporary already.
			return
		}
		if e.Kind == frontend.EName || e.Kind == frontend.ERef && e.Ref == frontend.RefElement {
			if rootOf(e) == lhsRoot && e.String() != x.LHS.String() && !alignedSection(e, x.LHS) {
				overlap = true
			}
			if e.Kind == frontend.ERef {
				for _, a := range e.Args {
					refs(a)
				}
			}
			return
		}
		refs(e.X)
		refs(e.Y)
		for _, a := range e.Args {
			refs(a)
		}
		for _, r := range e.Range {
			refs(r)
		}
	}
	refs(x.RHS)
	return overlap
}

// alignedSection reports a section r of the assigned array that can share
// with the assigned section l only elements at the same position of the
// elementwise loop: the same ranges in the same dimensions (written
// alike), scalar subscripts elsewhere (a(k, k:n) read while a(r, k:n) is
// assigned: when r = k each element is read before it is written, by the
// same step of the loop).
func alignedSection(r, l *frontend.Expr) bool {
	if r.Kind != frontend.ERef || l.Kind != frontend.ERef || len(r.Args) != len(l.Args) || r.X.Kind != frontend.EName || l.X.Kind != frontend.EName {
		return false
	}
	for d := range r.Args {
		ra, la := r.Args[d], l.Args[d]
		switch {
		case ra.Kind == frontend.ERange && la.Kind == frontend.ERange:
			if ra.String() != la.String() {
				return false
			}
		case ra.Kind != frontend.ERange && la.Kind != frontend.ERange && ra.Rank == 0 && la.Rank == 0:
		default:
			return false
		}
	}
	return true
}

// resultArrayOK reports an array function result device code holds: of
// explicit shape (bounds from constants and the arguments, ResultShape),
// constant lower bounds, not allocatable or a pointer.
func resultArrayOK(r *frontend.Symbol) bool {
	if r.Rank <= 0 || r.Rank > 7 || r.Allocatable || r.Pointer || r.Shape == nil || len(r.Shape.Dims) != r.Rank {
		return false
	}
	for d := 0; d < r.Rank; d++ {
		if _, ok := ConstLowerBound(r, d); !ok {
			return false
		}
	}
	return TypeSupported(r.Type)
}

func rootOf(e *frontend.Expr) *frontend.Symbol {
	for x := e; x != nil; x = x.X {
		if x.Kind == frontend.EName {
			return x.Sym
		}
		if x.Kind != frontend.ERef {
			return nil
		}
	}
	return nil
}

// DummyArrayOK reports an array dummy device functions take: assumed-shape
// or explicit-shape with constant lower bounds (the extents come from the
// actual argument).
func DummyArrayOK(d *frontend.Symbol) bool {
	if d.Rank <= 0 || d.Rank > 7 || d.Pointer || d.Shape == nil {
		return false
	}
	if d.Allocatable {
		// Device code neither allocates nor deallocates it, nor asks
		// allocated() (statements and intrinsic the verifier rejects): a
		// plain array with the lower bounds of the actual argument
		// (design doc, "The offloading pipeline").
		return d.Assumed == "deferred" && !d.Optional
	}
	if d.Assumed != "shape" && d.Assumed != "explicit" {
		return false
	}
	for _, dim := range d.Shape.Dims {
		if dim.Lo != nil && dim.Lo.Const == nil {
			return false
		}
	}
	return true
}

// ArrayArgOK reports an actual array argument device code passes: a whole
// array or a section (ranges and scalar subscripts) of the same rank as
// the dummy.
func ArrayArgOK(a *frontend.Expr, d *frontend.Symbol) bool {
	if !DummyArrayOK(d) || a.Rank != d.Rank {
		return false
	}
	if NeedsTemp(a) {
		return true // an array of the iteration holds the value
	}
	switch a.Kind {
	case frontend.EName:
		return a.Sym != nil && a.Sym.Kind == frontend.SymVariable
	case frontend.ERef:
		if a.Ref != frontend.RefElement || a.X.Kind != frontend.EName {
			return false
		}
		for _, s := range a.Args {
			if s.Kind != frontend.ERange && s.Rank != 0 {
				return false // vector subscript
			}
		}
		return true
	}
	return false
}

// ConstArrayOK reports a named constant array kernels can index: its value
// and extents are known and its type is supported.
func ConstArrayOK(s *frontend.Symbol) bool {
	if s == nil || s.Kind != frontend.SymParameter || s.Const == nil || !s.Const.IsArray() || !TypeSupported(s.Type) {
		return false
	}
	n := 1
	for _, d := range s.Dims {
		if d < 0 {
			return false
		}
		n *= d
	}
	return len(s.Dims) == s.Rank && n == len(s.Const.Elems)
}

// derivedArray checks an array of a derived type the kernel is handed:
// its elements must be held as the host's bytes (components.go).
func (v *verifier) derivedArray(s *frontend.Symbol, pos frontend.Pos) {
	if ok, why := DeviceLayout(s.Type.Derived); !ok || !hasLeaf(s.Type.Derived) {
		if ok {
			why = fmt.Sprintf("type(%s) has no component", s.Type.Derived.Name)
		}
		name := s.Name
		if s.Component != nil {
			name = s.Component.String()
		}
		v.nyi(frontend.NYIDerivedArray, pos, "the array %s of type(%s) in an offloaded loop: %s, so its elements cannot be handed over as the host's bytes yet", name, s.Type.Derived.Name, why)
	}
}

// component checks a component designator left in the kernel body by the
// components pass: a component of an element of an array the kernel
// holds as the host's bytes, parts(i)%x, parts(i)%w%y, parts(i)%x(k),
// with scalar subscripts. Anything else is reported with the reason the
// pass left it.
func (v *verifier) component(e *frontend.Expr) {
	if ImageComponent(v.k, v.proc, e) {
		return // t%v whole: its descriptor (heap.go)
	}
	if e.Kind == frontend.ERef && e.Ref == frontend.RefElement && ImageComponent(v.k, v.proc, e.X) {
		// t%v(j): an element through the descriptor.
		for _, a := range e.Args {
			if a.Kind == frontend.ERange || a.Rank != 0 {
				v.nyi(frontend.NYIArraySection, a.Pos, "a section of the allocatable component %s in an offloaded loop (the whole component or its elements only)", e.X)
				return
			}
			v.scalar(a)
		}
		return
	}
	if a, _ := ElemComponentBase(e); a != nil && v.proc == nil && v.arrayCtx {
		// a(i)%w whole, element by element: the element's buffer through
		// its table (components.go).
		v.scalar(e.X.Args[0])
		return
	}
	if a, _ := ElemComponent(e); a != nil && v.proc == nil {
		// a(i)%w(j): a table of the elements' buffers (components.go).
		for _, x := range e.Args {
			v.scalar(x)
		}
		v.scalar(e.X.X.Args[0])
		return
	}
	if e.Rank != 0 {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the array-valued component designator %s in an offloaded loop (elements only: reference %s(k))", e, e)
		return
	}
	if !TypeSupported(e.Type) {
		v.typeOK(e.Type, e.Pos, e.String())
		return
	}
	x := e
	for x != nil && (x.Kind == frontend.EComponent || x.Kind == frontend.ERef && x.Ref == frontend.RefElement) {
		if x.Kind == frontend.EComponent && (x.Sym == nil || x.Sym.Pointer || x.Sym.Allocatable) {
			what := "pointer"
			if x.Sym != nil && x.Sym.Allocatable {
				what = "allocatable"
			}
			if x.X != nil && x.X.Kind == frontend.EName && x.X.Rank == 0 {
				v.nyi(frontend.NYIDerivedComponent, x.Pos, "the %s scalar component %s in an offloaded loop", what, x)
			} else {
				v.nyi(frontend.NYIDerivedComponent, x.Pos, "the %s component %s of an array element in an offloaded loop", what, x)
			}
			return
		}
		if x.Kind == frontend.ERef {
			for _, a := range x.Args {
				if a.Kind == frontend.ERange || a.Rank != 0 {
					v.nyi(frontend.NYIArraySection, a.Pos, "an array section in an offloaded loop")
					return
				}
				v.scalar(a)
			}
		}
		x = x.X
	}
	if x != nil && x.Kind == frontend.ERef && (x.Ref == frontend.RefFunction || x.Ref == frontend.RefStructure) && x.Rank == 0 {
		v.expr(x) // a component of a value: f(y)%x
		return
	}
	if x == nil || x.Kind != frontend.EName || x.Sym == nil || x.Sym.Kind != frontend.SymVariable {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop", e)
		return
	}
	root := frontend.UltimateSymbol(x.Sym)
	if root.Type.Derived == nil {
		v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop", e)
		return
	}
	if root.Rank == 0 {
		// A value the device holds as a C struct (a dummy, local or
		// result of a device procedure, a value of the iteration, an
		// argument of the kernel taken by value): its type is checked
		// where it is declared or handed over.
		return
	}
	// The root's element: an element of the array, every subscript given.
	for y := e; y != nil && y != x; y = y.X {
		if y.X == x && (y.Kind != frontend.ERef || len(y.Args) != root.Rank) {
			v.nyi(frontend.NYIDerivedComponent, e.Pos, "the component designator %s in an offloaded loop (an element of %s is needed)", e, root.Name)
			return
		}
	}
}

// defaultInit reports a value of an iteration or a device procedure of a
// derived type with default initialization (a component "= value"), which
// every such value would have to start with (not lowered yet).
func (v *verifier) defaultInit(s *frontend.Symbol) {
	if s.Type.Base != frontend.TyDerived || s.Type.Derived == nil {
		return
	}
	if c := initialized(s.Type.Derived, map[*frontend.DerivedType]bool{}); c != "" {
		v.nyi(frontend.NYIDerivedWhole, s.Pos, "the local %s of type(%s), whose component %s has a default initialization, in device code", s.Name, s.Type.Derived.Name, c)
	}
}

// initialized names a component of dt (or of a type it holds) with a
// default initialization, "" when none has one.
func initialized(dt *frontend.DerivedType, seen map[*frontend.DerivedType]bool) string {
	if dt == nil || seen[dt] {
		return ""
	}
	seen[dt] = true
	for _, c := range dt.Components {
		if c.Init != nil {
			return c.Name
		}
		if c.Type.Base == frontend.TyDerived {
			if n := initialized(c.Type.Derived, seen); n != "" {
				return c.Name + "%" + n
			}
		}
	}
	return ""
}

// constructor checks a structure constructor in device code: a type the
// device holds as the host's bytes, every component given (by position or
// keyword), each a scalar value.
func (v *verifier) constructor(e *frontend.Expr) {
	dt := e.Type.Derived
	if dt == nil || e.Type.Base != frontend.TyDerived {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code", e)
		return
	}
	v.typeOK(e.Type, e.Pos, e.String())
	if _, ok := ConstructorArgs(e); !ok {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code with a component left out", e)
		return
	}
	for _, a := range e.Args {
		x := a
		if x.Kind == frontend.EKeyword {
			x = x.X
		}
		if x.Rank != 0 {
			v.nyi(frontend.NYIDerivedWhole, x.Pos, "an array value in the structure constructor %s in device code", e)
			continue
		}
		v.scalar(x)
	}
	for _, c := range dt.Components {
		if c.Rank != 0 {
			v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s of a type with the array component %s in device code", e, c.Name)
			return
		}
	}
}

// ConstructorArgs orders the values of a structure constructor by
// component; ok is false when a component is given no value.
func ConstructorArgs(e *frontend.Expr) (vals []*frontend.Expr, ok bool) {
	dt := e.Type.Derived
	if dt == nil {
		return nil, false
	}
	vals = make([]*frontend.Expr, len(dt.Components))
	for i, a := range e.Args {
		if a.Kind == frontend.EKeyword {
			for j, c := range dt.Components {
				if strings.EqualFold(c.Name, a.Name) {
					vals[j] = a.X
				}
			}
			continue
		}
		if i < len(vals) {
			vals[i] = a
		}
	}
	for _, x := range vals {
		if x == nil {
			return nil, false
		}
	}
	return vals, true
}

// bindingObject checks the object of a type-bound call: its binding is
// the procedure called when the object's dynamic type is known, as for a
// value of type(t), or of class(t) when no type of the program extends t.
func (v *verifier) bindingObject(obj *frontend.Expr) {
	if obj == nil {
		return
	}
	if obj.Type.Class && v.st.extended(obj.Type.Derived) {
		v.nyi(frontend.NYIDerivedWhole, obj.Pos, "a type-bound call through the polymorphic %s in device code (a type of the program extends class(%s): the binding called is not known)", obj, obj.Type.Derived.Name)
	}
}

// extended reports whether a derived type of the program extends dt.
func (st *state) extended(dt *frontend.DerivedType) bool {
	if st.extends == nil {
		st.extends = map[*frontend.DerivedType]bool{}
		var scope func(sc *frontend.Scope)
		scope = func(sc *frontend.Scope) {
			if sc == nil {
				return
			}
			for _, s := range sc.Order {
				if s.Kind == frontend.SymType && s.Derived != nil {
					for p := s.Derived.Parent; p != nil; p = p.Parent {
						st.extends[p] = true
					}
				}
			}
		}
		var unit func(u *frontend.Procedure)
		unit = func(u *frontend.Procedure) {
			scope(u.Scope)
			frontend.InspectStmts(u.Body, func(n frontend.Node) bool {
				if c, ok := n.(*frontend.Construct); ok {
					scope(c.Scope)
				}
				return true
			})
			for _, c := range u.Contains {
				unit(c)
			}
		}
		for _, f := range st.prog.Files {
			for _, u := range f.Units {
				unit(u)
			}
		}
	}
	return dt == nil || st.extends[dt]
}

// hasLeaf reports whether derived type dt has a component of an
// intrinsic type, directly or in a component: the launch reads the shape
// of an array of it from the first (emit/address.go).
func hasLeaf(dt *frontend.DerivedType) bool {
	for _, c := range dt.Components {
		if Carried(c) {
			continue
		}
		if c.Type.Base != frontend.TyDerived || c.Type.Derived != nil && hasLeaf(c.Type.Derived) {
			return true
		}
	}
	return false
}

// sectionDesignator reports a whole array or a section of one, a(2:n:2,
// j), of an array the kernel addresses by its name: ranges and scalar
// subscripts, no vector subscript, no component.
func sectionDesignator(e *frontend.Expr) bool {
	switch {
	case e.Kind == frontend.EName:
		return e.Sym != nil && e.Sym.Kind == frontend.SymVariable && e.Rank > 0
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName:
		for _, a := range e.Args {
			if a.Kind != frontend.ERange && a.Rank != 0 {
				return false
			}
		}
		return e.X.Sym != nil && e.X.Sym.Kind == frontend.SymVariable
	}
	return false
}

// actuals are the actual arguments of a call in the order of the
// callee's dummies (frontend.CallActuals: the passed object, keyword
// arguments at their dummies, nil for one left out), or as written when a
// keyword matches no dummy (reported as a keyword argument).
func (v *verifier) actuals(callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr) []*frontend.Expr {
	if out, ok := frontend.CallActuals(callee, p, args); ok {
		return out
	}
	for _, a := range args {
		if a != nil && a.Kind == frontend.EKeyword {
			v.nyi(frontend.NYIKeywordArg, a.Pos, "the keyword argument %s, which names no dummy of the procedure, in an offloaded loop", a.Name)
		}
	}
	return args
}

// allocate checks an allocate statement of device code: each object an
// allocatable array component of an image (heap.go) with its bounds, no
// type, SOURCE=, MOLD=, STAT= or ERRMSG=.
func (v *verifier) allocate(x *frontend.AllocateStmt) {
	if x.Type != nil || len(x.Opts) > 0 {
		v.nyi(frontend.NYIStatement, x.Pos, "ALLOCATE with a type, SOURCE=, MOLD=, STAT= or ERRMSG= in an offloaded loop")
		return
	}
	for _, it := range x.Items {
		if it.Kind != frontend.ERef || it.X == nil || !ImageComponent(v.k, v.proc, it.X) || len(it.Args) != it.X.Sym.Rank {
			v.nyi(frontend.NYIStatement, it.Pos, "allocating %s in an offloaded loop (only an allocatable array component of a derived-type value device code creates, with its bounds)", it)
			continue
		}
		for _, a := range it.Args {
			if a.Kind == frontend.ERange {
				if a.Range[2] != nil || a.Range[1] == nil {
					v.nyi(frontend.NYIStatement, a.Pos, "this bound in an allocate of an offloaded loop")
					continue
				}
				v.scalar(a.Range[0])
				v.scalar(a.Range[1])
				continue
			}
			v.scalar(a)
		}
	}
}

// heapConstructor checks a structure constructor of a heap type assigned
// to a whole value (HeapConstructor): an array of the component's rank for
// each allocatable array component (read element by element into its new
// storage), a scalar for every other component.
func (v *verifier) heapConstructor(e *frontend.Expr) {
	vals, ok := ConstructorArgs(e)
	if !ok {
		v.nyi(frontend.NYIDerivedWhole, e.Pos, "the structure constructor %s in device code with a component left out", e)
		return
	}
	for i, c := range e.Type.Derived.Components {
		x := vals[i]
		switch {
		case c.Allocatable && c.Rank > 0:
			if x.Rank != c.Rank {
				v.nyi(frontend.NYIDerivedWhole, x.Pos, "the value %s of the allocatable component %s in the structure constructor %s in device code (an array of its rank only)", x, c.Name, e)
				continue
			}
			outer := v.arrayCtx
			v.arrayCtx = true
			v.expr(x)
			v.arrayCtx = outer
		case c.Rank != 0 || x.Rank != 0:
			v.nyi(frontend.NYIDerivedWhole, x.Pos, "an array value in the structure constructor %s in device code", e)
		default:
			v.scalar(x)
		}
	}
}
