package crmath

import (
	"fmt"
	"math"
	"math/big"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	fcr "fgpu/frontend/crmath"
)

func init() {
	sp := [][]float64{
		{0}, {math.Copysign(0, -1)}, {5e-324}, {-5e-324}, {2.2250738585072009e-308}, {-2.2250738585072014e-308},
		{1e-300}, {-1e-300}, {math.Ldexp(1, -27)}, {-math.Ldexp(1, -27)}, {math.Ldexp(1, -26)}, {math.Ldexp(1, -26) * 1.5},
		{math.Ldexp(1, -27) * 0.999}, {math.Ldexp(1, -25)}, {1e-8}, {0.78}, {math.Pi / 4}, {math.Nextafter(math.Pi/4, 1)},
		{1}, {-1}, {2}, {3}, {10}, {100}, {1e5}, {-1e5}, {268435455.99999997}, {268435456}, {1e9}, {1e15},
		{1e22}, {-1e22}, {1e100}, {-1e200}, {1e300}, {math.MaxFloat64}, {-math.MaxFloat64}, {math.Ldexp(1, 1023)},
		{math.Inf(1)}, {math.Inf(-1)}, {math.NaN()},
		// doubles close to multiples of pi/2
		{math.Ldexp(6381956970095103, 797)}, {-math.Ldexp(6381956970095103, 797)},
		{math.Ldexp(6381956970095103, 796)}, {math.Ldexp(5165646599123265, -6)},
	}
	for _, v := range []float64{math.Pi / 2, math.Pi, 3 * math.Pi / 2, 2 * math.Pi, 100 * math.Pi, 1e4 * math.Pi / 2} {
		for _, s := range []float64{1, -1} {
			x := s * v
			sp = append(sp, []float64{x}, []float64{math.Nextafter(x, 0)}, []float64{math.Nextafter(x, 2*x)})
		}
	}
	for _, n := range []string{"sin", "cos", "tan"} {
		lo, hi := -100.0, 100.0
		if n == "tan" {
			lo, hi = -10, 10
		}
		ours := "fgpu_cr_" + n
		cases = append(cases,
			fcase{name: n, ours: ours, host: n, args: 1, lo: lo, hi: hi, specials: sp},
			fcase{name: n, ours: ours, host: n, args: 1, lo: 1e-9, hi: 1e5, log: true},
			fcase{name: n, ours: ours, host: n, args: 1, lo: -1e9, hi: 1e9},
			fcase{name: n, ours: ours, host: n, args: 1, lo: 1e5, hi: 1e300, log: true})
	}
}

// hardTrig: doubles nearest multiples of pi/2, x = m 2^e with m a
// denominator of a convergent of the continued fraction of 2^e 2/pi
// (mod 1), the last two below 2^53, for every e from -52 to 971.
func hardTrig() []float64 {
	const prec = 2400
	pi := new(big.Float).SetPrec(prec)
	pi.Copy(fcr.BigPi(prec))
	xs := []float64{math.Ldexp(6381956970095103, 797), -math.Ldexp(6381956970095103, 797)}
	for e := -52; e <= 971; e++ {
		a := new(big.Float).SetPrec(prec).Quo(big.NewFloat(2), pi)
		a.SetMantExp(a, e)
		ip, _ := a.Int(nil)
		a.Sub(a, new(big.Float).SetPrec(prec).SetInt(ip))
		// continued fraction of a: denominators q(n) = c q(n-1) + q(n-2)
		q0, q1 := big.NewInt(1), big.NewInt(0)
		lim := new(big.Int).Lsh(big.NewInt(1), 53)
		f := a
		for i := 0; i < 200 && f.Sign() != 0; i++ {
			inv := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), f)
			c, _ := inv.Int(nil)
			f = inv.Sub(inv, new(big.Float).SetPrec(prec).SetInt(c))
			q := new(big.Int).Add(new(big.Int).Mul(c, q0), q1)
			if q.Cmp(lim) >= 0 {
				break
			}
			q1, q0 = q0, q
		}
		for _, q := range []*big.Int{q0, q1} {
			m, _ := new(big.Float).SetInt(q).Float64()
			if x := math.Ldexp(m, e); x > 0.5 && !math.IsInf(x, 0) {
				xs = append(xs, x, -x)
			}
		}
	}
	return xs
}

// TestTrigHard: for the doubles nearest multiples of pi/2 (hardTrig) and
// others spread over the ranges, the reduced argument and its sin and cos
// are within 2^-100 relative and sin, cos and tan are correctly rounded.
func TestTrigHard(t *testing.T) {
	src := "#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n" + Header() + `
int main() {
  unsigned long long u;
  while (scanf("%llx", &u) == 1) {
    double x = fgpu_dfrom(u);
    fgpu_dd r;
    int q = fgpu_cr_trig_reduce(std::fabs(x), &r);
    fgpu_dd s, c;
    fgpu_cr_sincos_red(r, &s, &c, true, true);
    printf("%016llx %016llx %016llx %d %016llx %016llx %016llx %016llx %016llx %016llx\n", (unsigned long long)fgpu_dbits(fgpu_cr_sin(x)),
      (unsigned long long)fgpu_dbits(fgpu_cr_cos(x)), (unsigned long long)fgpu_dbits(fgpu_cr_tan(x)),
      q, (unsigned long long)fgpu_dbits(r.hi), (unsigned long long)fgpu_dbits(r.lo),
      (unsigned long long)fgpu_dbits(s.hi), (unsigned long long)fgpu_dbits(s.lo),
      (unsigned long long)fgpu_dbits(c.hi), (unsigned long long)fgpu_dbits(c.lo));
  }
  return 0;
}
`
	exe := hostBuild(t, "hard", src)
	xs := hardTrig()
	for i := 1; i <= 3000; i++ { // and arguments spread over the ranges of the paths
		u := math.Mod(0.6180339887498949*float64(i), 1)
		xs = append(xs, -1+2*u, 1e9*(2*u-1), math.Exp(math.Log(1e5)+(math.Log(1e300)-math.Log(1e5))*u))
	}
	var in strings.Builder
	for _, x := range xs {
		fmt.Fprintf(&in, "%016x\n", math.Float64bits(x))
	}
	cmd := exec.Command(exe)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 10*len(xs) {
		t.Fatalf("%d results for %d arguments", len(lines), len(xs))
	}
	const prec = 2400
	halfPi := new(big.Float).SetPrec(prec).Quo(fcr.BigPi(prec), big.NewFloat(2))
	bad, worstErr, minR, worstSC := 0, 0.0, 0.0, 0.0
	dd := func(h, l string) *big.Float {
		hi, _ := strconv.ParseUint(h, 16, 64)
		lo, _ := strconv.ParseUint(l, 16, 64)
		v := new(big.Float).SetPrec(prec).SetFloat64(math.Float64frombits(hi))
		return v.Add(v, new(big.Float).SetFloat64(math.Float64frombits(lo)))
	}
	relErr := func(got, want *big.Float) float64 {
		d := new(big.Float).SetPrec(prec).Sub(got, want)
		d.Quo(d, want)
		v, _ := d.Float64()
		return math.Abs(v)
	}
	for i, x := range xs {
		// the reduction: |x| - k pi/2 to 2^-100 relative
		f := lines[10*i : 10*i+10]
		ax := new(big.Float).SetPrec(prec).SetFloat64(math.Abs(x))
		qf := new(big.Float).SetPrec(prec).Quo(ax, halfPi)
		qf.Add(qf, big.NewFloat(0.5))
		k, _ := qf.Int(nil)
		r := new(big.Float).SetPrec(prec).Sub(ax, new(big.Float).SetPrec(prec).Mul(new(big.Float).SetInt(k), halfPi))
		rel := relErr(dd(f[4], f[5]), r)
		worstErr = math.Max(worstErr, rel)
		// sin and cos of the reduced argument (that of the reduction, to
		// see this step's error alone)
		rr := dd(f[4], f[5])
		sr, cr := fcr.BigSinCos(rr, 300)
		es, ec := relErr(dd(f[6], f[7]), sr), relErr(dd(f[8], f[9]), cr)
		worstSC = math.Max(worstSC, math.Max(es, ec))
		if es > 0x1p-100 || ec > 0x1p-100 {
			bad++
			t.Errorf("sin and cos of the reduced argument of %v: relative errors %g, %g", x, es, ec)
		}
		if rf, _ := r.Float64(); minR == 0 || math.Abs(rf) < minR {
			minR = math.Abs(rf)
		}
		if q := new(big.Int).And(k, big.NewInt(3)).String(); q != f[3] || rel > 0x1p-100 {
			bad++
			t.Errorf("the reduction of %v: quadrant %s (%s), relative error %g", x, f[3], q, rel)
		}
		for j, name := range []string{"sin", "cos", "tan"} {
			u, _ := strconv.ParseUint(f[j], 16, 64)
			got := math.Float64frombits(u)
			cr, ok := fcr.Eval(name, 8, x)
			if ok && math.Float64bits(cr) != u {
				bad++
				if bad <= 10 {
					t.Errorf("%s(%v) = %v, correctly rounded %v", name, x, got, cr)
				}
			}
		}
	}
	t.Logf("%d arguments (near multiples of pi/2: the nearest %.3g from one): worst relative error of the reduction 2^%.1f, of sin and cos of the reduced argument 2^%.1f; %d wrong",
		len(xs), minR, math.Log2(worstErr), math.Log2(worstSC), bad)
}
