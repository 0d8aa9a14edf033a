package frontend

import "sort"

// UnitKind classifies scoping units with bodies.
type UnitKind int

const (
	UnitProgram UnitKind = iota
	UnitModule
	UnitSubmodule
	UnitBlockData
	UnitFunction
	UnitSubroutine
	UnitInterfaceBody // a function or subroutine interface body (Sub/Func in IsFunction)
)

var unitKindNames = [...]string{"program", "module", "submodule", "block data", "function", "subroutine", "interface"}

func (k UnitKind) String() string { return unitKindNames[k] }

// Procedure is a scoping unit with a body: a main program, module,
// submodule, block data, function, subroutine or interface body.
type Procedure struct {
	Kind     UnitKind
	Name     string
	Pos      Pos
	File     string
	Head     Stmt   // opening statement (nil for a main program without PROGRAM)
	Spec     []Stmt // specification part (TypeDef, InterfaceBlock, EnumDef nodes included)
	Body     []Stmt // execution part, constructs nested
	Contains []*Procedure
	End      *EndStmt
	Host     *Procedure // the host (module or procedure containing it)
	Scope    *Scope

	// Procedure properties.
	IsFunction   bool // function (also for interface bodies)
	Pure         bool
	Elemental    bool
	Recursive    bool
	Impure       bool
	ModulePrefix bool // "module function": separate module procedure interface
	Separate     bool // "module procedure name" body in a submodule
	Dummies      []*Symbol
	Result       *Symbol // function result variable
	BindC        bool
	Ancestor     string // submodule: ancestor module
	ParentSub    string // submodule: parent submodule
	Internal     bool   // an internal procedure (host is a procedure or program)
	ModuleProc   bool   // a module procedure (host is a module or submodule)
	External     bool   // an external procedure (top level)
	Interface    bool   // an interface body
	// Impl is, for the interface body of a separate module procedure
	// ("module function f" in an interface of a module or submodule), the
	// procedure that implements it in a descendant submodule of the
	// given files ("module procedure f" or the full "module function
	// f" form); nil when no given file has it. Sema resolves references
	// to the interface to Impl (linkSeparateBodies).
	Impl *Procedure
}

// IsPure reports whether the procedure is pure (pure or elemental, not impure).
func (p *Procedure) IsPure() bool { return (p.Pure || p.Elemental) && !p.Impure }

// TypeDef is a derived-type definition in a specification part.
type TypeDef struct {
	StmtBase
	Head       *DerivedTypeStmt
	Components []Stmt // TypeDeclStmt / ProcDeclStmt
	Bindings   []Stmt // BindingStmt / GenericBindingStmt / FinalStmt
	Private    bool   // "private" before the components
	BindPriv   bool   // "private" after contains
	Sequence   bool
	End        *EndStmt
	Type       *DerivedType
}

// InterfaceBlock is "interface ... end interface".
type InterfaceBlock struct {
	StmtBase
	Head   *InterfaceStmt
	Bodies []*Procedure
	Procs  []*ProcedureStmt
	End    *EndStmt
}

// EnumDef is "enum, bind(c) ... end enum".
type EnumDef struct {
	StmtBase
	Head  *EnumStmt
	Items []*EnumeratorStmt
}

// Construct is a block construct: if, do, select case/type/rank, forall,
// where, block, associate, critical. Head is the opening statement.
type Construct struct {
	StmtBase
	Head     Stmt
	Spec     []Stmt // BLOCK's specification part
	Body     []Stmt
	Branches []*Branch // else if / else / case / type guard / elsewhere
	End      Stmt      // the END statement (or the labelled terminal statement of a DO)
	Scope    *Scope    // block, associate, select type
}

// Branch is one further part of a construct (else if, case, type is, ...).
type Branch struct {
	Head  Stmt
	Body  []Stmt
	Scope *Scope
}

// SourceUnit is one file of the program.
type SourceUnit struct {
	Path  string
	Units []*Procedure
	Src   *SourceFile
}

// Program is the typed program built from the files of one command line.
type Program struct {
	Files   []*SourceUnit
	Modules map[string]*Procedure
	// Globals are the external procedures and main programs by name.
	Globals map[string]*Procedure
	lines   map[string][]string
	// pre holds, for preprocessed files, the preprocessed text and where
	// each original line of the file itself went.
	pre map[string]*preprocessed
	// Missing lists the modules used that are not among the given files,
	// each at its first USE (the host compiler may find their .mod files).
	Missing []MissingModule
}

// MissingModule is a module a USE statement names that no given file
// defines.
type MissingModule struct {
	Name string
	Pos  Pos
}

type preprocessed struct {
	lines []string
	toPre map[int]int // original line of the file (of origin) -> preprocessed line
	// origin is the file whose lines toPre maps: the file itself, or, for
	// the output of a preprocessor run by the user's build (line markers
	// only), the file its first marker names. Positions name origin.
	origin string
	lm     *LineMap // preprocessed line -> original file and line (nil: none)
}

// PreOrigin returns the original file and line of line n of a file's
// preprocessed text (Preprocessed): where its line markers or the
// preprocessor put it, else the file's own line n.
func (p *Program) PreOrigin(path string, n int) (string, int) {
	if p != nil && p.pre != nil && p.pre[path] != nil && p.pre[path].lm != nil {
		if f, l := p.pre[path].lm.Map(n); f != "" && l > 0 {
			return f, l
		}
	}
	return path, n
}

// pp0Lines rebuilds origin's lines from the preprocessed text, for carets
// when the original file cannot be read: line n of origin is the text line
// toPre maps it to ("" where none).
func pp0Lines(pp *preprocessed, origin string) []string {
	if pp == nil {
		return nil
	}
	max := 0
	for n := range pp.toPre {
		if n > max {
			max = n
		}
	}
	out := make([]string, max)
	for n, t := range pp.toPre {
		if t >= 1 && t <= len(pp.lines) {
			out[n-1] = pp.lines[t-1]
		}
	}
	return out
}

// Origin returns the file whose positions the parsed text of path carries:
// path itself, or the original file named by the line markers of a file
// that a build's preprocessor run wrote (Preprocessed maps that file's
// lines).
func (p *Program) Origin(path string) string {
	if p != nil && p.pre != nil && p.pre[path] != nil && p.pre[path].origin != "" {
		return p.pre[path].origin
	}
	return path
}

// Preprocessed returns the preprocessed lines of a file given to the C
// preprocessor and a function mapping a line of the original file to its
// line there (0 when the line produced no output, e.g. a directive).
func (p *Program) Preprocessed(path string) ([]string, func(int) int, bool) {
	if p == nil || p.pre == nil || p.pre[path] == nil {
		return nil, nil, false
	}
	pp := p.pre[path]
	return pp.lines, func(n int) int { return pp.toPre[n] }, true
}

// Line implements SourceLines.
func (p *Program) Line(file string, line int) (string, bool) {
	if p == nil {
		return "", false
	}
	lines := p.lines[file]
	if line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

// Units lists the program units of all files, in file order.
func (p *Program) Units() []*Procedure {
	var out []*Procedure
	for _, f := range p.Files {
		out = append(out, f.Units...)
	}
	return out
}

// ModuleNames lists the modules, sorted.
func (p *Program) ModuleNames() []string {
	var names []string
	for n := range p.Modules {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
