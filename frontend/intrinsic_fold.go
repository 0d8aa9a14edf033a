package frontend

// The intrinsic table's constant-folding rules (intrinsic_table.go has
// the table and its conventions).

import (
	"math"
	"math/bits"
	"math/cmplx"
	"strings"

	"fgpu/frontend/crmath"
)

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

// crFold folds elemental function name of one argument: a real one
// correctly rounded (crmath, as gfortran folds it with MPFR) where crmath
// evaluates it, else rf; a complex one with cf.
func crFold(name string, rf func(float64) float64, cf func(complex128) complex128) foldFn {
	plain := mathFold(rf, cf)
	return func(c *call, rt Type) (Value, bool) {
		if v, ok := c.cv(0); ok && v.Type.Base == TyReal && rt.Base == TyReal {
			x, _ := v.AsFloat()
			if r, ok := crmath.Eval(name, rt.Kind, x); ok {
				return mkReal(r, rt)
			}
		}
		return plain(c, rt)
	}
}

// crOnly are the functions of one real argument folded only where crmath
// evaluates them (as gfortran folds them: correctly rounded, or the degree
// functions' own sequence of roundings); another argument (one gfortran
// rejects, or one crmath cannot decide) is left to the run time: Go's
// math is not what gfortran gives.
var crOnly = map[string]bool{"erf": true, "erfc": true, "erfc_scaled": true, "gamma": true, "log_gamma": true,
	"bessel_j0": true, "bessel_j1": true, "bessel_y0": true, "bessel_y1": true,
	"sind": true, "cosd": true, "tand": true, "cotand": true, "asind": true, "acosd": true, "atand": true, "cotan": true}

// crOnlyFold folds crOnly function name of a real constant.
func crOnlyFold(name string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		v, ok := c.cv(0)
		if !ok || v.Type.Base != TyReal || rt.Base != TyReal {
			return Value{}, false
		}
		r, ok := crmath.Eval(name, rt.Kind, v.Real)
		if !ok {
			return Value{}, false
		}
		return mkReal(r, rt)
	}
}

// cr2OnlyFold is crOnlyFold for a function of two real arguments
// (atan2d).
func cr2OnlyFold(name string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		x, ok1 := c.cf(0)
		y, ok2 := c.cf(1)
		if !ok1 || !ok2 || c.typ(0).Base != TyReal || rt.Base != TyReal {
			return Value{}, false
		}
		r, ok := crmath.Eval(name, rt.Kind, x, y)
		if !ok {
			return Value{}, false
		}
		return mkReal(r, rt)
	}
}

// besselNFold folds the elemental bessel_jn(n, x) and bessel_yn(n, x) of
// constants (crmath); the transformational form (n1, n2, x) is not folded.
func besselNFold(name string) foldFn {
	return func(c *call, rt Type) (Value, bool) {
		if c.has(2) || rt.Base != TyReal || c.typ(1).Base != TyReal {
			return Value{}, false
		}
		n, ok1 := c.ci(0)
		x, ok2 := c.cf(1)
		if !ok1 || !ok2 || n > 1<<20 || n < -(1<<20) {
			return Value{}, false
		}
		r, ok := crmath.Eval(name, rt.Kind, float64(n), x)
		if !ok {
			return Value{}, false
		}
		return mkReal(r, rt)
	}
}

// cr2Fold is crFold for a function of two real arguments.
func cr2Fold(name string, f func(x, y float64) float64) foldFn {
	plain := math2Fold(f)
	return func(c *call, rt Type) (Value, bool) {
		x, ok1 := c.cf(0)
		y, ok2 := c.cf(1)
		if ok1 && ok2 && c.typ(0).Base == TyReal && rt.Base == TyReal {
			if r, ok := crmath.Eval(name, rt.Kind, x, y); ok {
				return mkReal(r, rt)
			}
		}
		return plain(c, rt)
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
