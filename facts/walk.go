package facts

// This file is the one walker of the accesses of statements and
// expressions: which expressions a statement evaluates, which variables
// it reads, defines, allocates, frees or (re)associates, what it calls,
// and what an input/output statement's specifiers and items do. Both the
// loop facts (extract.go: access, calls, uses_type, ...) and the host
// statements of the sync analysis (cfg.go: hacc, hcall, hassoc, ...) are
// recorded from its callbacks, so the two cannot disagree on what a
// statement accesses (issue 12: their I/O specifier lists had drifted
// apart).
//
// The walker does not recurse into the statements a statement holds (the
// action of a logical IF, WHERE or FORALL statement, a construct's body):
// where those go (a site of their own, or the same host node) is the
// caller's business. Nor does it bind actual arguments to dummies: a call
// is reported whole (accessCall) and each visitor binds the arguments in
// its own terms with the walker's Expr, Designator and Subscripts.

import (
	"strings"

	"fgpu/frontend"
)

// Mode is how a statement accesses a variable.
type Mode int

const (
	// Read: the value is read.
	Read Mode = iota
	// Write: the value is defined (assigned, input, a stat= or iostat=
	// variable, ...).
	Write
	// Inquiry: only its shape, allocation status, type or address is
	// asked for (the first argument of an inquiry intrinsic or C_LOC, the
	// selector of a SELECT TYPE, SELECT RANK or ASSOCIATE).
	Inquiry
	// Target: the target of a pointer assignment (associated, not read).
	Target
	// Assoc: a pointer (re)associated (the left side of =>, NULLIFY).
	Assoc
	// Alloc: allocated without a value.
	Alloc
	// AllocSource: allocated with SOURCE= (allocated and defined).
	AllocSource
	// Free: a variable named in DEALLOCATE.
	Free
)

// defines reports whether the mode may change the variable's storage or
// value (everything but Read, Inquiry and Target).
func (m Mode) defines() bool { return m != Read && m != Inquiry && m != Target }

// callKind is the form of a procedure reference.
type callKind int

const (
	callStmt       callKind = iota // CALL statement
	callFunction                   // function reference
	callOperator                   // defined operation (Args: the operands)
	callAssignment                 // defined assignment (Args: left, right)
)

// accessCall is a procedure reference: a CALL statement, a function
// reference, a defined operation or a defined assignment.
type accessCall struct {
	Kind   callKind
	Expr   *frontend.Expr // the function reference or operation (nil for statements)
	Proc   *frontend.Procedure
	Intr   *frontend.Intrinsic
	Callee *frontend.Expr
	Args   []*frontend.Expr
}

// visitor receives the walker's callbacks, one per access, in source
// evaluation order.
type visitor interface {
	// constant: e is a compile-time constant (not a literal); nothing
	// below it is walked.
	constant(e *frontend.Expr)
	// value: e (not a constant) is evaluated, its type used.
	value(e *frontend.Expr)
	// access: variable sym is accessed with mode m through designator e
	// (nil for a member of a namelist group). sym may be any symbol: the
	// visitor keeps variables only.
	access(e *frontend.Expr, sym *frontend.Symbol, m Mode)
	// procRef: a procedure name used as a value (an actual argument).
	procRef(e *frontend.Expr)
	// procTarget: a procedure the target of a procedure pointer
	// assignment.
	procTarget(e *frontend.Expr)
	// call: a procedure reference; the visitor walks its arguments.
	call(c *accessCall)
	// intrinsic: a reference to an intrinsic function, before its
	// arguments are walked.
	intrinsic(e *frontend.Expr)
	// addressOf: C_LOC takes the address of sym (after its Inquiry access).
	addressOf(sym *frontend.Symbol)
	// associated: an associate name of an ASSOCIATE construct, after its
	// selector was walked.
	associated(k *frontend.Construct, a *frontend.Association)
	// io: an input/output statement, before its specifiers and items;
	// internal when its unit is a character variable (an internal file).
	io(k *frontend.IOStmt, internal bool)
	// ioJump: an ERR=, END= or EOR= specifier (the statement may jump).
	ioJump()
}

// walker walks statements and expressions for a visitor; scope is the
// scope of the procedure the statements are in (it resolves namelist
// group names, which the front end leaves without a symbol).
type walker struct {
	v     visitor
	scope *frontend.Scope
}

// Expr walks an evaluated expression. Nothing below a compile-time
// constant is walked.
func (w walker) Expr(e *frontend.Expr) {
	if e == nil {
		return
	}
	if e.Const != nil {
		if e.Kind != frontend.ELit && e.Kind != frontend.EUnary {
			w.v.constant(e)
		}
		return
	}
	switch e.Kind {
	case frontend.EName:
		if e.Ref == frontend.RefProcedure {
			w.v.procRef(e)
			return
		}
		w.v.value(e)
		w.v.access(e, e.Sym, Read)
	case frontend.EComponent:
		// A component reference is judged by the component's type only.
		w.Designator(e, Read)
	case frontend.ERef:
		switch e.Ref {
		case frontend.RefFunction:
			w.v.value(e)
			w.v.call(&accessCall{Kind: callFunction, Expr: e, Proc: e.Proc, Callee: e, Args: e.Args})
			if e.X != nil && e.X.Kind == frontend.EComponent {
				// obj%f(...): the object is passed.
				w.Expr(e.X.X)
			}
		case frontend.RefIntrinsic:
			w.v.value(e)
			w.intrinsic(e)
		case frontend.RefStructure:
			w.v.value(e)
			for _, a := range e.Args {
				w.Expr(a)
			}
		default:
			w.Designator(e, Read)
		}
	case frontend.EBinary, frontend.EUnary:
		w.v.value(e)
		if e.Proc != nil {
			w.v.call(&accessCall{Kind: callOperator, Expr: e, Proc: e.Proc, Callee: e, Args: []*frontend.Expr{e.X, e.Y}})
			return
		}
		w.Expr(e.X)
		w.Expr(e.Y)
	case frontend.EParen, frontend.EKeyword:
		w.Expr(e.X)
	case frontend.EComplex:
		w.v.value(e)
		w.Expr(e.X)
		w.Expr(e.Y)
	case frontend.EArray:
		w.v.value(e)
		for _, a := range e.Args {
			w.Expr(a)
		}
	case frontend.EImpliedDo, frontend.ERange:
		for _, r := range e.Range {
			w.Expr(r)
		}
		for _, a := range e.Args {
			w.Expr(a)
		}
	}
}

// inquiryNames are intrinsics whose first argument is inquired about (its
// shape, allocation, association, presence, kind or type), not read.
var inquiryNames = map[string]bool{
	"size": true, "lbound": true, "ubound": true, "shape": true, "allocated": true, "associated": true,
	"present": true, "kind": true, "rank": true, "len": true, "storage_size": true, "is_contiguous": true,
	"digits": true, "epsilon": true, "huge": true, "tiny": true, "precision": true, "range": true, "radix": true,
	"maxexponent": true, "minexponent": true, "bit_size": true, "new_line": true, "same_type_as": true, "extends_type_of": true,
}

// intrinsic walks the arguments of an intrinsic function reference: the
// first of an inquiry function or C_LOC is inquired about when it is a
// variable, the others are read.
func (w walker) intrinsic(e *frontend.Expr) {
	w.v.intrinsic(e)
	n := ""
	if e.Intr != nil {
		n = e.Intr.Name
	}
	for i, a := range e.Args {
		v := a
		if v != nil && v.Kind == frontend.EKeyword {
			v = v.X
		}
		if i == 0 && (inquiryNames[n] || n == "c_loc") {
			if r := rootName(v); r != nil {
				w.Designator(v, Inquiry)
				if n == "c_loc" {
					// Its address may end up in any pointer.
					w.v.addressOf(r.Sym)
				}
				continue
			}
		}
		w.Expr(a) // a keyword argument holding a constant is a constant
	}
}

// Designator walks a designator accessed with mode m: its value is used,
// its subscripts are read, its root variable is accessed.
func (w walker) Designator(e *frontend.Expr, m Mode) {
	if e == nil {
		return
	}
	w.v.value(e)
	w.Subscripts(e)
	root := e
	for root != nil && (root.Kind == frontend.ERef || root.Kind == frontend.EComponent) {
		root = root.X
	}
	if root != nil && root.Kind == frontend.EName {
		w.v.access(e, root.Sym, m)
	}
}

// Subscripts walks the subscripts of a designator (read), outermost
// first.
func (w walker) Subscripts(e *frontend.Expr) {
	for r := e; r != nil && (r.Kind == frontend.ERef || r.Kind == frontend.EComponent); r = r.X {
		if r.Kind == frontend.ERef {
			for _, a := range r.Args {
				w.Expr(a)
			}
		}
	}
}

// Selector walks the selector of an ASSOCIATE, SELECT TYPE or SELECT
// RANK construct: a variable is inquired about (its subscripts read), an
// expression is evaluated.
func (w walker) Selector(e *frontend.Expr) {
	if r := rootName(e); r != nil && e.Kind != frontend.EKeyword {
		w.Designator(e, Inquiry)
		return
	}
	w.Expr(e)
}

// Associate walks a pointer being (re)associated: a pointer variable (or
// one with bounds remapping, whose bounds are read) is associated; a
// pointer component is data of its root variable, which is written.
func (w walker) Associate(e *frontend.Expr) {
	if e == nil {
		return
	}
	if e.Kind == frontend.EName && e.Sym != nil && e.Sym.Kind == frontend.SymVariable {
		w.v.value(e)
		w.v.access(e, e.Sym, Assoc)
		return
	}
	if e.Kind == frontend.ERef && e.X != nil && e.X.Kind == frontend.EName && e.X.Sym != nil {
		// p(lo:hi) => t: bounds remapping.
		w.v.value(e)
		w.Subscripts(e)
		w.v.access(e, e.X.Sym, Assoc)
		return
	}
	w.Designator(e, Write)
}

// Header walks a FORALL or DO CONCURRENT header: bounds, steps, mask.
func (w walker) Header(h *frontend.ConcurrentHeader) {
	if h == nil {
		return
	}
	for _, ix := range h.Indices {
		w.Expr(ix.Lo)
		w.Expr(ix.Hi)
		w.Expr(ix.Step)
	}
	w.Expr(h.Mask)
}

// Stmt walks what a statement that is not a construct evaluates and
// accesses itself (not the action statement of a logical IF, WHERE or
// FORALL statement).
func (w walker) Stmt(s frontend.Stmt) {
	switch k := s.(type) {
	case *frontend.AssignStmt:
		if k.StmtFunc {
			return
		}
		w.Expr(k.RHS)
		w.Designator(k.LHS, Write)
		if k.Proc != nil {
			w.v.call(&accessCall{Kind: callAssignment, Proc: k.Proc, Args: []*frontend.Expr{k.LHS, k.RHS}})
		}
	case *frontend.PtrAssignStmt:
		switch {
		case k.RHS != nil && k.RHS.Kind == frontend.EName && k.RHS.Ref == frontend.RefProcedure:
			w.v.procTarget(k.RHS)
		case rootName(k.RHS) != nil:
			w.Designator(k.RHS, Target)
		default:
			w.Expr(k.RHS)
		}
		w.Associate(k.LHS)
	case *frontend.CallStmt:
		w.v.call(&accessCall{Kind: callStmt, Proc: k.Proc, Intr: k.Intr, Callee: k.Callee, Args: k.Args})
	case *frontend.IfStmt:
		w.Expr(k.Cond)
	case *frontend.ArithIfStmt:
		w.Expr(k.Expr)
	case *frontend.GotoStmt:
		w.Expr(k.Computed)
	case *frontend.ReturnStmt:
		w.Expr(k.Expr)
	case *frontend.StopStmt:
		w.Expr(k.Code)
		w.Expr(k.Quiet)
	case *frontend.AllocateStmt:
		// SOURCE= defines the new storage.
		mode := Alloc
		for _, o := range k.Opts {
			if o.Kind == frontend.EKeyword && o.Name == "source" {
				mode = AllocSource
			}
		}
		for _, it := range k.Items {
			obj := it
			if it.Kind == frontend.ERef {
				for _, a := range it.Args {
					w.Expr(a)
				}
				obj = it.X
			}
			w.Designator(obj, mode)
		}
		w.options(k.Opts)
	case *frontend.DeallocateStmt:
		for _, it := range k.Items {
			if it.Kind == frontend.EName && it.Sym != nil && it.Sym.Kind == frontend.SymVariable {
				w.Designator(it, Free)
				continue
			}
			w.Designator(it, Write)
		}
		w.options(k.Opts)
	case *frontend.NullifyStmt:
		for _, it := range k.Items {
			w.Associate(it)
		}
	case *frontend.IOStmt:
		w.IO(k)
	case *frontend.WhereStmt:
		w.Expr(k.Mask)
	case *frontend.ForallStmt:
		w.Header(k.Header)
	}
}

// options walks the options of ALLOCATE and DEALLOCATE: STAT= and
// ERRMSG= are written, the others (SOURCE=, MOLD=) read.
func (w walker) options(opts []*frontend.Expr) {
	for _, o := range opts {
		if o.Kind == frontend.EKeyword && (o.Name == "stat" || o.Name == "errmsg") {
			w.Designator(o.X, Write)
			continue
		}
		w.Expr(o)
	}
}

// Head walks the head of a construct other than a DO CONCURRENT loop
// (whose bounds and mask the callers evaluate at sites of their own).
// The variable of a counted DO is not walked: the loop facts model it as
// a private of the loop (scalar_def /do_var), the host flow as written at
// the head and at every iteration.
func (w walker) Head(k *frontend.Construct) {
	switch h := k.Head.(type) {
	case *frontend.IfThenStmt:
		w.Expr(h.Cond)
	case *frontend.DoStmt:
		w.Expr(h.Lo)
		w.Expr(h.Hi)
		w.Expr(h.Step)
		w.Expr(h.While)
	case *frontend.SelectCaseStmt:
		w.Expr(h.Expr)
	case *frontend.SelectTypeStmt:
		w.Selector(h.Expr)
	case *frontend.SelectRankStmt:
		w.Selector(h.Expr)
	case *frontend.WhereStmt:
		w.Expr(h.Mask)
	case *frontend.ForallStmt:
		w.Header(h.Header)
	case *frontend.AssociateStmt:
		for _, a := range h.Assocs {
			w.Selector(a.Expr)
			w.v.associated(k, a)
		}
	}
}

// Branch walks the head of a branch of a construct: ELSE IF, ELSEWHERE,
// CASE, RANK.
func (w walker) Branch(s frontend.Stmt) {
	switch h := s.(type) {
	case *frontend.ElseIfStmt:
		w.Expr(h.Cond)
	case *frontend.ElsewhereStmt:
		w.Expr(h.Mask)
	case *frontend.CaseStmt:
		for _, r := range h.Items {
			w.Expr(r.Lo)
			w.Expr(r.Hi)
		}
	case *frontend.RankCaseStmt:
		w.Expr(h.Rank)
	}
}

// internalUnit reports whether a READ or WRITE statement transfers to or
// from an internal file (its unit is a character variable).
func internalUnit(k *frontend.IOStmt) bool {
	if (k.Op != "write" && k.Op != "read") || len(k.Control) == 0 {
		return false
	}
	u := k.Control[0]
	for _, a := range k.Control {
		if a.Kind == frontend.EKeyword && a.Name == "unit" {
			u = a.X
		}
	}
	return u != nil && u.Kind != frontend.EKeyword && u.Type.Base == frontend.TyCharacter
}

// ioSpec is what a keyword specifier of an input/output statement does.
type ioSpec int

const (
	specRead     ioSpec = iota // an expression evaluated (read)
	specWrite                  // a variable defined by the statement
	specJump                   // a label the statement may jump to
	specNamelist               // NML=: a namelist group transferred
	specUnit                   // UNIT=
)

// inquireInputs are the specifiers of INQUIRE that are not defined by it.
var inquireInputs = map[string]bool{"unit": true, "file": true, "id": true, "err": true}

// specifier classifies keyword specifier name of statement op (Fortran
// 2018, 12.5 to 12.10): IOSTAT= and IOMSG= are defined by every
// statement, NEWUNIT= by OPEN, SIZE= by READ, ID= by an asynchronous READ
// or WRITE (WAIT and INQUIRE read it), and every specifier of INQUIRE but
// UNIT=, FILE=, ID= and ERR= (IOLENGTH= included).
func specifier(op, name string) ioSpec {
	switch name {
	case "err", "end", "eor":
		return specJump
	case "nml":
		return specNamelist
	case "unit":
		return specUnit
	case "iostat", "iomsg":
		return specWrite
	}
	switch op {
	case "inquire":
		if !inquireInputs[name] {
			return specWrite
		}
	case "open":
		if name == "newunit" {
			return specWrite
		}
	case "read":
		if name == "size" || name == "id" {
			return specWrite
		}
	case "write":
		if name == "id" {
			return specWrite
		}
	}
	return specRead
}

// IO walks an input/output statement: its specifiers, in order, then its
// items (input items are defined, output items read). The unit of an
// internal WRITE (positional or UNIT=) is defined; a namelist group
// (NML= or positional) has each of its variables defined by input and
// read by output.
func (w walker) IO(k *frontend.IOStmt) {
	internal := internalUnit(k)
	w.v.io(k, internal)
	input := k.Op == "read"
	for i, a := range k.Control {
		if a.Kind == frontend.EKeyword {
			switch specifier(k.Op, a.Name) {
			case specJump:
				w.v.ioJump()
				continue
			case specWrite:
				w.Designator(a.X, Write)
				continue
			case specNamelist:
				if g := w.namelistGroup(a.X); g != nil {
					w.namelist(g, input)
					continue
				}
			case specUnit:
				if internal && k.Op == "write" {
					w.Designator(a.X, Write)
					continue
				}
			}
			w.Expr(a.X)
			continue
		}
		if i == 0 && internal && k.Op == "write" {
			w.Designator(a, Write)
			continue
		}
		if g := w.namelistGroup(a); g != nil {
			w.namelist(g, input)
			continue
		}
		w.Expr(a)
	}
	for _, it := range k.Items {
		if input {
			w.Input(it)
		} else {
			w.Expr(it)
		}
	}
}

// Input walks an input item: a designator is defined (its subscripts
// read); an implied DO's items are input items, its bounds read.
func (w walker) Input(it *frontend.Expr) {
	if it == nil {
		return
	}
	if it.Kind == frontend.EImpliedDo {
		for _, a := range it.Args {
			w.Input(a)
		}
		for _, r := range it.Range {
			w.Expr(r)
		}
		return
	}
	w.Designator(it, Write)
}

// namelistGroup returns the namelist group a control item names, or nil.
func (w walker) namelistGroup(e *frontend.Expr) *frontend.Symbol {
	if e == nil || e.Kind != frontend.EName {
		return nil
	}
	g := e.Sym
	if g == nil && w.scope != nil {
		g = w.scope.Lookup(e.Name)
	}
	if g == nil {
		return nil
	}
	g = frontend.UltimateSymbol(g)
	if g.Kind != frontend.SymNamelist {
		return nil
	}
	return g
}

// namelist walks a namelist transfer: every variable of the group is
// defined (input) or read (output).
func (w walker) namelist(g *frontend.Symbol, input bool) {
	mode := Read
	if input {
		mode = Write
	}
	if g.Scope == nil || g.Scope.Unit == nil {
		return
	}
	for _, sp := range g.Scope.Unit.Spec {
		nl, ok := sp.(*frontend.NamelistStmt)
		if !ok {
			continue
		}
		for _, grp := range nl.Groups {
			if !strings.EqualFold(grp.Name, g.Name) {
				continue
			}
			for _, n := range grp.Names {
				if v := g.Scope.Lookup(n); v != nil {
					w.v.access(nil, v, mode)
				}
			}
		}
	}
}
