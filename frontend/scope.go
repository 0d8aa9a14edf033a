package frontend

// SymKind classifies symbols.
type SymKind int

const (
	SymUnknown   SymKind = iota
	SymVariable          // a variable (local, dummy, module variable, result)
	SymParameter         // a named constant
	SymProcedure         // a procedure (user, external, dummy procedure, procedure pointer)
	SymGeneric           // a generic interface (name or operator/assignment)
	SymType              // a derived type name
	SymModule            // a module name
	SymProgram           // the main program's name
	SymComponent         // a derived-type component
	SymNamelist          // a namelist group
	SymCommon            // a common block name
	SymConstruct         // a construct name
	SymOpaque            // a name from a module that is not available
	SymIntrinsic         // an intrinsic procedure named in INTRINSIC or used as actual arg
	SymStmtFunc          // a statement function
)

var symKindNames = [...]string{"unknown", "variable", "parameter", "procedure", "generic", "type", "module", "program", "component", "namelist", "common", "construct", "opaque", "intrinsic", "stmt-function"}

func (k SymKind) String() string { return symKindNames[k] }

// Symbol is a named entity of a scope.
type Symbol struct {
	Name  string
	Kind  SymKind
	Pos   Pos
	Type  Type
	Rank  int // -1: assumed rank
	Shape *ArraySpec
	// Dims holds constant extents when known (-1 where not constant).
	Dims []int

	// Attributes.
	Allocatable, Pointer, Target, Optional, Value, Save, Contiguous bool
	Protected, Volatile, Asynchronous, External, IntrinsicAttr      bool
	Private, Public, BindC                                          bool
	Intent                                                          string // in, out, inout
	Dummy                                                           bool
	ImplicitType                                                    bool // typed by implicit rules
	TypeDeclared                                                    bool // has an explicit type declaration
	Used                                                            bool // referenced
	UsedAsData                                                      bool // referenced as a data object (a plain name)

	Init    *Expr  // initialiser
	Const   *Value // value of a named constant (when folded)
	Proc    *Procedure
	Generic *Generic
	Derived *DerivedType // SymType
	Module  string       // defining module, for use-associated symbols
	Use     *Symbol      // the original symbol, when use-associated
	Host    bool         // host-associated
	Scope   *Scope       // the scope that declared it
	// ProcIface is the interface name of a procedure pointer/dummy procedure.
	ProcIface string
	Assumed   string // "shape", "size", "deferred", "explicit", "rank" for arrays
	Common    string // common block name (blank "" + InCommon)
	InCommon  bool
	Builtin   *Intrinsic // SymIntrinsic
	StmtFunc  *AssignStmt
	// Component is the component designator (p%dx, mesh%x) a lowering
	// pass stands this variable for: a kernel is handed the component on
	// its own (lowering/components.go).
	Component *Expr
}

// IsArray reports whether the symbol is an array.
func (s *Symbol) IsArray() bool { return s.Rank != 0 }

// Generic is a generic interface: specific procedures reachable by one name
// (or operator).
type Generic struct {
	Name      string
	Pos       Pos
	Specifics []*Symbol // resolved procedures
	Names     []string  // specific names (resolved lazily)
	Scope     *Scope
}

// ScopeKind distinguishes scope owners.
type ScopeKind int

const (
	ScopeGlobal ScopeKind = iota
	ScopeUnit
	ScopeBlock     // BLOCK construct
	ScopeAssociate // ASSOCIATE / SELECT TYPE / SELECT RANK guard
	ScopeType      // derived type components
	ScopeImpliedDo // implied-do or forall/do concurrent index
)

// Scope holds the symbols of one scoping unit.
type Scope struct {
	Kind    ScopeKind
	Parent  *Scope // host scope (nil at global)
	Unit    *Procedure
	Symbols map[string]*Symbol
	Order   []*Symbol // declaration order
	// Implicit typing: letter -> type; nil entry means none.
	Implicit     *[26]*Type
	ImplicitNone bool
	// SaveAll: a SAVE statement without names (every variable is saved).
	SaveAll bool
	// Generic operators/assignment: "operator(+)", "assignment(=)", ".myop."
	Operators map[string]*Generic
	// OpAccess records public (true) / private (false) statements naming
	// operators and assignment(=).
	OpAccess map[string]bool
	// DefaultPrivate is set by a PRIVATE statement with no names (modules).
	DefaultPrivate bool
	// Imports restricts host association in interface bodies ("import").
	NoHost bool
	Import map[string]bool
}

// NewScope returns a scope under parent.
func NewScope(kind ScopeKind, parent *Scope, unit *Procedure) *Scope {
	return &Scope{Kind: kind, Parent: parent, Unit: unit, Symbols: map[string]*Symbol{}}
}

// Local finds a symbol in this scope only.
func (s *Scope) Local(name string) *Symbol { return s.Symbols[name] }

// Lookup finds a symbol in this scope or its hosts.
func (s *Scope) Lookup(name string) *Symbol {
	for sc := s; sc != nil; sc = sc.Parent {
		if sym := sc.Symbols[name]; sym != nil {
			return sym
		}
		if sc.NoHost && !sc.Import[name] {
			// Interface bodies see their host only through IMPORT; the
			// global scope (external procedures, intrinsic modules) stays visible.
			for g := sc.Parent; g != nil; g = g.Parent {
				if g.Kind == ScopeGlobal {
					return g.Symbols[name]
				}
			}
			return nil
		}
	}
	return nil
}

// Add declares a symbol; it returns the existing one (and false) when the
// name is already declared in this scope.
func (s *Scope) Add(sym *Symbol) (*Symbol, bool) {
	if old := s.Symbols[sym.Name]; old != nil {
		return old, false
	}
	sym.Scope = s
	s.Symbols[sym.Name] = sym
	s.Order = append(s.Order, sym)
	return sym, true
}

// ImplicitType returns the implicit type for a name in this scope (walking
// hosts), and false under implicit none.
func (s *Scope) ImplicitType(name string) (Type, bool) {
	if name == "" {
		return UnknownType, false
	}
	c := name[0]
	if c < 'a' || c > 'z' {
		return UnknownType, false
	}
	for sc := s; sc != nil; sc = sc.Parent {
		if sc.Implicit != nil && sc.Implicit[c-'a'] != nil {
			return *sc.Implicit[c-'a'], true
		}
		if sc.ImplicitNone {
			return UnknownType, false
		}
		if sc.Unit != nil && sc.Unit.Interface && !sc.Unit.ModulePrefix && sc.Kind == ScopeUnit {
			break // an interface body does not inherit its host's implicit rules
		}
		if sc.Kind == ScopeGlobal {
			break
		}
	}
	// Default rules: i-n integer, else real.
	if c >= 'i' && c <= 'n' {
		return IntType, true
	}
	return RealType, true
}
