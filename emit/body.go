package emit

// This file writes the statements of a kernel's iteration or of a device
// function as C++ (the same text for every C++ backend): assignments,
// IF, SELECT CASE, BLOCK, ASSOCIATE, sequential DO loops (a nested do
// concurrent goes to nest.go), CYCLE and EXIT, calls (devfunc.go) and
// stops (stops.go); the designators they assign to.

import (
	"fmt"
	"strings"

	"fgpu/frontend"
	"fgpu/lowering"
)

func (g *kernelGen) stmts(ss []frontend.Stmt) {
	if g.group && !g.inShared {
		g.groupStmts(ss, false) // nest.go
		return
	}
	for _, s := range ss {
		g.stmt(s)
	}
}

func (g *kernelGen) stmt(s frontend.Stmt) {
	if a, ok := s.(*frontend.AssignStmt); ok && lowering.DirectAssign(a) {
		g.directAssign(a) // temps.go
		return
	}
	if a, ok := s.(*frontend.AssignStmt); ok && lowering.HeapConsAssign(g.k, g.proc, a) {
		g.heapCons = a // its constructor on the heap (heaplocal.go)
		defer func() { g.heapCons = nil }()
	}
	hoisted := hoistedExprs(s)
	for _, e := range hoisted {
		if hasTemp(e) {
			// The array values computed before the statement, in a scope
			// of their own (a jump to the iteration's end must not cross
			// their declarations).
			g.line("{")
			g.indent++
			for _, e := range hoisted {
				g.hoist(e)
			}
			g.stmt1(s)
			g.indent--
			g.line("}")
			return
		}
	}
	g.stmt1(s)
}

func (g *kernelGen) stmt1(s frontend.Stmt) {
	switch x := s.(type) {
	case *frontend.AllocateStmt:
		g.allocateStmt(x) // heap.go
	case *frontend.DeallocateStmt:
		g.deallocateStmt(x)
	case *frontend.AssignStmt:
		if g.heapAssign(x) {
			if g.exprStops(x.RHS) {
				g.stopTest()
			}
			return
		}
		if x.LHS.Rank > 0 && lowering.AssignOverlaps(x) {
			if g.overlap == nil {
				g.overlap = map[*frontend.Expr]bool{}
			}
			g.overlap[x.RHS] = true
		}
		g.assign(x.LHS, x.RHS)
		if g.exprStops(x.LHS) || g.exprStops(x.RHS) {
			g.stopTest()
		}
	case *frontend.IfStmt:
		stops := g.exprStops(x.Cond)
		g.line("if (%s) {", g.expr(x.Cond))
		g.indent++
		if stops {
			g.stopTest()
		}
		g.stmt(x.Action)
		g.indent--
		g.line("}")
		if stops {
			g.stopTest()
		}
	case *frontend.StopStmt:
		g.stopStmt(x)
	case *frontend.ReturnStmt:
		if g.proc == nil {
			g.nyi(frontend.NYIReturn, x.Pos, "RETURN in an offloaded loop")
		} else if g.result != "" {
			g.line("return %s;", g.result)
		} else {
			g.line("return;")
		}
	case *frontend.CallStmt:
		if g.hostElementCall(x) {
			return // hostvalue.go
		}
		g.line("%s;", g.callProc(x.Pos, x.Callee, x.Proc, callActuals(x.Callee, x.Proc, x.Args)))
		g.markCallWrites(x)
		if g.procStops(x.Proc) || g.exprsStop(x.Args) {
			g.stopTest()
		}
	case *frontend.CycleStmt:
		if g.k != nil && (g.loopDepth == 0 || x.Name != "" && x.Name == g.k.Do.Name) {
			g.line("%s", g.nextIteration())
		} else if x.Name == "" {
			g.line("continue;")
		} else {
			g.nyi(frontend.NYIBranch, x.Pos, "CYCLE of an outer named loop in an offloaded loop")
		}
	case *frontend.ExitStmt:
		if x.Name == "" && g.loopDepth > 0 {
			g.line("break;")
		} else {
			g.nyi(frontend.NYIBranch, x.Pos, "EXIT of a named construct in an offloaded loop")
		}
	case *frontend.ContinueStmt:
	case *frontend.Construct:
		g.construct(x)
	default:
		g.nyi(frontend.NYIStatement, frontend.StmtPos(s), "this statement in an offloaded loop")
	}
}

func (g *kernelGen) construct(c *frontend.Construct) {
	switch h := c.Head.(type) {
	case *frontend.IfThenStmt:
		// A call that stops in a condition: no body runs with its value
		// (tested at the start of each body, and after the construct).
		stops := g.exprStops(h.Cond)
		for _, br := range c.Branches {
			if ei, ok := br.Head.(*frontend.ElseIfStmt); ok && g.exprStops(ei.Cond) {
				stops = true
			}
		}
		g.line("if (%s) {", g.expr(h.Cond))
		g.indent++
		if stops {
			g.stopTest()
		}
		g.stmts(c.Body)
		g.indent--
		for _, br := range c.Branches {
			if ei, ok := br.Head.(*frontend.ElseIfStmt); ok {
				g.line("} else if (%s) {", g.expr(ei.Cond))
			} else {
				g.line("} else {")
			}
			g.indent++
			if stops {
				g.stopTest()
			}
			g.stmts(br.Body)
			g.indent--
		}
		g.line("}")
		if stops {
			g.stopTest()
		}
	case *frontend.DoStmt:
		g.doLoop(c, h)
	case *frontend.SelectCaseStmt:
		g.tmp++
		sel := fmt.Sprintf("sel%d", g.tmp)
		g.line("{ const %s %s = %s;", ctype(h.Expr.Type), sel, g.expr(h.Expr))
		g.indent++
		if g.exprStops(h.Expr) {
			g.stopTest() // before any case body runs
		}
		first := true
		var dflt *frontend.Branch
		for _, br := range c.Branches {
			cs, ok := br.Head.(*frontend.CaseStmt)
			if !ok {
				continue
			}
			if cs.Default {
				dflt = br
				continue
			}
			var conds []string
			for _, r := range cs.Items {
				switch {
				case !r.Colon:
					conds = append(conds, fmt.Sprintf("%s == %s", sel, g.expr(r.Lo)))
				case r.Lo != nil && r.Hi != nil:
					conds = append(conds, fmt.Sprintf("(%s >= %s && %s <= %s)", sel, g.expr(r.Lo), sel, g.expr(r.Hi)))
				case r.Lo != nil:
					conds = append(conds, fmt.Sprintf("%s >= %s", sel, g.expr(r.Lo)))
				default:
					conds = append(conds, fmt.Sprintf("%s <= %s", sel, g.expr(r.Hi)))
				}
			}
			kw := "} else if"
			if first {
				kw = "if"
			}
			first = false
			g.line("%s (%s) {", kw, strings.Join(conds, " || "))
			g.indent++
			g.stmts(br.Body)
			g.indent--
		}
		if dflt != nil {
			if first {
				g.line("{")
			} else {
				g.line("} else {")
			}
			g.indent++
			g.stmts(dflt.Body)
			g.indent--
			g.line("}")
		} else if !first {
			g.line("}")
		}
		g.indent--
		g.line("}")
	case *frontend.BlockStmt:
		g.line("{")
		g.indent++
		if c.Scope != nil {
			for _, s := range c.Scope.Order {
				if s.Kind == frontend.SymVariable && s.Rank > 0 {
					g.localArray(s)
					continue
				}
				if s.Kind == frontend.SymVariable && lowering.IsHeapType(s.Type) {
					g.line("%s %s{}; // allocatable components unallocated", ctype(s.Type), cname(s))
					g.names[s] = cname(s)
					continue
				}
				if s.Kind == frontend.SymVariable {
					g.line("%s %s;", ctype(s.Type), cname(s))
					g.names[s] = cname(s)
					g.logic[s] = s.Type.Base == frontend.TyLogical
				}
			}
		}
		g.stmts(c.Body)
		g.indent--
		g.line("}")
	case *frontend.AssociateStmt:
		g.line("{")
		g.indent++
		for _, a := range h.Assocs {
			sym := (*frontend.Symbol)(nil)
			if c.Scope != nil {
				sym = c.Scope.Local(a.Name)
			}
			if sym == nil {
				continue
			}
			if a.Expr.Rank > 0 && lowering.AssociateResult(a.Expr) {
				// The call made once, on entry (temps.go), the name bound
				// to the array that holds its result.
				g.hoist(a.Expr)
				if t, ok := g.temps[a.Expr]; ok {
					g.sectionName(a.Name, t)
				}
				continue
			}
			if a.Expr.Rank > 0 {
				g.sectionName(a.Name, a.Expr)
				continue
			}
			if x := a.Expr; lowering.HeapConstructorValue(x) {
				// associate (t => tensor_t(x)): built on the heap (heap.go).
				g.line("%s %s{};", ctype(x.Type), cname(sym))
				g.heapBuild(cname(sym), x, x)
				g.names[sym] = cname(sym)
				continue
			}
			if lv, st, ok := g.lvalue(a.Expr); ok {
				g.line("%s const p_%s = &%s;", g.pointerDecl(st), a.Name, lv)
				g.names[sym] = "(*p_" + a.Name + ")"
				g.logic[sym] = a.Expr.Type.Base == frontend.TyLogical
			} else {
				g.line("const %s %s = %s;", ctype(a.Expr.Type), cname(sym), g.convert(a.Expr, sym.Type))
				g.names[sym] = cname(sym)
			}
		}
		for _, a := range h.Assocs {
			if g.exprStops(a.Expr) {
				g.stopTest()
				break
			}
		}
		g.stmts(c.Body)
		g.indent--
		g.line("}")
	default:
		g.nyi(frontend.NYIStatement, c.Pos, "this construct in an offloaded loop")
	}
}

// doLoop writes a sequential DO, DO WHILE, DO, or a nested DO CONCURRENT
// (innerLoop, nest.go).
func (g *kernelGen) doLoop(c *frontend.Construct, h *frontend.DoStmt) {
	if h.Concurrent != nil {
		g.innerLoop(c, h) // nest.go
		return
	}
	if g.coopNest(c) { // coop.go
		return
	}
	g.loopDepth++
	defer func() { g.loopDepth-- }()
	// A call that stops in the limits, the condition or the mask: tested at
	// the start of each body and after the loop.
	stops := g.exprsStop([]*frontend.Expr{h.Lo, h.Hi, h.Step, h.While})
	body := func() {
		if stops {
			g.stopTest()
		}
		g.stmts(c.Body)
	}
	if stops {
		defer g.stopTest()
	}
	switch {
	case h.While != nil:
		g.line("while (%s) {", g.expr(h.While))
		g.indent++
		body()
		g.indent--
		g.line("}")
	case h.Var == "":
		g.line("for (;;) {")
		g.indent++
		body()
		g.indent--
		g.line("}")
	default:
		v := g.names[h.VarSym]
		if v == "" {
			g.nyi(frontend.NYIDoForm, h.Pos, "the DO variable %s in an offloaded loop", h.Var)
			return
		}
		g.tmp++
		n := g.tmp
		step := "1"
		if h.Step != nil {
			step = g.convertTo(h.Step, "int64_t")
		}
		g.line("{ const int64_t s%d = %s; int64_t c%d = %s;", n, step, n, g.convertTo(h.Lo, "int64_t"))
		g.indent++
		if p := g.unrollPragma(c, h); p != "" {
			g.line("%s // (emit/unroll.go: the array of the iteration in registers)", p)
		}
		g.line("for (int64_t k%d = fgpu_trip(c%d, %s, s%d); k%d > 0; --k%d, c%d += s%d) {", n, n, g.convertTo(h.Hi, "int64_t"), n, n, n, n, n)
		g.indent++
		g.line("%s = (%s)c%d;", v, ctype(h.VarSym.Type), n)
		body()
		g.indent--
		g.line("}")
		g.line("%s = (%s)c%d;", v, ctype(h.VarSym.Type), n)
		g.markWritten(rootSym(&frontend.Expr{Kind: frontend.EName, Sym: h.VarSym}))
		g.indent--
		g.line("}")
	}
}

// assign writes lhs = rhs with the conversion of intrinsic assignment.
func (g *kernelGen) assign(lhs, rhs *frontend.Expr) {
	if lhs.Rank > 0 {
		g.arrayAssign(lhs, rhs)
		return
	}
	lv, _, ok := g.lvalue(lhs)
	if !ok {
		g.nyi(frontend.NYIDesignator, lhs.Pos, "assignment to %s in an offloaded loop", lhs)
		return
	}
	g.line("%s = %s;", lv, g.assignValue(lhs, rhs))
	g.markWritten(rootSym(lhs))
}

// markWritten notes that the iteration wrote scalar s, when the kernel
// writes it back after the iteration (ScalarOut, LastParam); not a copy a
// nested loop makes local (shadow).
func (g *kernelGen) markWritten(s *frontend.Symbol) {
	if s == nil || g.k == nil || g.proc != nil || g.shadow[s] {
		return
	}
	for _, p := range g.k.Params {
		if p.Sym == s && (p.Kind == lowering.ScalarOut || p.Kind == lowering.LastParam) {
			g.line("w_%s = true;", s.Name)
		}
	}
}

// markCallWrites notes, after a call, that the iteration wrote the scalars
// it passed by reference (the callee may define them).
func (g *kernelGen) markCallWrites(c *frontend.CallStmt) {
	if g.k == nil || g.proc != nil || c.Proc == nil || g.funcs == nil {
		return
	}
	for i, a := range callActuals(c.Callee, c.Proc, c.Args) {
		if i >= len(c.Proc.Dummies) || a == nil || a.Kind != frontend.EName {
			continue
		}
		d := c.Proc.Dummies[i]
		if d.Rank != 0 || !g.funcs.byRef[d] {
			continue
		}
		g.markWritten(rootSym(a))
	}
}

// assignValue is the value of rhs converted as intrinsic assignment to
// lhs converts it.
func (g *kernelGen) assignValue(lhs, rhs *frontend.Expr) string {
	return g.valueAs(rhs, lhs.Type)
}

// valueAs is the value of rhs converted as intrinsic assignment to a
// variable of type t converts it (a logical as 0 or 1 of its kind).
func (g *kernelGen) valueAs(rhs *frontend.Expr, t frontend.Type) string {
	if t.Base == frontend.TyLogical {
		return fmt.Sprintf("(%s)((%s) ? 1 : 0)", ctype(t), g.expr(rhs))
	}
	return g.convert(rhs, t)
}

func rootSym(e *frontend.Expr) *frontend.Symbol {
	for x := e; x != nil; x = x.X {
		if x.Kind == frontend.EName {
			if x.Sym == nil {
				return nil
			}
			s := x.Sym
			s = frontend.UltimateSymbol(s)
			return s
		}
	}
	return nil
}

// lvalue renders a designator as a C lvalue of its storage type.
func (g *kernelGen) lvalue(e *frontend.Expr) (string, string, bool) {
	st := ctype(e.Type)
	switch e.Kind {
	case frontend.EName:
		s := rootSym(e)
		if n, ok := g.names[s]; ok && s.Rank == 0 {
			return n, st, true
		}
	case frontend.ERef:
		if e.Ref == frontend.RefElement && e.X.Kind == frontend.EName {
			return g.element(e), st, true
		}
		if e.Ref == frontend.RefElement && e.X.Kind == frontend.EComponent {
			return g.componentLV(e), st, true
		}
	case frontend.EComponent:
		return g.componentLV(e), st, true
	}
	return "", st, false
}

// element is the lvalue of an array element a(i, j, ...).
func (g *kernelGen) element(e *frontend.Expr) string {
	s := rootSym(e.X)
	if s.Kind == frontend.SymParameter {
		var idx []string
		for d, a := range e.Args {
			idx = append(idx, g.checkedSub(e, d, g.convertTo(a, "int64_t"), fmt.Sprintf("%dLL", constLower(s, d)), constHi(s, d)))
		}
		return g.constElement(s, idx)
	}
	if r := g.packElement(s); r != "" {
		return r
	}
	var off []string
	for d, a := range e.Args {
		off = append(off, fmt.Sprintf("(%s - lb%d_%s) * sm%d_%s", g.checkedSub(e, d, g.convertTo(a, "int64_t"), fmt.Sprintf("lb%d_%s", d+1, s.Name), arrayHi(s, d)), d+1, s.Name, d+1, s.Name))
	}
	return g.mslElemAt(s, ctype(e.Type), fmt.Sprintf("b_%s + %s", s.Name, strings.Join(off, " + ")))
}

// callActuals are a call's actual arguments in the order of the callee's
// dummies (frontend.CallActuals; the verifier reported any it cannot
// order).
func callActuals(callee *frontend.Expr, p *frontend.Procedure, args []*frontend.Expr) []*frontend.Expr {
	if out, ok := frontend.CallActuals(callee, p, args); ok {
		return out
	}
	return args
}
