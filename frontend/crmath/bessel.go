package crmath

// The Bessel functions J_n and Y_n of integer order, as gfortran folds
// BESSEL_J0, _J1, _JN(n, x), _Y0, _Y1 and _YN(n, x) (mpfr_jn, mpfr_yn:
// correctly rounded), through ziv.go. Two methods, each with its bound:
//
//   - the power series (DLMF 10.2.2, 10.8.1), h = x/2, q = h^2,
//     t_k = (-q)^k h^n / (k! (n+k)!):
//       J_n = sum t_k
//       Y_n = -(h^-n/pi) sum_{k<n} (n-k-1)!/k! q^k + (2/pi)(ln h + gamma) J_n
//             - (1/pi) sum t_k (H_k + H_(n+k))
//     (H the harmonic numbers, gamma Euler's constant), summed with
//     1.45 x more bits than asked (the terms reach e^x / sqrt(2 pi x)
//     before they cancel) until the terms, decreasing by more than a
//     factor 4, fall below the precision: the rest is below the last term;
//   - Hankel's expansion (DLMF 10.17.3, 10.17.4) for large x,
//       J_n = sqrt(2/(pi x)) (P cos w - Q sin w),
//       Y_n = sqrt(2/(pi x)) (P sin w + Q cos w),  w = x - (2n+1) pi/4,
//     P = sum (-1)^k a_2k / x^2k, Q = sum (-1)^k a_(2k+1) / x^(2k+1),
//     a_k = (4n^2 - 1)(4n^2 - 9)...(4n^2 - (2k-1)^2) / (k! 8^k): for real
//     order and x > 0 the remainder of each sum is below its first omitted
//     term once more than n/2 terms are summed (DLMF 10.17(iii)); it is
//     used where its terms fall below the precision before they grow again.
//
// Beyond x = 600 where Hankel's terms do not get small enough (orders
// about sqrt(x) and more) the argument is left unfolded.

import (
	"math"
	"math/big"
	"sync"
)

var (
	eulerMu sync.Mutex
	eulers  = map[uint]*big.Float{}
)

// euler is Euler's constant to w bits (Brent and McMillan's algorithm B1:
// gamma = U/V - ln N + O(e^-4N), U = sum (N^k/k!)^2 H_k, V = sum (N^k/k!)^2),
// within 2^-(w+8).
func euler(want uint) *big.Float {
	eulerMu.Lock()
	defer eulerMu.Unlock()
	w := (want + 127) / 128 * 128 // one value for each 128 bits
	if v, ok := eulers[w]; ok {
		return new(big.Float).SetPrec(want + 8).Set(v)
	}
	N := int64(math.Ceil(float64(w+12)*math.Ln2/4)) + 1
	wp := w + uint(3*float64(N)) + 32
	c := ctx{prec: wp}
	nn := c.f(float64(N * N))
	b := c.f(1)
	a := c.f(0)
	u, v := c.f(0), c.f(1)
	tol := c.n().SetMantExp(c.f(1), -int(wp))
	for k := int64(1); ; k++ {
		kk := c.f(float64(k * k))
		b.Mul(b, nn)
		b.Quo(b, kk)
		a.Mul(a, nn)
		a.Quo(a, kk)
		a.Add(a, c.n().Quo(b, c.f(float64(k))))
		u.Add(u, a)
		v.Add(v, b)
		if k > N && c.n().Quo(a, u).Cmp(tol) < 0 {
			break
		}
	}
	g := c.n().Quo(u, v)
	g.Sub(g, c.log(c.f(float64(N))))
	g.SetPrec(w + 8)
	eulers[w] = g
	return new(big.Float).SetPrec(want + 8).Set(g)
}

// besselSeries is J_n(x) or Y_n(x) of x > 0, n >= 0 by the power series.
func besselSeries(w uint, n int, x *big.Float, xf float64, wantY bool) (v, err *big.Float, ok bool) {
	wp := w + uint(1.45*xf) + 24
	c := ctx{prec: wp}
	h := c.n().Quo(x, c.f(2))
	q := c.n().Mul(h, h)
	hn := c.f(1)
	fact := c.f(1)
	hN := c.f(0) // H_n
	for j := 1; j <= n; j++ {
		hn.Mul(hn, h)
		fact.Mul(fact, c.f(float64(j)))
		hN.Add(hN, c.n().Quo(c.f(1), c.f(float64(j))))
	}
	t := c.n().Quo(hn, fact)
	J := c.n().Set(t)
	absJ := c.n().Abs(t)
	hk, hnk := c.f(0), c.n().Set(hN)
	T := c.n().Mul(t, hnk)
	absT := c.n().Abs(T)
	tol := c.n().SetMantExp(c.f(1), -int(wp))
	K := int64(0)
	var tail, tailT *big.Float
	for k := int64(1); k < 1000000; k++ {
		t.Mul(t, q)
		t.Quo(t, c.f(float64(k*(int64(n)+k))))
		t.Neg(t)
		hk.Add(hk, c.n().Quo(c.f(1), c.f(float64(k))))
		hnk.Add(hnk, c.n().Quo(c.f(1), c.f(float64(int64(n)+k))))
		J.Add(J, t)
		at := c.n().Abs(t)
		absJ.Add(absJ, at)
		hs := c.n().Add(hk, hnk)
		if wantY {
			tt := c.n().Mul(t, hs)
			T.Add(T, tt)
			absT.Add(absT, tt.Abs(tt))
		}
		ratio := c.n().Quo(q, c.f(float64(k*(int64(n)+k))))
		if ratio.Cmp(c.f(0.25)) < 0 {
			hs2 := c.n().Add(hs, c.f(2))
			lim := c.n().Mul(at, hs2)
			if lim.Cmp(c.n().Mul(absJ, tol)) < 0 {
				K = k
				tail = at
				tailT = lim
				break
			}
		}
	}
	if K == 0 {
		return nil, nil, false
	}
	errJ := sumErr(bound(float64(4*K+int64(n)+8), wp, absJ), tail)
	if !wantY {
		return J, errJ, true
	}
	errT := sumErr(bound(float64(8*K+int64(n)+16), wp, absT), tailT)
	// F h^-n, F = sum_{k<n} (n-k-1)!/k! q^k (positive terms)
	F := c.f(0)
	if n > 0 {
		f := c.f(1)
		for j := 2; j < n; j++ {
			f.Mul(f, c.f(float64(j)))
		}
		F.Set(f)
		for k := 1; k < n; k++ {
			f.Mul(f, q)
			f.Quo(f, c.f(float64(k*(n-k))))
			F.Add(F, f)
		}
		F.Quo(F, hn)
	}
	eF := bound(float64(8*n+8), wp, F)
	lh := c.log(h)
	lhg := c.n().Add(lh, euler(wp))
	elhg := sumErr(bound(4, wp, lh), bound(2, wp, c.f(1)))
	pi := c.pi()
	y := c.n().Mul(lhg, J)
	y.Mul(y, c.f(2))
	y.Sub(y, F)
	y.Sub(y, T)
	y.Quo(y, pi)
	e := sumErr(eF, mulErr(lhg, elhg, J, errJ), mulErr(lhg, elhg, J, errJ), errT)
	e.Quo(e, big.NewFloat(3)) // 1/pi < 1/3
	mag := sumErr(F, new(big.Float).Mul(absF(lhg), absF(J)), new(big.Float).Mul(absF(lhg), absF(J)), T)
	return y, sumErr(e, bound(8, wp, mag)), true
}

// besselHankel is J_n(x) or Y_n(x) of x > 0, n >= 0 by Hankel's
// expansion; ok is false where its terms grow again before they are small
// enough.
func besselHankel(w uint, n int, x *big.Float, wantY bool) (v, err *big.Float, ok bool) {
	wp := w + 16
	c := ctx{prec: wp}
	mu := c.f(4 * float64(n) * float64(n))
	r := c.f(1)
	P, Q := c.f(1), c.f(0)
	sumAbs := c.f(1)
	tol := c.n().SetMantExp(c.f(1), -int(wp)-4)
	prev := c.f(math.Inf(1))
	var trunc *big.Float
	K := 0
	for k := 1; k < 20000; k++ {
		odd := float64(2*k - 1)
		r.Mul(r, c.n().Sub(mu, c.f(odd*odd)))
		r.Quo(r, c.n().Mul(c.f(float64(8*k)), x))
		ar := c.n().Abs(r)
		if k > n+2 && ar.Cmp(tol) < 0 {
			odd2 := float64(2*k + 1)
			r2 := c.n().Mul(r, c.n().Sub(mu, c.f(odd2*odd2)))
			r2.Quo(r2, c.n().Mul(c.f(float64(8*(k+1))), x))
			trunc = sumErr(ar, r2)
			K = k
			break
		}
		if k > n+2 && ar.Cmp(prev) > 0 {
			return nil, nil, false
		}
		if ar.MantExp(nil) > int(wp)-60 {
			return nil, nil, false // the terms outgrow the precision
		}
		neg := (k/2)%2 == 1
		tr := c.n().Set(r)
		if neg {
			tr.Neg(tr)
		}
		if k%2 == 0 {
			P.Add(P, tr)
		} else {
			Q.Add(Q, tr)
		}
		sumAbs.Add(sumAbs, ar)
		prev = ar
	}
	if trunc == nil {
		return nil, nil, false
	}
	xe := x.MantExp(nil)
	if xe < 0 {
		xe = 0
	}
	s := ctx{prec: wp + uint(xe) + 16}
	sx, cx := s.sincos(x)
	sx.SetPrec(wp)
	cx.SetPrec(wp)
	// w = x - theta, theta = (2n+1) pi/4: cos and sin of theta are
	// +-sqrt(2)/2 by (2n+1) mod 8.
	var ct, st float64
	switch (2*n + 1) % 8 {
	case 1:
		ct, st = 1, 1
	case 3:
		ct, st = -1, 1
	case 5:
		ct, st = -1, -1
	default:
		ct, st = 1, -1
	}
	r2 := c.n().Sqrt(c.f(0.5))
	cw := c.n().Add(c.n().Mul(cx, c.f(ct)), c.n().Mul(sx, c.f(st)))
	cw.Mul(cw, r2)
	sw := c.n().Sub(c.n().Mul(sx, c.f(ct)), c.n().Mul(cx, c.f(st)))
	sw.Mul(sw, r2)
	var val *big.Float
	if wantY {
		val = c.n().Add(c.n().Mul(P, sw), c.n().Mul(Q, cw))
	} else {
		val = c.n().Sub(c.n().Mul(P, cw), c.n().Mul(Q, sw))
	}
	amp := c.n().Quo(c.f(2), c.n().Mul(c.pi(), x))
	amp.Sqrt(amp)
	val.Mul(val, amp)
	pq := sumErr(P, Q)
	e := sumErr(trunc, trunc, bound(float64(4*K+8), wp, sumAbs), bound(32, wp, pq))
	e.Mul(e, absF(amp))
	return val, sumErr(e, bound(8, wp, val)), true
}

// besselApprox is the evaluator of J_n(x) (Y_n(x)) for x > 0, n >= 0.
func besselApprox(n int, x float64, wantY bool) approx {
	return func(w uint) (*big.Float, *big.Float, bool) {
		c := ctx{prec: w + 8}
		xx := c.f(x)
		if x > 0.36*float64(w+24) && x > float64(n) {
			if v, e, ok := besselHankel(w, n, xx, wantY); ok {
				return v, e, true
			}
		}
		if x > 600 {
			// undecided: a higher precision may carry Hankel's terms
			return new(big.Float), big.NewFloat(math.MaxFloat64), true
		}
		return besselSeries(w, n, xx, x, wantY)
	}
}

// besselEval folds bessel_j0, bessel_j1, bessel_jn (args n, x), bessel_y0,
// bessel_y1 and bessel_yn (args n, x); handled is false for another name.
func besselEval(name string, kind int, args []float64) (v float64, ok, handled bool) {
	var n float64
	var x float64
	wantY := false
	switch name {
	case "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1":
		if len(args) != 1 {
			return 0, false, true
		}
		x = args[0]
		if name[len(name)-1] == '1' {
			n = 1
		}
		wantY = name[7] == 'y'
	case "bessel_jn", "bessel_yn":
		if len(args) != 2 {
			return 0, false, true
		}
		n, x = args[0], args[1]
		wantY = name == "bessel_yn"
	default:
		return 0, false, false
	}
	if n != math.Trunc(n) || math.Abs(n) > 5000 {
		return 0, false, true
	}
	// J_-n = (-1)^n J_n, Y_-n = (-1)^n Y_n, J_n(-x) = (-1)^n J_n(x).
	neg := false
	if n < 0 {
		n = -n
		neg = math.Mod(n, 2) == 1
	}
	if wantY && x <= 0 {
		return 0, false, true
	}
	if x == 0 {
		if n == 0 {
			return 1, true, true
		}
		// J_n(+-0) = +-0 as (x/2)^n/n!: negative for -0 and n odd
		if math.Signbit(x) && math.Mod(n, 2) == 1 {
			neg = !neg
		}
		if neg {
			return math.Copysign(0, -1), true, true
		}
		return 0, true, true
	}
	if x < 0 {
		x = -x
		if math.Mod(n, 2) == 1 {
			neg = !neg
		}
	}
	v, ok = ziv(kind, besselApprox(int(n), x, wantY))
	if neg {
		v = -v
	}
	return v, ok, true
}
