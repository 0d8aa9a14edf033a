package frontend

import (
	"fmt"
	"strings"
)

// BaseType is the category of a Fortran type.
type BaseType int

const (
	TyUnknown   BaseType = iota // not known (opaque names from modules not given, errors)
	TyInteger                   // integer(k)
	TyReal                      // real(k), double precision
	TyComplex                   // complex(k)
	TyLogical                   // logical(k)
	TyCharacter                 // character(len=l, kind=k)
	TyDerived                   // type(t) or class(t)
	TyClassStar                 // class(*)
	TyTypeStar                  // type(*) (assumed type)
	TyBOZ                       // a BOZ literal constant, typeless until used
	TyNone                      // subroutines: no value
)

var baseNames = [...]string{"unknown", "integer", "real", "complex", "logical", "character", "type", "class(*)", "type(*)", "boz", "none"}

func (b BaseType) String() string { return baseNames[b] }

// Character length markers (Type.Len).
const (
	LenUnknown  = -1 // a run-time length, or not determined
	LenAssumed  = -2 // len=*
	LenDeferred = -3 // len=:
)

// Type is a scalar Fortran type. Rank is carried beside it (Expr.Rank,
// Symbol.Rank) because most analyses ask about the two separately.
type Type struct {
	Base BaseType
	// Kind is the kind type parameter as gfortran numbers it: bytes for
	// integer, real, logical (4, 8, 10, 16, 1, 2), bytes per part for complex,
	// 1 (or 4) for character.
	Kind int
	// Len is the character length: >= 0 when constant, else a Len* marker.
	Len int
	// Derived is the derived type for TyDerived.
	Derived *DerivedType
	// Class marks a polymorphic class(t).
	Class bool
}

// Common types.
var (
	UnknownType = Type{Base: TyUnknown}
	NoneType    = Type{Base: TyNone}
	IntType     = Type{Base: TyInteger, Kind: 4}
	Int8Type    = Type{Base: TyInteger, Kind: 8}
	RealType    = Type{Base: TyReal, Kind: 4}
	DoubleType  = Type{Base: TyReal, Kind: 8}
	ComplexType = Type{Base: TyComplex, Kind: 4}
	DComplexTy  = Type{Base: TyComplex, Kind: 8}
	LogicalType = Type{Base: TyLogical, Kind: 4}
	CharType    = Type{Base: TyCharacter, Kind: 1, Len: 1}
	BOZType     = Type{Base: TyBOZ}
)

// CharTypeLen is character(len=n).
func CharTypeLen(n int) Type { return Type{Base: TyCharacter, Kind: 1, Len: n} }

// IsNumeric reports integer, real or complex.
func (t Type) IsNumeric() bool {
	return t.Base == TyInteger || t.Base == TyReal || t.Base == TyComplex
}

// Known reports whether the type is determined.
func (t Type) Known() bool { return t.Base != TyUnknown }

func (t Type) String() string {
	switch t.Base {
	case TyCharacter:
		l := "?"
		switch {
		case t.Len >= 0:
			l = fmt.Sprint(t.Len)
		case t.Len == LenAssumed:
			l = "*"
		case t.Len == LenDeferred:
			l = ":"
		}
		if t.Kind != 1 && t.Kind != 0 {
			return fmt.Sprintf("character(len=%s,kind=%d)", l, t.Kind)
		}
		return fmt.Sprintf("character(len=%s)", l)
	case TyDerived:
		name := "?"
		if t.Derived != nil {
			name = t.Derived.Name
		}
		if t.Class {
			return "class(" + name + ")"
		}
		return "type(" + name + ")"
	case TyInteger, TyReal, TyComplex, TyLogical:
		return fmt.Sprintf("%s(%d)", t.Base, t.Kind)
	}
	return t.Base.String()
}

// SameType reports type equality (kinds included; character lengths ignored).
func SameType(a, b Type) bool {
	if a.Base != b.Base {
		return false
	}
	switch a.Base {
	case TyDerived:
		return a.Derived == b.Derived
	case TyCharacter:
		return a.Kind == b.Kind || a.Kind == 0 || b.Kind == 0
	}
	return a.Kind == b.Kind
}

// DerivedType is a derived type definition.
type DerivedType struct {
	Name       string
	Pos        Pos
	Scope      *Scope // the scoping unit that defines it
	Parent     *DerivedType
	Components []*Symbol // in order, parent's first not included
	Bindings   []*Binding
	Abstract   bool
	BindC      bool
	Sequence   bool
	Extensible bool
	Private    bool
}

// Binding is a type-bound procedure, generic binding or final procedure.
type Binding struct {
	Name      string // binding name, or "operator(+)", "assignment(=)", "final"
	Pos       Pos
	Targets   []string // the procedures (or for generics, the specific binding names)
	Generic   bool
	Final     bool
	NoPass    bool
	PassArg   string
	Deferred  bool
	Interface string // procedure(iface), deferred bindings
	Proc      *Procedure
}

// Component finds a component (searching parents), nil when absent.
func (d *DerivedType) Component(name string) *Symbol {
	for t := d; t != nil; t = t.Parent {
		for _, c := range t.Components {
			if c.Name == name {
				return c
			}
		}
		if t.Parent != nil && t.Parent.Name == name {
			return &Symbol{Name: name, Kind: SymComponent, Type: Type{Base: TyDerived, Derived: t.Parent}, Pos: t.Pos}
		}
	}
	return nil
}

// AllComponents lists the components including inherited ones, parent first.
func (d *DerivedType) AllComponents() []*Symbol {
	if d == nil {
		return nil
	}
	return append(d.Parent.AllComponents(), d.Components...)
}

// FindBinding finds a type-bound procedure or generic by name, searching parents.
func (d *DerivedType) FindBinding(name string) *Binding {
	for t := d; t != nil; t = t.Parent {
		for _, b := range t.Bindings {
			if b.Name == name {
				return b
			}
		}
	}
	return nil
}

// Extends reports whether d is t or an extension of t.
func (d *DerivedType) Extends(t *DerivedType) bool {
	for x := d; x != nil; x = x.Parent {
		if x == t || (x.Name == t.Name && x.Scope == t.Scope) {
			return true
		}
	}
	return false
}

func lower(s string) string { return strings.ToLower(s) }

// PromoteNumeric is the type of the result of an intrinsic numeric
// operation (+ - * / **) on operands of types a and b (Fortran 2018
// 10.1.9.3 and Table 10.2), also the result type of dot_product and matmul:
//   - integer < real < complex: the result has the category of the higher;
//   - of two operands of the same category, the kind of the greater kind;
//   - real with complex (either way round) is complex of the greater of the
//     two kinds; an integer operand never raises the kind of a real or
//     complex one;
//   - a BOZ operand counts as default integer;
//   - two logical operands (matmul, dot_product of logical arrays) give the
//     logical of the greater kind;
//   - unknown when either operand's type is unknown.
//
// The operand that decides is returned as it is; a new type is made only
// where the category of one and the kind of the other combine.
func PromoteNumeric(a, b Type) Type {
	if !a.Known() || !b.Known() {
		return UnknownType
	}
	if a.Base == TyLogical || b.Base == TyLogical {
		return Type{Base: TyLogical, Kind: max(a.Kind, b.Kind)}
	}
	if a.Base == TyBOZ {
		a = IntType
	}
	if b.Base == TyBOZ {
		b = IntType
	}
	order := func(t Type) int {
		switch t.Base {
		case TyInteger:
			return 0
		case TyReal:
			return 1
		}
		return 2
	}
	oa, ob := order(a), order(b)
	switch {
	case oa > ob:
		if ob > 0 && b.Kind > a.Kind {
			return Type{Base: a.Base, Kind: b.Kind}
		}
		return a
	case ob > oa:
		if oa > 0 && a.Kind > b.Kind {
			return Type{Base: b.Base, Kind: a.Kind}
		}
		return b
	}
	if b.Kind > a.Kind {
		return b
	}
	return a
}
