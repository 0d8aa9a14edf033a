package frontend

import (
	"fmt"
	"strconv"
)

// Value is a compile-time constant (a folded parameter or constant
// expression). Arrays are Elems with Shape.
type Value struct {
	Type  Type
	Int   int64
	Real  float64
	Cmplx complex128
	Bool  bool
	Str   string
	Elems []Value // array constants, in array element order
	Shape []int   // extents of an array constant; nil for scalars
}

// IntValue returns an integer constant of default kind.
func IntValue(i int64) Value { return Value{Type: IntType, Int: i} }

// RealValue returns a real constant of the given kind.
func RealValue(r float64, kind int) Value {
	return Value{Type: Type{Base: TyReal, Kind: kind}, Real: r}
}

// LogicalValue returns a default logical constant.
func LogicalValue(b bool) Value { return Value{Type: LogicalType, Bool: b} }

// StringValue returns a default character constant.
func StringValue(s string) Value { return Value{Type: CharTypeLen(len(s)), Str: s} }

// IsArray reports an array constant.
func (v Value) IsArray() bool { return v.Shape != nil }

// AsInt converts an integer (or real) scalar constant to int64.
func (v Value) AsInt() (int64, bool) {
	switch v.Type.Base {
	case TyInteger, TyBOZ:
		return v.Int, true
	case TyReal:
		return int64(v.Real), true
	}
	return 0, false
}

// AsFloat converts a numeric scalar constant to float64.
func (v Value) AsFloat() (float64, bool) {
	switch v.Type.Base {
	case TyInteger:
		return float64(v.Int), true
	case TyReal:
		return v.Real, true
	case TyComplex:
		return real(v.Cmplx), true
	}
	return 0, false
}

func (v Value) String() string {
	if v.IsArray() {
		s := "["
		for i, e := range v.Elems {
			if i > 0 {
				s += ", "
			}
			s += e.String()
		}
		return s + "]"
	}
	switch v.Type.Base {
	case TyInteger, TyBOZ:
		return strconv.FormatInt(v.Int, 10)
	case TyReal:
		if v.Type.Kind == 4 {
			return strconv.FormatFloat(v.Real, 'g', -1, 32)
		}
		return strconv.FormatFloat(v.Real, 'g', -1, 64)
	case TyComplex:
		return fmt.Sprintf("(%s,%s)", strconv.FormatFloat(real(v.Cmplx), 'g', -1, 64), strconv.FormatFloat(imag(v.Cmplx), 'g', -1, 64))
	case TyLogical:
		if v.Bool {
			return ".true."
		}
		return ".false."
	case TyCharacter:
		return strconv.Quote(v.Str)
	case TyDerived:
		s := v.Type.String() + "("
		for i, e := range v.Elems {
			if i > 0 {
				s += ", "
			}
			s += e.String()
		}
		return s + ")"
	}
	return "?"
}
