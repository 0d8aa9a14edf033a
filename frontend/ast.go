package frontend

import "github.com/alecthomas/participle/v2/lexer"

// Stmt is one statement (or, after block building, a construct).
type Stmt interface {
	Node
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
	// EndLine is the last physical line of the statement (continuations);
	// SharedLine marks a statement that shares its line with others (";").
	EndLine    int
	SharedLine bool
}

func (b *StmtBase) base() *StmtBase { return b }

// StmtPos returns a statement's position.
func StmtPos(s Stmt) Pos { return s.base().Pos }

// ---------------------------------------------------------------------------
// Program units and procedures.

// ProgramStmt is "program name".
type ProgramStmt struct {
	StmtBase
	Name string `parser:"\"program\" @Ident"`
}

// ModuleStmt is "module name".
type ModuleStmt struct {
	StmtBase
	Name string `parser:"\"module\" @Ident"`
}

// SubmoduleStmt is "submodule (ancestor[:parent]) name".
type SubmoduleStmt struct {
	StmtBase
	Ancestor string `parser:"\"submodule\" \"(\" @Ident"`
	Parent   string `parser:"( \":\" @Ident )? \")\""`
	Name     string `parser:"@Ident"`
}

// BlockDataStmt is "block data [name]".
type BlockDataStmt struct {
	StmtBase
	Name string `parser:"\"blockdata\" @Ident?"`
}

// Prefix is one procedure prefix.
type Prefix struct {
	Type *TypeSpec `parser:"  @@"`
	Word string    `parser:"| @(\"pure\" | \"elemental\" | \"recursive\" | \"impure\" | \"module\" | \"non_recursive\")"`
}

// BindSpec is bind(c [, name=...]).
type BindSpec struct {
	Lang string `parser:"\"bind\" \"(\" @Ident"`
	Name *Expr  `parser:"( \",\" \"name\" \"=\" @@ )? \")\""`
}

// FunctionStmt is "[prefix] function name([args]) [result(r)] [bind(c)]".
type FunctionStmt struct {
	StmtBase
	Prefixes []*Prefix     `parser:"@@* \"function\""`
	Name     string        `parser:"@Ident \"(\""`
	Args     []string      `parser:"( @Ident ( \",\" @Ident )* )? \")\""`
	Suffixes []*FuncSuffix `parser:"@@*"`
}

// FuncSuffix is "result(r)" or "bind(c)".
type FuncSuffix struct {
	Result string    `parser:"  \"result\" \"(\" @Ident \")\""`
	Bind   *BindSpec `parser:"| @@"`
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
	Prefixes []*Prefix `parser:"@@* \"subroutine\""`
	Name     string    `parser:"@Ident"`
	Parens   bool      `parser:"( @\"(\""`
	Args     []string  `parser:"  ( @(Ident | \"*\") ( \",\" @(Ident | \"*\") )* )? \")\" )?"`
	Bind     *BindSpec `parser:"@@?"`
}

// MPSubprogramStmt is "module procedure name" (a separate module procedure body).
type MPSubprogramStmt struct {
	StmtBase
	Name string `parser:"\"module\" \"procedure\" @Ident"`
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
	Kw_ bool `parser:"@\"contains\""`
}

// EntryStmt is "entry name[(args)] [result(r)] [bind(c)]" (obsolescent).
type EntryStmt struct {
	StmtBase
	Name     string        `parser:"\"entry\" @Ident"`
	Args     []string      `parser:"( \"(\" ( @(Ident | \"*\") ( \",\" @(Ident | \"*\") )* )? \")\" )?"`
	Suffixes []*FuncSuffix `parser:"@@*"`
}

// ---------------------------------------------------------------------------
// Specification statements.

// UseStmt is "use [, nature ::] module [, only: list | , renames]".
type UseStmt struct {
	StmtBase
	Nature  string     `parser:"\"use\" ( \",\" @(\"intrinsic\" | \"non_intrinsic\") \"::\" | \"::\" )?"`
	Module  string     `parser:"@Ident"`
	Only    bool       `parser:"( \",\" ( @\"only\" \":\""`
	OnlyL   []*UseItem `parser:"        ( @@ ( \",\" @@ )* )?"`
	Renames []*UseItem `parser:"      | @@ ( \",\" @@ )* ) )?"`
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
	Local *GenericSpec `parser:"@@"`
	Use   *GenericSpec `parser:"( \"=>\" @@ )?"`
}

// GenericSpec is a generic name, operator(op) or assignment(=).
type GenericSpec struct {
	Operator   string `parser:"  \"operator\" \"(\" @(DotOp | \"+\" | \"-\" | \"*\" | \"/\" | \"**\" | \"//\" | \"==\" | \"/=\" | \"<\" | \"<=\" | \">\" | \">=\") \")\""`
	Assignment bool   `parser:"| @(\"assignment\" \"(\" \"=\" \")\")"`
	Read       string `parser:"| \"read\" \"(\" @Ident \")\""`
	Write      string `parser:"| \"write\" \"(\" @Ident \")\""`
	Name       string `parser:"| @Ident"`
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
	Mode  string   `parser:"\"import\" ( \",\" @(\"only\" | \"none\" | \"all\") \":\"? )?"`
	Names []string `parser:"\"::\"? ( @Ident ( \",\" @Ident )* )?"`
}

// Attr is one attribute of a declaration.
type Attr struct {
	Pos       lexer.Position
	DimWord   bool       `parser:"  @\"dimension\""`
	Dimension *ArraySpec `parser:"  @@?"`
	Intent    []string   `parser:"| \"intent\" \"(\" @(\"in\" | \"out\" | \"inout\") @\"out\"? \")\""`
	Bind      *BindSpec  `parser:"| @@"`
	Pass      *PassAttr  `parser:"| @@"`
	Word      string     `parser:"| @(\"allocatable\" | \"pointer\" | \"target\" | \"optional\" | \"value\" | \"parameter\" | \"save\" | \"contiguous\" | \"protected\" | \"public\" | \"private\" | \"external\" | \"intrinsic\" | \"volatile\" | \"asynchronous\" | \"nopass\" | \"deferred\" | \"non_overridable\" | \"abstract\" | \"automatic\" | \"static\" | \"kind\" | \"len\")"`
	Extends   string     `parser:"| \"extends\" \"(\" @Ident \")\""`
}

// PassAttr is pass or pass(arg).
type PassAttr struct {
	Pass bool   `parser:"@\"pass\""`
	Arg  string `parser:"( \"(\" @Ident \")\" )?"`
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
	Name    string     `parser:"@Ident"`
	Array   *ArraySpec `parser:"@@?"`
	CharLen *CharLen   `parser:"( \"*\" @@ )?"`
	Init    *Expr      `parser:"( \"=\" @@"`
	PtrInit *Expr      `parser:"| \"=>\" @@ )?"`
}

// CharLen is the "*len" of an entity: *10, *(*), *(n).
type CharLen struct {
	Digits string `parser:"  @Int"`
	Star   bool   `parser:"| \"(\" ( @\"*\""`
	Colon  bool   `parser:"      | @\":\""`
	Expr   *Expr  `parser:"      | @@ ) \")\""`
}

// TypeDeclStmt is "type-spec [[, attrs] ::] entities".
type TypeDeclStmt struct {
	StmtBase
	Type     *TypeSpec `parser:"@@"`
	Attrs    []*Attr   `parser:"( ( \",\" @@ )* \"::\" )?"`
	Entities []*Entity `parser:"@@ ( \",\" @@ )*"`
}

// AttrStmt is an attribute statement: "allocatable :: a(:)", "public :: x",
// "intent(in) :: a", "save", "dimension a(10)", "parameter (n = 10)",
// "external f", "bind(c) :: x".
type AttrStmt struct {
	StmtBase
	Attr     *Attr         `parser:"@@ \"::\"?"`
	Params   []*NamedConst `parser:"( \"(\" @@ ( \",\" @@ )* \")\""`
	Entities []*AttrEntity `parser:"| @@ ( \",\" @@ )* )?"`
}

// AttrEntity is an entity of an attribute statement (a name, with an array
// spec for dimension/allocatable, or a generic spec for access statements).
type AttrEntity struct {
	Pos    lexer.Position
	Common string       `parser:"  \"/\" @Ident \"/\""`
	Spec   *GenericSpec `parser:"| @@"`
	Array  *ArraySpec   `parser:"  @@?"`
}

// NamedConst is "name = expr" in a PARAMETER statement.
type NamedConst struct {
	Pos  lexer.Position
	Name string `parser:"@Ident \"=\""`
	Expr *Expr  `parser:"@@"`
}

// DerivedTypeStmt is "type [[, attrs] ::] name".
type DerivedTypeStmt struct {
	StmtBase
	Attrs  []*Attr  `parser:"\"type\" ( ( \",\" @@ )* \"::\" )?"`
	Name   string   `parser:"@Ident"`
	Params []string `parser:"( \"(\" @Ident ( \",\" @Ident )* \")\" )?"`
}

// SequenceStmt is "sequence" in a derived type.
type SequenceStmt struct {
	StmtBase
	Kw_ bool `parser:"@\"sequence\""`
}

// BindingStmt is a type-bound procedure statement:
// "procedure [(iface)] [[, attrs] ::] name [=> target], ...".
type BindingStmt struct {
	StmtBase
	Interface string         `parser:"\"procedure\" ( \"(\" @Ident \")\" )?"`
	Attrs     []*Attr        `parser:"( ( \",\" @@ )* \"::\" )?"`
	Bindings  []*BindingDecl `parser:"@@ ( \",\" @@ )*"`
}

// BindingDecl is "name [=> target]".
type BindingDecl struct {
	Pos    lexer.Position
	Name   string `parser:"@Ident"`
	Target string `parser:"( \"=>\" @Ident )?"`
}

// GenericBindingStmt is "generic [, access] :: spec => names".
type GenericBindingStmt struct {
	StmtBase
	Access  string       `parser:"\"generic\" ( \",\" @(\"public\" | \"private\") )? \"::\""`
	Spec    *GenericSpec `parser:"@@ \"=>\""`
	Targets []string     `parser:"@Ident ( \",\" @Ident )*"`
}

// FinalStmt is "final [::] names".
type FinalStmt struct {
	StmtBase
	Names []string `parser:"\"final\" \"::\"? @Ident ( \",\" @Ident )*"`
}

// ProcDeclStmt is "procedure ([iface]) [, attrs] :: entities" outside a
// type (procedure pointers, procedure components, external procedures).
type ProcDeclStmt struct {
	StmtBase
	Interface *ProcInterface `parser:"\"procedure\" \"(\" @@? \")\""`
	Attrs     []*Attr        `parser:"( ( \",\" @@ )* \"::\" )?"`
	Entities  []*Entity      `parser:"@@ ( \",\" @@ )*"`
}

// ProcInterface is the interface of a procedure declaration: a name or a type.
type ProcInterface struct {
	Type *TypeSpec `parser:"  @@"`
	Name string    `parser:"| @Ident"`
}

// InterfaceStmt is "[abstract] interface [generic-spec]".
type InterfaceStmt struct {
	StmtBase
	Abstract bool         `parser:"@\"abstract\"? \"interface\""`
	Spec     *GenericSpec `parser:"@@?"`
}

// ProcedureStmt is "[module] procedure [::] names" inside an interface block.
type ProcedureStmt struct {
	StmtBase
	Module bool     `parser:"@\"module\"? \"procedure\" \"::\"?"`
	Names  []string `parser:"@Ident ( \",\" @Ident )*"`
}

// EnumStmt is "enum, bind(c)".
type EnumStmt struct {
	StmtBase
	Bind *BindSpec `parser:"\"enum\" ( \",\" @@ )?"`
}

// EnumeratorStmt is "enumerator [::] a [= 1], b".
type EnumeratorStmt struct {
	StmtBase
	Entities []*Entity `parser:"\"enumerator\" \"::\"? @@ ( \",\" @@ )*"`
}

// NamelistStmt is "namelist /g/ a, b [/h/ c]".
type NamelistStmt struct {
	StmtBase
	Groups []*NamelistGroup `parser:"\"namelist\" @@+"`
}

// NamelistGroup is "/name/ a, b".
type NamelistGroup struct {
	Name  string   `parser:"\",\"? \"/\" @Ident \"/\""`
	Names []string `parser:"@Ident ( \",\" @Ident )*"`
}

// CommonStmt is "common [/blk/] a, b(10) [, /c/ d]".
type CommonStmt struct {
	StmtBase
	Blocks []*CommonBlock `parser:"\"common\" @@+"`
}

// CommonBlock is one block of a COMMON statement.
type CommonBlock struct {
	Name     *CommonName `parser:"\",\"? @@?"`
	Entities []*Entity   `parser:"@@ ( \",\" @@ )*"`
}

// CommonName is "/name/" or "//".
type CommonName struct {
	Blank bool   `parser:"  @\"//\""`
	Name  string `parser:"| \"/\" @Ident? \"/\""`
}

// EquivalenceStmt is "equivalence (a, b(1)), (c, d)".
type EquivalenceStmt struct {
	StmtBase
	Sets []*EquivSet `parser:"\"equivalence\" @@ ( \",\" @@ )*"`
}

// EquivSet is one parenthesised list of an EQUIVALENCE statement.
type EquivSet struct {
	Objects []*Expr `parser:"\"(\" @@ ( \",\" @@ )* \")\""`
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
	LHS *Expr `parser:"@@ \"=\""`
	RHS *Expr `parser:"@@"`
	// StmtFunc is set by sema when this is a statement function definition.
	StmtFunc bool
	// Proc is the subroutine of a defined assignment (set by sema).
	Proc *Procedure
}

// PtrAssignStmt is "lhs => rhs".
type PtrAssignStmt struct {
	StmtBase
	LHS *Expr `parser:"@@ \"=>\""`
	RHS *Expr `parser:"@@"`
}

// CallStmt is "call designator[(args)]".
type CallStmt struct {
	StmtBase
	Callee *Expr `parser:"\"call\" @@"`
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
	Cond *Expr `parser:"\"if\" \"(\" @@ \")\" \"then\""`
}

// ElseIfStmt is "else if (cond) then [name]".
type ElseIfStmt struct {
	StmtBase
	Cond *Expr  `parser:"\"elseif\" \"(\" @@ \")\" \"then\""`
	Name string `parser:"@Ident?"`
}

// ElseStmt is "else [name]".
type ElseStmt struct {
	StmtBase
	Name string `parser:"\"else\" @Ident?"`
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
	Expr *Expr `parser:"\"selectcase\" \"(\" @@ \")\""`
}

// CaseStmt is "case (selectors) [name]" or "case default [name]".
type CaseStmt struct {
	StmtBase
	Default bool         `parser:"\"case\" ( @\"default\""`
	Items   []*CaseRange `parser:"  | \"(\" @@ ( \",\" @@ )* \")\" )"`
	Name    string       `parser:"@Ident?"`
}

// CaseRange is "value", "lo:", ":hi" or "lo:hi".
type CaseRange struct {
	Lo     *Expr      `parser:"( @@"`
	Colon  bool       `parser:"  ( @\":\""`
	Hi     *Expr      `parser:"    @@? )?"`
	OnlyHi *CaseUpper `parser:"| @@ )"`
}

// CaseUpper is ":hi" (normalised into CaseRange.Hi by the parser).
type CaseUpper struct {
	Colon bool  `parser:"@\":\""`
	Hi    *Expr `parser:"@@"`
}

// SelectTypeStmt is "[name:] select type ([assoc =>] expr)".
type SelectTypeStmt struct {
	StmtBase
	Name  string
	Assoc string `parser:"\"selecttype\" \"(\" ( @Ident \"=>\" )?"`
	Expr  *Expr  `parser:"@@ \")\""`
}

// TypeGuardStmt is "type is (t)", "class is (t)" or "class default".
type TypeGuardStmt struct {
	StmtBase
	Guard   string    `parser:"@(\"typeis\" | \"classis\" | \"classdefault\")"`
	Type    *TypeSpec `parser:"( \"(\" ( @@"`
	Derived string    `parser:"| @Ident ) \")\" )?"`
	Name    string    `parser:"@Ident?"`
}

// SelectRankStmt is "[name:] select rank ([assoc =>] expr)".
type SelectRankStmt struct {
	StmtBase
	Name  string
	Assoc string `parser:"\"selectrank\" \"(\" ( @Ident \"=>\" )?"`
	Expr  *Expr  `parser:"@@ \")\""`
}

// RankCaseStmt is "rank (n)", "rank (*)" or "rank default".
type RankCaseStmt struct {
	StmtBase
	Default bool   `parser:"\"rank\" ( @\"default\""`
	Star    bool   `parser:"| \"(\" ( @\"*\""`
	Rank    *Expr  `parser:"| @@ ) \")\" )"`
	Name    string `parser:"@Ident?"`
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
	// VarSym is the DO variable's symbol (set by sema).
	VarSym *Symbol
	// Omp: the OpenMP loop directive this DO CONCURRENT was made from
	// (omp.go); nil for the user's own loops.
	Omp *OmpLoop
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
	Name string `parser:"\"cycle\" @Ident?"`
}

// ExitStmt is "exit [name]".
type ExitStmt struct {
	StmtBase
	Name string `parser:"\"exit\" @Ident?"`
}

// ContinueStmt is "continue".
type ContinueStmt struct {
	StmtBase
	Kw_ bool `parser:"@\"continue\""`
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
	Mask *Expr  `parser:"\"elsewhere\" ( \"(\" @@ \")\" )?"`
	Name string `parser:"@Ident?"`
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
	Assocs []*Association `parser:"\"associate\" \"(\" @@ ( \",\" @@ )* \")\""`
}

// Association is "name => selector".
type Association struct {
	Pos  lexer.Position
	Name string `parser:"@Ident \"=>\""`
	Expr *Expr  `parser:"@@"`
}

// CriticalStmt is "[name:] critical".
type CriticalStmt struct {
	StmtBase
	Name string
}

// ReturnStmt is "return [expr]".
type ReturnStmt struct {
	StmtBase
	Expr *Expr `parser:"\"return\" @@?"`
}

// StopStmt is "[error] stop [code] [, quiet = expr]".
type StopStmt struct {
	StmtBase
	Error bool  `parser:"( @\"errorstop\" | \"stop\" )"`
	Code  *Expr `parser:"@@?"`
	Quiet *Expr `parser:"( \",\" \"quiet\" \"=\" @@ )?"`
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
	Items []*Expr `parser:"\"nullify\" \"(\" @@ ( \",\" @@ )* \")\""`
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

// StmtBaseOf returns the common fields of a statement.
func StmtBaseOf(s Stmt) StmtBase { return *s.base() }

// ConstTrips is, for a counted DO whose bounds and step are integer
// constants, its lower bound, step and trip count MAX((hi - lo + step) /
// step, 0); ok is false for another DO, a bound or step that is not an
// integer constant, or a step of 0.
func (d *DoStmt) ConstTrips() (lo, step, trips int64, ok bool) {
	con := func(e *Expr) (int64, bool) {
		if e == nil || e.Const == nil || e.Const.IsArray() || e.Type.Base != TyInteger || e.Const.Type.Base != TyInteger {
			return 0, false
		}
		return e.Const.Int, true
	}
	if d.Concurrent != nil || d.While != nil {
		return 0, 0, 0, false
	}
	lo, ok1 := con(d.Lo)
	hi, ok2 := con(d.Hi)
	step, ok3 := int64(1), true
	if d.Step != nil {
		step, ok3 = con(d.Step)
	}
	if !ok1 || !ok2 || !ok3 || step == 0 {
		return 0, 0, 0, false
	}
	trips = (hi - lo + step) / step
	if trips < 0 {
		trips = 0
	}
	return lo, step, trips, true
}
