package main

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	fcr "fgpu/frontend/crmath"
)

// The tables of explog.h: 2^(j/64); the reciprocals c_j of 1 + j/128 and
// -log(c_j); ln 2 and ln 2 / 64 split so that an integer times the leading
// part is exact; the series' coefficients; log10's constants as fdlibm's
// published method defines them (glibc's log10 is that method on its log).
func init() {
	groups["tables_explog.h"] = func(w *writer) {
		const prec = 400
		f := func(x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }
		ln2 := fcr.BigLn2(prec)
		var t []*big.Float
		for j := 0; j < 64; j++ {
			// 2^(j/64) = e^(j ln2 / 64)
			a := new(big.Float).SetPrec(prec).Mul(ln2, f(float64(j)/64))
			t = append(t, fcr.BigExp(a, prec))
		}
		w.ddTable("fgpu_cr_exp2j", "2^(j/64), j = 0..63", t)
		l64 := new(big.Float).SetPrec(prec).Quo(ln2, f(64))
		c := split(l64, 36, 3)
		w.printf("// ln 2 / 64 = C1 + C2 + C3, C1 of 36 bits (k C1 exact for |k| < 2^17)\n")
		w.printf("#define FGPU_CR_LN2_64_1 %s\n#define FGPU_CR_LN2_64_2 %s\n#define FGPU_CR_LN2_64_3 %s\n", lit(c[0]), lit(c[1]), lit(c[2]))
		inv, _ := new(big.Float).SetPrec(prec).Quo(f(64), ln2).Float64()
		w.printf("#define FGPU_CR_INV_LN2_64 %s\n", lit(inv))
		l := split(ln2, 42, 3)
		w.printf("// ln 2 = A + B + C, A of 42 bits (e A exact for |e| < 2^11)\n")
		w.printf("#define FGPU_CR_LN2_A %s\n#define FGPU_CR_LN2_B %s\n#define FGPU_CR_LN2_C %s\n", lit(l[0]), lit(l[1]), lit(l[2]))
		// exp's (and sin's and cos's) Taylor coefficients: 1/n!, n = 0..13 (dd).
		var fact []*big.Float
		fa := f(1)
		for n := 0; n <= 13; n++ {
			if n > 0 {
				fa.Mul(fa, f(float64(n)))
			}
			fact = append(fact, new(big.Float).SetPrec(prec).Quo(f(1), fa))
		}
		w.ddTable("fgpu_cr_exp_c", "1/n!, n = 0..13", fact)
		// log: c_j = 1/(1 + j/128) rounded, j = -38..53, and -log(c_j).
		var cs []float64
		var ls []*big.Float
		for j := -38; j <= 53; j++ {
			cj, _ := new(big.Float).SetPrec(prec).Quo(f(1), f(1+float64(j)/128)).Float64()
			cs = append(cs, cj)
			lj := fcr.BigLog(f(cj), prec)
			ls = append(ls, lj.Neg(lj))
		}
		w.dTable("fgpu_cr_log_c", "c_j = 1/(1 + j/128) rounded, j = -38..53", cs)
		w.ddTable("fgpu_cr_log_l", "-log(c_j) (c_j as the double above)", ls)
		// log1p's series: (-1)^(k+1)/k, k = 1..14 (dd).
		var lc []*big.Float
		for k := 1; k <= 14; k++ {
			v := new(big.Float).SetPrec(prec).Quo(f(1), f(float64(k)))
			if k%2 == 0 {
				v.Neg(v)
			}
			lc = append(lc, v)
		}
		w.ddTable("fgpu_cr_log1p_c", "(-1)^(k+1)/k, k = 1..14", lc)
		// log10 (fdlibm's method): log10_2hi = the leading 40 bits of
		// log10(2), log10_2lo = log10(2) - log10_2hi rounded, ivln10 =
		// 1/ln 10 rounded.
		ln10 := fcr.BigLog(f(10), prec)
		l102 := new(big.Float).SetPrec(prec).Quo(ln2, ln10)
		hi := truncBits(l102, 40)
		lo, _ := new(big.Float).SetPrec(prec).Sub(l102, f(hi)).Float64()
		iv, _ := new(big.Float).SetPrec(prec).Quo(f(1), ln10).Float64()
		w.printf("#define FGPU_CR_LOG10_2HI %s\n#define FGPU_CR_LOG10_2LO %s\n#define FGPU_CR_IVLN10 %s\n", lit(hi), lit(lo), lit(iv))
		// The float method: log10_2hi of 17 bits (y log10_2hi exact for
		// |y| < 2^7), log10_2lo and ivln10 rounded to float.
		hf := truncBits(l102, 17)
		lof, _ := new(big.Float).SetPrec(prec).Sub(l102, f(hf)).Float32()
		ivf, _ := new(big.Float).SetPrec(prec).Quo(f(1), ln10).Float32()
		w.printf("#define FGPU_CR_LOG10F_2HI %sf\n#define FGPU_CR_LOG10F_2LO %sf\n#define FGPU_CR_IVLN10F %sf\n",
			lit(float64(float32(hf))), litf(lof), litf(ivf))
	}
}

// truncBits is v truncated to its leading n significant bits.
func truncBits(v *big.Float, n uint) float64 {
	t := new(big.Float).SetPrec(n).SetMode(big.ToZero).Set(v)
	x, _ := t.Float64()
	return x
}

// split is v as parts doubles, the first of its leading n bits (rounded),
// each next one the rest rounded to 53 bits (the last to nearest).
func split(v *big.Float, n uint, parts int) []float64 {
	rest := new(big.Float).SetPrec(v.Prec()).Set(v)
	var out []float64
	for i := 0; i < parts; i++ {
		var x float64
		if i == 0 {
			x, _ = new(big.Float).SetPrec(n).Set(rest).Float64()
		} else {
			x, _ = rest.Float64()
		}
		if math.IsInf(x, 0) {
			panic("split")
		}
		out = append(out, x)
		rest.Sub(rest, new(big.Float).SetFloat64(x))
	}
	return out
}

// litf is a C++ float literal's digits that read back as x exactly.
func litf(x float32) string {
	s := strconv.FormatFloat(float64(x), 'g', -1, 32)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}
