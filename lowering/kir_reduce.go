package lowering

// This file translates the array reductions of a kernel body (sum,
// product, maxval, minval, count, any, all, norm2, dot_product of whole
// arrays and sections, elementwise expressions of them) into the IR
// (kernelir.Reduce): the operands with their sections read at the
// reduction's position, the shape from the first array operand (emit's
// arrayShape). With DIM or MASK, of a named constant, a component, a
// value computed into an array first (NeedsTemp) or under -fcheck=bounds,
// a reduction is still Unsupported.

import (
	"fgpu/frontend"
	"fgpu/kernelir"
)

// reduce translates the reduction e (name, its actuals a) of type t.
func (b *kirBuilder) reduce(e *frontend.Expr, name string, a []*frontend.Expr, t kernelir.Type) kernelir.Expr {
	n := kernelir.ReduceNames[name]
	for i, d := range e.Intr.Args {
		if i >= n && i < len(a) && a[i] != nil && d.Name != "kind" {
			return b.unsupported(e.Pos, "%s with %s", name, d.Name)
		}
	}
	for i := 0; i < n; i++ {
		if i >= len(a) || a[i] == nil || a[i].Rank == 0 {
			return b.unsupported(e.Pos, "%s of a scalar or of nothing", name)
		}
		temp := false
		frontend.Inspect(a[i], func(nd frontend.Node) bool {
			if x, ok := nd.(*frontend.Expr); ok && NeedsTemp(x) {
				temp = true
			}
			return !temp
		})
		if temp {
			return b.unsupported(e.Pos, "%s of an array value computed first", name)
		}
	}
	if name == "dot_product" && t.Truth() {
		return b.unsupported(e.Pos, "dot_product of logical vectors")
	}
	shape := reduceShape(a[0])
	if shape == nil {
		return b.unsupported(e.Pos, "%s of an array expression without a designator", name)
	}
	b.reducing++
	defer func() { b.reducing-- }()
	sx := b.section(shape)
	sh, ok := sx.(*kernelir.Section)
	if !ok {
		return sx
	}
	r := &kernelir.Reduce{Pos: kirPos(e.Pos), Name: name, Shape: sh, T: t}
	for i := 0; i < n; i++ {
		switch name {
		case "sum", "product", "norm2", "dot_product":
			r.Args = append(r.Args, b.convert(a[i], e.Type))
		default:
			r.Args = append(r.Args, b.expr(a[i]))
		}
	}
	// Every section of the operands conforms with the shape (a section of
	// another rank would be read at the wrong counters).
	rank := sh.Ranges()
	var bad kernelir.Expr
	for _, x := range r.Args {
		kernelir.WalkExpr(x, func(y kernelir.Expr) {
			if s, ok := y.(*kernelir.Section); ok && s.Ranges() != rank && bad == nil {
				bad = b.unsupported(e.Pos, "%s of sections of different ranks", name)
			}
		})
	}
	if bad != nil {
		return bad
	}
	return r
}

// reduceShape is the designator whose shape an array expression has (the
// legacy writer's arrayShape): a designator itself, else the first array
// operand.
func reduceShape(e *frontend.Expr) *frontend.Expr {
	if e == nil || e.Rank == 0 {
		return nil
	}
	switch e.Kind {
	case frontend.EName:
		return e
	case frontend.EParen, frontend.EUnary, frontend.EKeyword:
		return reduceShape(e.X)
	case frontend.EBinary:
		if e.X.Rank > 0 {
			return reduceShape(e.X)
		}
		return reduceShape(e.Y)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefElement:
			return e
		case frontend.RefIntrinsic:
			if NeedsTemp(e) {
				return nil
			}
			for _, x := range e.Args {
				if x.Kind == frontend.EKeyword {
					x = x.X
				}
				if x.Rank > 0 {
					return reduceShape(x)
				}
			}
		}
	}
	return nil
}

// section translates a whole array or a section inside a reduction.
func (b *kirBuilder) section(e *frontend.Expr) kernelir.Expr {
	var s *frontend.Symbol
	switch {
	case e.Kind == frontend.EName:
		s = kirRoot(e)
	case e.Kind == frontend.ERef && e.Ref == frontend.RefElement && e.X != nil && e.X.Kind == frontend.EName:
		s = kirRoot(e.X)
	default:
		return b.unsupported(e.Pos, "the array designator %s", e)
	}
	switch {
	case s == nil:
		return b.unsupported(e.Pos, "the array designator %s", e)
	case s.Kind == frontend.SymParameter:
		return b.unsupported(e.Pos, "a section of the named constant %s", s.Name)
	case b.plan.BoundsCheck:
		return b.unsupported(e.Pos, "a section checked against its bounds (-fcheck=bounds)")
	}
	a := b.arrays[s]
	if a == nil {
		return b.unsupported(e.Pos, "the array designator %s", e)
	}
	sec := &kernelir.Section{Array: a}
	if e.Kind == frontend.EName {
		return sec
	}
	if len(e.Args) != a.Rank {
		return b.unsupported(e.Pos, "the section %s", e)
	}
	opt := func(x *frontend.Expr) kernelir.Expr {
		if x == nil {
			return nil
		}
		return b.convertTo(x, kernelir.Int(8))
	}
	for _, x := range e.Args {
		switch {
		case x == nil:
			return b.unsupported(e.Pos, "the section %s", e)
		case x.Kind == frontend.ERange:
			sec.Dims = append(sec.Dims, kernelir.SectionDim{Lo: opt(x.Range[0]), Hi: opt(x.Range[1]), Step: opt(x.Range[2])})
		case x.Rank != 0:
			return b.unsupported(e.Pos, "the section %s with a vector subscript", e)
		default:
			sec.Dims = append(sec.Dims, kernelir.SectionDim{Fixed: b.convertTo(x, kernelir.Int(8))})
		}
	}
	return sec
}

// arrayAssign translates an array assignment to a section (or a whole
// array) of an array of the kernel whose right side is elementwise and
// does not read the assigned array through another designator.
func (b *kirBuilder) arrayAssign(x *frontend.AssignStmt) kernelir.Stmt {
	pos := x.Pos
	if s := kirRoot(x.LHS); s == nil || s.Allocatable || s.Pointer {
		return b.unsupported(pos, "an array assignment to an allocatable or a pointer")
	}
	if AssignOverlaps(x) {
		return b.unsupported(pos, "an array assignment whose right side reads the assigned array")
	}
	temp := false
	frontend.Inspect(x.RHS, func(nd frontend.Node) bool {
		if e, ok := nd.(*frontend.Expr); ok && NeedsTemp(e) {
			temp = true
		}
		return !temp
	})
	if temp || x.RHS.Rank != 0 && x.RHS.Rank != x.LHS.Rank {
		return b.unsupported(pos, "an array assignment of an array value computed first")
	}
	b.reducing++
	defer func() { b.reducing-- }()
	lx := b.section(x.LHS)
	lhs, ok := lx.(*kernelir.Section)
	if !ok {
		return lx.(*kernelir.Unsupported)
	}
	rhs := b.valueAs(x.RHS, x.LHS.Type)
	rank := lhs.Ranges()
	var bad kernelir.Stmt
	kernelir.WalkExpr(rhs, func(y kernelir.Expr) {
		if s, ok := y.(*kernelir.Section); ok && s.Ranges() != rank && bad == nil {
			bad = b.unsupported(pos, "an array assignment of sections of different ranks")
		}
	})
	if bad != nil {
		return bad
	}
	return &kernelir.ArrayAssign{Pos: kirPos(pos), LHS: lhs, RHS: rhs}
}
