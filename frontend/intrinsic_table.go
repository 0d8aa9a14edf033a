package frontend

// This file holds the table of intrinsic procedures (Fortran 2018 plus the
// gfortran extensions common in real code): their dummy arguments, result
// type and rank rules, argument type checks and constant folding.
//
// Conventions (see also intrinsics.go):
//
//   - Arguments reach Result and Fold in the order of Intrinsic.Args; an
//     absent optional argument has Present == false (the slice may also be
//     shorter than Args). For intrinsics whose last dummy is Variadic
//     (max, min, max0, amax1, ...) further actual arguments follow in order.
//   - A rank of -1 means "unknown rank", both in ArgInfo.Rank and in the rank
//     Result returns: for example reshape with a shape argument of unknown
//     size, null() without mold, or an elemental call with an argument of
//     unknown rank. Callers must skip conformance checks on rank -1.
//   - An argument of type TyUnknown never causes an error; results that
//     would take their type from it are UnknownType.
//   - BOZ arguments (TyBOZ) are accepted wherever the standard (or gfortran)
//     accepts them: int, real, dble, cmplx, iand/ior/ieor, ...
//   - For sum/product/maxval/minval/iall/iany/iparity/maxloc/minloc/findloc
//     a positional logical argument in the dim position (sum(a, a > 0)) is
//     taken as the mask.
//   - Fold needs every argument that contributes a value to be constant
//     (ArgInfo.Const != nil); inquiry functions (kind, huge, digits, len,
//     bit_size, storage_size, new_line, ...) fold from the argument's type
//     alone. Integer values of kind 16 are folded only where they fit in
//     int64; huge(0_16) does not fold. Reals are float64: real(4) results
//     are rounded to float32 precision, real(10) and real(16) are computed
//     in float64, and huge/tiny of real(10)/real(16) are approximated by
//     math.MaxFloat64 and the smallest normal float64.
//   - lbound/ubound of a constant array fold to 1 and the extent: a Value
//     carries no lower bounds, so the caller must fold those of named arrays
//     with declared lower bounds itself (or not pass Const).
//   - Some gfortran extensions exist both as a function and a subroutine;
//     the table has one form: etime, dtime, rand, irand, getpid, time, time8
//     and fdate are functions; system, getarg, getenv, sleep, srand and
//     abort are subroutines.
//   - compiler_version, compiler_options (iso_fortran_env) and c_loc,
//     c_funloc, c_associated, c_f_pointer, c_f_procpointer, c_sizeof
//     (iso_c_binding) are in this table, not in the module texts of
//     intrinsic_modules.go: a name missing from an intrinsic module's text
//     is to be resolved through LookupIntrinsic.

import (
	"fmt"
	"math"
	"math/bits"
	"math/cmplx"
	"sort"
	"strings"
	"sync"
)

var (
	intrinsicOnce  sync.Once
	intrinsicTable map[string]*Intrinsic
	// intrinsicRecover turns a panic inside Result or Fold into an
	// "unknown" answer. Tests switch it off to see the panics.
	intrinsicRecover = true
)

// LookupIntrinsic returns the intrinsic procedure of that (lower case) name,
// or nil when the name is not an intrinsic.
func LookupIntrinsic(name string) *Intrinsic {
	intrinsicOnce.Do(buildIntrinsicTable)
	return intrinsicTable[name]
}

// IntrinsicNames lists the names of all intrinsic procedures, sorted.
func IntrinsicNames() []string {
	intrinsicOnce.Do(buildIntrinsicTable)
	names := make([]string, 0, len(intrinsicTable))
	for n := range intrinsicTable {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Kinds supported by the target (gfortran on x86_64).
var (
	intKinds     = []int{1, 2, 4, 8, 16}
	realKinds    = []int{4, 8, 10, 16}
	logicalKinds = []int{1, 2, 4, 8}
	charKinds    = []int{1, 4}
)

func validKind(b BaseType, k int) bool {
	var ks []int
	switch b {
	case TyInteger:
		ks = intKinds
	case TyReal, TyComplex:
		ks = realKinds
	case TyLogical:
		ks = logicalKinds
	case TyCharacter:
		ks = charKinds
	default:
		return true
	}
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

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
// Table construction.

// parseArgs turns "x,y?,kind?" into dummies; '?' marks optional, "..." a
// variadic (and optional) last dummy.
func parseArgs(spec string) []IntrinsicArg {
	if spec == "" {
		return nil
	}
	var out []IntrinsicArg
	for _, f := range strings.Split(spec, ",") {
		a := IntrinsicArg{Name: strings.TrimSpace(f)}
		if strings.HasSuffix(a.Name, "...") {
			a.Name = strings.TrimSuffix(a.Name, "...")
			a.Variadic, a.Optional = true, true
		}
		if strings.HasSuffix(a.Name, "?") {
			a.Name = strings.TrimSuffix(a.Name, "?")
			a.Optional = true
		}
		out = append(out, a)
	}
	return out
}

type tableBuilder struct {
	m map[string]*Intrinsic
}

// add enters one definition under each of the space separated names.
func (b *tableBuilder) add(class IntrinsicClass, names, spec string, res resultFn, fold foldFn) []*Intrinsic {
	var out []*Intrinsic
	for _, name := range strings.Fields(names) {
		in := &Intrinsic{Name: name, Class: class, Args: parseArgs(spec)}
		if res != nil && class != IntrSubroutine && class != IntrElementalSub {
			in.Result = wrapResult(in, res)
			if fold != nil {
				f := fold
				if class == IntrElemental {
					f = elementalFold(fold)
				}
				in.Fold = wrapFold(in, f)
			}
		}
		b.m[name] = in
		out = append(out, in)
	}
	return out
}

// elemental, inquiry, transf and sub are shorthands of add.
func (b *tableBuilder) elemental(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrElemental, names, spec, res, fold)
}

func (b *tableBuilder) inquiry(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrInquiry, names, spec, res, fold)
}

func (b *tableBuilder) transf(names, spec string, res resultFn, fold foldFn) {
	b.add(IntrTransformational, names, spec, res, fold)
}

func (b *tableBuilder) sub(names, spec string, impure bool) {
	for _, in := range b.add(IntrSubroutine, names, spec, nil, nil) {
		in.Impure = impure
	}
}

func (b *tableBuilder) impure(names ...string) {
	for _, n := range names {
		if in := b.m[n]; in != nil {
			in.Impure = true
		}
	}
}

func wrapResult(in *Intrinsic, res resultFn) func([]ArgInfo) (Type, int, error) {
	return func(args []ArgInfo) (t Type, rank int, err error) {
		if intrinsicRecover {
			defer func() {
				if recover() != nil {
					t, rank, err = UnknownType, -1, nil
				}
			}()
		}
		c := &call{in: in, a: args}
		if err := c.checkArity(); err != nil {
			return UnknownType, 0, err
		}
		return res(c)
	}
}

func wrapFold(in *Intrinsic, fold foldFn) func([]ArgInfo) (Value, bool) {
	return func(args []ArgInfo) (v Value, ok bool) {
		if intrinsicRecover {
			defer func() {
				if recover() != nil {
					v, ok = Value{}, false
				}
			}()
		}
		rt, _, err := in.Result(args)
		if err != nil {
			return Value{}, false
		}
		return fold(&call{in: in, a: args}, rt)
	}
}

// elementalFold applies a scalar fold element by element when some
// arguments are constant arrays (all present arguments must be constant and
// the arrays conformable).
func elementalFold(f foldFn) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		var shape []int
		n := 0
		for i, a := range c.a {
			if !a.Present {
				continue
			}
			if a.Const == nil {
				return Value{}, false
			}
			if !a.Const.IsArray() {
				continue
			}
			v, ok := c.arrayConst(i)
			if !ok {
				return Value{}, false
			}
			if shape == nil {
				shape, n = v.Shape, len(v.Elems)
			} else if !equalShape(shape, v.Shape) {
				return Value{}, false
			}
		}
		if shape == nil {
			return f(c, rt)
		}
		elems := make([]Value, n)
		for k := range n {
			sub := &call{in: c.in, a: make([]ArgInfo, len(c.a))}
			copy(sub.a, c.a)
			for i, a := range sub.a {
				if a.Present && a.Const.IsArray() {
					e := a.Const.Elems[k]
					if e.Type.Base == TyUnknown {
						e.Type = a.Const.Type
					}
					sub.a[i].Const, sub.a[i].Rank, sub.a[i].Type = &e, 0, e.Type
				}
			}
			v, ok := f(sub, rt)
			if !ok {
				return Value{}, false
			}
			elems[k] = v
		}
		t := rt
		if n > 0 {
			t = elems[0].Type
		}
		return Value{Type: t, Elems: elems, Shape: append([]int(nil), shape...)}, true
	}
}

func equalShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Result rule builders.

// typeRule computes the result type of a call whose arguments passed their
// checks.
type typeRule func(c *call) (Type, error)

// elem is the result rule of an elemental function: argument checks, a type
// rule and the elemental rank.
func elem(checks []cat, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.checkAll(checks); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		return t, c.elemRank(), nil
	}
}

// scalar is the result rule of a function with a scalar result.
func scalar(checks []cat, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.checkAll(checks); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		return t, 0, nil
	}
}

func cs(k ...cat) []cat { return k }

// fixed gives a fixed type.
func fixed(t Type) typeRule { return func(*call) (Type, error) { return t, nil } }

// same gives the type of argument i (a BOZ argument gives default integer).
func same(i int) typeRule {
	return func(c *call) (Type, error) {
		t := c.typ(i)
		if t.Base == TyBOZ {
			return IntType, nil
		}
		return t, nil
	}
}

// withKind gives base type b of the kind given by argument ki, else def.
func withKind(b BaseType, ki, def int) typeRule {
	return func(c *call) (Type, error) {
		k, err := c.kindArg(ki, b, def)
		t := Type{Base: b, Kind: k}
		if b == TyCharacter {
			t.Len = 1
		}
		return t, err
	}
}

// sameKindAs gives base type b with the kind of argument i (def when that is
// unknown or of another category).
func sameKindAs(b BaseType, i, def int) typeRule {
	return func(c *call) (Type, error) {
		t := c.typ(i)
		if t.Base == TyUnknown {
			return UnknownType, nil
		}
		k := t.Kind
		if t.Base == TyBOZ || t.Base == TyInteger && (b == TyReal || b == TyComplex) || k == 0 {
			k = def
		}
		return Type{Base: b, Kind: k}, nil
	}
}

// pairSame checks that arguments 0 and 1 have the same type and gives the
// type of argument 0 (of 1 when 0 is a BOZ constant).
func pairSame(c *call) (Type, error) {
	if err := c.sameBase(0, 1); err != nil {
		return UnknownType, err
	}
	t := c.typ(0)
	if t.Base == TyBOZ {
		t = c.typ(1)
		if t.Base == TyBOZ {
			t = IntType
		}
	}
	return t, nil
}

// maxMin is the type rule of max and min: the type of the first argument,
// the largest kind of the arguments of that type (gfortran), the longest
// length for characters.
func maxMin(c *call) (Type, error) {
	t := c.typ(0)
	if !t.Known() {
		return UnknownType, nil
	}
	for i := 1; i < len(c.a); i++ {
		a := c.a[i]
		if !a.Present || !a.Type.Known() {
			continue
		}
		if (a.Type.Base == TyCharacter) != (t.Base == TyCharacter) {
			return UnknownType, c.errorf("arguments must all be character or all numeric")
		}
		if a.Type.Base == t.Base && a.Type.Kind > t.Kind {
			t.Kind = a.Type.Kind
		}
		if t.Base == TyCharacter {
			if a.Type.Len < 0 || t.Len < 0 {
				t.Len = LenUnknown
			} else if a.Type.Len > t.Len {
				t.Len = a.Type.Len
			}
		}
	}
	return t, nil
}

// bitsType is the type of iand-like functions: the integer argument's type
// (BOZ arguments take the other's kind).
func bitsType(c *call) (Type, error) {
	if t := c.typ(0); t.Base != TyBOZ {
		return t, nil
	}
	for i := 1; i < len(c.a); i++ {
		if c.a[i].Present && c.a[i].Type.Base == TyInteger {
			return c.a[i].Type, nil
		}
	}
	return IntType, nil
}

// logicalOrBits is the type rule of gfortran's and/or/xor.
func logicalOrBits(c *call) (Type, error) {
	if c.typ(0).Base == TyLogical {
		if err := c.sameBase(0, 1); err != nil {
			return UnknownType, err
		}
		return c.typ(0), nil
	}
	return bitsType(c)
}

// ---------------------------------------------------------------------------
// Result rules for transformational and inquiry functions.

// reduction is sum/product/maxval/...(array, dim, mask) (hasMask) or
// any/all/count/...(mask, dim): the type given by tr, scalar without dim,
// rank-1 with dim.
func reduction(k cat, hasMask bool, tr typeRule) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.check(0, k); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(0); err != nil {
			return UnknownType, 0, err
		}
		t, err := tr(c)
		if err != nil {
			return UnknownType, 0, err
		}
		dim := 1
		if hasMask {
			dim = c.dimIndex(1)
		}
		if dim < 0 || !c.has(dim) {
			return t, 0, nil
		}
		if err := c.check(dim, cInt); err != nil {
			return UnknownType, 0, err
		}
		return t, c.rankMinusOne(0), c.checkDim(dim, c.arg(0).Rank)
	}
}

// dimIndex returns i when argument i is a present non-logical dim argument,
// -1 otherwise (a logical argument there is a positional mask).
func (c *call) dimIndex(i int) int {
	a := c.arg(i)
	if !a.Present || a.Type.Base == TyLogical {
		return -1
	}
	return i
}

// maskIndex returns the index of the mask argument given its dummy position
// and that of dim (see dimIndex), -1 when absent.
func (c *call) maskIndex(dim, mask int) int {
	if c.has(dim) && c.typ(dim).Base == TyLogical {
		return dim
	}
	if c.has(mask) {
		return mask
	}
	return -1
}

func (c *call) rankMinusOne(i int) int {
	r := c.arg(i).Rank
	if r < 0 {
		return -1
	}
	return max(r-1, 0)
}

// arrayArg reports a scalar where an array is required.
func (c *call) arrayArg(i int) error {
	a := c.arg(i)
	if a.Present && a.Rank == 0 && a.Type.Known() {
		return c.errorf("argument '%s' must be an array", c.argName(i))
	}
	return nil
}

// checkDim reports a constant dim argument out of 1..rank.
func (c *call) checkDim(i, rank int) error {
	d, ok := c.ci(i)
	if !ok || c.arg(i).Type.Base != TyInteger {
		return nil
	}
	if d < 1 || (rank >= 0 && d > int64(max(rank, 1))) {
		return c.errorf("dim=%d is out of range", d)
	}
	return nil
}

// location is maxloc/minloc/findloc: integer(kind) rank-1 array, or rank-1
// less with dim. arr, dim and kind are the argument positions.
func location(arr, dim, kind int, k cat) resultFn {
	return func(c *call) (Type, int, error) {
		if err := c.check(arr, k); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(arr); err != nil {
			return UnknownType, 0, err
		}
		kd, err := c.kindArg(kind, TyInteger, 4)
		if err != nil {
			return UnknownType, 0, err
		}
		t := Type{Base: TyInteger, Kind: kd}
		if c.dimIndex(dim) < 0 {
			return t, 1, nil
		}
		if err := c.check(dim, cInt); err != nil {
			return UnknownType, 0, err
		}
		return t, c.rankMinusOne(arr), c.checkDim(dim, c.arg(arr).Rank)
	}
}

// boundRule is lbound/ubound/shape-like: integer(kind), scalar with dim,
// else rank 1.
func boundRule(dim, kind int) resultFn {
	return func(c *call) (Type, int, error) {
		if dim >= 0 {
			if err := c.arrayArg(0); err != nil {
				return UnknownType, 0, err
			}
		}
		kd, err := c.kindArg(kind, TyInteger, 4)
		if err != nil {
			return UnknownType, 0, err
		}
		t := Type{Base: TyInteger, Kind: kd}
		if dim >= 0 && c.has(dim) {
			if err := c.check(dim, cInt); err != nil {
				return UnknownType, 0, err
			}
			return t, 0, c.checkDim(dim, c.arg(0).Rank)
		}
		return t, 1, nil
	}
}

func matmulRule(c *call) (Type, int, error) {
	if err := c.checkAll(cs(cNum|cLog, cNum|cLog)); err != nil {
		return UnknownType, 0, err
	}
	ta, tb := c.typ(0), c.typ(1)
	if ta.Known() && tb.Known() && (ta.Base == TyLogical) != (tb.Base == TyLogical) {
		return UnknownType, 0, c.errorf("arguments must be both numeric or both logical")
	}
	ra, rb := c.arg(0).Rank, c.arg(1).Rank
	for i, r := range []int{ra, rb} {
		if r == 0 || r > 2 {
			return UnknownType, 0, c.errorf("argument '%s' must be of rank 1 or 2", c.argName(i))
		}
	}
	if ra == 1 && rb == 1 {
		return UnknownType, 0, c.errorf("arguments must not both be of rank 1")
	}
	rank := -1
	switch {
	case ra == 2 && rb == 2:
		rank = 2
	case ra == 1 || rb == 1:
		rank = 1
	}
	return PromoteNumeric(ta, tb), rank, nil
}

func dotProductRule(c *call) (Type, int, error) {
	if err := c.checkAll(cs(cNum|cLog, cNum|cLog)); err != nil {
		return UnknownType, 0, err
	}
	ta, tb := c.typ(0), c.typ(1)
	if ta.Known() && tb.Known() && (ta.Base == TyLogical) != (tb.Base == TyLogical) {
		return UnknownType, 0, c.errorf("arguments must be both numeric or both logical")
	}
	for i := range 2 {
		if r := c.arg(i).Rank; r >= 0 && r != 1 {
			return UnknownType, 0, c.errorf("argument '%s' must be of rank 1", c.argName(i))
		}
	}
	return PromoteNumeric(ta, tb), 0, nil
}

func cPtr(fun bool) typeRule {
	return func(*call) (Type, error) {
		d := cPtrType
		if fun {
			d = cFunPtrType
		}
		return Type{Base: TyDerived, Derived: d}, nil
	}
}

// ---------------------------------------------------------------------------
// Folding rules.

// mathFold folds an elemental function of real (and complex) arguments.
func mathFold(rf func(float64) float64, cf func(complex128) complex128) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		v, ok := c.cv(0)
		if !ok {
			return Value{}, false
		}
		switch v.Type.Base {
		case TyReal, TyInteger:
			if rf == nil || rt.Base != TyReal {
				return Value{}, false
			}
			x, _ := v.AsFloat()
			return mkReal(rf(x), rt)
		case TyComplex:
			if cf == nil || rt.Base != TyComplex {
				return Value{}, false
			}
			return mkCmplx(cf(v.Cmplx), rt)
		}
		return Value{}, false
	}
}

// math2Fold folds an elemental function of two real arguments.
func math2Fold(f func(x, y float64) float64) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		x, ok1 := c.cf(0)
		y, ok2 := c.cf(1)
		if !ok1 || !ok2 || c.typ(0).Base == TyComplex {
			return Value{}, false
		}
		return mkReal(f(x, y), rt)
	}
}

func deg(f func(float64) float64) func(float64) float64 {
	return func(x float64) float64 { return f(x * math.Pi / 180) }
}

func invDeg(f func(float64) float64) func(float64) float64 {
	return func(x float64) float64 { return f(x) * 180 / math.Pi }
}

func foldAbs(c *call, rt Type) (Value, bool) {
	v, ok := c.cv(0)
	if !ok {
		return Value{}, false
	}
	switch v.Type.Base {
	case TyInteger:
		if v.Int == math.MinInt64 {
			return Value{}, false
		}
		return mkInt(max(v.Int, -v.Int), rt), true
	case TyReal:
		return mkReal(math.Abs(v.Real), rt)
	case TyComplex:
		return mkReal(cmplx.Abs(v.Cmplx), rt)
	}
	return Value{}, false
}

// foldConvert converts argument 0 to the result type (int, real, dble,
// logical, float, ...); with round it rounds to nearest (nint).
func foldConvert(mode byte) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		v, ok := c.cv(0)
		if !ok {
			return Value{}, false
		}
		if rt.Base == TyInteger && (v.Type.Base == TyReal || v.Type.Base == TyComplex) && mode != 0 {
			f, _ := v.AsFloat()
			switch mode {
			case 'n':
				f = math.Round(f)
			case 'f':
				f = math.Floor(f)
			case 'c':
				f = math.Ceil(f)
			}
			if !intFits(f, rt.Kind) {
				return Value{}, false
			}
			return mkInt(int64(f), rt), true
		}
		if rt.Base == TyReal && v.Type.Base == TyReal && mode != 0 {
			switch mode {
			case 'n':
				return mkReal(math.Round(v.Real), rt)
			case 't':
				return mkReal(math.Trunc(v.Real), rt)
			}
		}
		return convert(v, rt)
	}
}

func foldCmplx(c *call, rt Type) (Value, bool) {
	x, ok := c.cv(0)
	if !ok {
		return Value{}, false
	}
	z, ok := convert(x, rt)
	if !ok {
		return Value{}, false
	}
	if c.has(1) {
		y, ok := c.cv(1)
		if !ok {
			return Value{}, false
		}
		yr, ok := convert(y, Type{Base: TyReal, Kind: rt.Kind})
		if !ok {
			return Value{}, false
		}
		return mkCmplx(complex(real(z.Cmplx), yr.Real), rt)
	}
	return z, true
}

func foldConjg(c *call, rt Type) (Value, bool) {
	v, ok := c.cv(0)
	if !ok || v.Type.Base != TyComplex {
		return Value{}, false
	}
	return mkCmplx(cmplx.Conj(v.Cmplx), rt)
}

func foldAimag(c *call, rt Type) (Value, bool) {
	v, ok := c.cv(0)
	if !ok || v.Type.Base != TyComplex {
		return Value{}, false
	}
	return mkReal(imag(v.Cmplx), rt)
}

// foldArith2 folds mod, modulo, sign and dim for integer and real arguments.
func foldArith2(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		a, ok1 := c.cv(0)
		p, ok2 := c.cv(1)
		if !ok1 || !ok2 {
			return Value{}, false
		}
		if rt.Base == TyInteger {
			x, okx := a.AsInt()
			y, oky := p.AsInt()
			if !okx || !oky || a.Type.Base != TyInteger && a.Type.Base != TyBOZ {
				return Value{}, false
			}
			switch op {
			case "mod", "modulo":
				if y == 0 {
					return Value{}, false
				}
				r := x % y
				if op == "modulo" && r != 0 && (r < 0) != (y < 0) {
					r += y
				}
				return mkInt(r, rt), true
			case "sign":
				if x == math.MinInt64 {
					return Value{}, false
				}
				x = max(x, -x)
				if y < 0 {
					x = -x
				}
				return mkInt(x, rt), true
			case "dim":
				return mkInt(max(x-y, 0), rt), true
			}
			return Value{}, false
		}
		if rt.Base != TyReal {
			return Value{}, false
		}
		x, okx := a.AsFloat()
		y, oky := p.AsFloat()
		if !okx || !oky {
			return Value{}, false
		}
		switch op {
		case "mod", "modulo":
			if y == 0 {
				return Value{}, false
			}
			r := math.Mod(x, y)
			if op == "modulo" && r != 0 && (r < 0) != (y < 0) {
				r += y
			}
			return mkReal(r, rt)
		case "sign":
			return mkReal(math.Copysign(x, y), rt)
		case "dim":
			return mkReal(math.Max(x-y, 0), rt)
		}
		return Value{}, false
	}
}

// foldMaxMin folds max and min (numeric and character).
func foldMaxMin(isMax bool) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		var best Value
		found := false
		for i := range c.a {
			if !c.a[i].Present {
				continue
			}
			v, ok := c.cv(i)
			if !ok {
				return Value{}, false
			}
			if !found {
				best, found = v, true
				continue
			}
			var better bool
			switch {
			case rt.Base == TyCharacter:
				if v.Type.Base != TyCharacter || best.Type.Base != TyCharacter {
					return Value{}, false
				}
				cmp := compareBlank(v.Str, best.Str)
				better = isMax && cmp > 0 || !isMax && cmp < 0
			case v.Type.Base == TyInteger && best.Type.Base == TyInteger:
				better = isMax && v.Int > best.Int || !isMax && v.Int < best.Int
			default:
				x, ok1 := v.AsFloat()
				y, ok2 := best.AsFloat()
				if !ok1 || !ok2 || v.Type.Base == TyComplex {
					return Value{}, false
				}
				better = isMax && x > y || !isMax && x < y
			}
			if better {
				best = v
			}
		}
		if !found {
			return Value{}, false
		}
		if rt.Base == TyCharacter {
			s := best.Str
			if rt.Len > len(s) {
				s += strings.Repeat(" ", rt.Len-len(s))
			}
			return mkStr(s, rt), true
		}
		return convert(best, rt)
	}
}

// compareBlank compares strings as Fortran does (the shorter one padded
// with blanks).
func compareBlank(a, b string) int {
	n := max(len(a), len(b))
	for i := range n {
		x, y := byte(' '), byte(' ')
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Bit manipulation folds. Values are kept sign-extended in int64; kind 16
// integers are not folded.

func bitSize(t Type) int {
	if t.Base != TyInteger || t.Kind > 8 || t.Kind <= 0 {
		return 0
	}
	return t.Kind * 8
}

func lowMask(n int) uint64 {
	if n >= 64 {
		return math.MaxUint64
	}
	if n <= 0 {
		return 0
	}
	return 1<<uint(n) - 1
}

func signExtend(u uint64, n int) int64 {
	if n >= 64 || n <= 0 {
		return int64(u)
	}
	u &= lowMask(n)
	if u&(1<<uint(n-1)) != 0 {
		u |= ^lowMask(n)
	}
	return int64(u)
}

// bitsFold folds the bit intrinsics by name.
func bitsFold(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		// The bit size comes from the integer argument (or the result).
		var n int
		switch op {
		case "leadz", "trailz", "popcnt", "poppar", "btest", "bge", "bgt", "ble", "blt":
			n = bitSize(c.typ(0))
			if n == 0 && c.typ(0).Base == TyBOZ {
				n = bitSize(c.typ(1))
			}
		default:
			n = bitSize(rt)
		}
		if n == 0 {
			return Value{}, false
		}
		i, ok := c.ci(0)
		if !ok {
			return Value{}, false
		}
		u := uint64(i) & lowMask(n)
		j, hasJ := c.ci(1)
		res := func(x uint64) (Value, bool) { return mkInt(signExtend(x, n), rt), true }
		switch op {
		case "iand", "and":
			if !hasJ {
				return Value{}, false
			}
			return res(u & uint64(j))
		case "ior", "or":
			if !hasJ {
				return Value{}, false
			}
			return res(u | uint64(j))
		case "ieor", "xor":
			if !hasJ {
				return Value{}, false
			}
			return res(u ^ uint64(j))
		case "not":
			return res(^u)
		case "ishft", "lshift", "shiftl", "shiftr", "rshift", "shifta":
			if !hasJ || j < -int64(n) || j > int64(n) {
				return Value{}, false
			}
			switch {
			case op == "shifta" || op == "rshift":
				if j < 0 {
					return Value{}, false
				}
				s := signExtend(u, n)
				if j >= 64 {
					j = 63
				}
				return mkInt(s>>uint(j), rt), true
			case op == "shiftr":
				if j < 0 {
					return Value{}, false
				}
				j = -j
			case (op == "shiftl" || op == "lshift") && j < 0:
				return Value{}, false
			}
			if j >= 0 {
				return res(u << uint(j))
			}
			return res(u >> uint(-j))
		case "ishftc":
			size := int64(n)
			if c.has(2) {
				s, ok := c.ci(2)
				if !ok {
					return Value{}, false
				}
				size = s
			}
			if !hasJ || size <= 0 || size > int64(n) || j < -size || j > size {
				return Value{}, false
			}
			m := lowMask(int(size))
			low := u & m
			sh := uint((j%size + size) % size)
			rot := (low<<sh | low>>(uint(size)-sh)) & m
			if sh == 0 {
				rot = low
			}
			return res(u&^m | rot)
		case "ibset", "ibclr", "btest":
			if !hasJ || j < 0 || j >= int64(n) {
				return Value{}, false
			}
			switch op {
			case "ibset":
				return res(u | 1<<uint(j))
			case "ibclr":
				return res(u &^ (1 << uint(j)))
			}
			return mkBool(u&(1<<uint(j)) != 0, rt), true
		case "ibits":
			l, ok := c.ci(2)
			if !hasJ || !ok || j < 0 || l < 0 || j+l > int64(n) {
				return Value{}, false
			}
			return res((u >> uint(j)) & lowMask(int(l)))
		case "popcnt":
			return mkInt(int64(bits.OnesCount64(u)), rt), true
		case "poppar":
			return mkInt(int64(bits.OnesCount64(u)&1), rt), true
		case "leadz":
			return mkInt(int64(n-bits.Len64(u)), rt), true
		case "trailz":
			if u == 0 {
				return mkInt(int64(n), rt), true
			}
			return mkInt(int64(bits.TrailingZeros64(u)), rt), true
		case "bge", "bgt", "ble", "blt":
			if !hasJ {
				return Value{}, false
			}
			v := uint64(j) & lowMask(n)
			r := map[string]bool{"bge": u >= v, "bgt": u > v, "ble": u <= v, "blt": u < v}[op]
			return mkBool(r, rt), true
		}
		return Value{}, false
	}
}

func foldMask(left bool) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		n := bitSize(rt)
		i, ok := c.ci(0)
		if n == 0 || !ok || i < 0 || i > int64(n) {
			return Value{}, false
		}
		m := lowMask(int(i))
		if left {
			m <<= uint(int64(n) - i)
		}
		return mkInt(signExtend(m, n), rt), true
	}
}

// Character folds.

func foldChar(c *call, rt Type) (Value, bool) {
	i, ok := c.ci(0)
	if !ok || i < 0 || i > 255 || rt.Kind != 1 {
		return Value{}, false
	}
	return mkStr(string([]byte{byte(i)}), rt), true
}

func foldIchar(c *call, rt Type) (Value, bool) {
	s, ok := c.cs(0)
	if !ok || len(s) != 1 {
		return Value{}, false
	}
	return mkInt(int64(s[0]), rt), true
}

func foldStrFn(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		s, ok := c.cs(0)
		if !ok {
			return Value{}, false
		}
		switch op {
		case "len_trim":
			return mkInt(int64(len(strings.TrimRight(s, " "))), rt), true
		case "trim":
			return mkStr(strings.TrimRight(s, " "), rt), true
		case "adjustl":
			t := strings.TrimLeft(s, " ")
			return mkStr(t+strings.Repeat(" ", len(s)-len(t)), rt), true
		case "adjustr":
			t := strings.TrimRight(s, " ")
			return mkStr(strings.Repeat(" ", len(s)-len(t))+t, rt), true
		case "repeat":
			n, ok := c.ci(1)
			if !ok || n < 0 || int64(len(s))*n > 1<<20 {
				return Value{}, false
			}
			return mkStr(strings.Repeat(s, int(n)), rt), true
		}
		t, ok := c.cs(1)
		if !ok {
			return Value{}, false
		}
		back := false
		if c.has(2) {
			b, ok := c.cb(2)
			if !ok {
				return Value{}, false
			}
			back = b
		}
		switch op {
		case "index":
			if back {
				return mkInt(int64(strings.LastIndex(s, t)+1), rt), true
			}
			return mkInt(int64(strings.Index(s, t)+1), rt), true
		case "scan":
			if back {
				return mkInt(int64(strings.LastIndexAny(s, t)+1), rt), true
			}
			return mkInt(int64(strings.IndexAny(s, t)+1), rt), true
		case "verify":
			pos := 0
			for k := range len(s) {
				idx := k
				if back {
					idx = len(s) - 1 - k
				}
				if strings.IndexByte(t, s[idx]) < 0 {
					pos = idx + 1
					break
				}
			}
			return mkInt(int64(pos), rt), true
		case "lge", "lgt", "lle", "llt":
			cmp := compareBlank(s, t)
			r := map[string]bool{"lge": cmp >= 0, "lgt": cmp > 0, "lle": cmp <= 0, "llt": cmp < 0}[op]
			return mkBool(r, rt), true
		}
		return Value{}, false
	}
}

func foldMerge(c *call, rt Type) (Value, bool) {
	t, ok1 := c.cv(0)
	f, ok2 := c.cv(1)
	m, ok3 := c.cb(2)
	if !ok1 || !ok2 || !ok3 {
		return Value{}, false
	}
	if m {
		return t, true
	}
	return f, true
}

// Inquiry folds from the argument's type.

func foldKind(c *call, rt Type) (Value, bool) {
	t := c.typ(0)
	switch t.Base {
	case TyInteger, TyReal, TyComplex, TyLogical:
		if t.Kind > 0 {
			return mkInt(int64(t.Kind), rt), true
		}
	case TyCharacter:
		return mkInt(int64(max(t.Kind, 1)), rt), true
	}
	return Value{}, false
}

// foldModel folds the numeric model inquiries by name.
func foldModel(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		t := c.typ(0)
		if t.Base == TyInteger {
			switch op {
			case "huge":
				h, ok := intHuge(t.Kind)
				return mkInt(h, rt), ok
			case "digits":
				return mkInt(int64(intDigits(t.Kind)), rt), validKind(TyInteger, t.Kind)
			case "range":
				return mkInt(int64(intRange(t.Kind)), rt), validKind(TyInteger, t.Kind)
			case "radix":
				return mkInt(2, rt), true
			case "bit_size":
				if !validKind(TyInteger, t.Kind) {
					return Value{}, false
				}
				return mkInt(int64(t.Kind)*8, rt), true
			}
			return Value{}, false
		}
		if t.Base != TyReal && t.Base != TyComplex {
			return Value{}, false
		}
		m, ok := realModelOf(t.Kind)
		if !ok {
			return Value{}, false
		}
		switch op {
		case "huge":
			return Value{Type: rt, Real: m.huge}, true
		case "tiny":
			return Value{Type: rt, Real: m.tiny}, true
		case "epsilon":
			return Value{Type: rt, Real: m.eps}, true
		case "digits":
			return mkInt(int64(m.digits), rt), true
		case "precision":
			return mkInt(int64(m.precision), rt), true
		case "range":
			return mkInt(int64(m.rng), rt), true
		case "radix":
			return mkInt(2, rt), true
		case "maxexponent":
			return mkInt(int64(m.maxexp), rt), true
		case "minexponent":
			return mkInt(int64(m.minexp), rt), true
		}
		return Value{}, false
	}
}

func foldLen(c *call, rt Type) (Value, bool) {
	t := c.typ(0)
	if t.Base != TyCharacter {
		return Value{}, false
	}
	if t.Len >= 0 {
		return mkInt(int64(t.Len), rt), true
	}
	if v, ok := c.cv(0); ok && v.Type.Base == TyCharacter {
		return mkInt(int64(len(v.Str)), rt), true
	}
	return Value{}, false
}

func foldStorageSize(c *call, rt Type) (Value, bool) {
	n, ok := storageBits(c.typ(0))
	if !ok {
		return Value{}, false
	}
	return mkInt(n, rt), true
}

func foldCSizeof(c *call, rt Type) (Value, bool) {
	if c.arg(0).Rank != 0 {
		return Value{}, false
	}
	n, ok := storageBits(c.typ(0))
	if !ok {
		return Value{}, false
	}
	return mkInt(n/8, rt), true
}

func foldNewLine(c *call, rt Type) (Value, bool) {
	return mkStr("\n", rt), true
}

func foldSelectedIntKind(c *call, rt Type) (Value, bool) {
	r, ok := c.ci(0)
	if !ok {
		return Value{}, false
	}
	return mkInt(selectedIntKind(r), rt), true
}

func foldSelectedRealKind(c *call, rt Type) (Value, bool) {
	var p, r, radix int64
	var ok bool
	if c.has(0) {
		if p, ok = c.ci(0); !ok {
			return Value{}, false
		}
	}
	if c.has(1) {
		if r, ok = c.ci(1); !ok {
			return Value{}, false
		}
	}
	if c.has(2) {
		if radix, ok = c.ci(2); !ok {
			return Value{}, false
		}
	}
	return mkInt(selectedRealKind(p, r, radix, c.has(2)), rt), true
}

func foldSelectedCharKind(c *call, rt Type) (Value, bool) {
	s, ok := c.cs(0)
	if !ok {
		return Value{}, false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "ascii", "default":
		return mkInt(1, rt), true
	case "iso_10646":
		return mkInt(4, rt), true
	}
	return mkInt(-1, rt), true
}

func foldSelectedLogicalKind(c *call, rt Type) (Value, bool) {
	b, ok := c.ci(0)
	if !ok {
		return Value{}, false
	}
	for _, k := range logicalKinds {
		if int64(k)*8 >= b {
			return mkInt(int64(k), rt), true
		}
	}
	return mkInt(-1, rt), true
}

// Array inquiry folds (size, shape, lbound, ubound) from a constant array.

func foldBounds(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		var shape []int
		if c.arg(0).Rank == 0 {
			shape = []int{}
		} else {
			v, ok := c.arrayConst(0)
			if !ok {
				return Value{}, false
			}
			shape = v.Shape
		}
		ext := func(d int) int64 {
			switch op {
			case "lbound":
				return 1
			case "ubound", "shape", "size":
				return int64(shape[d])
			}
			return 0
		}
		dimArg := -1
		if op != "shape" {
			dimArg = 1
		}
		if dimArg >= 0 && c.has(dimArg) {
			d, ok := c.ci(dimArg)
			if !ok || d < 1 || d > int64(len(shape)) {
				return Value{}, false
			}
			return mkInt(ext(int(d-1)), rt), true
		}
		if op == "size" {
			n := int64(1)
			for _, e := range shape {
				n *= int64(e)
			}
			return mkInt(n, rt), true
		}
		elems := make([]Value, len(shape))
		for d := range shape {
			elems[d] = mkInt(ext(d), rt)
		}
		return Value{Type: rt, Elems: elems, Shape: []int{len(shape)}}, true
	}
}

// Reduction folds.

// reduceSpec describes one reduction: the initial value for an empty set,
// and the combination step.
type reduceSpec struct {
	init func(rt Type) (Value, bool)
	step func(acc, x Value, rt Type) (Value, bool)
}

// foldReduce folds a reduction of a constant array; hasMask tells that the
// third dummy is a mask (sum, product, maxval, minval).
func foldReduce(spec reduceSpec, hasMask bool) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		arr, ok := c.arrayConst(0)
		if !ok {
			return Value{}, false
		}
		var mask *Value
		if mi := c.maskIndex(1, 2); hasMask && mi >= 0 {
			a := c.arg(mi)
			if a.Const == nil {
				return Value{}, false
			}
			if a.Const.IsArray() {
				if m, ok := c.arrayConst(mi); !ok || !equalShape(m.Shape, arr.Shape) {
					return Value{}, false
				}
			}
			mask = a.Const
		}
		selected := func(k int) bool {
			switch {
			case mask == nil:
				return true
			case mask.IsArray():
				return mask.Elems[k].Bool
			}
			return mask.Bool
		}
		reduce := func(idx []int) (Value, bool) {
			acc, ok := spec.init(rt)
			if !ok {
				return Value{}, false
			}
			for _, k := range idx {
				if !selected(k) {
					continue
				}
				if acc, ok = spec.step(acc, arr.Elems[k], rt); !ok {
					return Value{}, false
				}
			}
			return acc, true
		}
		di := 1
		if hasMask {
			di = c.dimIndex(1)
		}
		if di < 0 || !c.has(di) {
			all := make([]int, len(arr.Elems))
			for k := range all {
				all[k] = k
			}
			return reduce(all)
		}
		d, ok := c.ci(di)
		rank := len(arr.Shape)
		if !ok || d < 1 || d > int64(rank) {
			return Value{}, false
		}
		dd := int(d - 1)
		inner, _ := shapeSize(arr.Shape[:dd])
		outer, _ := shapeSize(arr.Shape[dd+1:])
		ext := arr.Shape[dd]
		if rank == 1 {
			idx := make([]int, ext)
			for j := range idx {
				idx[j] = j
			}
			return reduce(idx)
		}
		elems := make([]Value, 0, inner*outer)
		idx := make([]int, ext)
		for o := range outer {
			for i := range inner {
				for j := range ext {
					idx[j] = i + inner*(j+ext*o)
				}
				v, ok := reduce(idx)
				if !ok {
					return Value{}, false
				}
				elems = append(elems, v)
			}
		}
		shape := append(append([]int{}, arr.Shape[:dd]...), arr.Shape[dd+1:]...)
		return Value{Type: rt, Elems: elems, Shape: shape}, true
	}
}

func zeroOf(rt Type, one bool) (Value, bool) {
	n := int64(0)
	if one {
		n = 1
	}
	switch rt.Base {
	case TyInteger:
		return mkInt(n, rt), true
	case TyReal:
		return mkReal(float64(n), rt)
	case TyComplex:
		return mkCmplx(complex(float64(n), 0), rt)
	}
	return Value{}, false
}

func arith(acc, x Value, rt Type, mul bool) (Value, bool) {
	switch rt.Base {
	case TyInteger:
		if mul {
			return mkInt(acc.Int*x.Int, rt), true
		}
		return mkInt(acc.Int+x.Int, rt), true
	case TyReal:
		if mul {
			return mkReal(acc.Real*x.Real, rt)
		}
		return mkReal(acc.Real+x.Real, rt)
	case TyComplex:
		if mul {
			return mkCmplx(acc.Cmplx*x.Cmplx, rt)
		}
		return mkCmplx(acc.Cmplx+x.Cmplx, rt)
	}
	return Value{}, false
}

var (
	sumSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return zeroOf(rt, false) },
		step: func(acc, x Value, rt Type) (Value, bool) { return arith(acc, x, rt, false) },
	}
	productSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return zeroOf(rt, true) },
		step: func(acc, x Value, rt Type) (Value, bool) { return arith(acc, x, rt, true) },
	}
	countSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkInt(0, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) {
			if x.Bool {
				acc.Int++
			}
			return acc, true
		},
	}
	anySpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkBool(false, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) { return mkBool(acc.Bool || x.Bool, rt), true },
	}
	allSpec = reduceSpec{
		init: func(rt Type) (Value, bool) { return mkBool(true, rt), true },
		step: func(acc, x Value, rt Type) (Value, bool) { return mkBool(acc.Bool && x.Bool, rt), true },
	}
)

// extremeSpec is maxval (isMax) or minval of integer or real arrays; the
// empty result is the most negative (positive) number of the kind.
func extremeSpec(isMax bool) reduceSpec {
	return reduceSpec{
		init: func(rt Type) (Value, bool) {
			switch rt.Base {
			case TyInteger:
				h, ok := intHuge(rt.Kind)
				if isMax {
					return mkInt(-h-1, rt), ok
				}
				return mkInt(h, rt), ok
			case TyReal:
				m, ok := realModelOf(rt.Kind)
				if isMax {
					return Value{Type: rt, Real: -m.huge}, ok
				}
				return Value{Type: rt, Real: m.huge}, ok
			}
			return Value{}, false
		},
		step: func(acc, x Value, rt Type) (Value, bool) {
			switch rt.Base {
			case TyInteger:
				if isMax && x.Int > acc.Int || !isMax && x.Int < acc.Int {
					return mkInt(x.Int, rt), true
				}
				return acc, true
			case TyReal:
				if isMax && x.Real > acc.Real || !isMax && x.Real < acc.Real {
					return mkReal(x.Real, rt)
				}
				return acc, true
			}
			return Value{}, false
		},
	}
}

func foldCompilerVersion(c *call, rt Type) (Value, bool) {
	return mkStr("fgpu Fortran front end (GNU Fortran compatible)", rt), true
}

func foldCompilerOptions(c *call, rt Type) (Value, bool) { return mkStr("", rt), true }

// ---------------------------------------------------------------------------
// The table.

func buildIntrinsicTable() {
	b := &tableBuilder{m: map[string]*Intrinsic{}}
	real4, real8 := RealType, DoubleType
	cplx4, cplx8 := ComplexType, DComplexTy
	charU := Type{Base: TyCharacter, Kind: 1, Len: LenUnknown}

	// Elemental mathematics. ---------------------------------------------
	b.elemental("abs", "a", elem(cs(cNum), func(c *call) (Type, error) {
		if t := c.typ(0); t.Base == TyComplex {
			return Type{Base: TyReal, Kind: t.Kind}, nil
		}
		return same(0)(c)
	}), foldAbs)
	type m1 struct {
		names string
		k     cat
		rf    func(float64) float64
		cf    func(complex128) complex128
	}
	for _, m := range []m1{
		{"sqrt", cFloat, math.Sqrt, cmplx.Sqrt},
		{"exp", cFloat, math.Exp, cmplx.Exp},
		{"log", cFloat, math.Log, cmplx.Log},
		{"log10", cReal, math.Log10, nil},
		{"sin", cFloat, math.Sin, cmplx.Sin},
		{"cos", cFloat, math.Cos, cmplx.Cos},
		{"tan", cFloat, math.Tan, cmplx.Tan},
		{"asin", cFloat, math.Asin, cmplx.Asin},
		{"acos", cFloat, math.Acos, cmplx.Acos},
		{"sinh", cFloat, math.Sinh, cmplx.Sinh},
		{"cosh", cFloat, math.Cosh, cmplx.Cosh},
		{"tanh", cFloat, math.Tanh, cmplx.Tanh},
		{"asinh", cFloat, math.Asinh, cmplx.Asinh},
		{"acosh", cFloat, math.Acosh, cmplx.Acosh},
		{"atanh", cFloat, math.Atanh, cmplx.Atanh},
		{"erf", cReal, math.Erf, nil},
		{"erfc", cReal, math.Erfc, nil},
		{"erfc_scaled", cReal, func(x float64) float64 { return math.Exp(x*x) * math.Erfc(x) }, nil},
		{"gamma", cReal, math.Gamma, nil},
		{"log_gamma lgamma algama", cReal, func(x float64) float64 { v, _ := math.Lgamma(x); return v }, nil},
		{"bessel_j0 besj0", cReal, math.J0, nil},
		{"bessel_j1 besj1", cReal, math.J1, nil},
		{"bessel_y0 besy0", cReal, math.Y0, nil},
		{"bessel_y1 besy1", cReal, math.Y1, nil},
		{"fraction", cReal, func(x float64) float64 { f, _ := math.Frexp(x); return f }, nil},
		{"sind", cReal, deg(math.Sin), nil},
		{"cosd", cReal, deg(math.Cos), nil},
		{"tand", cReal, deg(math.Tan), nil},
		{"asind", cReal, invDeg(math.Asin), nil},
		{"acosd", cReal, invDeg(math.Acos), nil},
		{"cotan", cFloat, func(x float64) float64 { return 1 / math.Tan(x) }, nil},
		{"cotand", cReal, deg(func(x float64) float64 { return 1 / math.Tan(x) }), nil},
		{"spacing", cReal, nil, nil},
		{"rrspacing", cReal, nil, nil},
	} {
		var f foldFn
		if m.rf != nil {
			f = mathFold(m.rf, m.cf)
		}
		b.elemental(m.names, "x", elem(cs(m.k), same(0)), f)
	}
	// atan(x) and atan(y, x).
	b.elemental("atan", "y,x?", elem(cs(cFloat, cReal), func(c *call) (Type, error) {
		if c.has(1) {
			if err := c.check(0, cReal); err != nil {
				return UnknownType, err
			}
			return pairSame(c)
		}
		return c.typ(0), nil
	}), func(c *call, rt Type) (Value, bool) {
		if c.has(1) {
			return math2Fold(math.Atan2)(c, rt)
		}
		return mathFold(math.Atan, cmplx.Atan)(c, rt)
	})
	b.elemental("atand", "y,x?", elem(cs(cReal), pairSame), func(c *call, rt Type) (Value, bool) {
		if c.has(1) {
			return math2Fold(func(y, x float64) float64 { return math.Atan2(y, x) * 180 / math.Pi })(c, rt)
		}
		return mathFold(invDeg(math.Atan), nil)(c, rt)
	})
	b.elemental("atan2", "y,x", elem(cs(cReal), pairSame), math2Fold(math.Atan2))
	b.elemental("atan2d", "y,x", elem(cs(cReal), pairSame), math2Fold(func(y, x float64) float64 { return math.Atan2(y, x) * 180 / math.Pi }))
	b.elemental("hypot", "x,y", elem(cs(cReal), pairSame), math2Fold(math.Hypot))
	b.elemental("bessel_jn besjn", "n,x,x3?", besselN, nil)
	b.elemental("bessel_yn besyn", "n,x,x3?", besselN, nil)
	b.elemental("exponent", "x", elem(cs(cReal), fixed(IntType)), func(c *call, rt Type) (Value, bool) {
		x, ok := c.cf(0)
		if !ok || !finite(x) {
			return Value{}, false
		}
		if x == 0 {
			return mkInt(0, rt), true
		}
		_, e := math.Frexp(x)
		return mkInt(int64(e), rt), true
	})
	b.elemental("nearest", "x,s", elem(cs(cReal, cReal), same(0)), nil)
	b.elemental("scale", "x,i", elem(cs(cReal, cInt), same(0)), func(c *call, rt Type) (Value, bool) {
		x, ok1 := c.cf(0)
		i, ok2 := c.ci(1)
		if !ok1 || !ok2 || i > 1<<20 || i < -(1<<20) {
			return Value{}, false
		}
		return mkReal(math.Ldexp(x, int(i)), rt)
	})
	b.elemental("set_exponent", "x,i", elem(cs(cReal, cInt), same(0)), nil)
	b.elemental("aint", "a,kind?", elem(cs(cReal, cInt), func(c *call) (Type, error) {
		return withKind(TyReal, 1, c.typ(0).Kind)(c)
	}), foldConvert('t'))
	b.elemental("anint", "a,kind?", elem(cs(cReal, cInt), func(c *call) (Type, error) {
		return withKind(TyReal, 1, c.typ(0).Kind)(c)
	}), foldConvert('n'))
	b.elemental("nint", "a,kind?", elem(cs(cReal, cInt), withKind(TyInteger, 1, 4)), foldConvert('n'))
	b.elemental("int", "a,kind?", elem(cs(cNum|cBOZ, cInt), withKind(TyInteger, 1, 4)), foldConvert(0))
	b.elemental("floor", "a,kind?", elem(cs(cReal, cInt), withKind(TyInteger, 1, 4)), foldConvert('f'))
	b.elemental("ceiling", "a,kind?", elem(cs(cReal, cInt), withKind(TyInteger, 1, 4)), foldConvert('c'))
	b.elemental("real", "a,kind?", elem(cs(cNum|cBOZ, cInt), func(c *call) (Type, error) {
		def := 4
		if t := c.typ(0); t.Base == TyComplex && t.Kind > 0 {
			def = t.Kind
		}
		return withKind(TyReal, 1, def)(c)
	}), foldConvert(0))
	b.elemental("dble dfloat dreal", "a", elem(cs(cNum|cBOZ), fixed(real8)), foldConvert(0))
	b.elemental("float", "a", elem(cs(cInt), fixed(real4)), foldConvert(0))
	b.elemental("sngl", "a", elem(cs(cReal), fixed(real4)), foldConvert(0))
	b.elemental("cmplx", "x,y?,kind?", elem(cs(cNum|cBOZ, cInt|cReal|cBOZ, cInt), func(c *call) (Type, error) {
		if c.has(1) && c.typ(0).Base == TyComplex {
			return UnknownType, c.errorf("'y' must be absent when 'x' is complex")
		}
		return withKind(TyComplex, 2, 4)(c)
	}), foldCmplx)
	b.elemental("dcmplx", "x,y?", elem(cs(cNum|cBOZ, cInt|cReal|cBOZ), fixed(cplx8)), foldCmplx)
	b.elemental("complex", "x,y", elem(cs(cInt|cReal), func(c *call) (Type, error) {
		k := 4
		for i := range 2 {
			if t := c.typ(i); t.Base == TyReal && t.Kind > k {
				k = t.Kind
			}
		}
		return Type{Base: TyComplex, Kind: k}, nil
	}), foldCmplx)
	b.elemental("conjg", "z", elem(cs(cCmplx), same(0)), foldConjg)
	b.elemental("dconjg", "z", elem(cs(cCmplx), fixed(cplx8)), foldConjg)
	b.elemental("aimag imag imagpart", "z", elem(cs(cCmplx), sameKindAs(TyReal, 0, 4)), foldAimag)
	b.elemental("dimag", "z", elem(cs(cCmplx), fixed(real8)), foldAimag)
	b.elemental("realpart", "z", elem(cs(cCmplx), sameKindAs(TyReal, 0, 4)), foldConvert(0))
	for _, op := range []string{"mod", "modulo", "sign", "dim"} {
		b.elemental(op, map[string]string{"mod": "a,p", "modulo": "a,p", "sign": "a,b", "dim": "x,y"}[op],
			elem(cs(cInt|cReal|cBOZ), pairSame), foldArith2(op))
	}
	b.elemental("max", "a1,a2,a3...", elem(cs(cInt|cReal|cChar), maxMin), foldMaxMin(true))
	b.elemental("min", "a1,a2,a3...", elem(cs(cInt|cReal|cChar), maxMin), foldMaxMin(false))
	b.elemental("dprod", "x,y", elem(cs(cReal), fixed(real8)), func(c *call, rt Type) (Value, bool) {
		x, ok1 := c.cf(0)
		y, ok2 := c.cf(1)
		if !ok1 || !ok2 {
			return Value{}, false
		}
		return mkReal(x*y, rt)
	})
	b.elemental("isnan", "x", elem(cs(cReal), fixed(LogicalType)), func(c *call, rt Type) (Value, bool) {
		x, ok := c.cf(0)
		return mkBool(math.IsNaN(x), rt), ok
	})
	b.elemental("out_of_range", "x,mold,round?", elem(cs(cInt|cReal, cInt|cReal, cLog), fixed(LogicalType)), nil)

	// Legacy specific names: fixed argument and result types; they fold like
	// their generic.
	specific := func(names string, nargs string, arg Type, res Type, fold foldFn) {
		strict := arg.Base == TyReal || arg.Base == TyComplex
		b.elemental(names, nargs, func(c *call) (Type, int, error) {
			for i := range c.a {
				a := c.a[i]
				if !a.Present || !a.Type.Known() {
					continue
				}
				if a.Type.Base != arg.Base || strict && a.Type.Kind != arg.Kind {
					return UnknownType, 0, c.errorf("argument '%s' must be %s, not %s", c.argName(i), arg, a.Type)
				}
			}
			return res, c.elemRank(), nil
		}, fold)
	}
	for _, s := range []struct {
		names string
		rf    func(float64) float64
		cf    func(complex128) complex128
	}{
		{"sqrt", math.Sqrt, cmplx.Sqrt}, {"exp", math.Exp, cmplx.Exp}, {"log", math.Log, cmplx.Log},
		{"log10", math.Log10, nil}, {"sin", math.Sin, cmplx.Sin}, {"cos", math.Cos, cmplx.Cos},
		{"tan", math.Tan, cmplx.Tan}, {"asin", math.Asin, nil}, {"acos", math.Acos, nil},
		{"atan", math.Atan, nil}, {"sinh", math.Sinh, nil}, {"cosh", math.Cosh, nil}, {"tanh", math.Tanh, nil},
	} {
		specific("d"+s.names, "x", real8, real8, mathFold(s.rf, s.cf))
		if s.cf != nil {
			specific("c"+s.names, "x", cplx4, cplx4, mathFold(s.rf, s.cf))
			specific("cd"+s.names+" z"+s.names, "x", cplx8, cplx8, mathFold(s.rf, s.cf))
		}
	}
	specific("alog", "x", real4, real4, mathFold(math.Log, nil))
	specific("alog10", "x", real4, real4, mathFold(math.Log10, nil))
	specific("dabs", "a", real8, real8, foldAbs)
	specific("iabs", "a", IntType, IntType, foldAbs)
	specific("cabs", "a", cplx4, real4, foldAbs)
	specific("cdabs zabs", "a", cplx8, real8, foldAbs)
	specific("dint", "a", real8, real8, foldConvert('t'))
	specific("dnint", "a", real8, real8, foldConvert('n'))
	specific("idint", "a", real8, IntType, foldConvert(0))
	specific("idnint", "a", real8, IntType, foldConvert('n'))
	specific("ifix", "a", real4, IntType, foldConvert(0))
	specific("datan2", "y,x", real8, real8, math2Fold(math.Atan2))
	specific("dsign", "a,b", real8, real8, foldArith2("sign"))
	specific("isign", "a,b", IntType, IntType, foldArith2("sign"))
	specific("dmod", "a,p", real8, real8, foldArith2("mod"))
	specific("amod", "a,p", real4, real4, foldArith2("mod"))
	specific("ddim", "x,y", real8, real8, foldArith2("dim"))
	specific("idim", "x,y", IntType, IntType, foldArith2("dim"))
	specific("max0", "a1,a2,a3...", IntType, IntType, foldMaxMin(true))
	specific("min0", "a1,a2,a3...", IntType, IntType, foldMaxMin(false))
	specific("amax1", "a1,a2,a3...", real4, real4, foldMaxMin(true))
	specific("amin1", "a1,a2,a3...", real4, real4, foldMaxMin(false))
	specific("dmax1", "a1,a2,a3...", real8, real8, foldMaxMin(true))
	specific("dmin1", "a1,a2,a3...", real8, real8, foldMaxMin(false))
	specific("amax0", "a1,a2,a3...", IntType, real4, foldMaxMin(true))
	specific("amin0", "a1,a2,a3...", IntType, real4, foldMaxMin(false))
	specific("max1", "a1,a2,a3...", real4, IntType, foldMaxMin(true))
	specific("min1", "a1,a2,a3...", real4, IntType, foldMaxMin(false))

	// Character functions. -------------------------------------------------
	b.elemental("char", "i,kind?", elem(cs(cInt|cBOZ, cInt), withKind(TyCharacter, 1, 1)), foldChar)
	b.elemental("achar", "i,kind?", elem(cs(cInt|cBOZ, cInt), withKind(TyCharacter, 1, 1)), foldChar)
	b.elemental("ichar iachar", "c,kind?", elem(cs(cChar, cInt), withKind(TyInteger, 1, 4)), foldIchar)
	b.elemental("index", "string,substring,back?,kind?", elem(cs(cChar, cChar, cLog, cInt), withKind(TyInteger, 3, 4)), foldStrFn("index"))
	b.elemental("scan", "string,set,back?,kind?", elem(cs(cChar, cChar, cLog, cInt), withKind(TyInteger, 3, 4)), foldStrFn("scan"))
	b.elemental("verify", "string,set,back?,kind?", elem(cs(cChar, cChar, cLog, cInt), withKind(TyInteger, 3, 4)), foldStrFn("verify"))
	b.elemental("len_trim lnblnk", "string,kind?", elem(cs(cChar, cInt), withKind(TyInteger, 1, 4)), foldStrFn("len_trim"))
	b.elemental("adjustl", "string", elem(cs(cChar), same(0)), foldStrFn("adjustl"))
	b.elemental("adjustr", "string", elem(cs(cChar), same(0)), foldStrFn("adjustr"))
	for _, op := range []string{"lge", "lgt", "lle", "llt"} {
		b.elemental(op, "string_a,string_b", elem(cs(cChar), fixed(LogicalType)), foldStrFn(op))
	}
	b.inquiry("len", "string,kind?", scalar(cs(cChar, cInt), withKind(TyInteger, 1, 4)), foldLen)
	b.transf("trim", "string", func(c *call) (Type, int, error) {
		if err := c.check(0, cChar); err != nil {
			return UnknownType, 0, err
		}
		if r := c.arg(0).Rank; r > 0 {
			return UnknownType, 0, c.errorf("argument 'string' must be scalar")
		}
		t := c.typ(0)
		if t.Known() {
			t.Len = LenUnknown
			if s, ok := c.cs(0); ok {
				t.Len = len(strings.TrimRight(s, " "))
			}
		}
		return t, 0, nil
	}, foldStrFn("trim"))
	b.transf("repeat", "string,ncopies", func(c *call) (Type, int, error) {
		if err := c.checkAll(cs(cChar, cInt)); err != nil {
			return UnknownType, 0, err
		}
		t := c.typ(0)
		if t.Known() {
			t.Len = LenUnknown
			if n, ok := c.ci(1); ok && c.typ(0).Len >= 0 && n >= 0 {
				t.Len = c.typ(0).Len * int(n)
			}
		}
		return t, 0, nil
	}, foldStrFn("repeat"))
	b.inquiry("new_line", "a", scalar(cs(cChar), func(c *call) (Type, error) {
		return Type{Base: TyCharacter, Kind: max(c.typ(0).Kind, 1), Len: 1}, nil
	}), foldNewLine)
	b.elemental("logical", "l,kind?", elem(cs(cLog, cInt), withKind(TyLogical, 1, 4)), foldConvert(0))
	b.elemental("merge", "tsource,fsource,mask", elem(cs(cAny, cAny, cLog), func(c *call) (Type, error) {
		t := c.typ(0)
		f := c.typ(1)
		if t.Known() && f.Known() && t.Base != TyDerived && t.Base != TyBOZ && f.Base != TyBOZ && !SameType(t, f) {
			return UnknownType, c.errorf("'fsource' must have the type of 'tsource' (%s), not %s", t, f)
		}
		if t.Base == TyBOZ {
			return IntType, nil
		}
		return t, nil
	}), foldMerge)

	// Bit manipulation. ----------------------------------------------------
	for _, op := range []string{"iand", "ior", "ieor"} {
		b.elemental(op, "i,j", elem(cs(cIntBOZ), bitsType), bitsFold(op))
	}
	b.elemental("and", "i,j", elem(cs(cIntBOZ|cLog), logicalOrBits), logicalBitsFold("and"))
	b.elemental("or", "i,j", elem(cs(cIntBOZ|cLog), logicalOrBits), logicalBitsFold("or"))
	b.elemental("xor", "i,j", elem(cs(cIntBOZ|cLog), logicalOrBits), logicalBitsFold("xor"))
	b.elemental("not", "i", elem(cs(cInt), same(0)), bitsFold("not"))
	for _, op := range []string{"ishft", "shiftl", "shiftr", "shifta", "lshift", "rshift"} {
		b.elemental(op, "i,shift", elem(cs(cInt, cInt), same(0)), bitsFold(op))
	}
	b.elemental("ishftc", "i,shift,size?", elem(cs(cInt), same(0)), bitsFold("ishftc"))
	b.elemental("ibset", "i,pos", elem(cs(cInt), same(0)), bitsFold("ibset"))
	b.elemental("ibclr", "i,pos", elem(cs(cInt), same(0)), bitsFold("ibclr"))
	b.elemental("ibits", "i,pos,len", elem(cs(cInt), same(0)), bitsFold("ibits"))
	b.elemental("btest", "i,pos", elem(cs(cInt), fixed(LogicalType)), bitsFold("btest"))
	for _, op := range []string{"bge", "bgt", "ble", "blt"} {
		b.elemental(op, "i,j", elem(cs(cIntBOZ), fixed(LogicalType)), bitsFold(op))
	}
	for _, op := range []string{"leadz", "trailz", "popcnt", "poppar"} {
		b.elemental(op, "i", elem(cs(cInt), fixed(IntType)), bitsFold(op))
	}
	b.elemental("maskl", "i,kind?", elem(cs(cInt), withKind(TyInteger, 1, 4)), foldMask(true))
	b.elemental("maskr", "i,kind?", elem(cs(cInt), withKind(TyInteger, 1, 4)), foldMask(false))
	b.elemental("dshiftl dshiftr", "i,j,shift", elem(cs(cIntBOZ, cIntBOZ, cInt), bitsType), nil)
	b.elemental("merge_bits", "i,j,mask", elem(cs(cIntBOZ), bitsType), nil)
	b.inquiry("bit_size", "i", scalar(cs(cInt), same(0)), foldModel("bit_size"))

	// Numeric inquiry. -----------------------------------------------------
	b.inquiry("kind", "x", scalar(cs(cInt|cReal|cCmplx|cLog|cChar), fixed(IntType)), foldKind)
	for _, op := range []string{"digits", "radix", "range"} {
		b.inquiry(op, "x", scalar(cs(cNum), fixed(IntType)), foldModel(op))
	}
	b.inquiry("huge", "x", scalar(cs(cInt|cReal), same(0)), foldModel("huge"))
	b.inquiry("tiny", "x", scalar(cs(cReal), same(0)), foldModel("tiny"))
	b.inquiry("epsilon", "x", scalar(cs(cReal), same(0)), foldModel("epsilon"))
	b.inquiry("precision", "x", scalar(cs(cFloat), fixed(IntType)), foldModel("precision"))
	b.inquiry("maxexponent", "x", scalar(cs(cReal), fixed(IntType)), foldModel("maxexponent"))
	b.inquiry("minexponent", "x", scalar(cs(cReal), fixed(IntType)), foldModel("minexponent"))
	b.inquiry("storage_size", "a,kind?", scalar(cs(cAny, cInt), withKind(TyInteger, 1, 4)), foldStorageSize)
	b.transf("selected_int_kind", "r", scalar(cs(cInt), fixed(IntType)), foldSelectedIntKind)
	b.transf("selected_real_kind", "p?,r?,radix?", scalar(cs(cInt), fixed(IntType)), foldSelectedRealKind)
	b.transf("selected_char_kind", "name", scalar(cs(cChar), fixed(IntType)), foldSelectedCharKind)
	b.transf("selected_logical_kind", "bits", scalar(cs(cInt), fixed(IntType)), foldSelectedLogicalKind)

	// Array inquiry. -------------------------------------------------------
	b.inquiry("size", "array,dim?,kind?", func(c *call) (Type, int, error) {
		if err := c.check(1, cInt); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(0); err != nil {
			return UnknownType, 0, err
		}
		k, err := c.kindArg(2, TyInteger, 4)
		if err != nil {
			return UnknownType, 0, err
		}
		return Type{Base: TyInteger, Kind: k}, 0, c.checkDim(1, c.arg(0).Rank)
	}, foldBounds("size"))
	b.inquiry("shape", "source,kind?", boundRule(-1, 1), foldBounds("shape"))
	b.inquiry("lbound", "array,dim?,kind?", boundRule(1, 2), foldBounds("lbound"))
	b.inquiry("ubound", "array,dim?,kind?", boundRule(1, 2), foldBounds("ubound"))
	b.inquiry("lcobound ucobound", "coarray,dim?,kind?", boundRule(1, 2), nil)
	b.inquiry("coshape", "coarray,kind?", boundRule(-1, 1), nil)
	b.inquiry("rank", "a", scalar(nil, fixed(IntType)), func(c *call, rt Type) (Value, bool) {
		r := c.arg(0).Rank
		return mkInt(int64(r), rt), r >= 0
	})
	b.inquiry("allocated", "array", scalar(nil, fixed(LogicalType)), nil)
	b.inquiry("associated", "pointer,target?", scalar(nil, fixed(LogicalType)), nil)
	b.inquiry("present", "a", scalar(nil, fixed(LogicalType)), nil)
	b.inquiry("is_contiguous", "array", scalar(nil, fixed(LogicalType)), nil)
	b.inquiry("same_type_as", "a,b", scalar(nil, fixed(LogicalType)), nil)
	b.inquiry("extends_type_of", "a,mold", scalar(nil, fixed(LogicalType)), nil)
	b.elemental("is_iostat_end is_iostat_eor", "i", elem(cs(cInt), fixed(LogicalType)), func(c *call, rt Type) (Value, bool) {
		i, ok := c.ci(0)
		want := int64(-1)
		if c.in.Name == "is_iostat_eor" {
			want = -2
		}
		return mkBool(i == want, rt), ok
	})

	// Reductions. ----------------------------------------------------------
	b.transf("sum", "array,dim?,mask?", reduction(cNum, true, same(0)), foldReduce(sumSpec, true))
	b.transf("product", "array,dim?,mask?", reduction(cNum, true, same(0)), foldReduce(productSpec, true))
	b.transf("maxval", "array,dim?,mask?", reduction(cInt|cReal|cChar, true, same(0)), foldReduce(extremeSpec(true), true))
	b.transf("minval", "array,dim?,mask?", reduction(cInt|cReal|cChar, true, same(0)), foldReduce(extremeSpec(false), true))
	b.transf("iall iany iparity", "array,dim?,mask?", reduction(cInt, true, same(0)), nil)
	b.transf("norm2", "x,dim?", reduction(cReal, false, same(0)), nil)
	b.transf("any", "mask,dim?", reduction(cLog, false, same(0)), foldReduce(anySpec, false))
	b.transf("all", "mask,dim?", reduction(cLog, false, same(0)), foldReduce(allSpec, false))
	b.transf("parity", "mask,dim?", reduction(cLog, false, same(0)), nil)
	b.transf("count", "mask,dim?,kind?", reduction(cLog, false, withKind(TyInteger, 2, 4)), foldReduce(countSpec, false))
	b.transf("maxloc minloc", "array,dim?,mask?,kind?,back?", location(0, 1, 3, cInt|cReal|cChar), nil)
	b.transf("findloc", "array,value,dim?,mask?,kind?,back?", location(0, 2, 4, cNum|cLog|cChar), nil)

	// Array construction and manipulation. ---------------------------------
	b.transf("matmul", "matrix_a,matrix_b", matmulRule, nil)
	b.transf("dot_product", "vector_a,vector_b", dotProductRule, nil)
	b.transf("transpose", "matrix", func(c *call) (Type, int, error) {
		if r := c.arg(0).Rank; r >= 0 && r != 2 {
			return UnknownType, 0, c.errorf("argument 'matrix' must be of rank 2")
		}
		return c.typ(0), 2, nil
	}, nil)
	b.transf("reshape", "source,shape,pad?,order?", func(c *call) (Type, int, error) {
		if err := c.check(1, cInt); err != nil {
			return UnknownType, 0, err
		}
		if err := c.arrayArg(0); err != nil {
			return UnknownType, 0, err
		}
		if r := c.arg(1).Rank; r >= 0 && r != 1 {
			return UnknownType, 0, c.errorf("argument 'shape' must be of rank 1")
		}
		rank := -1
		if s := c.arg(1).Const; s != nil && s.IsArray() {
			rank = len(s.Elems)
		}
		return c.typ(0), rank, nil
	}, nil)
	b.transf("spread", "source,dim,ncopies", func(c *call) (Type, int, error) {
		if err := c.checkAll(cs(cAny, cInt, cInt)); err != nil {
			return UnknownType, 0, err
		}
		r := c.arg(0).Rank
		if r < 0 {
			return c.typ(0), -1, nil
		}
		return c.typ(0), r + 1, c.checkDim(1, r+1)
	}, nil)
	b.transf("pack", "array,mask,vector?", func(c *call) (Type, int, error) {
		return c.typ(0), 1, c.check(1, cLog)
	}, nil)
	b.transf("unpack", "vector,mask,field", func(c *call) (Type, int, error) {
		return c.typ(0), c.arg(1).Rank, c.check(1, cLog)
	}, nil)
	b.transf("cshift", "array,shift,dim?", func(c *call) (Type, int, error) {
		if err := c.checkAll(cs(cAny, cInt, cInt)); err != nil {
			return UnknownType, 0, err
		}
		return c.typ(0), c.arg(0).Rank, c.arrayArg(0)
	}, nil)
	b.transf("eoshift", "array,shift,boundary?,dim?", func(c *call) (Type, int, error) {
		if err := c.checkAll(cs(cAny, cInt, cAny, cInt)); err != nil {
			return UnknownType, 0, err
		}
		return c.typ(0), c.arg(0).Rank, c.arrayArg(0)
	}, nil)
	b.transf("transfer", "source,mold,size?", func(c *call) (Type, int, error) {
		if err := c.check(2, cInt); err != nil {
			return UnknownType, 0, err
		}
		t, r := c.typ(1), c.arg(1).Rank
		switch {
		case c.has(2) || r > 0:
			r = 1
		case r < 0:
			r = -1
		}
		return t, r, nil
	}, nil)
	b.transf("null", "mold?", func(c *call) (Type, int, error) {
		if c.has(0) {
			return c.typ(0), c.arg(0).Rank, nil
		}
		return UnknownType, -1, nil
	}, nil)

	// Interoperability (iso_c_binding procedures). -------------------------
	b.inquiry("c_loc", "x", scalar(nil, cPtr(false)), nil)
	b.inquiry("c_funloc", "x", scalar(nil, cPtr(true)), nil)
	b.inquiry("c_associated", "c_ptr_1,c_ptr_2?", scalar(cs(cDer), fixed(LogicalType)), nil)
	b.inquiry("c_sizeof", "x", scalar(nil, fixed(Int8Type)), foldCSizeof)
	b.sub("c_f_pointer", "cptr,fptr,shape?,lower?", false)
	b.sub("c_f_procpointer", "cptr,fptr", false)

	// Miscellaneous functions. ---------------------------------------------
	b.inquiry("compiler_version", "", scalar(nil, fixed(charU)), foldCompilerVersion)
	b.inquiry("compiler_options", "", scalar(nil, fixed(charU)), foldCompilerOptions)
	b.transf("command_argument_count", "", scalar(nil, fixed(IntType)), nil)
	b.transf("num_images", "team?", scalar(nil, fixed(IntType)), nil)
	b.transf("this_image", "coarray?,dim?,team?", func(c *call) (Type, int, error) {
		if c.has(0) && c.typ(0).Base != TyDerived && !c.has(1) {
			return IntType, 1, nil
		}
		return IntType, 0, nil
	}, nil)
	b.transf("image_index", "coarray,sub,team?", scalar(nil, fixed(IntType)), nil)
	b.transf("failed_images stopped_images", "team?,kind?", func(c *call) (Type, int, error) {
		k, err := c.kindArg(1, TyInteger, 4)
		return Type{Base: TyInteger, Kind: k}, 1, err
	}, nil)
	b.elemental("image_status", "image,team?", elem(cs(cInt), fixed(IntType)), nil)
	b.transf("get_team", "level?", scalar(nil, fixed(UnknownType)), nil)
	b.transf("team_number", "team?", scalar(nil, fixed(IntType)), nil)
	b.inquiry("loc", "x", scalar(nil, fixed(Int8Type)), nil)
	b.inquiry("sizeof", "x", scalar(nil, fixed(Int8Type)), nil)

	// gfortran extension functions (impure).
	b.transf("iargc", "", scalar(nil, fixed(IntType)), nil)
	b.transf("rand", "flag?", scalar(cs(cInt), fixed(real4)), nil)
	b.transf("irand", "flag?", scalar(cs(cInt), fixed(IntType)), nil)
	b.transf("etime dtime", "values", func(c *call) (Type, int, error) {
		return real4, 0, c.check(0, cReal)
	}, nil)
	b.transf("second", "", scalar(nil, fixed(real4)), nil)
	b.transf("getpid time", "", scalar(nil, fixed(IntType)), nil)
	b.transf("time8", "", scalar(nil, fixed(Int8Type)), nil)
	b.transf("fdate", "", scalar(nil, fixed(CharTypeLen(24))), nil)
	b.transf("ctime", "time", scalar(cs(cInt), fixed(CharTypeLen(24))), nil)
	b.transf("hostnm getcwd chdir", "name", scalar(cs(cChar), fixed(IntType)), nil)
	b.impure("iargc", "rand", "irand", "etime", "dtime", "second", "getpid", "time", "time8", "fdate",
		"ctime", "hostnm", "getcwd", "chdir", "loc")

	// Subroutines. ---------------------------------------------------------
	b.sub("cpu_time", "time", true)
	b.sub("system_clock", "count?,count_rate?,count_max?", true)
	b.sub("date_and_time", "date?,time?,zone?,values?", true)
	b.sub("random_number", "harvest", true)
	b.sub("random_seed", "size?,put?,get?", true)
	b.sub("random_init", "repeatable,image_distinct", true)
	b.sub("get_command", "command?,length?,status?,errmsg?", true)
	b.sub("get_command_argument", "number,value?,length?,status?,errmsg?", true)
	b.sub("get_environment_variable", "name,value?,length?,status?,trim_name?,errmsg?", true)
	b.sub("execute_command_line", "command,wait?,exitstat?,cmdstat?,cmdmsg?", true)
	b.sub("move_alloc", "from,to,stat?,errmsg?", false)
	b.add(IntrElementalSub, "mvbits", "from,frompos,len,to,topos", nil, nil)
	b.sub("co_sum co_max co_min", "a,result_image?,stat?,errmsg?", false)
	b.sub("co_broadcast", "a,source_image,stat?,errmsg?", false)
	b.sub("co_reduce", "a,operation,result_image?,stat?,errmsg?", false)
	b.sub("atomic_define atomic_add atomic_and atomic_or atomic_xor", "atom,value,stat?", false)
	b.sub("atomic_ref", "value,atom,stat?", false)
	b.sub("atomic_fetch_add atomic_fetch_and atomic_fetch_or atomic_fetch_xor", "atom,value,old,stat?", false)
	b.sub("atomic_cas", "atom,old,compare,new,stat?", false)
	b.sub("event_query", "event,count,stat?", false)
	// gfortran extension subroutines.
	b.sub("exit", "status?", true)
	b.sub("abort", "", true)
	b.sub("sleep", "seconds", true)
	b.sub("getarg", "pos,value", true)
	b.sub("getenv", "name,value", true)
	b.sub("srand", "seed", true)
	b.sub("system", "command,status?", true)
	b.sub("getlog", "c", true)
	b.sub("perror", "string", true)

	intrinsicTable = b.m
}

// besselN is the result rule of bessel_jn/bessel_yn: elemental (n, x), or
// transformational (n1, n2, x) giving a rank-1 array.
func besselN(c *call) (Type, int, error) {
	if c.has(2) {
		if err := c.checkAll(cs(cInt, cInt, cReal)); err != nil {
			return UnknownType, 0, err
		}
		return c.typ(2), 1, nil
	}
	if err := c.checkAll(cs(cInt, cReal)); err != nil {
		return UnknownType, 0, err
	}
	return c.typ(1), c.elemRank(), nil
}

// logicalBitsFold folds gfortran's and/or/xor on logical or integer
// arguments.
func logicalBitsFold(op string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		if rt.Base != TyLogical {
			return bitsFold(op)(c, rt)
		}
		x, ok1 := c.cb(0)
		y, ok2 := c.cb(1)
		if !ok1 || !ok2 {
			return Value{}, false
		}
		switch op {
		case "and":
			return mkBool(x && y, rt), true
		case "or":
			return mkBool(x || y, rt), true
		}
		return mkBool(x != y, rt), true
	}
}
