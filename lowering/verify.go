package lowering

// This file implements the verify pass: every construct of a kernel body
// must be one the kernel emitters lower. Anything else is a "not yet
// implemented" error at the construct (never dropped, never run on the
// CPU instead).

import (
	"fgpu/facts"
	"fgpu/frontend"
	"fmt"
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
	if HeapResult(e) {
		return true // allocated by the function on the heap (heaplocal.go)
	}
	if _, ok := ConstShape(e); !ok && !direct && e.Ref == frontend.RefFunction && facts.RuntimeResult(e.Proc) != nil {
		// A result of a run-time shape: the caller holds it in a slice of
		// the kernel's workspace sized over the call (workspace.go).
		return v.resultWorkspace(e)
	}
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
	// inCall is set while the actual arguments of a call statement of the
	// loop are checked (an element used whole may be defined there).
	inCall  bool
	st      *state
	k       *Kernel
	proc    *frontend.Procedure // the device procedure being checked
	checked map[*frontend.Procedure]bool
	asz     map[*frontend.Symbol]bool // assumed-size arrays reported
	said    map[string]bool           // component limits reported
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
		if HostElement(x.RHS) != nil && x.LHS.Kind == frontend.EName && ImageValue(v.k, v.proc, frontend.UltimateSymbol(x.LHS.Sym)) {
			// t = arr(i): the element deep-copied (hostvalue.go).
			v.designator(x.LHS)
			v.hostElementOK(x.RHS, "as the right side of an assignment")
			return
		}
		if HostElement(x.LHS) != nil {
			// arr(i) = value: written back into the element's buffers
			// (hostvalue.go).
			v.hostElementOK(x.LHS, "as the left side of an assignment")
			if HostElement(x.RHS) != nil {
				v.hostElementOK(x.RHS, "as the right side of an assignment")
			} else {
				v.expr(x.RHS)
			}
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
					if AssociateResult(a.Expr) {
						// A function's array result, computed once on entry
						// into an array of the iteration (arrres.go).
						v.expr(a.Expr)
						continue
					}
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
		v.inCall = true
		v.call(x.Pos, x.Proc, v.actuals(x.Callee, x.Proc, x.Args), x.Callee.String())
	case *frontend.AllocateStmt:
		v.allocate(x)
	case *frontend.DeallocateStmt:
		if len(x.Opts) > 0 {
			v.nyi(frontend.NYIStatement, x.Pos, "DEALLOCATE with STAT= or ERRMSG= in an offloaded loop")
			return
		}
		for _, it := range x.Items {
			if !ImageComponent(v.k, v.proc, it) && !HeapLocalName(v.proc, it) {
				v.nyi(frontend.NYIStatement, it.Pos, "deallocating %s in an offloaded loop (only an allocatable component of a derived-type value device code creates, or an allocatable local array of a procedure)", it)
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
	inCall := v.inCall // a call statement's own arguments
	v.inCall = false
	if p == nil || p.Scope == nil || p.Interface {
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
			if !ArrayArgOK(x, d) && !((ImageComponent(v.k, v.proc, x) || ElemComponentArg(v.proc, x)) && DummyArrayOK(d) && x.Rank == d.Rank) {
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
		if HostElement(x) != nil && p.Dummies[i].Intent == "in" && !p.Dummies[i].Value {
			// f(arr(i)): a value referencing the element's buffers
			// (hostvalue.go).
			v.hostElementOK(x, "as an actual argument")
			continue
		}
		if HostElement(x) != nil && !p.Dummies[i].Value && inCall {
			// call update(arr(i)): the element's value, written back
			// into its buffers after the call (hostvalue.go).
			v.hostElementOK(x, "as an actual argument of a dummy that may define it")
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
		if r := p.Result; r.Rank != 0 && !resultArrayOK(r) && !HeapLocal(p, r) {
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
			if s.Rank != 0 && !FixedShape(s) && !runtime[s] && !HeapLocal(p, s) || s.Save || s.Init != nil {
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
