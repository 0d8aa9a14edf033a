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
	"math"
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
		// folded by crmath alone (crOnlyFold)
		{"erf", cReal, nil, nil},
		{"erfc", cReal, nil, nil},
		{"erfc_scaled", cReal, nil, nil},
		{"gamma", cReal, nil, nil},
		{"log_gamma lgamma algama", cReal, nil, nil},
		{"bessel_j0 besj0", cReal, nil, nil},
		{"bessel_j1 besj1", cReal, nil, nil},
		{"bessel_y0 besy0", cReal, nil, nil},
		{"bessel_y1 besy1", cReal, nil, nil},
		{"fraction", cReal, func(x float64) float64 { f, _ := math.Frexp(x); return f }, nil},
		{"sind", cReal, nil, nil},
		{"cosd", cReal, nil, nil},
		{"tand", cReal, nil, nil},
		{"asind", cReal, nil, nil},
		{"acosd", cReal, nil, nil},
		{"cotan", cFloat, nil, nil},
		{"cotand", cReal, nil, nil},
		{"spacing", cReal, nil, nil},
		{"rrspacing", cReal, nil, nil},
	} {
		var f foldFn
		switch name := strings.Fields(m.names)[0]; {
		case crOnly[name]:
			f = crOnlyFold(name)
		case m.rf != nil:
			f = crFold(name, m.rf, m.cf)
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
			return cr2Fold("atan2", math.Atan2)(c, rt)
		}
		return crFold("atan", math.Atan, cmplx.Atan)(c, rt)
	})
	b.elemental("atand", "y,x?", elem(cs(cReal), pairSame), func(c *call, rt Type) (Value, bool) {
		if c.has(1) {
			return cr2OnlyFold("atan2d")(c, rt)
		}
		return crOnlyFold("atand")(c, rt)
	})
	b.elemental("atan2", "y,x", elem(cs(cReal), pairSame), cr2Fold("atan2", math.Atan2))
	b.elemental("atan2d", "y,x", elem(cs(cReal), pairSame), cr2OnlyFold("atan2d"))
	b.elemental("hypot", "x,y", elem(cs(cReal), pairSame), cr2Fold("hypot", math.Hypot))
	b.elemental("bessel_jn besjn", "n,x,x3?", besselN, besselNFold("bessel_jn"))
	b.elemental("bessel_yn besyn", "n,x,x3?", besselN, besselNFold("bessel_yn"))
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
		specific("d"+s.names, "x", real8, real8, crFold(s.names, s.rf, s.cf))
		if s.cf != nil {
			specific("c"+s.names, "x", cplx4, cplx4, mathFold(s.rf, s.cf))
			specific("cd"+s.names+" z"+s.names, "x", cplx8, cplx8, mathFold(s.rf, s.cf))
		}
	}
	specific("alog", "x", real4, real4, crFold("log", math.Log, nil))
	specific("alog10", "x", real4, real4, crFold("log10", math.Log10, nil))
	specific("dabs", "a", real8, real8, foldAbs)
	specific("iabs", "a", IntType, IntType, foldAbs)
	specific("cabs", "a", cplx4, real4, foldAbs)
	specific("cdabs zabs", "a", cplx8, real8, foldAbs)
	specific("dint", "a", real8, real8, foldConvert('t'))
	specific("dnint", "a", real8, real8, foldConvert('n'))
	specific("idint", "a", real8, IntType, foldConvert(0))
	specific("idnint", "a", real8, IntType, foldConvert('n'))
	specific("ifix", "a", real4, IntType, foldConvert(0))
	specific("datan2", "y,x", real8, real8, cr2Fold("atan2", math.Atan2))
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
