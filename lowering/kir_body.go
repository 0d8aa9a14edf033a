package lowering

// This file translates a kernel body into the IR (kir.go): assignments of
// scalars and array elements, IF statements and constructs, counted DO
// loops, CYCLE and EXIT of the innermost loop or of the iteration;
// literals, variables, elements, the intrinsic operators and the common
// elemental intrinsics, with every conversion the kernels make written as
// a Convert node (the conversions the legacy writer, emit/expr.go, makes:
// the same C++ once printed). Everything else is an Unsupported node.

import (
	"fmt"
	"math"
	"path/filepath"

	"fgpu/frontend"
	"fgpu/kernelir"
)

func (b *kirBuilder) unsupported(pos frontend.Pos, format string, args ...any) *kernelir.Unsupported {
	return &kernelir.Unsupported{Pos: kirPos(pos), What: fmt.Sprintf(format, args...), T: kernelir.Int(4)}
}

func (b *kirBuilder) stmts(ss []frontend.Stmt) []kernelir.Stmt {
	var out []kernelir.Stmt
	for _, s := range ss {
		out = append(out, b.stmt(s)...)
	}
	return out
}

func (b *kirBuilder) stmt(s frontend.Stmt) []kernelir.Stmt {
	pos := frontend.StmtPos(s)
	one := func(x kernelir.Stmt) []kernelir.Stmt { return []kernelir.Stmt{x} }
	switch x := s.(type) {
	case *frontend.AssignStmt:
		return b.assign(x)
	case *frontend.IfStmt:
		if x.Action == nil {
			return one(b.unsupported(pos, "an IF statement without an action"))
		}
		// A call that stops in the condition: tested before the action
		// and after the statement (emit/body.go).
		stops := b.stopsIn(x.Cond)
		st := &kernelir.If{Pos: kirPos(pos), Line: true, Arms: []kernelir.Arm{{Cond: b.expr(x.Cond), Body: b.stopTested(stops, pos, b.stmt(x.Action))}}}
		return b.stopAfter(stops, pos, st)
	case *frontend.CallStmt:
		return b.callStmt(x)
	case *frontend.CycleStmt:
		switch {
		case len(b.loops) == 0 || x.Name != "" && x.Name == b.k.Do.Name:
			return one(&kernelir.Cycle{Pos: kirPos(pos)})
		case x.Name == "":
			return one(&kernelir.Cycle{Pos: kirPos(pos), Loop: b.loops[len(b.loops)-1]})
		}
		return one(b.unsupported(pos, "CYCLE of the named loop %s", x.Name))
	case *frontend.ExitStmt:
		if x.Name == "" && len(b.loops) > 0 {
			if l := b.loops[len(b.loops)-1]; !isNest(l) {
				return one(&kernelir.Exit{Pos: kirPos(pos), Loop: l})
			}
		}
		return one(b.unsupported(pos, "EXIT of a named construct or of the iteration"))
	case *frontend.ContinueStmt:
		return nil
	case *frontend.StopStmt:
		return one(b.stop(x))
	case *frontend.Construct:
		return b.construct(x)
	}
	return one(b.unsupported(pos, "the statement %T", s))
}

func (b *kirBuilder) construct(c *frontend.Construct) []kernelir.Stmt {
	pos := kirPos(c.Pos)
	switch h := c.Head.(type) {
	case *frontend.IfThenStmt:
		// A call that stops in a condition: no body runs with its value
		// (tested at the start of each body, and after the construct).
		stops := b.stopsIn(h.Cond)
		for _, br := range c.Branches {
			if ei, ok := br.Head.(*frontend.ElseIfStmt); ok && b.stopsIn(ei.Cond) {
				stops = true
			}
		}
		st := &kernelir.If{Pos: pos, Arms: []kernelir.Arm{{Cond: b.expr(h.Cond), Body: b.stopTested(stops, c.Pos, b.stmts(c.Body))}}}
		for _, br := range c.Branches {
			switch bh := br.Head.(type) {
			case *frontend.ElseIfStmt:
				if st.HasElse {
					return []kernelir.Stmt{b.unsupported(c.Pos, "an ELSE IF after ELSE")}
				}
				st.Arms = append(st.Arms, kernelir.Arm{Cond: b.expr(bh.Cond), Body: b.stopTested(stops, c.Pos, b.stmts(br.Body))})
			default:
				st.HasElse = true
				st.Else = b.stopTested(stops, c.Pos, b.stmts(br.Body))
			}
		}
		return b.stopAfter(stops, c.Pos, st)
	case *frontend.DoStmt:
		return b.doLoop(c, h)
	case *frontend.SelectCaseStmt:
		return []kernelir.Stmt{b.selectCase(c, h)}
	case *frontend.BlockStmt:
		return []kernelir.Stmt{b.block(c)}
	case *frontend.AssociateStmt:
		return []kernelir.Stmt{b.associate(c, h)}
	}
	return []kernelir.Stmt{b.unsupported(c.Pos, "the construct %T", c.Head)}
}

// selectCase translates a SELECT CASE of an integer selector.
func (b *kirBuilder) selectCase(c *frontend.Construct, h *frontend.SelectCaseStmt) kernelir.Stmt {
	if h.Expr == nil || h.Expr.Type.Base != frontend.TyInteger {
		return b.unsupported(c.Pos, "a SELECT CASE construct of a selector that is not an integer")
	}
	if b.stopsIn(h.Expr) {
		return b.unsupported(c.Pos, "a SELECT CASE construct of a selector that calls a procedure that can stop")
	}
	st := &kernelir.Select{Pos: kirPos(c.Pos), Sel: b.expr(h.Expr)}
	for _, br := range c.Branches {
		cs, ok := br.Head.(*frontend.CaseStmt)
		if !ok {
			return b.unsupported(c.Pos, "a SELECT CASE construct")
		}
		if cs.Default {
			st.HasDefault = true
			st.Default = b.stmts(br.Body)
			continue
		}
		cse := kernelir.Case{}
		for _, r := range cs.Items {
			cr := kernelir.CaseRange{Range: r.Colon}
			if r.Lo != nil {
				cr.Lo = b.expr(r.Lo)
			}
			if r.Hi != nil {
				cr.Hi = b.expr(r.Hi)
			}
			cse.Ranges = append(cse.Ranges, cr)
		}
		cse.Body = b.stmts(br.Body)
		st.Cases = append(st.Cases, cse)
	}
	return st
}

// associate translates an ASSOCIATE construct of scalar selectors: a
// variable or an element is another name of its storage (an alias); an
// expression of a numeric type a temporary holding its value.
func (b *kirBuilder) associate(c *frontend.Construct, h *frontend.AssociateStmt) kernelir.Stmt {
	blk := &kernelir.Block{Pos: kirPos(c.Pos)}
	for _, a := range h.Assocs {
		var sym *frontend.Symbol
		if c.Scope != nil {
			sym = c.Scope.Local(a.Name)
		}
		if sym == nil {
			continue
		}
		x := a.Expr
		t, ok := kirType(sym.Type)
		if x == nil || x.Rank > 0 || !ok || t.Base == kernelir.Struct || HeapConstructorValue(x) {
			return b.unsupported(c.Pos, "an ASSOCIATE construct of the selector %s (an array or of a derived type)", a.Name)
		}
		designator := x.Kind == frontend.EName && b.vars[kirRoot(x)] != nil ||
			x.Kind == frontend.ERef && x.Ref == frontend.RefElement && x.X.Kind == frontend.EName
		if designator {
			v := &kernelir.Var{Name: a.Name, Type: t, Role: kernelir.RAlias}
			blk.Body = append(blk.Body, &kernelir.Temp{Pos: kirPos(c.Pos), Var: v, Init: b.designator(x)})
			b.vars[sym] = v
			continue
		}
		if t.Base == kernelir.Logical {
			// (The legacy writer holds it as a truth value, not as a
			// logical's storage: the same C++ once the CPU's nests are
			// printed from the IR.)
			return b.unsupported(c.Pos, "an ASSOCIATE construct of the logical value %s", a.Name)
		}
		v := &kernelir.Var{Name: a.Name, Type: t, Role: kernelir.RLocal}
		blk.Body = append(blk.Body, &kernelir.Temp{Pos: kirPos(c.Pos), Var: v, Init: b.convert(x, sym.Type), Const: true})
		b.vars[sym] = v
		b.consts[v] = true
	}
	for _, a := range h.Assocs {
		if b.stopsIn(a.Expr) {
			blk.Body = append(blk.Body, &kernelir.StopTest{Pos: kirPos(c.Pos)})
			break
		}
	}
	blk.Body = append(blk.Body, b.stmts(c.Body)...)
	return blk
}

// blockArray declares an array of a BLOCK construct, of an intrinsic type
// and a constant shape (nil: not one: a workspace slice, allocatable).
func (b *kirBuilder) blockArray(s *frontend.Symbol) kernelir.Stmt {
	if !FixedShape(s) || s.Allocatable || s.Pointer || s.Save || b.k.WorkspaceOf(s) != nil || len(s.Dims) != s.Rank {
		return nil
	}
	st := &kernelir.ArrayTemp{Pos: kirPos(s.Pos), Array: b.array(s, true)}
	for d := 0; d < s.Rank; d++ {
		lb, ok := ConstLowerBound(s, d)
		if !ok || s.Dims[d] < 0 {
			return nil
		}
		st.Lower = append(st.Lower, lb)
		st.Extent = append(st.Extent, int64(s.Dims[d]))
	}
	return st
}

// block translates a BLOCK construct whose variables are scalars of
// intrinsic types and arrays of a constant shape (temporaries of the
// block).
func (b *kirBuilder) block(c *frontend.Construct) kernelir.Stmt {
	blk := &kernelir.Block{Pos: kirPos(c.Pos)}
	if c.Scope != nil {
		for _, s := range c.Scope.Order {
			if s.Kind != frontend.SymVariable {
				continue
			}
			t, ok := kirType(s.Type)
			if s.Rank > 0 && ok && t.Base != kernelir.Struct {
				if st := b.blockArray(s); st != nil {
					blk.Body = append(blk.Body, st)
					continue
				}
			}
			if s.Rank > 0 || !ok || t.Base == kernelir.Struct && (IsHeapType(s.Type) || s.Save || s.Init != nil) {
				return b.unsupported(c.Pos, "a BLOCK construct with the variable %s (an array or of a derived type)", s.Name)
			}
			v := &kernelir.Var{Name: s.Name, Type: t, Role: kernelir.RLocal}
			b.vars[s] = v
			blk.Body = append(blk.Body, &kernelir.Temp{Pos: kirPos(s.Pos), Var: v})
		}
	}
	blk.Body = append(blk.Body, b.stmts(c.Body)...)
	return blk
}

// stop translates a STOP or ERROR STOP of the kernel's body: it records
// its site (stops.go) and integer code, and ends the iteration.
func (b *kirBuilder) stop(x *frontend.StopStmt) kernelir.Stmt {
	site := b.plan.Site(x)
	if site == nil || !b.k.CanStop {
		return b.unsupported(x.Pos, "a stop statement without a stop site")
	}
	st := &kernelir.Stop{Pos: kirPos(x.Pos), Site: site.ID, Error: x.Error,
		Note: fmt.Sprintf("site %d: %s at %s:%d", site.ID, site.Statement("..."), filepath.Base(x.Pos.File), x.Pos.Line)}
	if site.Code == StopIntCode {
		st.Code = b.convertTo(x.Code, kernelir.Int(8))
	}
	return st
}

// doLoop translates a counted DO (DO WHILE, DO without control and a
// nested do concurrent are not translated yet).
func (b *kirBuilder) doLoop(c *frontend.Construct, h *frontend.DoStmt) []kernelir.Stmt {
	switch {
	case h.Concurrent != nil:
		return []kernelir.Stmt{b.nest(c)}
	case h.While != nil || h.Var == "":
		w := &kernelir.While{Pos: kirPos(h.Pos)}
		if h.While != nil {
			w.Cond = b.expr(h.While)
		}
		stops := b.stopsIn(h.While)
		b.loops = append(b.loops, w)
		w.Body = b.stopTested(stops, h.Pos, b.stmts(c.Body))
		b.loops = b.loops[:len(b.loops)-1]
		return b.stopAfter(stops, h.Pos, w)
	case h.VarSym == nil:
		return []kernelir.Stmt{b.unsupported(h.Pos, "the DO variable %s", h.Var)}
	}
	s := frontend.UltimateSymbol(h.VarSym)
	v := b.vars[s]
	switch {
	case v == nil:
		return []kernelir.Stmt{b.unsupported(h.Pos, "the DO variable %s", h.Var)}
	case b.flags[s] != nil:
		// (Its write flag would be set in the loop's scope.)
		return []kernelir.Stmt{b.unsupported(h.Pos, "the DO variable %s kept after the loop", h.Var)}
	case v.Role != kernelir.RLocal:
		return []kernelir.Stmt{b.unsupported(h.Pos, "the DO variable %s, a %s", h.Var, v.Role)}
	}
	l := &kernelir.Loop{Pos: kirPos(h.Pos), Var: v, Lower: b.convertTo(h.Lo, kernelir.Int(8)), Upper: b.convertTo(h.Hi, kernelir.Int(8)),
		Unroll: UnrollTrips(b.k, c, h)}
	if h.Step != nil {
		l.Step = b.convertTo(h.Step, kernelir.Int(8))
	}
	// A call that stops in the limits: tested at the start of each trip
	// and after the loop.
	stops := b.stopsIn(h.Lo, h.Hi, h.Step)
	b.loops = append(b.loops, l)
	l.Body = b.stopTested(stops, h.Pos, b.stmts(c.Body))
	b.loops = b.loops[:len(b.loops)-1]
	return b.stopAfter(stops, h.Pos, l)
}

// stopTested is body, first tested for a stop when stops (a call of its
// construct's head can stop).
func (b *kirBuilder) stopTested(stops bool, pos frontend.Pos, body []kernelir.Stmt) []kernelir.Stmt {
	if !stops {
		return body
	}
	return append([]kernelir.Stmt{&kernelir.StopTest{Pos: kirPos(pos)}}, body...)
}

// stopAfter is st, followed by a stop test when stops.
func (b *kirBuilder) stopAfter(stops bool, pos frontend.Pos, st kernelir.Stmt) []kernelir.Stmt {
	if !stops {
		return []kernelir.Stmt{st}
	}
	return []kernelir.Stmt{st, &kernelir.StopTest{Pos: kirPos(pos)}}
}

// nest translates a nested do concurrent (with the loops combined with
// it: Kernel.InnerGroup), run in order inside the iteration; its locals
// are variables of its own while its body is translated.
func (b *kirBuilder) nest(c *frontend.Construct) kernelir.Stmt {
	group := []*frontend.Construct{c}
	if b.k.Inner[c] != nil {
		group = b.k.InnerGroup(c)
	}
	n := &kernelir.Nest{Pos: kirPos(c.Pos)}
	for _, lc := range group {
		// A call that stops in the limits or a mask (emit/nest.go).
		h := lc.Head.(*frontend.DoStmt)
		for _, ix := range h.Concurrent.Indices {
			n.Stops = n.Stops || b.stopsIn(ix.Lo, ix.Hi, ix.Step)
		}
		n.Stops = n.Stops || b.stopsIn(h.Concurrent.Mask)
	}
	saved := map[*frontend.Symbol]*kernelir.Var{}
	save := func(s *frontend.Symbol) {
		if _, ok := saved[s]; !ok {
			saved[s] = b.vars[s]
		}
	}
	defer func() {
		for s, v := range saved {
			if v == nil {
				delete(b.vars, s)
			} else {
				b.vars[s] = v
			}
		}
	}()
	for _, lc := range group {
		h := lc.Head.(*frontend.DoStmt)
		lv := &kernelir.Level{}
		for _, ix := range h.Concurrent.Indices {
			var sym *frontend.Symbol
			if lc.Scope != nil {
				sym = lc.Scope.Local(ix.Name)
			}
			if sym == nil {
				return b.unsupported(h.Pos, "the index %s of a nested loop", ix.Name)
			}
			d := &kernelir.Dim{Lower: b.convertTo(ix.Lo, kernelir.Int(8)), Upper: b.convertTo(ix.Hi, kernelir.Int(8))}
			if ix.Step != nil {
				d.Step = b.convertTo(ix.Step, kernelir.Int(8))
			}
			save(sym)
			d.Index = b.scalar(sym, kernelir.RIndex, 0)
			b.vars[sym] = d.Index
			lv.Dims = append(lv.Dims, d)
		}
		if m := h.Concurrent.Mask; m != nil {
			lv.Mask = b.expr(m)
		}
		if in := b.k.Inner[lc]; in != nil {
			for _, l := range in.Locals {
				s := l.Sym
				if s.Rank != 0 {
					return b.unsupported(h.Pos, "the local array %s of a nested loop", s.Name)
				}
				loc := &kernelir.Local{Var: b.scalar(s, kernelir.RLocal, 0)}
				if l.InitFrom {
					if loc.Init = b.vars[s]; loc.Init == nil {
						return b.unsupported(h.Pos, "local_init(%s) of a nested loop without the outer variable", s.Name)
					}
				}
				save(s)
				b.vars[s] = loc.Var
				lv.Locals = append(lv.Locals, loc)
			}
		}
		n.Levels = append(n.Levels, lv)
	}
	b.loops = append(b.loops, n)
	n.Body = b.stmts(group[len(group)-1].Body)
	b.loops = b.loops[:len(b.loops)-1]
	return n
}

func (b *kirBuilder) assign(x *frontend.AssignStmt) []kernelir.Stmt {
	pos := x.Pos
	switch {
	case x.LHS.Rank > 0 && x.Proc == nil && x.LHS.Type.Base != frontend.TyDerived:
		return b.stopAfter(b.stopsIn(x.LHS, x.RHS), pos, b.arrayAssign(x))
	case x.LHS.Rank > 0 || x.RHS.Rank > 0:
		return []kernelir.Stmt{b.unsupported(pos, "an array assignment")}
	case x.Proc != nil:
		return []kernelir.Stmt{b.unsupported(pos, "a defined assignment")}
	case x.LHS.Type.Base == frontend.TyDerived || x.RHS.Type.Base == frontend.TyDerived:
		return b.structAssign(x)
	}
	return b.assigned(x, b.designator(x.LHS), b.valueAs(x.RHS, x.LHS.Type))
}

// assigned is the assignment x of rhs to lhs, then the write flag of the
// scalar it writes and the stop test of its calls.
func (b *kirBuilder) assigned(x *frontend.AssignStmt, lhs, rhs kernelir.Expr) []kernelir.Stmt {
	pos := x.Pos
	out := []kernelir.Stmt{&kernelir.Assign{Pos: kirPos(pos), LHS: lhs, RHS: rhs}}
	if r := frontend.RootSymbol(x.LHS); r != nil {
		s := frontend.UltimateSymbol(r)
		if f := b.flags[s]; f != nil && b.vars[s] != nil && b.vars[s].Role == kernelir.RParam {
			// The iteration wrote a scalar written back after it (not a
			// nested loop's own copy of it).
			out = append(out, &kernelir.Assign{Pos: kirPos(pos), LHS: &kernelir.Ref{Var: f}, RHS: &kernelir.Lit{T: kernelir.Flag, Bool: true}})
		}
	}
	if b.stopsIn(x.LHS, x.RHS) {
		out = append(out, &kernelir.StopTest{Pos: kirPos(pos)})
	}
	return out
}

// designator is an assigned variable: a scalar or an array element.
func (b *kirBuilder) designator(e *frontend.Expr) kernelir.Expr {
	switch {
	case e.Kind == frontend.EName:
		if v := b.vars[kirRoot(e)]; v != nil {
			return &kernelir.Ref{Var: v}
		}
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X.Kind == frontend.EName:
		return b.element(e)
	case e.Kind == frontend.EComponent && e.Type.Base != frontend.TyDerived:
		x := b.component(e)
		if c, ok := x.(*kernelir.Component); ok {
			if r, ok := kernelir.ComponentRoot(c).(*kernelir.Ref); ok && (b.consts[r.Var] || r.Var.Role == kernelir.RParam && r.Var.Space == kernelir.ByValue) {
				return b.unsupported(e.Pos, "assignment to a component of the value %s", r.Var.Name)
			}
		}
		return x
	}
	return b.unsupported(e.Pos, "assignment to %s", e)
}

// valueAs is rhs converted as intrinsic assignment to a variable of type t
// converts it (a logical: its truth value, stored by the printer).
func (b *kirBuilder) valueAs(rhs *frontend.Expr, t frontend.Type) kernelir.Expr {
	return b.convert(rhs, t)
}

// convert is e converted to t (Fortran's intrinsic conversion; none for a
// logical, a truth value whatever its kind).
func (b *kirBuilder) convert(e *frontend.Expr, t frontend.Type) kernelir.Expr {
	if t.Base == frontend.TyLogical || t.Base == frontend.TyDerived {
		return b.expr(e)
	}
	it, ok := kirType(t)
	if !ok {
		return b.unsupported(e.Pos, "a value of type %s", t)
	}
	return b.convertTo(e, it)
}

// convertTo is e converted to the numeric type t: a Convert node unless e
// has that type.
func (b *kirBuilder) convertTo(e *frontend.Expr, t kernelir.Type) kernelir.Expr {
	x := b.expr(e)
	xt := x.Type()
	if xt == t {
		return x
	}
	if u, un := x.(*kernelir.Unsupported); un {
		u.T = t
		return u
	}
	if !xt.Numeric() || !t.Numeric() {
		return b.unsupported(e.Pos, "a %s value as %s", xt, t)
	}
	return &kernelir.Convert{To: t, X: x}
}

// element is an element of an array the kernel addresses: its subscripts
// as int64.
func (b *kirBuilder) element(e *frontend.Expr) kernelir.Expr {
	s := kirRoot(e.X)
	switch {
	case s == nil:
		return b.unsupported(e.Pos, "the element %s", e)
	case s.Kind == frontend.SymParameter:
		return b.unsupported(e.Pos, "an element of the named constant %s", s.Name)
	case b.plan.BoundsCheck:
		return b.unsupported(e.Pos, "a subscript checked against its bounds (-fcheck=bounds)")
	}
	a := b.arrays[s]
	if a == nil || len(e.Args) != a.Rank {
		return b.unsupported(e.Pos, "the element %s", e)
	}
	el := &kernelir.Element{Array: a}
	for _, x := range e.Args {
		if x == nil || x.Kind == frontend.ERange || x.Rank != 0 {
			return b.unsupported(e.Pos, "the section %s", e)
		}
		el.Subs = append(el.Subs, b.convertTo(x, kernelir.Int(8)))
	}
	return el
}

// literal is constant v of type t as an IR literal (ok false: a value
// the kernels write otherwise, Inf and NaN).
func kirLiteral(v *frontend.Value, t frontend.Type) (*kernelir.Lit, bool) {
	it, ok := kirType(t)
	if !ok {
		return nil, false
	}
	switch t.Base {
	case frontend.TyInteger:
		i, ok := v.AsInt()
		return &kernelir.Lit{T: it, Int: i}, ok
	case frontend.TyReal:
		f, ok := v.AsFloat()
		if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, false
		}
		if t.Kind == 4 {
			f = float64(float32(f))
		}
		return &kernelir.Lit{T: it, Real: f}, true
	case frontend.TyLogical:
		return &kernelir.Lit{T: it, Bool: v.Bool}, true
	case frontend.TyComplex:
		c := v.Cmplx
		if v.Type.Base != frontend.TyComplex {
			f, ok := v.AsFloat()
			if !ok {
				return nil, false
			}
			c = complex(f, 0)
		}
		re, im := real(c), imag(c)
		if math.IsInf(re, 0) || math.IsNaN(re) || math.IsInf(im, 0) || math.IsNaN(im) {
			return nil, false
		}
		if t.Kind == 4 {
			re, im = float64(float32(re)), float64(float32(im))
		}
		return &kernelir.Lit{T: it, Re: re, Im: im}, true
	}
	return nil, false
}

// expr translates a scalar expression (an Unsupported one has e's type
// where the IR has it).
func (b *kirBuilder) expr(e *frontend.Expr) kernelir.Expr {
	x := b.expr1(e)
	if u, ok := x.(*kernelir.Unsupported); ok && e != nil {
		if t, ok := kirType(e.Type); ok {
			u.T = t
		}
	}
	return x
}

func (b *kirBuilder) expr1(e *frontend.Expr) kernelir.Expr {
	if e == nil {
		return b.unsupported(frontend.Pos{}, "a missing expression")
	}
	if e.Const != nil && !e.Const.IsArray() && e.Type.Base != frontend.TyDerived {
		if l, ok := kirLiteral(e.Const, e.Type); ok {
			return l
		}
	}
	if e.Rank != 0 {
		switch {
		case b.reducing == 0 || NeedsTemp(e):
			return b.unsupported(e.Pos, "the array value %s", e)
		case e.Kind == frontend.EName || e.Kind == frontend.ERef && e.Ref == frontend.RefElement:
			return b.section(e)
		}
	}
	t, ok := kirType(e.Type)
	if !ok || t.Base == kernelir.Struct {
		return b.unsupported(e.Pos, "the value %s of type %s", e, e.Type)
	}
	switch e.Kind {
	case frontend.EParen:
		return &kernelir.Paren{X: b.expr(e.X)}
	case frontend.EName:
		if v := b.vars[kirRoot(e)]; v != nil {
			return &kernelir.Ref{Var: v}
		}
		return b.unsupported(e.Pos, "the variable %s", e.Name)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			if e.X.Kind != frontend.EName {
				return b.unsupported(e.Pos, "the designator %s", e)
			}
			return b.element(e)
		case frontend.RefIntrinsic:
			return b.intrinsic(e, t)
		case frontend.RefFunction:
			return b.funcCall(e, t)
		}
	case frontend.EComponent:
		return b.component(e)
	case frontend.EUnary:
		switch e.Op {
		case "-":
			return &kernelir.Unary{Op: "-", X: b.convert(e.X, e.Type), T: t}
		case "+":
			return b.convert(e.X, e.Type)
		case ".not.":
			return &kernelir.Unary{Op: "!", X: b.expr(e.X), T: t}
		}
	case frontend.EBinary:
		return b.binary(e, t)
	}
	return b.unsupported(e.Pos, "the expression %s", e)
}

var kirLogicalOps = map[string]string{".and.": "&&", ".or.": "||", ".eqv.": "eqv", ".neqv.": "neqv"}

func (b *kirBuilder) binary(e *frontend.Expr, t kernelir.Type) kernelir.Expr {
	switch e.Op {
	case "+", "-", "*", "/":
		return &kernelir.Binary{Op: e.Op, X: b.convert(e.X, e.Type), Y: b.convert(e.Y, e.Type), T: t}
	case "**":
		if e.Type.Base == frontend.TyInteger || e.Y.Type.Base == frontend.TyInteger {
			return &kernelir.Binary{Op: "**", X: b.convert(e.X, e.Type), Y: b.convertTo(e.Y, kernelir.Int(8)), T: t}
		}
		return &kernelir.Binary{Op: "**", X: b.convert(e.X, e.Type), Y: b.convert(e.Y, e.Type), T: t}
	case "==", "/=", "<", "<=", ">", ">=":
		op := e.Op
		if op == "/=" {
			op = "!="
		}
		if e.X.Type.Base == frontend.TyLogical {
			return &kernelir.Binary{Op: op, X: b.expr(e.X), Y: b.expr(e.Y), T: t}
		}
		ct, ok := kirType(kirCommonType(e.X.Type, e.Y.Type))
		if !ok {
			return b.unsupported(e.Pos, "the comparison %s", e)
		}
		return &kernelir.Binary{Op: op, X: b.convertTo(e.X, ct), Y: b.convertTo(e.Y, ct), T: t}
	}
	if op, ok := kirLogicalOps[e.Op]; ok {
		return &kernelir.Binary{Op: op, X: b.expr(e.X), Y: b.expr(e.Y), T: t}
	}
	return b.unsupported(e.Pos, "the operator %s", e.Op)
}

// kirCommonType is the type numeric operands are compared in: the real
// one, else the wider (emit/expr.go, commonType, in C types).
func kirCommonType(a, b frontend.Type) frontend.Type {
	rank := func(t frontend.Type) int {
		if t.Base == frontend.TyReal {
			return 100 + t.Kind
		}
		return t.Kind
	}
	if rank(a) >= rank(b) {
		return a
	}
	return b
}

// kirRoot is the variable a designator names (its ultimate symbol: the
// module variable of a use-associated name), as the parameters hold it.
func kirRoot(e *frontend.Expr) *frontend.Symbol {
	if s := rootOf(e); s != nil {
		return frontend.UltimateSymbol(s)
	}
	return nil
}

func isNest(s kernelir.Stmt) bool {
	_, ok := s.(*kernelir.Nest)
	return ok
}
