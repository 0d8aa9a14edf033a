package frontend

// This file implements Inspect, the one walk over the statements,
// constructs and expressions of a program unit (after go/ast.Inspect).
// Analyses that visit "every statement" or "every expression" use it
// instead of their own recursion, so that they all agree on what is
// visited and in which order.

// Node is what Inspect visits: a statement (Stmt, *Construct included), an
// expression (*Expr) or a program unit (*Procedure).
type Node interface {
	node()
}

func (*StmtBase) node()  {}
func (*Expr) node()      {}
func (*Procedure) node() {}

// Inspect traverses the tree rooted at n in source order: it calls f(n);
// if f returns true, Inspect visits each non-nil child of n in turn, then
// calls f(nil) (as go/ast.Inspect does; a callback that keeps a stack pops
// it there). Returning false skips the children and the f(nil).
//
// The children of each node, in the order visited:
//
//	*Procedure        Head, Spec..., Body..., Contains... (each a *Procedure), End
//	*Construct        Head, Spec... (BLOCK), Body..., for each Branch: its Head
//	                  then its Body..., End (unless End is the last statement
//	                  of Body: the labelled terminal statement of a DO that
//	                  is executed in each iteration is visited once)
//	*IfStmt           Cond, Action
//	*WhereStmt        Mask, Action (statement form)
//	*ForallStmt       each index's Lo, Hi, Step; the Mask; Action (statement form)
//	*DoStmt           Lo, Hi, Step, While; for do concurrent each index's
//	                  Lo, Hi, Step, then the Mask (locality specs are names)
//	*AssignStmt       LHS, RHS
//	*PtrAssignStmt    LHS, RHS
//	*CallStmt         Callee: the designator, whose ERef Args are the
//	                  actual arguments (CallStmt.Args is the same slice)
//	*IfThenStmt       Cond
//	*ElseIfStmt       Cond
//	*ElsewhereStmt    Mask
//	*ArithIfStmt      Expr
//	*SelectCaseStmt   Expr
//	*CaseStmt         each range's Lo, Hi
//	*SelectTypeStmt   Expr
//	*SelectRankStmt   Expr
//	*RankCaseStmt     Rank
//	*AssociateStmt    each association's selector Expr
//	*ReturnStmt       Expr (alternate return)
//	*StopStmt         Code, Quiet
//	*AllocateStmt     Items, then Opts (stat=, errmsg=, source=, mold=, as EKeyword)
//	*DeallocateStmt   Items, then Opts
//	*NullifyStmt      Items
//	*IOStmt           Control (the specifiers, keyword or positional, and
//	                  the format), then Items (the I/O list)
//	*GotoStmt         Computed
//	*Expr             X, Y, Args..., Range[0..2]: the base and subscripts
//	                  of an ERef (function arguments included), the base of
//	                  an EComponent, the operands of EBinary/EUnary/EParen/
//	                  EComplex, the values of EArray, the items then the
//	                  bounds of EImpliedDo, the bounds of ERange, the value
//	                  of EKeyword
//
// Every other node is a leaf: specification statements (declarations and
// their initialisers, attribute, USE, IMPLICIT, COMMON, EQUIVALENCE, DATA,
// NAMELIST, PARAMETER), the definitions in a specification part (*TypeDef,
// *InterfaceBlock, *EnumDef), FORMAT, ENTRY, directives, opaque statements,
// and the statements without expressions (ELSE, CASE DEFAULT, type guards,
// CYCLE, EXIT, CONTINUE, BLOCK, CRITICAL, END). Type-specs (kind and length
// selectors, in an array constructor or ALLOCATE too) and the do variable
// of a DO (a name, see DoStmt.VarSym) are not visited.
func Inspect(n Node, f func(Node) bool) {
	switch x := n.(type) {
	case nil:
		return
	case *Procedure:
		if x == nil {
			return
		}
	case *Expr:
		if x == nil {
			return
		}
	}
	if !f(n) {
		return
	}
	expr := func(e *Expr) {
		if e != nil {
			Inspect(e, f)
		}
	}
	exprs := func(es []*Expr) {
		for _, e := range es {
			expr(e)
		}
	}
	header := func(h *ConcurrentHeader) {
		if h == nil {
			return
		}
		for _, ix := range h.Indices {
			expr(ix.Lo)
			expr(ix.Hi)
			expr(ix.Step)
		}
		expr(h.Mask)
	}
	switch x := n.(type) {
	case *Procedure:
		if x.Head != nil {
			Inspect(x.Head, f)
		}
		InspectStmts(x.Spec, f)
		InspectStmts(x.Body, f)
		for _, c := range x.Contains {
			Inspect(c, f)
		}
		if x.End != nil {
			Inspect(x.End, f)
		}
	case *Construct:
		Inspect(x.Head, f)
		InspectStmts(x.Spec, f)
		InspectStmts(x.Body, f)
		for _, b := range x.Branches {
			Inspect(b.Head, f)
			InspectStmts(b.Body, f)
		}
		if n := len(x.Body); n == 0 || x.Body[n-1] != x.End {
			Inspect(x.End, f)
		}
	case *IfStmt:
		expr(x.Cond)
		Inspect(x.Action, f)
	case *WhereStmt:
		expr(x.Mask)
		Inspect(x.Action, f)
	case *ForallStmt:
		header(x.Header)
		Inspect(x.Action, f)
	case *DoStmt:
		expr(x.Lo)
		expr(x.Hi)
		expr(x.Step)
		expr(x.While)
		header(x.Concurrent)
	case *AssignStmt:
		expr(x.LHS)
		expr(x.RHS)
	case *PtrAssignStmt:
		expr(x.LHS)
		expr(x.RHS)
	case *CallStmt:
		expr(x.Callee)
	case *IfThenStmt:
		expr(x.Cond)
	case *ElseIfStmt:
		expr(x.Cond)
	case *ElsewhereStmt:
		expr(x.Mask)
	case *ArithIfStmt:
		expr(x.Expr)
	case *SelectCaseStmt:
		expr(x.Expr)
	case *CaseStmt:
		for _, r := range x.Items {
			expr(r.Lo)
			expr(r.Hi)
		}
	case *SelectTypeStmt:
		expr(x.Expr)
	case *SelectRankStmt:
		expr(x.Expr)
	case *RankCaseStmt:
		expr(x.Rank)
	case *AssociateStmt:
		for _, a := range x.Assocs {
			expr(a.Expr)
		}
	case *ReturnStmt:
		expr(x.Expr)
	case *StopStmt:
		expr(x.Code)
		expr(x.Quiet)
	case *AllocateStmt:
		exprs(x.Items)
		exprs(x.Opts)
	case *DeallocateStmt:
		exprs(x.Items)
		exprs(x.Opts)
	case *NullifyStmt:
		exprs(x.Items)
	case *IOStmt:
		exprs(x.Control)
		exprs(x.Items)
	case *GotoStmt:
		expr(x.Computed)
	case *Expr:
		expr(x.X)
		expr(x.Y)
		exprs(x.Args)
		for _, r := range x.Range {
			expr(r)
		}
	}
	f(nil)
}

// InspectStmts calls Inspect for each statement of ss in order.
func InspectStmts(ss []Stmt, f func(Node) bool) {
	for _, s := range ss {
		Inspect(s, f)
	}
}

// BodyExprs calls fn with the expressions of statements that a loop
// body's per-statement analyses count: both sides of assignments, IF
// conditions and their actions' expressions, CALL arguments, at any depth
// of the constructs' bodies (not the constructs' heads).
func BodyExprs(ss []Stmt, fn func(*Expr)) {
	for _, s := range ss {
		switch x := s.(type) {
		case *AssignStmt:
			fn(x.LHS)
			fn(x.RHS)
		case *IfStmt:
			fn(x.Cond)
			if x.Action != nil {
				BodyExprs([]Stmt{x.Action}, fn)
			}
		case *CallStmt:
			for _, a := range x.Args {
				fn(a)
			}
		case *Construct:
			BodyExprs(x.Body, fn)
			for _, b := range x.Branches {
				BodyExprs(b.Body, fn)
			}
		}
	}
}
