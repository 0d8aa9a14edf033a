package kernelir

// Statements and expressions of a kernel body.

// Stmt is a statement.
type Stmt interface {
	At() Pos
	stmt()
}

// Assign is LHS = RHS; RHS has LHS's type (the conversion of intrinsic
// assignment is a Convert node); LHS is a *Ref or an *Element.
type Assign struct {
	Pos      Pos
	LHS, RHS Expr
}

// Arm is one condition and body of an If.
type Arm struct {
	Cond Expr
	Body []Stmt
}

// If runs the body of the first arm whose condition holds, else Else
// (when HasElse).
type If struct {
	Pos     Pos
	Arms    []Arm
	Else    []Stmt
	HasElse bool
	// Line: a one-line IF statement (one arm, no else).
	Line bool
}

// Loop is a counted DO: Var from Lower to Upper by Step (int64 values;
// a nil Step is 1),
// trip count max((Upper - Lower + Step) / Step, 0) fixed on entry; Var
// holds Lower + n * Step after n trips, converted to its type. Unroll,
// when not 0, is the loop's constant trip count and asks the printer to
// unroll it fully (lowering/kir_unroll.go decides: a small array of the
// iteration indexed by Var then lives in registers); it never changes
// what the loop computes.
type Loop struct {
	Pos                Pos
	Var                *Var
	Lower, Upper, Step Expr
	Body               []Stmt
	Unroll             int
}

// Cycle ends the current trip of Loop, a *Loop or a *Nest (nil: the
// kernel's iteration, which then does nothing more). A printer relies on
// Loop being the innermost loop around the Cycle (Verify).
type Cycle struct {
	Pos  Pos
	Loop Stmt
}

// Nest is a nested do concurrent run in order inside the iteration: its
// levels (the loops combined into one space, outermost first) each with
// dims (Step nil: 1), a mask and locals of its own (Local.Init: the
// variable outside the nest a local_init starts from), then Body.
type Nest struct {
	Pos    Pos
	Levels []*Level
	Body   []Stmt
	// Stops: a call of the limits or of a mask can stop (Invocation.Stops):
	// a stop test where a mask fails, before the body and after the nest.
	Stops bool
}

// Level is one loop of a Nest.
type Level struct {
	Dims   []*Dim
	Mask   Expr
	Locals []*Local
}

// Exit leaves Loop (a *Loop or a *While), the innermost loop around it.
type Exit struct {
	Pos  Pos
	Loop Stmt
}

// Select runs the body of the first case one of whose ranges holds the
// value of Sel (an integer, evaluated once), else Default (when
// HasDefault).
type Select struct {
	Pos        Pos
	Sel        Expr
	Cases      []Case
	Default    []Stmt
	HasDefault bool
}

// Case is one CASE of a Select.
type Case struct {
	Ranges []CaseRange
	Body   []Stmt
}

// CaseRange is a value (Lo, not Range) or a range Lo:Hi, either open
// (nil); its bounds are integers.
type CaseRange struct {
	Lo, Hi Expr
	Range  bool
}

// While runs Body while Cond holds (nil: until an EXIT).
type While struct {
	Pos  Pos
	Cond Expr
	Body []Stmt
}

// Stop records stop site Site with Code (an int64; nil: none) and ends
// the iteration. Note says what the host replays (printed as a comment).
type Stop struct {
	Pos   Pos
	Site  int
	Code  Expr
	Error bool
	Note  string
}

// Block is a scope: the Temps at its start are its variables, visible
// only inside it (a Fortran BLOCK).
type Block struct {
	Pos  Pos
	Body []Stmt
}

// Temp declares a temporary of the iteration, initialised with Init
// (nil: undefined); a Var of role RAlias is another name of the variable
// or element Init (its storage, located once).
type Temp struct {
	Pos  Pos
	Var  *Var
	Init Expr
	// Const: the temporary keeps Init's value (nothing assigns it).
	Const bool
}

// Unsupported stands for a construct the builder does not translate yet:
// a statement or an expression. The kernel is then not complete.
type Unsupported struct {
	Pos  Pos
	What string
	T    Type // as an expression: the construct's type
}

func (s *Assign) At() Pos      { return s.Pos }
func (s *If) At() Pos          { return s.Pos }
func (s *Loop) At() Pos        { return s.Pos }
func (s *Cycle) At() Pos       { return s.Pos }
func (s *Exit) At() Pos        { return s.Pos }
func (s *Call) At() Pos        { return s.Pos }
func (s *Stop) At() Pos        { return s.Pos }
func (s *Temp) At() Pos        { return s.Pos }
func (s *Block) At() Pos       { return s.Pos }
func (s *Nest) At() Pos        { return s.Pos }
func (s *While) At() Pos       { return s.Pos }
func (s *Select) At() Pos      { return s.Pos }
func (s *Unsupported) At() Pos { return s.Pos }

func (*Assign) stmt()      {}
func (*If) stmt()          {}
func (*Loop) stmt()        {}
func (*Cycle) stmt()       {}
func (*Exit) stmt()        {}
func (*Call) stmt()        {}
func (*Stop) stmt()        {}
func (*Temp) stmt()        {}
func (*Block) stmt()       {}
func (*Nest) stmt()        {}
func (*While) stmt()       {}
func (*Select) stmt()      {}
func (*Unsupported) stmt() {}

// Expr is an expression; its Type is the type of its value (a logical's
// value is a truth value, whatever its kind).
type Expr interface {
	Type() Type
	expr()
}

// Ref reads (or, as an LHS, names) a scalar variable.
type Ref struct{ Var *Var }

// Element is an element of Array: Subs are int64 values, one a dimension.
type Element struct {
	Array *Array
	Subs  []Expr
}

// Lit is a constant of type T: Int (integer), Real (real; for kind 4 the
// float32 value), Re and Im (complex), Bool (logical).
type Lit struct {
	T      Type
	Int    int64
	Real   float64
	Re, Im float64
	Bool   bool
}

// Convert is X converted to type To (Fortran's intrinsic conversion).
type Convert struct {
	To Type
	X  Expr
}

// Paren is a parenthesised expression (its value is formed before the
// rest: no reassociation across it).
type Paren struct{ X Expr }

// Unary is - X or .not. X (Op "-" or "!"); X has type T.
type Unary struct {
	Op string
	X  Expr
	T  Type
}

// Binary is X Op Y. Arithmetic (+ - * /) and ** with a real or complex
// exponent: X, Y and the result have type T. ** with an integer
// exponent: Y is int64. Relations (== != < <= > >=): X and Y of one type
// (or both truth values), T logical. Logical operators (&& || eqv neqv):
// truth values.
type Binary struct {
	Op   string
	X, Y Expr
	T    Type
}

// Intrinsic is an elemental intrinsic function of the kernels, Name as
// Fortran's specific or generic name; Args are converted as the
// intrinsic takes them (intrinsics.go lists each one's signature).
type Intrinsic struct {
	Name string
	Args []Expr
	T    Type
	// Array: size, lbound, ubound of an array (Args then hold only a
	// constant DIM, or nothing).
	Array *Array
}

func (e *Ref) Type() Type         { return e.Var.Type }
func (e *Element) Type() Type     { return e.Array.Elem }
func (e *Lit) Type() Type         { return e.T }
func (e *Convert) Type() Type     { return e.To }
func (e *Paren) Type() Type       { return e.X.Type() }
func (e *Unary) Type() Type       { return e.T }
func (e *Binary) Type() Type      { return e.T }
func (e *Intrinsic) Type() Type   { return e.T }
func (e *Unsupported) Type() Type { return e.T }

func (*Ref) expr()         {}
func (*Element) expr()     {}
func (*Lit) expr()         {}
func (*Convert) expr()     {}
func (*Paren) expr()       {}
func (*Unary) expr()       {}
func (*Binary) expr()      {}
func (*Intrinsic) expr()   {}
func (*Unsupported) expr() {}

// WalkExpr calls fn for e and every expression inside it, parents first.
func WalkExpr(e Expr, fn func(Expr)) {
	if e == nil {
		return
	}
	fn(e)
	switch x := e.(type) {
	case *Element:
		for _, s := range x.Subs {
			WalkExpr(s, fn)
		}
	case *Convert:
		WalkExpr(x.X, fn)
	case *Paren:
		WalkExpr(x.X, fn)
	case *Unary:
		WalkExpr(x.X, fn)
	case *Binary:
		WalkExpr(x.X, fn)
		WalkExpr(x.Y, fn)
	case *Intrinsic:
		for _, a := range x.Args {
			WalkExpr(a, fn)
		}
	case *FuncCall:
		for _, a := range x.Args {
			WalkExpr(a, fn)
		}
	case *Reduce:
		for _, a := range x.Args {
			WalkExpr(a, fn)
		}
		if x.Shape != nil {
			WalkExpr(x.Shape, fn)
		}
	case *ArrayArg:
		WalkExpr(x.X, fn)
	case *Component:
		WalkExpr(x.X, fn)
	case *Section:
		for _, d := range x.Dims {
			for _, s := range []Expr{d.Fixed, d.Lo, d.Hi, d.Step} {
				if s != nil {
					WalkExpr(s, fn)
				}
			}
		}
	}
}

// WalkStmts calls st for every statement of ss (parents first) and ex for
// every expression they hold.
func WalkStmts(ss []Stmt, st func(Stmt), ex func(Expr)) {
	for _, s := range ss {
		st(s)
		switch x := s.(type) {
		case *Assign:
			WalkExpr(x.LHS, ex)
			WalkExpr(x.RHS, ex)
		case *ArrayAssign:
			WalkExpr(x.LHS, ex)
			WalkExpr(x.RHS, ex)
		case *If:
			for _, a := range x.Arms {
				WalkExpr(a.Cond, ex)
				WalkStmts(a.Body, st, ex)
			}
			WalkStmts(x.Else, st, ex)
		case *Loop:
			WalkExpr(x.Lower, ex)
			WalkExpr(x.Upper, ex)
			WalkExpr(x.Step, ex)
			WalkStmts(x.Body, st, ex)
		case *Call:
			for _, a := range x.Args {
				WalkExpr(a, ex)
			}
		case *Stop:
			WalkExpr(x.Code, ex)
		case *Temp:
			WalkExpr(x.Init, ex)
		case *Block:
			WalkStmts(x.Body, st, ex)
		case *While:
			WalkExpr(x.Cond, ex)
			WalkStmts(x.Body, st, ex)
		case *Select:
			WalkExpr(x.Sel, ex)
			for _, c := range x.Cases {
				for _, r := range c.Ranges {
					WalkExpr(r.Lo, ex)
					WalkExpr(r.Hi, ex)
				}
				WalkStmts(c.Body, st, ex)
			}
			WalkStmts(x.Default, st, ex)
		case *Nest:
			for _, l := range x.Levels {
				for _, d := range l.Dims {
					WalkExpr(d.Lower, ex)
					WalkExpr(d.Upper, ex)
					WalkExpr(d.Step, ex)
				}
				WalkExpr(l.Mask, ex)
			}
			WalkStmts(x.Body, st, ex)
		}
	}
}
