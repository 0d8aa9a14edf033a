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
