package crmath

// Ziv's strategy for the special functions (special.go, bessel.go): an
// evaluator gives an approximation and a bound on its absolute error at a
// working precision; the value is accepted when every number within the
// bound rounds to the same real(kind), else the precision grows. An
// accepted value is computed once more at a higher precision and must
// round the same (a check on the error bounds themselves); an argument that
// does not settle below maxPrec bits is left unfolded.

import (
	"math"
	"math/big"
)

// approx evaluates a function at working precision w: its value, a bound
// on the absolute error, and ok false for an argument it does not take.
type approx func(w uint) (v, err *big.Float, ok bool)

const maxPrec = 3000

// ziv is f's value rounded as gfortran rounds it (gfcRound), ok false
// where it could not be decided or gfortran rejects the result.
func ziv(kind int, f approx) (float64, bool) {
	p := uint(53)
	if kind == 4 {
		p = 24
	}
	for w := p + 40; w <= maxPrec; w += w / 2 {
		v, e, ok := f(w)
		if !ok {
			return 0, false
		}
		r, decided, ok := decide(v, e, kind)
		if !ok {
			return 0, false
		}
		if !decided {
			continue
		}
		v2, e2, ok := f(w + 32)
		if !ok {
			return 0, false
		}
		r2, decided2, ok := decide(v2, e2, kind)
		if !ok || !decided2 || math.Float64bits(r) != math.Float64bits(r2) {
			return 0, false
		}
		return r, true
	}
	return 0, false
}

// decide rounds v-err and v+err: decided when both give the same value;
// ok false when both ends give a result gfortran rejects for the same
// reason (both overflow, or both underflow below the least subnormal, with
// one sign).
func decide(v, err *big.Float, kind int) (r float64, decided, ok bool) {
	w := v.Prec() + 64
	if err.Sign() == 0 {
		r, ok := gfcRound(v, kind)
		return r, ok, ok
	}
	lo := new(big.Float).SetPrec(w).SetMode(big.ToNegativeInf).Sub(v, new(big.Float).Abs(err))
	hi := new(big.Float).SetPrec(w).SetMode(big.ToPositiveInf).Add(v, new(big.Float).Abs(err))
	a, okA := gfcRound(lo, kind)
	b, okB := gfcRound(hi, kind)
	if !okA && !okB && lo.Sign() == hi.Sign() && overflows(lo, kind) == overflows(hi, kind) {
		return 0, false, false
	}
	if okA && okB && math.Float64bits(a) == math.Float64bits(b) {
		return a, true, true
	}
	return 0, false, true
}

// overflows: v rounded to the kind is beyond huge().
func overflows(v *big.Float, kind int) bool {
	p, huge := uint(53), huge8
	if kind == 4 {
		p, huge = 24, huge4
	}
	r := new(big.Float).SetPrec(p).Set(v)
	return r.IsInf() || r.Abs(r).Cmp(huge) > 0
}

var (
	huge4 = new(big.Float).SetFloat64(math.MaxFloat32)
	huge8 = new(big.Float).SetFloat64(math.MaxFloat64)
	den4  = new(big.Float).SetFloat64(math.SmallestNonzeroFloat32)
	den8  = new(big.Float).SetFloat64(math.SmallestNonzeroFloat64)
)

// mpfrTiny is 2^-32992: gfortran 12's MPFR exponent range stops about
// there, and a result below it is MPFR's underflow to zero, which the range
// check accepts (gfortran folds erfc(151.2042360_8) to 0 and rejects
// erfc(151.2042351_8), whose value 2^-32991.9999 is nonzero but below the
// least subnormal; gamma(-3230.5_8) is -0, gamma(-3220.5_8) rejected).
var mpfrTiny = new(big.Float).SetMantExp(big.NewFloat(1), -32992)

// gfcRound rounds v as gfortran's folding does: a value below mpfrTiny is
// a zero of its sign; else MPFR rounds the exact
// value once to the kind's 24 or 53 bits with an unbounded exponent, then
// the range check rejects a value beyond huge() (overflow) or below the
// least subnormal (underflow, an error for gfortran), and rounds one between the two to the
// subnormal's fewer bits (mpfr_subnormalize: a second rounding, to nearest
// even). ok is false for a result gfortran rejects.
func gfcRound(v *big.Float, kind int) (float64, bool) {
	if v.IsInf() {
		return 0, false
	}
	p, huge, den := uint(53), huge8, den8
	if kind == 4 {
		p, huge, den = 24, huge4, den4
	}
	if new(big.Float).Abs(v).Cmp(mpfrTiny) < 0 {
		return math.Copysign(0, float64(v.Sign())), true
	}
	r := new(big.Float).SetPrec(p).SetMode(big.ToNearestEven).Set(v)
	if r.Sign() == 0 {
		if r.Signbit() {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	a := new(big.Float).Abs(r)
	if a.Cmp(huge) > 0 || a.Cmp(den) < 0 {
		return 0, false
	}
	if kind == 4 {
		f, _ := r.Float32()
		return float64(f), true
	}
	f, _ := r.Float64()
	return f, true
}

// bound is k 2^-w |m|, the bound of k rounding errors at precision w on a
// value of size m.
func bound(k float64, w uint, m *big.Float) *big.Float {
	b := new(big.Float).SetPrec(64).Abs(m)
	b.Mul(b, new(big.Float).SetFloat64(k))
	return b.SetMantExp(b, -int(w))
}

// sumErr adds bounds.
func sumErr(es ...*big.Float) *big.Float {
	s := new(big.Float).SetPrec(64).SetMode(big.AwayFromZero)
	for _, e := range es {
		s.Add(s, new(big.Float).Abs(e))
	}
	return s
}

// mulErr is the bound |a| eb + |b| ea + ea eb of the error of a product.
func mulErr(a, ea, b, eb *big.Float) *big.Float {
	x := new(big.Float).SetPrec(64).Abs(a)
	x.Mul(x, new(big.Float).Abs(eb))
	y := new(big.Float).SetPrec(64).Abs(b)
	y.Mul(y, new(big.Float).Abs(ea))
	z := new(big.Float).SetPrec(64).Abs(ea)
	z.Mul(z, new(big.Float).Abs(eb))
	return sumErr(x, y, z)
}

func absF(x *big.Float) *big.Float { return new(big.Float).SetPrec(64).Abs(x) }
