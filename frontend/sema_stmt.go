package frontend

import "strings"

// unitCtx is the state of checking one execution part.
type unitCtx struct {
	unit   *Procedure
	labels map[string]Pos
	// constructs is the stack of enclosing constructs (innermost last).
	constructs []*Construct
}

// checkUnit checks the execution part of a unit and of its contained
// procedures (hosts first, so host variables exist before internal
// procedures refer to them).
func (c *checker) checkUnit(u *Procedure) {
	if u.Scope == nil {
		return
	}
	ctx := &unitCtx{unit: u, labels: map[string]Pos{}}
	c.collectLabels(u.Spec, ctx.labels)
	c.collectLabels(u.Body, ctx.labels)
	for _, s := range u.Spec {
		switch x := s.(type) {
		case *DataStmt:
			c.dataStmt(x, u.Scope)
		case *EquivalenceStmt:
			for _, set := range x.Sets {
				for _, o := range set.Objects {
					c.typeExpr(o, u.Scope)
				}
			}
		case *InterfaceBlock:
			for _, b := range x.Bodies {
				c.checkUnit(b)
			}
		}
	}
	body := c.statementFunctions(u)
	c.stmts(body, u.Scope, ctx)
	for _, p := range u.Contains {
		c.checkUnit(p)
	}
}

func (c *checker) collectLabels(ss []Stmt, labels map[string]Pos) {
	walkStmts(ss, func(s Stmt) {
		if l := s.base().Label; l != "" {
			if first, ok := labels[l]; ok && first != s.base().Pos {
				c.diags.errorf(s.base().Pos, "duplicate statement label %s (first defined at %s)", l, first)
				return
			}
			labels[l] = s.base().Pos
		}
	})
}

// statementFunctions recognises leading "f(x) = expr" statements whose f is
// not an array as statement-function definitions.
func (c *checker) statementFunctions(u *Procedure) []Stmt {
	body := u.Body
	for len(body) > 0 {
		a, ok := body[0].(*AssignStmt)
		if !ok || a.LHS.Kind != ERef || a.LHS.X.Kind != EName {
			break
		}
		name := a.LHS.X.Name
		s := u.Scope.Local(name)
		if s != nil && (s.Rank != 0 || s.Kind != SymVariable && s.Kind != SymUnknown || s.Type.Base == TyCharacter && len(a.LHS.Args) == 1 && a.LHS.Args[0].Kind == ERange) {
			break
		}
		if s == nil && u.Scope.Lookup(name) != nil {
			break
		}
		allNames := true
		for _, arg := range a.LHS.Args {
			if arg.Kind != EName {
				allNames = false
			}
		}
		if !allNames {
			break
		}
		if s == nil {
			t, ok := u.Scope.ImplicitType(name)
			if !ok {
				break
			}
			s, _ = u.Scope.Add(&Symbol{Name: name, Pos: a.Pos, Type: t})
		}
		s.Kind = SymStmtFunc
		s.StmtFunc = a
		a.StmtFunc = true
		inner := NewScope(ScopeImpliedDo, u.Scope, u)
		for _, arg := range a.LHS.Args {
			t, _ := u.Scope.ImplicitType(arg.Name)
			if os := u.Scope.Lookup(arg.Name); os != nil && os.Type.Known() {
				t = os.Type
			}
			inner.Add(&Symbol{Name: arg.Name, Kind: SymVariable, Type: t, Pos: arg.Pos})
		}
		c.typeExpr(a.RHS, inner)
		body = body[1:]
	}
	return body
}

func (c *checker) stmts(ss []Stmt, sc *Scope, ctx *unitCtx) {
	for _, s := range ss {
		c.stmt(s, sc, ctx)
	}
}

// checkDefinable reports an assignment target that cannot be defined.
func (c *checker) checkDefinable(lhs *Expr, sc *Scope, what string) {
	s := LocalRootSymbol(lhs)
	if s == nil {
		if lhs.Kind != EName && lhs.Kind != ERef && lhs.Kind != EComponent {
			c.diags.errorf(lhs.Pos, "%s must be a variable", what)
		}
		return
	}
	switch s.Kind {
	case SymParameter:
		c.diags.errorf(lhs.Pos, "cannot assign to parameter %s: it is a named constant", s.Name)
	case SymProcedure, SymGeneric, SymIntrinsic:
		if lhs.Ref == RefVariable {
			return // function result
		}
		if lhs.Kind == EName {
			c.diags.errorf(lhs.Pos, "%s is not a variable: cannot assign to procedure %s", s.Name, s.Name)
		}
	case SymType:
		c.diags.errorf(lhs.Pos, "cannot assign to type %s", s.Name)
	}
	if s.Intent == "in" && s.Dummy && !s.Pointer && !hasPointerComponent(lhs) {
		c.diags.errorf(lhs.Pos, "cannot assign to %s: it is an intent(in) dummy argument", s.Name)
	}
	if s.Protected && s.Use != nil {
		c.diags.errorf(lhs.Pos, "cannot assign to protected module variable %s outside its module", s.Name)
	}
}

func hasPointerComponent(e *Expr) bool {
	for x := e; x != nil && (x.Kind == EComponent || x.Kind == ERef); x = x.X {
		if x.Kind == EComponent && x.Sym != nil && x.Sym.Pointer {
			return true
		}
	}
	return false
}

func (c *checker) stmt(s Stmt, sc *Scope, ctx *unitCtx) {
	switch x := s.(type) {
	case *Construct:
		c.construct(x, sc, ctx)
	case *AssignStmt:
		c.typeExpr(x.LHS, sc)
		c.typeExpr(x.RHS, sc)
		if x.LHS.Ref == RefFunction && x.LHS.Sym != nil && x.LHS.Sym.Kind != SymVariable {
			c.diags.errorf(x.LHS.Pos, "%s is not a variable: cannot assign to a function reference", x.LHS.Sym.Name)
			return
		}
		c.checkDefinable(x.LHS, sc, "the left side of an assignment")
		if p := c.definedAssignment(x.LHS, x.RHS, sc); p != nil {
			x.Proc = p
			return
		}
		c.checkAssign(x.LHS, x.RHS, sc)
	case *PtrAssignStmt:
		c.typeExpr(x.LHS, sc)
		c.typeExpr(x.RHS, sc)
		if s := LocalRootSymbol(x.LHS); s != nil && s.Kind == SymParameter {
			c.diags.errorf(x.LHS.Pos, "cannot assign to parameter %s: it is a named constant", s.Name)
		}
	case *CallStmt:
		c.call(x, sc)
	case *IfStmt:
		c.typeExpr(x.Cond, sc)
		c.checkLogical(x.Cond, "an IF condition")
		if x.Action != nil {
			c.stmt(x.Action, sc, ctx)
		}
	case *ArithIfStmt:
		c.typeExpr(x.Expr, sc)
		for _, l := range x.Labels {
			c.checkLabel(l, x.Pos, ctx)
		}
	case *CycleStmt:
		c.checkLoopControl("CYCLE", x.Name, x.Pos, ctx)
	case *ExitStmt:
		c.checkLoopControl("EXIT", x.Name, x.Pos, ctx)
	case *GotoStmt:
		for _, l := range x.Labels {
			c.checkLabel(l, x.Pos, ctx)
		}
		if x.Computed != nil {
			c.typeExpr(x.Computed, sc)
		}
	case *ReturnStmt:
		if x.Expr != nil {
			c.typeExpr(x.Expr, sc)
		}
	case *StopStmt:
		if x.Code != nil {
			c.typeExpr(x.Code, sc)
			if t := x.Code.Type; t.Known() && t.Base != TyInteger && t.Base != TyCharacter || x.Code.Rank > 0 {
				c.diags.errorf(x.Code.Pos, "type mismatch: a stop code must be a scalar integer or character expression, not %s", t)
			}
		}
		if x.Quiet != nil {
			c.typeExpr(x.Quiet, sc)
			c.checkLogical(x.Quiet, "QUIET=")
		}
	case *AllocateStmt:
		if x.Type != nil {
			c.resolveTypeSpec(x.Type, sc)
		}
		for _, it := range x.Items {
			c.allocObject(it, sc, true)
		}
		for _, o := range x.Opts {
			c.typeExpr(o, sc)
		}
	case *DeallocateStmt:
		for _, it := range x.Items {
			c.allocObject(it, sc, false)
		}
		for _, o := range x.Opts {
			c.typeExpr(o, sc)
		}
	case *NullifyStmt:
		for _, it := range x.Items {
			c.typeExpr(it, sc)
		}
	case *IOStmt:
		c.ioStmt(x, sc, ctx)
	case *WhereStmt:
		c.typeExpr(x.Mask, sc)
		c.checkLogical(x.Mask, "a WHERE mask")
		if x.Action != nil {
			c.stmt(x.Action, sc, ctx)
		}
	case *ForallStmt:
		inner := c.concurrentScope(x.Header, sc)
		if x.Action != nil {
			c.stmt(x.Action, inner, ctx)
		}
	case *DataStmt:
		c.dataStmt(x, sc)
	case *ContinueStmt, *FormatStmt, *DirectiveStmt, *OpaqueStmt, *EntryStmt:
	case *EndStmt:
	case *TypeDeclStmt, *AttrStmt, *UseStmt, *ImplicitStmt:
		// Reported by the block builder when out of place.
	case *ElseIfStmt, *ElseStmt, *CaseStmt, *TypeGuardStmt, *ElsewhereStmt, *RankCaseStmt:
		c.diags.errorf(StmtPos(s), "syntax error: %s outside its construct", strings.ToUpper(s.base().Kw))
	}
}

// checkAssign checks type and rank compatibility of an intrinsic assignment.
func (c *checker) checkAssign(lhs, rhs *Expr, sc *Scope) {
	lt, rt := lhs.Type, rhs.Type
	if lt.Base == TyDerived || rt.Base == TyDerived || lt.Class || lt.Base == TyClassStar {
		if c.assignmentGeneric(sc) != nil {
			return
		}
		for _, t := range []Type{lt, rt} {
			if t.Base == TyDerived && t.Derived != nil && t.Derived.FindBinding("assignment(=)") != nil {
				return
			}
		}
	}
	if !compatibleAssign(lt, rt) {
		if c.assignmentGeneric(sc) != nil {
			return
		}
		c.diags.errorf(rhs.Pos, "type mismatch: cannot assign %s to %s", rt, lt)
		return
	}
	if lhs.Rank >= 0 && rhs.Rank > 0 && lhs.Rank != rhs.Rank {
		c.diags.errorf(rhs.Pos, "rank mismatch: cannot assign an array of rank %d to %s of rank %d", rhs.Rank, designatorName(lhs), lhs.Rank)
	}
}

// definedAssignment resolves a defined assignment (an assignment(=)
// interface or type-bound generic) to its subroutine; nil for an intrinsic
// assignment.
func (c *checker) definedAssignment(lhs, rhs *Expr, sc *Scope) *Procedure {
	operands := []*Expr{lhs, rhs}
	if g := c.assignmentGeneric(sc); g != nil {
		if sp := c.resolveGeneric(g, operands, lhs.Pos, sc, false); sp != nil && sp.Proc != nil {
			return sp.Proc
		}
	}
	for _, t := range []Type{lhs.Type, rhs.Type} {
		if t.Base != TyDerived || t.Derived == nil || t.Derived.Scope == nil {
			continue
		}
		b := t.Derived.FindBinding("assignment(=)")
		if b == nil {
			continue
		}
		for _, name := range b.Targets {
			sb := t.Derived.FindBinding(name)
			if sb == nil || len(sb.Targets) == 0 {
				continue
			}
			if ps := t.Derived.Scope.Lookup(sb.Targets[0]); ps != nil && ps.Proc != nil && argsMatch(operands, ps.Proc, -1) {
				return ps.Proc
			}
		}
	}
	return nil
}

func (c *checker) assignmentGeneric(sc *Scope) *Generic {
	for s := sc; s != nil; s = s.Parent {
		if g := s.Operators["assignment(=)"]; g != nil {
			return g
		}
	}
	return nil
}

func (c *checker) checkLogical(e *Expr, what string) {
	if e.Type.Known() && e.Type.Base != TyLogical {
		c.diags.errorf(e.Pos, "type mismatch: %s must be logical, not %s", what, e.Type)
	}
}

func (c *checker) checkLabel(l string, pos Pos, ctx *unitCtx) {
	if _, ok := ctx.labels[l]; !ok {
		c.diags.errorf(pos, "label %s is not defined in this scoping unit", l)
	}
}

// checkLoopControl checks EXIT/CYCLE and their construct names.
func (c *checker) checkLoopControl(what, name string, pos Pos, ctx *unitCtx) {
	for i := len(ctx.constructs) - 1; i >= 0; i-- {
		k := ctx.constructs[i]
		n := ConstructName(k.Head)
		_, isDo := k.Head.(*DoStmt)
		if name == "" {
			if isDo {
				if d := k.Head.(*DoStmt); d.Concurrent != nil && what == "EXIT" {
					c.diags.errorf(pos, "EXIT from a DO CONCURRENT construct is not allowed")
				}
				return
			}
			continue
		}
		if n == name {
			if what == "CYCLE" && !isDo {
				c.diags.errorf(pos, "CYCLE %s: %s is not a DO construct", name, name)
			}
			return
		}
	}
	if name != "" {
		c.diags.errorf(pos, "%s %s: no enclosing construct named %s", what, name, name)
		return
	}
	c.diags.errorf(pos, "%s outside a DO construct", what)
}

// ConstructName is the name of a construct whose head is s ("" if none).
func ConstructName(s Stmt) string {
	switch x := s.(type) {
	case *DoStmt:
		return x.Name
	case *IfThenStmt:
		return x.Name
	case *SelectCaseStmt:
		return x.Name
	case *SelectTypeStmt:
		return x.Name
	case *SelectRankStmt:
		return x.Name
	case *BlockStmt:
		return x.Name
	case *AssociateStmt:
		return x.Name
	case *WhereStmt:
		return x.Name
	case *ForallStmt:
		return x.Name
	case *CriticalStmt:
		return x.Name
	}
	return ""
}

// call checks a CALL statement.
func (c *checker) call(x *CallStmt, sc *Scope) {
	callee := x.Callee
	target := callee
	if callee.Kind == ERef {
		target = callee.X
	}
	for _, a := range x.Args {
		c.typeExpr(a, sc)
	}
	switch target.Kind {
	case EName:
		name := target.Name
		s := sc.Lookup(name)
		if s == nil {
			if in := LookupIntrinsic(name); in != nil && in.Result == nil {
				x.Intr = in
				c.allowBOZ(x.Args)
				c.matchIntrinsicArgs(in, x.Args, x.Pos)
				return
			}
			if g := c.global.Local(name); g != nil && g.Proc != nil {
				x.Proc = g.Proc
				c.checkArgs(x.Args, g.Proc, name, x.Pos, -1)
			}
			return // an external subroutine with an implicit interface
		}
		s.Used = true
		target.Sym = s
		switch s.Kind {
		case SymProcedure:
			if s.Proc != nil {
				x.Proc = s.Proc
				if s.Proc.IsFunction && s.Proc.Head != nil {
					c.diags.errorf(x.Pos, "%s is a function; it cannot be called as a subroutine", name)
					return
				}
				c.checkArgs(x.Args, s.Proc, name, x.Pos, -1)
			}
		case SymGeneric:
			sp := c.resolveGeneric(s.Generic, x.Args, x.Pos, sc, false)
			if sp == nil {
				if in := LookupIntrinsic(name); in != nil && in.Result == nil {
					x.Intr = in
					c.matchIntrinsicArgs(in, x.Args, x.Pos)
					return
				}
				sp = c.resolveGeneric(s.Generic, x.Args, x.Pos, sc, true)
			}
			if sp != nil && sp.Proc != nil {
				x.Proc = sp.Proc
			}
		case SymIntrinsic:
			x.Intr = s.Builtin
			if s.Builtin != nil {
				c.matchIntrinsicArgs(s.Builtin, x.Args, x.Pos)
			}
		case SymOpaque:
		case SymUnknown:
			s.Kind = SymProcedure
		case SymVariable:
			if s.Dummy && !s.TypeDeclared && s.Rank == 0 || s.External {
				s.Kind = SymProcedure // a dummy procedure
				return
			}
			c.diags.errorf(target.Pos, "%s is not a procedure; it cannot be called", name)
		default:
			c.diags.errorf(target.Pos, "%s is not a procedure; it cannot be called", name)
		}
	case EComponent:
		// Type-bound procedure or procedure pointer component.
		c.typeExpr(target.X, sc)
		bt := target.X.Type
		if bt.Base != TyDerived || bt.Derived == nil {
			if bt.Known() && bt.Base != TyClassStar {
				c.diags.errorf(target.Pos, "%s is not of a derived type; it has no procedure %s", designatorName(target.X), target.Name)
			}
			return
		}
		if comp := bt.Derived.Component(target.Name); comp != nil {
			if !comp.External {
				c.diags.errorf(target.Pos, "component %s is not a procedure; it cannot be called", target.Name)
			}
			return
		}
		b := bt.Derived.FindBinding(target.Name)
		if b == nil {
			c.diags.errorf(target.Pos, "type %s has no type-bound procedure %s", bt.Derived.Name, target.Name)
			return
		}
		c.bindingCall(x, b, bt.Derived, sc)
	default:
		c.diags.errorf(callee.Pos, "syntax error: malformed CALL")
	}
}

// bindingCall resolves a call of a type-bound procedure.
func (c *checker) bindingCall(x *CallStmt, b *Binding, dt *DerivedType, sc *Scope) {
	look := dt.Scope
	if look == nil {
		look = sc
	}
	resolve := func(b *Binding) *Procedure {
		if len(b.Targets) == 0 {
			return nil
		}
		s := look.Lookup(b.Targets[0])
		if s == nil || s.Proc == nil {
			return nil
		}
		return s.Proc
	}
	if b.Generic {
		for _, t := range b.Targets {
			sb := dt.FindBinding(t)
			if sb == nil {
				continue
			}
			if p := resolve(sb); p != nil && argsMatch(x.Args, p, passIndex(sb, p)) {
				x.Proc = p
				return
			}
		}
		return
	}
	if p := resolve(b); p != nil {
		x.Proc = p
		c.checkArgs(x.Args, p, b.Name, x.Pos, passIndex(b, p))
	}
}

// allocObject checks an ALLOCATE/DEALLOCATE object.
func (c *checker) allocObject(it *Expr, sc *Scope, alloc bool) {
	obj := it
	if alloc && it.Kind == ERef {
		// a(n, m): the shape; type the bounds, then the object.
		for _, a := range it.Args {
			c.typeExpr(a, sc)
		}
		obj = it.X
	}
	c.typeExpr(obj, sc)
	if it != obj {
		// The allocation a(3, 5) has the type and rank of the object.
		it.Type, it.Rank, it.Sym, it.Ref = obj.Type, obj.Rank, obj.Sym, obj.Ref
	}
	s := obj.Sym
	if s == nil || obj.Ref == RefOpaque {
		return
	}
	if (s.Kind == SymVariable || s.Kind == SymComponent) && !s.Allocatable && !s.Pointer && s.Type.Known() {
		c.diags.errorf(obj.Pos, "%s is neither allocatable nor a pointer", s.Name)
	}
}

// ioStmt types the control list and items of an I/O statement.
func (c *checker) ioStmt(x *IOStmt, sc *Scope, ctx *unitCtx) {
	for i, a := range x.Control {
		v := a
		key := ""
		if a.Kind == EKeyword {
			v, key = a.X, a.Name
		} else if i == 1 || x.Op == "print" || x.Op == "read" && len(x.Control) == 1 && i == 0 && !isUnitLike(x) {
			key = "fmt"
		}
		if v == nil || v.Kind == EStar {
			continue
		}
		switch key {
		case "fmt":
			if v.Kind == ELit && v.Lit.Type == TokInt {
				c.checkLabel(strings.TrimLeft(v.Lit.Value, "0"), v.Pos, ctx)
				continue
			}
			if v.Kind == EName {
				if s := sc.Lookup(v.Name); s != nil && s.Kind == SymNamelist {
					continue
				}
			}
		case "nml":
			continue
		case "err", "end", "eor":
			if v.Kind == ELit {
				c.checkLabel(strings.TrimLeft(v.Lit.Value, "0"), v.Pos, ctx)
				continue
			}
		}
		if v.Kind == EName {
			if s := sc.Lookup(v.Name); s != nil && s.Kind == SymNamelist {
				continue
			}
		}
		c.typeExpr(v, sc)
	}
	for _, it := range x.Items {
		c.typeExpr(it, sc)
		if x.Op == "read" {
			c.checkInputItem(it, sc)
		}
	}
}

// checkInputItem reports READ items that cannot be defined.
func (c *checker) checkInputItem(it *Expr, sc *Scope) {
	if it.Kind == EImpliedDo {
		for _, a := range it.Args {
			c.checkInputItem(a, sc)
		}
		return
	}
	c.checkDefinable(it, sc, "an input item")
}

func isUnitLike(x *IOStmt) bool { return false }

// concurrentScope declares the index variables of a FORALL/DO CONCURRENT
// header in a new scope, types bounds and mask.
func (c *checker) concurrentScope(h *ConcurrentHeader, sc *Scope) *Scope {
	inner := NewScope(ScopeImpliedDo, sc, sc.Unit)
	if h == nil {
		return inner
	}
	var t Type
	if h.Type != nil {
		t = c.resolveTypeSpec(h.Type, sc)
		if t.Known() && t.Base != TyInteger {
			c.diags.errorf(h.Type.Pos, "type mismatch: the index type of a concurrent header must be integer")
		}
	}
	for _, ix := range h.Indices {
		for _, b := range []*Expr{ix.Lo, ix.Hi, ix.Step} {
			if b != nil {
				c.typeExpr(b, sc)
				c.checkIntegerExpr(b, "a concurrent index bound")
				if b.Rank > 0 {
					c.diags.errorf(b.Pos, "rank mismatch: a concurrent index bound must be scalar")
				}
			}
		}
		it := t
		if h.Type == nil {
			if s := sc.Lookup(ix.Name); s != nil && s.Type.Known() {
				it = s.Type
			} else if tt, ok := sc.ImplicitType(ix.Name); ok {
				it = tt
			} else if !c.isOpaque(sc) {
				c.diags.errorf(ix.Pos, "undeclared index %s (IMPLICIT NONE is in effect; declare it or give a type in the header)", ix.Name)
				it = IntType
			}
		}
		if it.Known() && it.Base != TyInteger {
			c.diags.errorf(ix.Pos, "type mismatch: index %s must be integer, not %s", ix.Name, it)
		}
		if _, ok := inner.Add(&Symbol{Name: ix.Name, Kind: SymVariable, Pos: ix.Pos, Type: it, TypeDeclared: true, Intent: ""}); !ok {
			c.diags.errorf(ix.Pos, "duplicate index %s in a concurrent header", ix.Name)
		}
	}
	if h.Mask != nil {
		c.typeExpr(h.Mask, inner)
		c.checkLogical(h.Mask, "a concurrent mask")
	}
	return inner
}

// dataStmt types DATA objects and values.
func (c *checker) dataStmt(x *DataStmt, sc *Scope) {
	for _, set := range x.Sets {
		for _, o := range set.Objects {
			c.typeExpr(o, sc)
		}
		for _, v := range set.Values {
			if v.Repeat != nil {
				c.typeExpr(v.Repeat, sc)
			}
			c.typeExpr(v.Value, sc)
			c.allowBOZ([]*Expr{v.Value})
		}
	}
}

// construct checks a construct and its parts.
func (c *checker) construct(k *Construct, sc *Scope, ctx *unitCtx) {
	ctx.constructs = append(ctx.constructs, k)
	defer func() { ctx.constructs = ctx.constructs[:len(ctx.constructs)-1] }()
	body := sc
	switch h := k.Head.(type) {
	case *IfThenStmt:
		c.typeExpr(h.Cond, sc)
		c.checkLogical(h.Cond, "an IF condition")
	case *DoStmt:
		c.ompFirstprivate(k, h, sc) // omp.go: a target loop's scalars
		body = c.doHead(h, sc, ctx)
		if body != sc {
			k.Scope = body // the index variables of DO CONCURRENT
		}
	case *SelectCaseStmt:
		c.typeExpr(h.Expr, sc)
		if t := h.Expr.Type; t.Known() && t.Base != TyInteger && t.Base != TyCharacter && t.Base != TyLogical {
			c.diags.errorf(h.Expr.Pos, "type mismatch: a SELECT CASE expression must be integer, character or logical, not %s", t)
		}
		for _, br := range k.Branches {
			if cs, ok := br.Head.(*CaseStmt); ok {
				for _, r := range cs.Items {
					for _, e := range []*Expr{r.Lo, r.Hi} {
						if e != nil {
							c.typeExpr(e, sc)
							if h.Expr.Type.Known() && e.Type.Known() && e.Type.Base != h.Expr.Type.Base {
								c.diags.errorf(e.Pos, "type mismatch: case value of type %s in a SELECT CASE of %s", e.Type, h.Expr.Type)
							}
						}
					}
				}
			}
			c.stmts(br.Body, sc, ctx)
		}
		return
	case *SelectTypeStmt:
		c.typeExpr(h.Expr, sc)
		name := h.Assoc
		if name == "" && h.Expr.Kind == EName {
			name = h.Expr.Name
		}
		for _, br := range k.Branches {
			g, _ := br.Head.(*TypeGuardStmt)
			inner := NewScope(ScopeAssociate, sc, sc.Unit)
			br.Scope = inner
			t := h.Expr.Type
			if g != nil {
				switch {
				case g.Type != nil:
					t = c.resolveTypeSpec(g.Type, sc)
					if t.Base == TyCharacter {
						t.Len = c.charLen(g.Type, nil, sc)
					}
					if g.Guard == "classis" {
						t.Class = true
					}
				case g.Derived != "":
					ts := &TypeSpec{Pos: g.Pos, Name: "type", Derived: g.Derived}
					t = c.resolveTypeSpec(ts, sc)
					t.Class = g.Guard == "classis"
				}
			}
			if name != "" {
				inner.Add(&Symbol{Name: name, Kind: SymVariable, Pos: br.Head.base().Pos, Type: t, Rank: h.Expr.Rank, TypeDeclared: true, Target: true})
			}
			c.stmts(br.Body, inner, ctx)
		}
		return
	case *SelectRankStmt:
		c.typeExpr(h.Expr, sc)
		name := h.Assoc
		if name == "" && h.Expr.Kind == EName {
			name = h.Expr.Name
		}
		for _, br := range k.Branches {
			inner := NewScope(ScopeAssociate, sc, sc.Unit)
			br.Scope = inner
			r := -1
			if rc, ok := br.Head.(*RankCaseStmt); ok && rc.Rank != nil {
				c.typeExpr(rc.Rank, sc)
				if rc.Rank.Const != nil {
					n, _ := rc.Rank.Const.AsInt()
					r = int(n)
				}
			}
			if name != "" {
				as := &Symbol{Name: name, Kind: SymVariable, Pos: br.Head.base().Pos, Type: h.Expr.Type, Rank: r, TypeDeclared: true}
				if sel := LocalRootSymbol(h.Expr); sel != nil && h.Expr.Kind == EName {
					// The associating entity keeps the selector's ALLOCATABLE,
					// POINTER and TARGET attributes (F2018 11.1.10.3).
					as.Allocatable, as.Pointer, as.Target = sel.Allocatable, sel.Pointer, sel.Target
				}
				inner.Add(as)
			}
			c.stmts(br.Body, inner, ctx)
		}
		return
	case *WhereStmt:
		c.typeExpr(h.Mask, sc)
		c.checkLogical(h.Mask, "a WHERE mask")
		c.stmts(k.Body, sc, ctx)
		for _, br := range k.Branches {
			if ew, ok := br.Head.(*ElsewhereStmt); ok && ew.Mask != nil {
				c.typeExpr(ew.Mask, sc)
				c.checkLogical(ew.Mask, "an ELSEWHERE mask")
			}
			c.stmts(br.Body, sc, ctx)
		}
		return
	case *ForallStmt:
		body = c.concurrentScope(h.Header, sc)
		k.Scope = body
	case *AssociateStmt:
		inner := NewScope(ScopeAssociate, sc, sc.Unit)
		for _, a := range h.Assocs {
			c.typeExpr(a.Expr, sc)
			if _, ok := inner.Add(&Symbol{Name: a.Name, Kind: SymVariable, Pos: lexPos(a.Pos), Type: a.Expr.Type, Rank: a.Expr.Rank, TypeDeclared: true, Const: a.Expr.Const}); !ok {
				c.diags.errorf(lexPos(a.Pos), "duplicate associate name %s", a.Name)
			}
		}
		k.Scope = inner
		body = inner
	case *BlockStmt:
		inner := NewScope(ScopeBlock, sc, sc.Unit)
		k.Scope = inner
		c.declareSpec(k.Spec, inner)
		c.finishScope(inner)
		for _, s := range k.Spec {
			if d, ok := s.(*DataStmt); ok {
				c.dataStmt(d, inner)
			}
		}
		body = inner
	case *CriticalStmt:
	}
	c.stmts(k.Body, body, ctx)
	for _, br := range k.Branches {
		if ei, ok := br.Head.(*ElseIfStmt); ok {
			c.typeExpr(ei.Cond, sc)
			c.checkLogical(ei.Cond, "an ELSE IF condition")
		}
		c.stmts(br.Body, body, ctx)
	}
}

// doHead checks a DO statement and returns the scope of its body.
func (c *checker) doHead(h *DoStmt, sc *Scope, ctx *unitCtx) *Scope {
	switch {
	case h.Concurrent != nil:
		inner := c.concurrentScope(h.Concurrent, sc)
		for _, l := range h.Locality {
			for i, n := range l.Names {
				if l.Kind == "default" {
					continue
				}
				pos := l.Pos
				if i < len(l.NamePos) {
					pos = l.NamePos[i]
				}
				if inner.Local(n) != nil {
					c.diags.errorf(pos, "index %s cannot appear in a locality spec", n)
					continue
				}
				s := sc.Lookup(n)
				if s == nil {
					if !c.isOpaque(sc) {
						c.lookupVar(n, pos, sc)
					}
					continue
				}
				if s.Kind != SymVariable && s.Kind != SymUnknown {
					c.diags.errorf(pos, "%s in %s(...) is not a variable", n, l.Kind)
				}
				// Reduction operators against variable types are checked by
				// the locality rules (rules/locality.mg).
			}
		}
		return inner
	case h.While != nil:
		c.typeExpr(h.While, sc)
		c.checkLogical(h.While, "a DO WHILE condition")
	case h.Var != "":
		v := c.lookupVar(h.Var, h.Pos, sc)
		h.VarSym = v
		if v.Kind == SymParameter {
			c.diags.errorf(h.Pos, "cannot assign to parameter %s: it is a named constant", v.Name)
		} else if v.Intent == "in" && v.Dummy {
			c.diags.errorf(h.Pos, "cannot assign to %s: it is an intent(in) dummy argument", v.Name)
		}
		if v.Type.Known() && v.Type.Base != TyInteger && v.Type.Base != TyReal {
			c.diags.errorf(h.Pos, "type mismatch: DO variable %s must be integer, not %s", v.Name, v.Type)
		}
		for _, b := range []*Expr{h.Lo, h.Hi, h.Step} {
			if b != nil {
				c.typeExpr(b, sc)
				if b.Type.Known() && !b.Type.IsNumeric() {
					c.diags.errorf(b.Pos, "type mismatch: a DO bound must be numeric, not %s", b.Type)
				}
			}
		}
	}
	if h.EndLabel != "" {
		c.checkLabel(h.EndLabel, h.Pos, ctx)
	}
	return sc
}
