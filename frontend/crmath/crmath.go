// Package crmath evaluates the elementary functions of constant arguments
// correctly rounded to real(4) or real(8), as gfortran folds them (with
// MPFR): the front end folds intrinsics of constants with it, so that a
// named constant or a folded expression in a kernel has the bits the host
// build gives it (math's functions are within an ulp, not correctly
// rounded). Each function is computed in big.Float with a precision well
// beyond the target's (more for arguments whose reduction cancels), then
// rounded once. The special functions (erf, erfc, erfc_scaled, gamma,
// log_gamma: special.go; the Bessel functions: bessel.go) are evaluated
// with error bounds and a growing precision until the rounding is decided
// (ziv.go); the degree functions and erfc_scaled from 12 on repeat
// gfortran's own sequence of roundings (degrees.go, special.go). Every
// result is rounded as gfortran's range check rounds it (subnormals
// rounded twice; overflow and underflow below the least subnormal left
// unfolded, as gfortran rejects them).
package crmath

import (
	"math"
	"math/big"
	"sync"
)

// guard is the number of bits computed beyond the target's 53.
const guard = 100

// Eval is f(args) as gfortran folds it to real(kind) (4 or 8): correctly
// rounded for exp, log, log10, sin, cos, tan, asin, acos, atan, atan2,
// sinh, cosh, tanh, asinh, acosh, atanh, hypot and pow (x**y), and the
// functions of special.go, bessel.go and degrees.go; ok is false for another
// function, kind or an argument it leaves to the caller (not finite, out
// of the domain, signed zeros of atan2, a zero base, a result gfortran
// rejects as an overflow or underflow).
func Eval(name string, kind int, args ...float64) (v float64, ok bool) {
	return eval(name, kind, false, args)
}

// EvalOnce is Eval for exp, log, log10, the trigonometric and hyperbolic
// functions, hypot and pow with a real(8) result that is subnormal,
// overflows or underflows rounded once, as a correctly rounded library
// rounds it (gfortran's folding rounds a subnormal twice and rejects the
// others): the reference of emit/crmath's tests.
func EvalOnce(name string, args ...float64) (v float64, ok bool) {
	return eval(name, 8, true, args)
}

func eval(name string, kind int, once bool, args []float64) (v float64, ok bool) {
	if kind != 4 && kind != 8 {
		return 0, false
	}
	defer func() {
		// (big.Float panics on 0/0 and inf/inf: such an argument is left
		// to the caller.)
		if recover() != nil {
			v, ok = 0, false
		}
	}()
	for _, a := range args {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return 0, false
		}
	}
	if v, ok, handled := evalSpecial(name, kind, args); handled {
		return v, ok
	}
	var x, y float64
	if len(args) > 0 {
		x = args[0]
	}
	if len(args) > 1 {
		y = args[1]
	}
	prec := uint(53 + guard)
	if e := math.Ilogb(x); len(args) > 0 && x != 0 && e > 0 {
		prec += uint(e) // sin, cos, tan: the reduction by pi/2 cancels that many
	}
	c := ctx{prec: prec}
	var r *big.Float
	switch name {
	case "exp":
		if len(args) != 1 || math.Abs(x) > 1e5 {
			return 0, false
		}
		r = c.exp(c.f(x))
	case "log", "log10":
		if len(args) != 1 || x <= 0 {
			return 0, false
		}
		r = c.log(c.f(x))
		if name == "log10" {
			r = c.n().Quo(r, c.log(c.f(10)))
		}
	case "sin", "cos", "tan":
		if len(args) != 1 {
			return 0, false
		}
		s, co := c.sincos(c.f(x))
		switch name {
		case "sin":
			r = s
		case "cos":
			r = co
		default:
			r = c.n().Quo(s, co)
		}
	case "atan":
		if len(args) != 1 {
			return 0, false
		}
		r = c.atan(c.f(x))
	case "atan2":
		if len(args) != 2 || x == 0 || y == 0 {
			return 0, false
		}
		// atan2(y=x, x=y): the first argument is y.
		r = c.atan(c.n().Quo(c.f(x), c.f(y)))
		if y < 0 {
			p := c.pi()
			if x < 0 {
				r.Sub(r, p)
			} else {
				r.Add(r, p)
			}
		}
	case "asin", "acos":
		if len(args) != 1 || x < -1 || x > 1 {
			return 0, false
		}
		var a *big.Float
		switch {
		case x == 1 || x == -1:
			a = c.n().Quo(c.pi(), c.f(2*x))
		default:
			xx := c.f(x)
			d := c.n().Sub(c.f(1), c.n().Mul(xx, xx))
			a = c.atan(c.n().Quo(xx, c.n().Sqrt(d)))
		}
		if name == "asin" {
			r = a
		} else {
			r = c.n().Sub(c.n().Quo(c.pi(), c.f(2)), a)
		}
	case "sinh", "cosh", "tanh":
		if len(args) != 1 {
			return 0, false
		}
		if name == "tanh" && math.Abs(x) > 50 {
			return math.Copysign(1, x), true // 1 - 2e^-100 rounds to 1
		}
		if math.Abs(x) > 1e5 {
			return 0, false
		}
		r = c.hyperbolic(name, c.f(x))
	case "asinh":
		if len(args) != 1 {
			return 0, false
		}
		r = c.asinh(c.f(x))
	case "acosh":
		if len(args) != 1 || x < 1 {
			return 0, false
		}
		xx := c.f(x)
		d := c.n().Sub(c.n().Mul(xx, xx), c.f(1))
		r = c.log(c.n().Add(xx, c.n().Sqrt(d)))
	case "atanh":
		if len(args) != 1 || x <= -1 || x >= 1 {
			return 0, false
		}
		r = c.atanh(c.f(x))
	case "hypot":
		if len(args) != 2 {
			return 0, false
		}
		a, b := c.f(x), c.f(y)
		s := c.n().Add(c.n().Mul(a, a), c.n().Mul(b, b))
		r = c.n().Sqrt(s)
		if s.Sign() == 0 {
			r = c.f(0)
		}
	case "pow":
		if len(args) != 2 || x == 0 {
			return 0, false
		}
		neg := false
		if x < 0 {
			if y != math.Trunc(y) {
				return 0, false
			}
			neg = math.Mod(y, 2) != 0
			x = -x
		}
		if y == 0 {
			r = c.f(1)
			break
		}
		if y == math.Trunc(y) && y > 0 && y <= 64 {
			// Exactly (53 y bits hold the product): an exact midpoint
			// between two doubles rounds to even, as MPFR rounds it.
			r = new(big.Float).SetPrec(uint(53*y) + 64).SetFloat64(1)
			for i := 0; i < int(y); i++ {
				r.Mul(r, c.f(x))
			}
		} else {
			// exp(y log x): the argument's absolute error is its relative
			// one times its size, up to ~2^10 for a finite result.
			c.prec += 16
			r = c.exp(c.n().Mul(c.f(y), c.log(c.f(x))))
		}
		if neg {
			r.Neg(r)
		}
	default:
		return 0, false
	}
	if once {
		f, _ := r.Float64() // (nearest, even on ties; subnormals on their grid)
		return f, true
	}
	// rounded as gfortran rounds (its subnormals, its range errors)
	return gfcRound(r, kind)
}

type ctx struct{ prec uint }

func (c ctx) n() *big.Float          { return new(big.Float).SetPrec(c.prec) }
func (c ctx) f(x float64) *big.Float { return new(big.Float).SetPrec(c.prec).SetFloat64(x) }

// eps is 2^-(prec+8): the size below which a series term no longer counts.
func (c ctx) eps() *big.Float { return new(big.Float).SetMantExp(big.NewFloat(1), -int(c.prec)-8) }

func small(t, eps *big.Float) bool {
	a := new(big.Float).Abs(t)
	return a.Cmp(eps) < 0
}

var (
	constMu sync.Mutex
	consts  = map[[2]uint]*big.Float{}
)

// constant caches ln 2 (which 0) and pi (1), computed at the precision
// prec rounded up to a multiple of 256 (so that the many precisions of
// ziv.go share them), rounded to prec.
func (c ctx) constant(which uint, compute func(ctx) *big.Float) *big.Float {
	constMu.Lock()
	defer constMu.Unlock()
	p := (c.prec + 32 + 255) / 256 * 256
	k := [2]uint{which, p}
	v, ok := consts[k]
	if !ok {
		v = compute(ctx{prec: p})
		consts[k] = v
	}
	return new(big.Float).SetPrec(c.prec).Set(v)
}

// atanInv is atan(1/k) = sum (-1)^j / ((2j+1) k^(2j+1)); atanhInv the
// same without the alternating sign.
func (c ctx) arcInv(k int64, alternate bool) *big.Float {
	sum := c.n()
	kk := c.f(float64(k * k))
	p := c.n().Quo(c.f(1), c.f(float64(k))) // 1/k^(2j+1)
	eps := c.eps()
	for j := int64(0); ; j++ {
		t := c.n().Quo(p, c.f(float64(2*j+1)))
		if alternate && j%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if small(t, eps) {
			return sum
		}
		p.Quo(p, kk)
	}
}

func (c ctx) ln2() *big.Float {
	return c.constant(0, func(c ctx) *big.Float {
		w := ctx{prec: c.prec + 16}
		v := w.arcInv(3, false)
		v.Mul(v, w.f(2)) // ln 2 = 2 atanh(1/3)
		return v.SetPrec(c.prec)
	})
}

func (c ctx) pi() *big.Float {
	return c.constant(1, func(c ctx) *big.Float {
		w := ctx{prec: c.prec + 16}
		a := w.arcInv(5, true)
		a.Mul(a, w.f(16))
		b := w.arcInv(239, true)
		b.Mul(b, w.f(4))
		return a.Sub(a, b).SetPrec(c.prec) // Machin
	})
}

// exp: x = k ln 2 + r, r halved 16 times, Taylor, squared back, times 2^k.
func (c ctx) exp(x *big.Float) *big.Float {
	if x.Sign() == 0 {
		return c.f(1)
	}
	xf, _ := x.Float64()
	if xf > 1e6 {
		return c.f(math.Inf(1))
	}
	if xf < -1e6 {
		return c.f(0)
	}
	w := ctx{prec: c.prec + 24}
	k := math.Round(xf / math.Ln2)
	r := w.n().Sub(new(big.Float).SetPrec(w.prec).Set(x), w.n().Mul(w.f(k), w.ln2()))
	const halvings = 16
	r.SetMantExp(r, -halvings)
	sum, t := w.f(1), w.f(1)
	eps := w.eps()
	for j := 1; ; j++ {
		t.Mul(t, r)
		t.Quo(t, w.f(float64(j)))
		sum.Add(sum, t)
		if small(t, eps) {
			break
		}
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	sum.SetMantExp(sum, int(k))
	return sum.SetPrec(c.prec)
}

// log: x = m 2^e with m in [sqrt(1/2), sqrt(2)), ln m = 2 atanh((m-1)/(m+1)).
func (c ctx) log(x *big.Float) *big.Float {
	w := ctx{prec: c.prec + 16}
	m := w.n()
	e := x.MantExp(m) // x = m 2^e, m in [0.5, 1)
	if m.Cmp(w.f(math.Sqrt2/2)) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	t := w.n().Quo(w.n().Sub(m, w.f(1)), w.n().Add(m, w.f(1)))
	r := w.atanhSeries(t)
	r.Mul(r, w.f(2))
	r.Add(r, w.n().Mul(w.f(float64(e)), w.ln2()))
	return r.SetPrec(c.prec)
}

// atanhSeries is sum t^(2j+1)/(2j+1) for a small t.
func (c ctx) atanhSeries(t *big.Float) *big.Float {
	sum := c.n().Set(t)
	tt := c.n().Mul(t, t)
	p := c.n().Set(t)
	eps := c.eps()
	for j := int64(1); ; j++ {
		p.Mul(p, tt)
		term := c.n().Quo(p, c.f(float64(2*j+1)))
		sum.Add(sum, term)
		if small(term, eps) || p.Sign() == 0 {
			return sum
		}
	}
}

func (c ctx) atanh(x *big.Float) *big.Float {
	if a := new(big.Float).Abs(x); a.Cmp(c.f(0.5)) < 0 {
		return c.atanhSeries(x)
	}
	one := c.f(1)
	q := c.n().Quo(c.n().Add(one, x), c.n().Sub(one, x))
	r := c.log(q)
	return r.Quo(r, c.f(2))
}

// sincos: x = k pi/2 + r, |r| <= pi/4, the Taylor series of sin r and
// cos r, placed by the quadrant k mod 4.
func (c ctx) sincos(x *big.Float) (*big.Float, *big.Float) {
	w := ctx{prec: c.prec + 16}
	halfPi := w.pi()
	halfPi.Quo(halfPi, w.f(2))
	q := w.n().Quo(x, halfPi)
	qi, _ := q.Int(nil)
	// round to nearest
	frac := w.n().Sub(q, w.n().SetInt(qi))
	if frac.Cmp(w.f(0.5)) > 0 {
		qi.Add(qi, big.NewInt(1))
	} else if frac.Cmp(w.f(-0.5)) < 0 {
		qi.Sub(qi, big.NewInt(1))
	}
	r := w.n().Sub(x, w.n().Mul(w.n().SetInt(qi), halfPi))
	s, co := w.n().Set(r), w.f(1)
	rr := w.n().Mul(r, r)
	ts, tc := w.n().Set(r), w.f(1)
	eps := w.eps()
	for j := int64(1); ; j++ {
		ts.Mul(ts, rr)
		ts.Quo(ts, w.f(float64((2*j)*(2*j+1))))
		ts.Neg(ts)
		tc.Mul(tc, rr)
		tc.Quo(tc, w.f(float64((2*j-1)*(2*j))))
		tc.Neg(tc)
		s.Add(s, ts)
		co.Add(co, tc)
		if small(ts, eps) && small(tc, eps) {
			break
		}
	}
	k := new(big.Int).Mod(qi, big.NewInt(4)).Int64()
	switch k {
	case 1:
		s, co = co, s.Neg(s)
	case 2:
		s, co = s.Neg(s), co.Neg(co)
	case 3:
		s, co = co.Neg(co), s
	}
	return s.SetPrec(c.prec), co.SetPrec(c.prec)
}

// atan: 1/x beyond 1, then five halvings t/(1+sqrt(1+t^2)), then Taylor.
func (c ctx) atan(x *big.Float) *big.Float {
	w := ctx{prec: c.prec + 16}
	t := w.n().Set(x)
	neg := t.Sign() < 0
	t.Abs(t)
	inv := false
	if t.Cmp(w.f(1)) > 0 {
		t.Quo(w.f(1), t)
		inv = true
	}
	const halvings = 5
	for i := 0; i < halvings; i++ {
		d := w.n().Sqrt(w.n().Add(w.f(1), w.n().Mul(t, t)))
		t.Quo(t, d.Add(d, w.f(1)))
	}
	sum := w.n().Set(t)
	tt := w.n().Mul(t, t)
	p := w.n().Set(t)
	eps := w.eps()
	for j := int64(1); t.Sign() != 0; j++ {
		p.Mul(p, tt)
		p.Neg(p)
		term := w.n().Quo(p, w.f(float64(2*j+1)))
		sum.Add(sum, term)
		if small(term, eps) {
			break
		}
	}
	sum.SetMantExp(sum, halvings)
	if inv {
		hp := w.pi()
		hp.Quo(hp, w.f(2))
		sum.Sub(hp, sum)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum.SetPrec(c.prec)
}

// hyperbolic: sinh by its series below 1 (no cancellation), else from exp.
func (c ctx) hyperbolic(name string, x *big.Float) *big.Float {
	w := ctx{prec: c.prec + 16}
	ax := new(big.Float).Abs(x)
	var sinh *big.Float
	if ax.Cmp(w.f(1)) < 0 {
		sinh = w.n().Set(x)
		xx := w.n().Mul(x, x)
		t := w.n().Set(x)
		eps := w.eps()
		for j := int64(1); x.Sign() != 0; j++ {
			t.Mul(t, xx)
			t.Quo(t, w.f(float64((2*j)*(2*j+1))))
			sinh.Add(sinh, t)
			if small(t, eps) {
				break
			}
		}
	}
	e := w.exp(x)
	ei := w.n().Quo(w.f(1), e)
	cosh := w.n().Add(e, ei)
	cosh.Quo(cosh, w.f(2))
	if sinh == nil {
		sinh = w.n().Sub(e, ei)
		sinh.Quo(sinh, w.f(2))
	}
	var r *big.Float
	switch name {
	case "sinh":
		r = sinh
	case "cosh":
		r = cosh
	default:
		r = w.n().Quo(sinh, cosh)
	}
	return r.SetPrec(c.prec)
}

// asinh: its series below 1/16, else log(|x| + sqrt(x^2 + 1)).
func (c ctx) asinh(x *big.Float) *big.Float {
	w := ctx{prec: c.prec + 16}
	ax := new(big.Float).Abs(x)
	if ax.Cmp(w.f(1.0/16)) < 0 {
		// asinh x = sum (-1)^j (2j)! / (4^j (j!)^2 (2j+1)) x^(2j+1)
		sum := w.n().Set(x)
		xx := w.n().Mul(x, x)
		coef := w.f(1) // (2j)!/(4^j (j!)^2)
		p := w.n().Set(x)
		eps := w.eps()
		for j := int64(1); x.Sign() != 0; j++ {
			coef.Mul(coef, w.f(float64((2*j-1)*(2*j))))
			coef.Quo(coef, w.f(float64(4*j*j)))
			p.Mul(p, xx)
			p.Neg(p)
			term := w.n().Mul(coef, p)
			term.Quo(term, w.f(float64(2*j+1)))
			sum.Add(sum, term)
			if small(term, eps) {
				break
			}
		}
		return sum.SetPrec(c.prec)
	}
	s := w.n().Sqrt(w.n().Add(w.n().Mul(ax, ax), w.f(1)))
	r := w.log(s.Add(s, ax))
	if x.Sign() < 0 {
		r.Neg(r)
	}
	return r.SetPrec(c.prec)
}
