package crmath

// The degree functions and cotan, as gfortran 12 folds them (simplify.cc
// and libgfortran's trigd.inc, which the front end shares): not correctly
// rounded, but a fixed sequence of MPFR operations each rounded to the
// kind's p bits, which degEval repeats:
//   - asind, acosd, atand, atan2d: the radian function rounded to p bits,
//     then x*180 and /pi (pi rounded to p bits), each rounded;
//   - sind, cosd, tand: |x| mod 360 (exact), the multiples of 30 (45 for
//     tand) exact (sqrt(3)/2 rounded for cosd(30)), else folded into
//     [0, 45] (tand: [0, 90]) by exact differences, times pi/180 (pi/180
//     rounded from pi rounded), rounded, then sin, cos or tan rounded;
//   - cotand(x) = -tand(x + 90), x + 90 rounded;
//   - cotan: mpfr_cot, correctly rounded.
// Then gfortran's range check (ziv.go's gfcRound).

import (
	"math"
	"math/big"
)

// degEval folds the functions above; handled is false for another name.
func degEval(name string, kind int, args []float64) (v float64, ok, handled bool) {
	switch name {
	case "cotan", "sind", "cosd", "tand", "cotand", "asind", "acosd", "atand":
		if len(args) != 1 {
			return 0, false, true
		}
	case "atan2d":
		if len(args) != 2 {
			return 0, false, true
		}
	default:
		return 0, false, false
	}
	p := uint(53)
	if kind == 4 {
		p = 24
	}
	hp := ctx{prec: p + guard + 64}
	rn := func(v *big.Float) *big.Float { return new(big.Float).SetPrec(p).Set(v) }
	pi := rn(hp.pi())
	rad2deg := func(x *big.Float) *big.Float {
		x = rn(new(big.Float).Mul(x, big.NewFloat(180)))
		return rn(new(big.Float).Quo(x, pi))
	}
	x := args[0]
	if x == 0 && (name == "asind" || name == "atand") {
		return x, true, true // +-0: mpfr_asin, mpfr_atan and rad2deg keep the sign
	}
	var r *big.Float
	switch name {
	case "cotan":
		if x == 0 {
			return 0, false, true
		}
		w := hp
		if e := math.Ilogb(x); e > 0 {
			w.prec += uint(e) // the reduction by pi/2 cancels that many
		}
		s, c := w.sincos(w.f(x))
		r = rn(w.n().Quo(c, s))
	case "asind", "acosd":
		if x < -1 || x > 1 {
			return 0, false, true
		}
		var a *big.Float
		switch {
		case x == 1 || x == -1:
			a = hp.n().Quo(hp.pi(), hp.f(2*x))
		default:
			xx := hp.f(x)
			d := hp.n().Sub(hp.f(1), hp.n().Mul(xx, xx))
			a = hp.atan(hp.n().Quo(xx, hp.n().Sqrt(d)))
		}
		if name == "acosd" {
			a = hp.n().Sub(hp.n().Quo(hp.pi(), hp.f(2)), a)
		}
		r = rad2deg(rn(a))
	case "atand":
		r = rad2deg(rn(hp.atan(hp.f(x))))
	case "atan2d":
		y, xx := args[0], args[1] // atan2d(y, x)
		if y == 0 && xx == 0 {
			return 0, false, true
		}
		var a *big.Float
		switch {
		case y == 0 && !math.Signbit(xx):
			a = hp.f(y) // +-0
		case y == 0:
			a = hp.pi()
			if math.Signbit(y) {
				a.Neg(a)
			}
		case xx == 0:
			a = hp.n().Quo(hp.pi(), hp.f(2))
			if y < 0 {
				a.Neg(a)
			}
		default:
			a = hp.atan(hp.n().Quo(hp.f(y), hp.f(xx)))
			if xx < 0 {
				if y < 0 {
					a.Sub(a, hp.pi())
				} else {
					a.Add(a, hp.pi())
				}
			}
		}
		r = rad2deg(rn(a))
	case "sind", "cosd", "tand":
		r = trigd(name, x, p, hp, rn, pi)
	case "cotand":
		y, _ := rn(new(big.Float).Add(big.NewFloat(x), big.NewFloat(90))).Float64()
		r = trigd("tand", y, p, hp, rn, pi)
		if r != nil {
			r.Neg(r)
		}
	}
	if r == nil || r.IsInf() {
		return 0, false, true
	}
	if r.Sign() == 0 {
		if r.Signbit() {
			return math.Copysign(0, -1), true, true
		}
		return 0, true, true
	}
	v, ok = gfcRound(r, kind)
	return v, ok, true
}

// trigd is libgfortran's trigd.inc SIND, COSD or TAND at p bits (nil for
// tand of an odd multiple of 90, an infinity).
func trigd(name string, x float64, p uint, hp ctx, rn func(*big.Float) *big.Float, pi *big.Float) *big.Float {
	s := math.Copysign(1, x)
	ax := math.Mod(math.Abs(x), 360) // exact
	d2r := func(y float64) *big.Float {
		k := rn(new(big.Float).Quo(pi, big.NewFloat(180)))
		return rn(new(big.Float).Mul(big.NewFloat(y), k))
	}
	cosd30 := func() *big.Float {
		t := rn(new(big.Float).SetPrec(p + 128).Sqrt(big.NewFloat(3)))
		return rn(t.Quo(t, big.NewFloat(2)))
	}
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(p).SetFloat64(v) }
	sin := func(y *big.Float) *big.Float { v, _ := hp.sincos(y); return rn(v) }
	cos := func(y *big.Float) *big.Float { _, v := hp.sincos(y); return rn(v) }
	integer := ax == math.Trunc(ax)
	n := int(ax)
	var r *big.Float
	switch name {
	case "sind":
		if integer && n%30 == 0 {
			switch {
			case n%180 == 0:
				r = f(0)
				if n == 180 {
					s = -s
				}
			case n%90 == 0:
				r = f(1)
				if n != 90 {
					r = f(-1)
				}
			case n%60 == 0:
				r = cosd30()
				if n >= 180 {
					r.Neg(r)
				}
			default:
				r = f(0.5)
				if n >= 180 {
					r = f(-0.5)
				}
			}
		} else {
			foldCos := false
			switch {
			case ax <= 90:
				if ax > 45 {
					ax, foldCos = 90-ax, true
				}
			case ax <= 180:
				if ax <= 135 {
					ax, foldCos = ax-90, true
				} else {
					ax = 180 - ax
				}
			case ax <= 270:
				if ax <= 225 {
					ax -= 180
				} else {
					ax, foldCos = 270-ax, true
				}
				s = -s
			default:
				if ax <= 315 {
					ax, foldCos = ax-270, true
				} else {
					ax = 360 - ax
				}
				s = -s
			}
			if foldCos {
				r = cos(d2r(ax))
			} else {
				r = sin(d2r(ax))
			}
		}
		return signed(r, s)
	case "cosd":
		if integer && n%30 == 0 {
			switch {
			case n%180 == 0:
				r = f(1)
				if n == 180 {
					r = f(-1)
				}
			case n%90 == 0:
				r = f(0)
			case n%60 == 0:
				r = f(0.5)
				if n != 60 && n != 300 {
					r = f(-0.5)
				}
			default:
				r = cosd30()
				if n != 30 && n != 330 {
					r.Neg(r)
				}
			}
			return r
		}
		neg, foldSin := false, false
		switch {
		case ax <= 90:
			if ax > 45 {
				ax, foldSin = 90-ax, true
			}
		case ax <= 180:
			if ax <= 135 {
				ax, foldSin = ax-90, true
			} else {
				ax = 180 - ax
			}
			neg = true
		case ax <= 270:
			if ax <= 225 {
				ax -= 180
			} else {
				ax, foldSin = 270-ax, true
			}
			neg = true
		default:
			if ax <= 315 {
				ax, foldSin = ax-270, true
			} else {
				ax = 360 - ax
			}
		}
		if foldSin {
			r = sin(d2r(ax))
		} else {
			r = cos(d2r(ax))
		}
		if neg {
			r.Neg(r)
		}
		return r
	default: // tand
		if integer && n%45 == 0 {
			switch {
			case n%180 == 0:
				r = f(0)
			case n%90 == 0:
				return nil
			default:
				r = f(1)
				if n != 45 && n != 225 {
					r = f(-1)
				}
			}
			return signed(r, s)
		}
		switch {
		case ax <= 180:
			if ax > 90 {
				ax = 180 - ax
				s = -s
			}
		case ax <= 270:
			ax -= 180
		default:
			ax = 360 - ax
			s = -s
		}
		y := d2r(ax)
		sn, cs := hp.sincos(y)
		return signed(rn(hp.n().Quo(sn, cs)), s)
	}
}

// signed is r times s = +-1 as mpfr_mul rounds it (a zero takes the
// product's sign).
func signed(r *big.Float, s float64) *big.Float {
	if s < 0 {
		if r.Sign() == 0 {
			if r.Signbit() {
				return new(big.Float).SetPrec(r.Prec())
			}
			return new(big.Float).SetPrec(r.Prec()).Neg(new(big.Float))
		}
		return new(big.Float).Neg(r)
	}
	return r
}
