package facts

// This file extracts the facts about whole-array assignments between
// launches (design doc, "Whole-array assignments between launches"): the
// sequential host loops (do, do while) of each procedure and the parallel
// loops in them, and for every assignment of a whole array that stands in
// a statement list of a procedure body (not in a parallel loop, not the
// action of a logical IF, WHERE or FORALL) what the rules need to decide
// whether it can become a parallel loop (rules/arraystmt.mg) or is a dead
// store (rules/deadstore.mg). Facts are only about the statement; the rules
// decide.

import (
	"fgpu/frontend"

	"github.com/google/mangle/ast"
)

// arrayStmts walks every unit again, after the main traversal (every
// statement already has its site).
func (x *extractor) arrayStmts() {
	for _, f := range x.prog.Files {
		for _, u := range f.Units {
			x.arrayStmtsUnit(u)
		}
	}
}

func (x *extractor) arrayStmtsUnit(u *frontend.Procedure) {
	if u.Kind != frontend.UnitModule && u.Kind != frontend.UnitSubmodule && u.Kind != frontend.UnitBlockData && !u.Interface {
		p := x.site(u, u.Pos)
		w := &asWalker{x: x, proc: p}
		w.list(u.Body)
	}
	for _, q := range u.Contains {
		x.arrayStmtsUnit(q)
	}
}

type asWalker struct {
	x     *extractor
	proc  ast.Constant
	hosts []ast.Constant // enclosing sequential host loops, innermost last
}

// stmtSite is the site of a statement of a list (a construct by its head).
func (w *asWalker) stmtSite(s frontend.Stmt) ast.Constant {
	if k, ok := s.(*frontend.Construct); ok {
		return w.x.site(k.Head, frontend.StmtPos(k.Head))
	}
	return w.x.site(s, frontend.StmtPos(s))
}

func (w *asWalker) list(ss []frontend.Stmt) {
	for i, s := range ss {
		switch k := s.(type) {
		case *frontend.AssignStmt:
			if w.assign(k) && i+1 < len(ss) {
				w.x.add("next_stmt", w.stmtSite(k), w.stmtSite(ss[i+1]))
			}
		case *frontend.Construct:
			w.construct(k)
		}
	}
}

func (w *asWalker) construct(k *frontend.Construct) {
	if d, ok := k.Head.(*frontend.DoStmt); ok {
		if d.Concurrent != nil {
			// A parallel loop: its body is not host code.
			l := w.x.site(k.Head, d.Pos)
			for _, h := range w.hosts {
				w.x.add("host_loop_contains", h, l)
			}
			return
		}
		h := w.x.site(k.Head, d.Pos)
		w.x.add("host_loop", h, w.proc)
		w.hosts = append(w.hosts, h)
		w.list(k.Body)
		w.hosts = w.hosts[:len(w.hosts)-1]
		return
	}
	switch k.Head.(type) {
	case *frontend.WhereStmt, *frontend.ForallStmt:
		return // masked or indexed assignments: not whole-array statements
	}
	w.list(k.Body)
	for _, br := range k.Branches {
		w.list(br.Body)
	}
}

// WholeArrayTarget returns the root variable of an assignment's left side
// when it is a whole array (a variable, an associate name, or a component
// chain without subscripts), and whether it goes through a component.
func WholeArrayTarget(lhs *frontend.Expr) (root *frontend.Symbol, component bool) {
	if lhs == nil || lhs.Rank <= 0 {
		return nil, false
	}
	e := lhs
	for e.Kind == frontend.EComponent {
		component = true
		e = e.X
		if e == nil || e.Rank != 0 {
			return nil, false
		}
	}
	if e.Kind != frontend.EName || e.Sym == nil || e.Sym.Kind != frontend.SymVariable {
		return nil, false
	}
	return e.Sym, component
}

// assign records the facts of one assignment; it reports whether it is a
// whole-array assignment.
func (w *asWalker) assign(a *frontend.AssignStmt) bool {
	if a.StmtFunc {
		return false
	}
	root, comp := WholeArrayTarget(a.LHS)
	if root == nil {
		return false
	}
	x := w.x
	s := w.stmtSite(a)
	x.add("array_stmt", s, x.varSite(root), ast.String(a.LHS.String()))
	for _, h := range w.hosts {
		x.add("in_host_loop", s, h)
	}
	attr := func(n string) { x.add("array_stmt_attr", s, name("/"+n)) }
	target := targetSym(a.LHS)
	switch {
	case comp:
		attr("component")
		if target.Allocatable {
			attr("allocatable")
		}
		if target.Pointer {
			attr("pointer")
		}
	case root.Scope != nil && root.Scope.Kind == frontend.ScopeAssociate:
		attr("associate")
	default:
		if root.Allocatable {
			attr("allocatable")
		}
		if root.Pointer {
			attr("pointer")
		}
	}
	if a.Proc != nil {
		attr("defined_assignment")
	}
	if a.Label != "" {
		attr("labelled")
	}
	if a.SharedLine {
		attr("shared_line")
	}
	switch a.LHS.Type.Base {
	case frontend.TyInteger, frontend.TyReal, frontend.TyComplex, frontend.TyLogical:
	default:
		attr("not_intrinsic_type")
	}
	x.add("array_stmt_type", s, x.typeName(a.LHS.Type))
	v := &valueScan{x: x, s: s, target: root, comp: comp, rank: a.LHS.Rank, attr: attr}
	v.scan(a.RHS)
	if a.RHS.Rank > 0 {
		attr("array_value")
	}
	return true
}

// targetSym is the symbol of the last part of a designator (the
// component for a%b).
func targetSym(e *frontend.Expr) *frontend.Symbol {
	if e.Kind == frontend.EComponent && e.Sym != nil {
		return e.Sym
	}
	if e.Kind == frontend.EComponent && e.X != nil && e.X.Type.Derived != nil {
		if c := e.X.Type.Derived.Component(e.Name); c != nil {
			return c
		}
	}
	if e.Sym != nil {
		return e.Sym
	}
	return &frontend.Symbol{}
}

// valueScan walks the value of a whole-array assignment: whether it is
// computed element by element (design doc: scalars, arrays of the
// target's rank, intrinsic operators, casts and elemental intrinsics of
// them, sum or product with a constant dim of an array of one more
// dimension), what it reads, and which types it evaluates.
type valueScan struct {
	x      *extractor
	s      ast.Constant
	target *frontend.Symbol
	comp   bool
	rank   int
	attr   func(string)
}

func (v *valueScan) read(sym *frontend.Symbol) {
	if sym != nil && sym.Kind == frontend.SymVariable {
		v.x.add("array_stmt_reads", v.s, v.x.varSite(sym))
		if sym.Pointer && sym.Rank != 0 {
			v.attr("reads_pointer") // it may point into the target
		}
	}
}

func (v *valueScan) typ(e *frontend.Expr) {
	if e.Type.Known() && e.Type.Base != frontend.TyBOZ {
		v.x.add("array_stmt_type", v.s, v.x.typeName(e.Type))
	}
}

// scalar walks a scalar part of the value (evaluated by every iteration).
func (v *valueScan) scan(e *frontend.Expr) {
	if e == nil {
		return
	}
	if e.Const != nil && e.Kind != frontend.EName {
		if e.Const.IsArray() {
			v.attr("not_elementwise")
		}
		v.typ(e)
		return
	}
	v.typ(e)
	switch e.Kind {
	case frontend.ELit:
	case frontend.EName:
		if e.Sym == nil || (e.Sym.Kind != frontend.SymVariable && e.Sym.Kind != frontend.SymParameter) {
			v.attr("not_elementwise")
			return
		}
		if e.Sym.Kind == frontend.SymParameter && e.Rank != 0 {
			v.attr("not_elementwise")
			return
		}
		v.read(e.Sym)
		if e.Sym == v.target {
			v.attr("reads_target")
			if e.Rank != v.rank || v.comp {
				v.attr("reads_target_other")
			}
		}
		if e.Rank != 0 && e.Rank != v.rank {
			v.attr("not_elementwise")
		}
	case frontend.EParen:
		v.scan(e.X)
	case frontend.EBinary, frontend.EUnary:
		if e.Proc != nil {
			v.attr("has_call")
			v.attr("not_elementwise")
			return
		}
		v.scan(e.X)
		v.scan(e.Y)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefIntrinsic:
			v.intrinsic(e)
		case frontend.RefFunction:
			v.attr("has_call")
			v.attr("scalar_call")
			v.attr("not_elementwise")
			for _, a := range e.Args {
				v.scan(a)
			}
		case frontend.RefElement, frontend.RefSubstring:
			// An element (or section) of an array: a scalar element is
			// evaluated by every iteration; a section is not read element
			// for element.
			v.designator(e)
			if e.Rank != 0 {
				v.attr("not_elementwise")
			}
		default:
			v.attr("not_elementwise")
		}
	case frontend.EComponent:
		v.designator(e)
		if e.Rank != 0 {
			v.attr("not_elementwise")
		}
	case frontend.EKeyword:
		v.scan(e.X)
	default:
		v.attr("not_elementwise")
	}
}

// designator records the root and subscripts of an element or component
// reference.
func (v *valueScan) designator(e *frontend.Expr) {
	for d := e; d != nil; d = d.X {
		switch d.Kind {
		case frontend.ERef:
			for _, a := range d.Args {
				if a.Kind == frontend.ERange {
					for _, r := range a.Range {
						v.scan(r)
					}
					continue
				}
				v.scan(a)
			}
			continue
		case frontend.EComponent:
			continue
		case frontend.EName:
			v.read(d.Sym)
			if d.Sym == v.target {
				v.attr("reads_target")
				v.attr("reads_target_other")
			}
		}
		break
	}
}

// ReductionDim returns, for sum(a, dim=k) or product(a, k) with a constant
// k and no mask, the array argument and k.
func ReductionDim(e *frontend.Expr) (arr *frontend.Expr, dim int, ok bool) {
	if e.Kind != frontend.ERef || e.Ref != frontend.RefIntrinsic || e.Intr == nil {
		return nil, 0, false
	}
	if e.Intr.Name != "sum" && e.Intr.Name != "product" {
		return nil, 0, false
	}
	var d *frontend.Expr
	for i, a := range e.Args {
		switch {
		case a.Kind == frontend.EKeyword && a.Name == "array":
			arr = a.X
		case a.Kind == frontend.EKeyword && a.Name == "dim":
			d = a.X
		case a.Kind == frontend.EKeyword:
			return nil, 0, false // mask
		case i == 0:
			arr = a
		case i == 1:
			d = a
		default:
			return nil, 0, false
		}
	}
	if arr == nil || d == nil || d.Const == nil {
		return nil, 0, false
	}
	if d.Type.Base != frontend.TyInteger {
		return nil, 0, false // sum(a, mask) written positionally
	}
	n, _ := d.Const.AsInt()
	if n < 1 || int(n) > arr.Rank {
		return nil, 0, false
	}
	return arr, int(n), true
}

func (v *valueScan) intrinsic(e *frontend.Expr) {
	if e.Intr == nil {
		v.attr("not_elementwise")
		return
	}
	if arr, _, ok := ReductionDim(e); ok && e.Rank == v.rank {
		// sum/product over one dimension of a whole array of one more
		// dimension.
		if arr.Kind != frontend.EName || arr.Rank != v.rank+1 {
			v.attr("not_elementwise")
			v.scan(arr)
			return
		}
		v.typ(arr)
		v.read(arr.Sym)
		if arr.Sym == v.target {
			v.attr("reads_target")
			v.attr("reads_target_other")
		}
		return
	}
	if e.Intr.Class != frontend.IntrElemental {
		// Transformational or inquiry functions: not element by element.
		v.attr("not_elementwise")
	}
	for _, a := range e.Args {
		v.scan(a)
	}
}
