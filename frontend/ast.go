package frontend

import "github.com/alecthomas/participle/v2/lexer"

// Stmt is one statement (or, after block building, a construct).
type Stmt interface {
	base() *StmtBase
}

// StmtBase holds what every statement has. It carries no participle tags:
// the dispatcher fills it.
type StmtBase struct {
	Pos   Pos
	Label string
	// Kw is the normalised leading keyword ("do", "enddo", "if", "call", ...;
	// "=" for assignments).
	Kw string
}

func (b *StmtBase) base() *StmtBase { return b }

// StmtPos returns a statement's position.
func StmtPos(s Stmt) Pos { return s.base().Pos }

// ---------------------------------------------------------------------------
// Program units and procedures.

// ProgramStmt is "program name".
type ProgramStmt struct {
	StmtBase
	Name string `"program" @Ident`
}

// ModuleStmt is "module name".
type ModuleStmt struct {
	StmtBase
	Name string `"module" @Ident`
}

// SubmoduleStmt is "submodule (ancestor[:parent]) name".
type SubmoduleStmt struct {
	StmtBase
	Ancestor string `"submodule" "(" @Ident`
	Parent   string `( ":" @Ident )? ")"`
	Name     string `@Ident`
}

// BlockDataStmt is "block data [name]".
type BlockDataStmt struct {
	StmtBase
	Name string `"blockdata" @Ident?`
}

// Prefix is one procedure prefix.
type Prefix struct {
	Type *TypeSpec `  @@`
	Word string    `| @("pure" | "elemental" | "recursive" | "impure" | "module" | "non_recursive")`
}

// BindSpec is bind(c [, name=...]).
type BindSpec struct {
	Lang string `"bind" "(" @Ident`
	Name *Expr  `( "," "name" "=" @@ )? ")"`
}

// FunctionStmt is "[prefix] function name([args]) [result(r)] [bind(c)]".
type FunctionStmt struct {
	StmtBase
	Prefixes []*Prefix     `@@* "function"`
	Name     string        `@Ident "("`
	Args     []string      `( @Ident ( "," @Ident )* )? ")"`
	Suffixes []*FuncSuffix `@@*`
}

// FuncSuffix is "result(r)" or "bind(c)".
type FuncSuffix struct {
	Result string    `  "result" "(" @Ident ")"`
	Bind   *BindSpec `| @@`
}

// ResultName returns the result variable's name (the function name when
// there is no RESULT clause).
func (f *FunctionStmt) ResultName() string {
	for _, s := range f.Suffixes {
		if s.Result != "" {
			return s.Result
		}
	}
	return f.Name
}

// BindOf returns the bind(c) suffix, if any.
func (f *FunctionStmt) BindOf() *BindSpec {
	for _, s := range f.Suffixes {
		if s.Bind != nil {
			return s.Bind
		}
	}
	return nil
}

// SubroutineStmt is "[prefix] subroutine name[([args])] [bind(c)]".
type SubroutineStmt struct {
	StmtBase
	Prefixes []*Prefix `@@* "subroutine"`
	Name     string    `@Ident`
	Parens   bool      `( @"("`
	Args     []string  `  ( @(Ident | "*") ( "," @(Ident | "*") )* )? ")" )?`
	Bind     *BindSpec `@@?`
}

// MPSubprogramStmt is "module procedure name" (a separate module procedure body).
type MPSubprogramStmt struct {
	StmtBase
	Name string `"module" "procedure" @Ident`
}

// EndStmt is any END statement: "end", "end do", "end function f", ...
type EndStmt struct {
	StmtBase
	What string // "" for plain END, else program/module/.../do/if/select/...
	Name string
	Spec *GenericSpec // end interface operator(+)
}

// ContainsStmt is "contains".
type ContainsStmt struct {
	StmtBase
	Kw_ bool `@"contains"`
}

// EntryStmt is "entry name(args) [result(r)]" (obsolescent).
type EntryStmt struct {
	StmtBase
	Name   string   `"entry" @Ident`
	Args   []string `( "(" ( @(Ident | "*") ( "," @(Ident | "*") )* )? ")" )?`
	Result string   `( "result" "(" @Ident ")" )?`
}

// ---------------------------------------------------------------------------
// Specification statements.

// UseStmt is "use [, nature ::] module [, only: list | , renames]".
type UseStmt struct {
	StmtBase
	Nature  string     `"use" ( "," @("intrinsic" | "non_intrinsic") "::" | "::" )?`
	Module  string     `@Ident`
	Only    bool       `( "," ( @"only" ":"`
	OnlyL   []*UseItem `        ( @@ ( "," @@ )* )?`
	Renames []*UseItem `      | @@ ( "," @@ )* ) )?`
}

// Items returns the only-list or the rename list.
func (u *UseStmt) Items() []*UseItem {
	if u.Only {
		return u.OnlyL
	}
	return u.Renames
}

// UseItem is one name (or renamed name / generic spec) of a use statement.
type UseItem struct {
	Local *GenericSpec `@@`
	Use   *GenericSpec `( "=>" @@ )?`
}

// GenericSpec is a generic name, operator(op) or assignment(=).
type GenericSpec struct {
	Operator   string `  "operator" "(" @(DotOp | "+" | "-" | "*" | "/" | "**" | "//" | "==" | "/=" | "<" | "<=" | ">" | ">=") ")"`
	Assignment bool   `| @("assignment" "(" "=" ")")`
	Read       string `| "read" "(" @Ident ")"`
	Write      string `| "write" "(" @Ident ")"`
	Name       string `| @Ident`
}

func (g *GenericSpec) String() string {
	switch {
	case g == nil:
		return ""
	case g.Operator != "":
		return "operator(" + normOp(g.Operator) + ")"
	case g.Assignment:
		return "assignment(=)"
	case g.Read != "":
		return "read(" + g.Read + ")"
	case g.Write != "":
		return "write(" + g.Write + ")"
	}
	return g.Name
}

// normOp normalises .eq.-style relational operators to symbols.
func normOp(op string) string {
	if r, ok := relOps[op]; ok {
		return r
	}
	return op
}

// ImplicitStmt is "implicit none [(type, external)]" or "implicit type (letters), ...".
type ImplicitStmt struct {
	StmtBase
	None  bool
	Rules []*ImplicitRule
}

// ImplicitRule is "type (a-h, o-z)".
type ImplicitRule struct {
	Type   *TypeSpec
	Ranges []*LetterRange
}

// LetterRange is "a" or "a-h".
type LetterRange struct {
	From string
	To   string
}

// ImportStmt is "import [[::] names]" or "import, only/none/all".
type ImportStmt struct {
	StmtBase
	Mode  string   `"import" ( "," @("only" | "none" | "all") ":"? )?`
	Names []string `"::"? ( @Ident ( "," @Ident )* )?`
}

// Attr is one attribute of a declaration.
type Attr struct {
	Pos       lexer.Position
	DimWord   bool       `  @"dimension"`
	Dimension *ArraySpec `  @@?`
	Intent    []string   `| "intent" "(" @("in" | "out" | "inout") @"out"? ")"`
	Bind      *BindSpec  `| @@`
	Pass      *PassAttr  `| @@`
	Word      string     `| @("allocatable" | "pointer" | "target" | "optional" | "value" | "parameter" | "save" | "contiguous" | "protected" | "public" | "private" | "external" | "intrinsic" | "volatile" | "asynchronous" | "nopass" | "deferred" | "non_overridable" | "abstract" | "automatic" | "static")`
	Extends   string     `| "extends" "(" @Ident ")"`
}

// PassAttr is pass or pass(arg).
type PassAttr struct {
	Pass bool   `@"pass"`
	Arg  string `( "(" @Ident ")" )?`
}

// IntentOf returns "in", "out" or "inout".
func (a *Attr) IntentOf() string {
	s := ""
	for _, x := range a.Intent {
		s += x
	}
	return s
}

// Entity is one declared name with its array spec, length and initialiser.
type Entity struct {
	Pos     lexer.Position
	Name    string     `@Ident`
	Array   *ArraySpec `@@?`
	CharLen *CharLen   `( "*" @@ )?`
	Init    *Expr      `( "=" @@`
	PtrInit *Expr      `| "=>" @@ )?`
}

// CharLen is the "*len" of an entity: *10, *(*), *(n).
type CharLen struct {
	Digits string `  @Int`
	Star   bool   `| "(" ( @"*"`
	Colon  bool   `      | @":"`
	Expr   *Expr  `      | @@ ) ")"`
}

// TypeDeclStmt is "type-spec [[, attrs] ::] entities".
type TypeDeclStmt struct {
	StmtBase
	Type     *TypeSpec `@@`
	Attrs    []*Attr   `( ( "," @@ )* "::" )?`
	Entities []*Entity `@@ ( "," @@ )*`
}

// AttrStmt is an attribute statement: "allocatable :: a(:)", "public :: x",
// "intent(in) :: a", "save", "dimension a(10)", "parameter (n = 10)",
// "external f", "bind(c) :: x".
type AttrStmt struct {
	StmtBase
	Attr     *Attr         `@@ "::"?`
	Params   []*NamedConst `( "(" @@ ( "," @@ )* ")"`
	Entities []*AttrEntity `| ( @@ ( "," @@ )* )? )`
}

// AttrEntity is an entity of an attribute statement (a name, with an array
// spec for dimension/allocatable, or a generic spec for access statements).
type AttrEntity struct {
	Pos    lexer.Position
	Common string       `  "/" @Ident "/"`
	Spec   *GenericSpec `| @@`
	Array  *ArraySpec   `  @@?`
}

// NamedConst is "name = expr" in a PARAMETER statement.
type NamedConst struct {
	Pos  lexer.Position
	Name string `@Ident "="`
	Expr *Expr  `@@`
}

// DerivedTypeStmt is "type [[, attrs] ::] name".
type DerivedTypeStmt struct {
	StmtBase
	Attrs  []*Attr  `"type" ( ( "," @@ )* "::" )?`
	Name   string   `@Ident`
	Params []string `( "(" @Ident ( "," @Ident )* ")" )?`
}

// SequenceStmt is "sequence" in a derived type.
type SequenceStmt struct {
	StmtBase
	Kw_ bool `@"sequence"`
}

// BindingStmt is a type-bound procedure statement:
// "procedure [(iface)] [[, attrs] ::] name [=> target], ...".
type BindingStmt struct {
	StmtBase
	Interface string         `"procedure" ( "(" @Ident ")" )?`
	Attrs     []*Attr        `( ( "," @@ )* "::" )?`
	Bindings  []*BindingDecl `@@ ( "," @@ )*`
}

// BindingDecl is "name [=> target]".
type BindingDecl struct {
	Pos    lexer.Position
	Name   string `@Ident`
	Target string `( "=>" @Ident )?`
}

// GenericBindingStmt is "generic [, access] :: spec => names".
type GenericBindingStmt struct {
	StmtBase
	Access  string       `"generic" ( "," @("public" | "private") )? "::"`
	Spec    *GenericSpec `@@ "=>"`
	Targets []string     `@Ident ( "," @Ident )*`
}

// FinalStmt is "final [::] names".
type FinalStmt struct {
	StmtBase
	Names []string `"final" "::"? @Ident ( "," @Ident )*`
}

// ProcDeclStmt is "procedure ([iface]) [, attrs] :: entities" outside a
// type (procedure pointers, procedure components, external procedures).
type ProcDeclStmt struct {
	StmtBase
	Interface *ProcInterface `"procedure" "(" @@? ")"`
	Attrs     []*Attr        `( ( "," @@ )* "::" )?`
	Entities  []*Entity      `@@ ( "," @@ )*`
}

// ProcInterface is the interface of a procedure declaration: a name or a type.
type ProcInterface struct {
	Type *TypeSpec `  @@`
	Name string    `| @Ident`
}

// InterfaceStmt is "[abstract] interface [generic-spec]".
type InterfaceStmt struct {
	StmtBase
	Abstract bool         `@"abstract"? "interface"`
	Spec     *GenericSpec `@@?`
}

// ProcedureStmt is "[module] procedure [::] names" inside an interface block.
type ProcedureStmt struct {
	StmtBase
	Module bool     `@"module"? "procedure" "::"?`
	Names  []string `@Ident ( "," @Ident )*`
}

// EnumStmt is "enum, bind(c)".
type EnumStmt struct {
	StmtBase
	Bind *BindSpec `"enum" ( "," @@ )?`
}

// EnumeratorStmt is "enumerator [::] a [= 1], b".
type EnumeratorStmt struct {
	StmtBase
	Entities []*Entity `"enumerator" "::"? @@ ( "," @@ )*`
}

// NamelistStmt is "namelist /g/ a, b [/h/ c]".
type NamelistStmt struct {
	StmtBase
	Groups []*NamelistGroup `"namelist" @@+`
}

// NamelistGroup is "/name/ a, b".
type NamelistGroup struct {
	Name  string   `","? "/" @Ident "/"`
	Names []string `@Ident ( "," @Ident )*`
}

// CommonStmt is "common [/blk/] a, b(10) [, /c/ d]".
type CommonStmt struct {
	StmtBase
	Blocks []*CommonBlock `"common" @@+`
}

// CommonBlock is one block of a COMMON statement.
type CommonBlock struct {
	Name     *CommonName `","? @@?`
	Entities []*Entity   `@@ ( "," @@ )*`
}

// CommonName is "/name/" or "//".
type CommonName struct {
	Blank bool   `  @"//"`
	Name  string `| "/" @Ident? "/"`
}

// EquivalenceStmt is "equivalence (a, b(1)), (c, d)".
type EquivalenceStmt struct {
	StmtBase
	Sets []*EquivSet `"equivalence" @@ ( "," @@ )*`
}

// EquivSet is one parenthesised list of an EQUIVALENCE statement.
type EquivSet struct {
	Objects []*Expr `"(" @@ ( "," @@ )* ")"`
}

// DataStmt is "data objects /values/ [,] ...". Parsed by hand (slashes).
type DataStmt struct {
	StmtBase
	Sets []*DataSet
}

// DataSet is one "objects /values/" group.
type DataSet struct {
	Objects []*Expr
	Values  []*DataValue
}

// DataValue is "[repeat *] constant".
type DataValue struct {
	Repeat *Expr
	Value  *Expr
}

// FormatStmt is a FORMAT statement, kept opaque (its tokens).
type FormatStmt struct {
	StmtBase
	Toks []lexer.Token
}

// ---------------------------------------------------------------------------
// Executable statements.

// AssignStmt is "lhs = rhs" (also a statement-function definition; sema decides).
type AssignStmt struct {
	StmtBase
	LHS *Expr `@@ "="`
	RHS *Expr `@@`
	// StmtFunc is set by sema when this is a statement function definition.
	StmtFunc bool
}

// PtrAssignStmt is "lhs => rhs".
type PtrAssignStmt struct {
	StmtBase
	LHS *Expr `@@ "=>"`
	RHS *Expr `@@`
}

// CallStmt is "call designator[(args)]".
type CallStmt struct {
	StmtBase
	Callee *Expr `"call" @@`
	// Resolved by sema.
	Proc *Procedure
	Intr *Intrinsic
	// Args are the actual arguments (Callee's arguments when it is an ERef).
	Args []*Expr
}

// IfThenStmt is "[name:] if (cond) then".
type IfThenStmt struct {
	StmtBase
	Name string
	Cond *Expr `"if" "(" @@ ")" "then"`
}

// ElseIfStmt is "else if (cond) then [name]".
type ElseIfStmt struct {
	StmtBase
	Cond *Expr  `"elseif" "(" @@ ")" "then"`
	Name string `@Ident?`
}

// ElseStmt is "else [name]".
type ElseStmt struct {
	StmtBase
	Name string `"else" @Ident?`
}

// IfStmt is the logical IF: "if (cond) action".
type IfStmt struct {
	StmtBase
	Cond   *Expr
	Action Stmt
}

// ArithIfStmt is the obsolescent "if (expr) l1, l2, l3".
type ArithIfStmt struct {
	StmtBase
	Expr   *Expr
	Labels []string
}

// SelectCaseStmt is "[name:] select case (expr)".
type SelectCaseStmt struct {
	StmtBase
	Name string
	Expr *Expr `"selectcase" "(" @@ ")"`
}

// CaseStmt is "case (selectors) [name]" or "case default [name]".
type CaseStmt struct {
	StmtBase
	Default bool         `"case" ( @"default"`
	Items   []*CaseRange `  | "(" @@ ( "," @@ )* ")" )`
	Name    string       `@Ident?`
}

// CaseRange is "value", "lo:", ":hi" or "lo:hi".
type CaseRange struct {
	Lo    *Expr `@@?`
	Colon bool  `@":"?`
	Hi    *Expr `@@?`
}

// SelectTypeStmt is "[name:] select type ([assoc =>] expr)".
type SelectTypeStmt struct {
	StmtBase
	Name  string
	Assoc string `"selecttype" "(" ( @Ident "=>" )?`
	Expr  *Expr  `@@ ")"`
}

// TypeGuardStmt is "type is (t)", "class is (t)" or "class default".
type TypeGuardStmt struct {
	StmtBase
	Guard   string    `@("typeis" | "classis" | "classdefault")`
	Type    *TypeSpec `( "(" ( @@`
	Derived string    `| @Ident ) ")" )?`
	Name    string    `@Ident?`
}

// SelectRankStmt is "[name:] select rank ([assoc =>] expr)".
type SelectRankStmt struct {
	StmtBase
	Name  string
	Assoc string `"selectrank" "(" ( @Ident "=>" )?`
	Expr  *Expr  `@@ ")"`
}

// RankCaseStmt is "rank (n)", "rank (*)" or "rank default".
type RankCaseStmt struct {
	StmtBase
	Default bool   `"rank" ( @"default"`
	Star    bool   `| "(" ( @"*"`
	Rank    *Expr  `| @@ ) ")" )`
	Name    string `@Ident?`
}

// DoStmt is a DO statement: counted, while, infinite or concurrent.
type DoStmt struct {
	StmtBase
	Name       string
	EndLabel   string // "do 10 i = ..." terminates at label 10
	Var        string
	Lo, Hi     *Expr
	Step       *Expr
	While      *Expr
	Concurrent *ConcurrentHeader
	Locality   []*Locality
}

// ConcurrentHeader is "([type-spec ::] i = lo:hi[:step], ... [, mask])".
type ConcurrentHeader struct {
	Pos     Pos
	Type    *TypeSpec
	Indices []*ConcurrentIndex
	Mask    *Expr
}

// ConcurrentIndex is "i = lo:hi[:step]".
type ConcurrentIndex struct {
	Pos          Pos
	Name         string
	Lo, Hi, Step *Expr
}

// Locality is a locality spec of DO CONCURRENT: local(...), local_init(...),
// shared(...), default(none), reduce(op: ...).
type Locality struct {
	Pos     Pos
	Kind    string   // local, local_init, shared, default, reduce
	Op      string   // reduce operator: + * max min iand ior ieor .and. .or. .eqv. .neqv.
	Names   []string // variables (or "none" for default)
	NamePos []Pos
}

// CycleStmt is "cycle [name]".
type CycleStmt struct {
	StmtBase
	Name string `"cycle" @Ident?`
}

// ExitStmt is "exit [name]".
type ExitStmt struct {
	StmtBase
	Name string `"exit" @Ident?`
}

// ContinueStmt is "continue".
type ContinueStmt struct {
	StmtBase
	Kw_ bool `@"continue"`
}

// ForallStmt is "[name:] forall (header) [assignment]" (statement or construct head).
type ForallStmt struct {
	StmtBase
	Name   string
	Header *ConcurrentHeader
	Action Stmt // non-nil for the statement form
}

// WhereStmt is "[name:] where (mask) [assignment]".
type WhereStmt struct {
	StmtBase
	Name   string
	Mask   *Expr
	Action Stmt // non-nil for the statement form
}

// ElsewhereStmt is "elsewhere [(mask)] [name]".
type ElsewhereStmt struct {
	StmtBase
	Mask *Expr  `"elsewhere" ( "(" @@ ")" )?`
	Name string `@Ident?`
}

// BlockStmt is "[name:] block".
type BlockStmt struct {
	StmtBase
	Name string
}

// AssociateStmt is "[name:] associate (a => expr, ...)".
type AssociateStmt struct {
	StmtBase
	Name   string
	Assocs []*Association `"associate" "(" @@ ( "," @@ )* ")"`
}

// Association is "name => selector".
type Association struct {
	Pos  lexer.Position
	Name string `@Ident "=>"`
	Expr *Expr  `@@`
}

// CriticalStmt is "[name:] critical".
type CriticalStmt struct {
	StmtBase
	Name string
}

// ReturnStmt is "return [expr]".
type ReturnStmt struct {
	StmtBase
	Expr *Expr `"return" @@?`
}

// StopStmt is "[error] stop [code] [, quiet = expr]".
type StopStmt struct {
	StmtBase
	Error bool  `( @"errorstop" | "stop" )`
	Code  *Expr `@@?`
	Quiet *Expr `( "," "quiet" "=" @@ )?`
}

// AllocateStmt is "allocate ([type-spec ::] items [, stat=, errmsg=, source=, mold=])".
type AllocateStmt struct {
	StmtBase
	Type  *TypeSpec
	Items []*Expr // allocations (designators with shape)
	Opts  []*Expr // EKeyword: stat, errmsg, source, mold
}

// DeallocateStmt is "deallocate (items [, stat=, errmsg=])".
type DeallocateStmt struct {
	StmtBase
	Items []*Expr
	Opts  []*Expr
}

// NullifyStmt is "nullify (pointers)".
type NullifyStmt struct {
	StmtBase
	Items []*Expr `"nullify" "(" @@ ( "," @@ )* ")"`
}

// IOStmt is an input/output statement: print, write, read, open, close,
// inquire, rewind, backspace, endfile, flush, wait.
type IOStmt struct {
	StmtBase
	Op      string  // print write read open close inquire rewind backspace endfile flush wait
	Control []*Expr // control list (keyword or positional); for print/read-short: the format
	Items   []*Expr // input/output items
}

// GotoStmt is "go to label", "go to (l1, l2) [,] expr" (computed).
type GotoStmt struct {
	StmtBase
	Labels   []string
	Computed *Expr
}

// DirectiveStmt is a compiler directive kept as a node (!$omp ...).
type DirectiveStmt struct {
	StmtBase
	Sentinel string
	Words    []string // lower-case tokens of the directive
	Toks     []lexer.Token
	// Parsed OpenMP clauses for parallel do: private/reduction lists.
	Clauses []*OmpClause
}

// OmpClause is one clause of an OpenMP directive.
type OmpClause struct {
	Name  string
	Op    string // reduction operator
	Names []string
}

// OpaqueStmt is a statement the analyses do not model; it records the names
// it references so later stages can be conservative.
type OpaqueStmt struct {
	StmtBase
	Keyword string
	Names   []string
	Toks    []lexer.Token
}
