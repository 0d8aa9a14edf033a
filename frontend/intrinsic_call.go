package frontend

// The intrinsic table's call context, argument helpers and kind-honouring
// value constructors (intrinsic_table.go has the table and its conventions).

import (
	"fmt"
	"math"
	"strings"
)

// ---------------------------------------------------------------------------
// Call context and argument helpers.

// call is one matched call of an intrinsic, seen by result and fold rules.
type call struct {
	in *Intrinsic
	a  []ArgInfo
}

type resultFn func(c *call) (Type, int, error)

// foldFn computes a constant; rt is the result type Result gave. For
// elemental intrinsics it sees scalar arguments only (see elementalFold).
type foldFn func(c *call, rt Type) (Value, bool)

func (c *call) arg(i int) ArgInfo {
	if i < 0 || i >= len(c.a) {
		return ArgInfo{}
	}
	return c.a[i]
}

func (c *call) has(i int) bool { return c.arg(i).Present }

func (c *call) typ(i int) Type { return c.arg(i).Type }

func (c *call) argName(i int) string {
	if i < len(c.in.Args) {
		return c.in.Args[i].Name
	}
	return fmt.Sprintf("a%d", i+1)
}

func (c *call) errorf(format string, args ...any) error {
	return fmt.Errorf("intrinsic '%s': %s", c.in.Name, fmt.Sprintf(format, args...))
}

// checkArity reports missing required and surplus arguments.
func (c *call) checkArity() error {
	n := len(c.in.Args)
	variadic := n > 0 && c.in.Args[n-1].Variadic
	for i := n; i < len(c.a); i++ {
		if c.a[i].Present && !variadic {
			return c.errorf("too many arguments")
		}
	}
	for i, d := range c.in.Args {
		if !d.Optional && !c.has(i) {
			return c.errorf("missing argument '%s'", d.Name)
		}
	}
	return nil
}

// cat is a set of argument type categories.
type cat uint8

const (
	cInt cat = 1 << iota
	cReal
	cCmplx
	cLog
	cChar
	cDer
	cBOZ
	cNum    = cInt | cReal | cCmplx
	cIntBOZ = cInt | cBOZ
	cFloat  = cReal | cCmplx
	cAny    = cat(0xff)
)

func catOf(t Type) cat {
	switch t.Base {
	case TyInteger:
		return cInt
	case TyReal:
		return cReal
	case TyComplex:
		return cCmplx
	case TyLogical:
		return cLog
	case TyCharacter:
		return cChar
	case TyDerived, TyClassStar, TyTypeStar:
		return cDer
	case TyBOZ:
		return cBOZ
	}
	return 0
}

func (k cat) String() string {
	var parts []string
	for _, p := range []struct {
		c cat
		s string
	}{{cInt, "integer"}, {cReal, "real"}, {cCmplx, "complex"}, {cLog, "logical"}, {cChar, "character"}, {cDer, "derived type"}} {
		if k&p.c != 0 {
			parts = append(parts, p.s)
		}
	}
	switch len(parts) {
	case 0:
		return "?"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// check verifies that argument i, when present and of known type, belongs to
// one of the categories.
func (c *call) check(i int, k cat) error {
	a := c.arg(i)
	if !a.Present || a.Type.Base == TyUnknown || k == cAny {
		return nil
	}
	if catOf(a.Type)&k == 0 {
		if a.Type.Base == TyBOZ {
			return c.errorf("a BOZ literal is not allowed as argument '%s'", c.argName(i))
		}
		return c.errorf("argument '%s' must be %s, not %s", c.argName(i), k, a.Type)
	}
	return nil
}

// checkAll applies checks[i] to argument i; surplus (variadic) arguments use
// the last check. A zero check skips the argument.
func (c *call) checkAll(checks []cat) error {
	if len(checks) == 0 {
		return nil
	}
	for i := range c.a {
		k := checks[min(i, len(checks)-1)]
		if k == 0 {
			continue
		}
		if err := c.check(i, k); err != nil {
			return err
		}
	}
	return nil
}

// sameBase reports an error when two present arguments of known types are of
// different types (BOZ matches integer and real).
func (c *call) sameBase(i, j int) error {
	a, b := c.arg(i), c.arg(j)
	if !a.Present || !b.Present || !a.Type.Known() || !b.Type.Known() {
		return nil
	}
	if a.Type.Base == TyBOZ || b.Type.Base == TyBOZ || a.Type.Base == b.Type.Base {
		return nil
	}
	return c.errorf("argument '%s' must have the type of '%s' (%s), not %s", c.argName(j), c.argName(i), a.Type.Base, b.Type.Base)
}

// kindArg returns the value of a kind= argument, def when it is absent or not
// a known constant, and an error for an invalid constant kind.
func (c *call) kindArg(i int, b BaseType, def int) (int, error) {
	a := c.arg(i)
	if !a.Present {
		return def, nil
	}
	if err := c.check(i, cInt); err != nil {
		return def, err
	}
	if a.Const == nil || a.Const.IsArray() {
		return def, nil
	}
	k, ok := a.Const.AsInt()
	if !ok {
		return def, nil
	}
	if !validKind(b, int(k)) {
		return def, c.errorf("invalid kind %d for type %s", k, b)
	}
	return int(k), nil
}

// elemRank is the rank of an elemental reference: the largest rank of the
// arguments, -1 when all known ones are scalars and some rank is unknown.
func (c *call) elemRank() int {
	r, unknown := 0, false
	for _, a := range c.a {
		if !a.Present {
			continue
		}
		if a.Rank < 0 {
			unknown = true
		} else if a.Rank > r {
			r = a.Rank
		}
	}
	if r == 0 && unknown {
		return -1
	}
	return r
}

// cv returns a present scalar constant argument.
func (c *call) cv(i int) (Value, bool) {
	a := c.arg(i)
	if !a.Present || a.Const == nil || a.Const.IsArray() {
		return Value{}, false
	}
	return *a.Const, true
}

func (c *call) ci(i int) (int64, bool) {
	v, ok := c.cv(i)
	if !ok || (v.Type.Base != TyInteger && v.Type.Base != TyBOZ) {
		return 0, false
	}
	return v.Int, true
}

func (c *call) cf(i int) (float64, bool) {
	v, ok := c.cv(i)
	if !ok {
		return 0, false
	}
	return v.AsFloat()
}

func (c *call) cs(i int) (string, bool) {
	v, ok := c.cv(i)
	if !ok || v.Type.Base != TyCharacter {
		return "", false
	}
	return v.Str, true
}

func (c *call) cb(i int) (bool, bool) {
	v, ok := c.cv(i)
	if !ok || v.Type.Base != TyLogical {
		return false, false
	}
	return v.Bool, true
}

// arrayConst returns a present constant array argument with a consistent
// shape.
func (c *call) arrayConst(i int) (Value, bool) {
	a := c.arg(i)
	if !a.Present || a.Const == nil || !a.Const.IsArray() {
		return Value{}, false
	}
	n, ok := shapeSize(a.Const.Shape)
	if !ok || n != len(a.Const.Elems) {
		return Value{}, false
	}
	return *a.Const, true
}

func shapeSize(shape []int) (int, bool) {
	n := 1
	for _, e := range shape {
		if e < 0 || (e > 0 && n > math.MaxInt32/e) {
			return 0, false
		}
		n *= e
	}
	return n, true
}

// ---------------------------------------------------------------------------
// Value constructors honouring kinds.

func wrapInt(v int64, kind int) int64 {
	switch kind {
	case 1:
		return int64(int8(v))
	case 2:
		return int64(int16(v))
	case 4:
		return int64(int32(v))
	}
	return v
}

func roundReal(f float64, kind int) float64 {
	if kind == 4 {
		return float64(float32(f))
	}
	return f
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func mkInt(v int64, t Type) Value {
	if t.Base != TyInteger {
		t = IntType
	}
	return Value{Type: t, Int: wrapInt(v, t.Kind)}
}

func mkReal(f float64, t Type) (Value, bool) {
	if t.Base != TyReal {
		t = RealType
	}
	f = roundReal(f, t.Kind)
	return Value{Type: t, Real: f}, finite(f)
}

func mkCmplx(z complex128, t Type) (Value, bool) {
	if t.Base != TyComplex {
		t = ComplexType
	}
	re, im := roundReal(real(z), t.Kind), roundReal(imag(z), t.Kind)
	return Value{Type: t, Cmplx: complex(re, im)}, finite(re) && finite(im)
}

func mkBool(b bool, t Type) Value {
	if t.Base != TyLogical {
		t = LogicalType
	}
	return Value{Type: t, Bool: b}
}

func mkStr(s string, t Type) Value {
	if t.Base != TyCharacter {
		t = CharType
	}
	t.Len = len(s)
	return Value{Type: t, Str: s}
}

// convert converts a scalar constant to type t (numeric and logical only).
func convert(v Value, t Type) (Value, bool) {
	switch t.Base {
	case TyInteger:
		switch v.Type.Base {
		case TyInteger, TyBOZ:
			return mkInt(v.Int, t), true
		case TyReal, TyComplex:
			f, _ := v.AsFloat()
			f = math.Trunc(f)
			if !intFits(f, t.Kind) {
				return Value{}, false
			}
			return mkInt(int64(f), t), true
		}
	case TyReal:
		switch v.Type.Base {
		case TyBOZ:
			switch t.Kind {
			case 4:
				return mkReal(float64(math.Float32frombits(uint32(v.Int))), t)
			case 8:
				return mkReal(math.Float64frombits(uint64(v.Int)), t)
			}
			return Value{}, false
		case TyInteger, TyReal, TyComplex:
			f, _ := v.AsFloat()
			return mkReal(f, t)
		}
	case TyComplex:
		switch v.Type.Base {
		case TyComplex:
			return mkCmplx(v.Cmplx, t)
		case TyInteger, TyReal:
			f, _ := v.AsFloat()
			return mkCmplx(complex(f, 0), t)
		case TyBOZ:
			r, ok := convert(v, Type{Base: TyReal, Kind: t.Kind})
			if !ok {
				return Value{}, false
			}
			return mkCmplx(complex(r.Real, 0), t)
		}
	case TyLogical:
		if v.Type.Base == TyLogical {
			return mkBool(v.Bool, t), true
		}
	}
	return Value{}, false
}

// intFits reports whether an integral float fits integer(kind).
func intFits(f float64, kind int) bool {
	if !finite(f) {
		return false
	}
	bits := 63
	switch kind {
	case 1, 2, 4:
		bits = kind*8 - 1
	}
	lim := math.Ldexp(1, bits)
	return f >= -lim && f < lim
}

// Numeric model parameters per kind.

func intHuge(kind int) (int64, bool) {
	switch kind {
	case 1:
		return math.MaxInt8, true
	case 2:
		return math.MaxInt16, true
	case 4:
		return math.MaxInt32, true
	case 8:
		return math.MaxInt64, true
	}
	return 0, false
}

type realModel struct {
	digits, precision, rng, maxexp, minexp int
	huge, tiny, eps                        float64
}

func realModelOf(kind int) (realModel, bool) {
	switch kind {
	case 4:
		return realModel{24, 6, 37, 128, -125, math.MaxFloat32, 1.1754943508222875e-38, math.Ldexp(1, -23)}, true
	case 8:
		return realModel{53, 15, 307, 1024, -1021, math.MaxFloat64, 2.2250738585072014e-308, math.Ldexp(1, -52)}, true
	case 10:
		// huge and tiny approximated in float64.
		return realModel{64, 18, 4931, 16384, -16381, math.MaxFloat64, 2.2250738585072014e-308, math.Ldexp(1, -63)}, true
	case 16:
		return realModel{113, 33, 4931, 16384, -16381, math.MaxFloat64, 2.2250738585072014e-308, math.Ldexp(1, -112)}, true
	}
	return realModel{}, false
}

func intDigits(kind int) int { return kind*8 - 1 }

func intRange(kind int) int {
	switch kind {
	case 1:
		return 2
	case 2:
		return 4
	case 4:
		return 9
	case 8:
		return 18
	case 16:
		return 38
	}
	return 0
}

func selectedIntKind(r int64) int64 {
	for _, k := range intKinds {
		if int64(intRange(k)) >= r {
			return int64(k)
		}
	}
	return -1
}

func selectedRealKind(p, r int64, radix int64, hasRadix bool) int64 {
	if hasRadix && radix != 2 {
		return -5
	}
	pOK, rOK := false, false
	for _, k := range realKinds {
		m, _ := realModelOf(k)
		if int64(m.precision) >= p && int64(m.rng) >= r {
			return int64(k)
		}
		pOK = pOK || int64(m.precision) >= p
		rOK = rOK || int64(m.rng) >= r
	}
	switch {
	case !pOK && !rOK:
		return -3
	case !pOK:
		return -1
	case !rOK:
		return -2
	}
	return -4
}

// storageBits is storage_size for intrinsic types, false when unknown.
func storageBits(t Type) (int64, bool) {
	switch t.Base {
	case TyInteger, TyLogical:
		return int64(t.Kind) * 8, t.Kind > 0
	case TyReal:
		if t.Kind == 10 {
			return 128, true
		}
		return int64(t.Kind) * 8, t.Kind > 0
	case TyComplex:
		if t.Kind == 10 {
			return 256, true
		}
		return int64(t.Kind) * 16, t.Kind > 0
	case TyCharacter:
		k := t.Kind
		if k == 0 {
			k = 1
		}
		return int64(t.Len) * int64(k) * 8, t.Len >= 0
	}
	return 0, false
}

// ---------------------------------------------------------------------------
