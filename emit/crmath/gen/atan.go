package main

import (
	"math/big"

	fcr "fgpu/frontend/crmath"
)

// tables_atan.h: atan(j/128), j = 0..128, in double-double for atan.h's
// reduction atan(t) = atan(c) + atan((t - c)/(1 + t c)), c = j/128 nearest t
// in [0, 1]; pi/2, pi, pi/4, 3pi/4 in double-double; the coefficients
// 1/(2k+1) of atan's odd Taylor series (1/3, 1/5 in double-double, 1/7 ..
// 1/13 in double: their terms are below 2^-48 relative).
func init() {
	groups["tables_atan.h"] = func(w *writer) {
		const prec = 256
		w.printf("#ifndef FGPU_CRMATH_TABLES_ATAN_H\n#define FGPU_CRMATH_TABLES_ATAN_H\n")
		pi := fcr.BigPi(prec)
		frac := func(num, den int64) *big.Float {
			n := new(big.Float).SetPrec(prec).SetInt64(num)
			return n.Quo(n, new(big.Float).SetPrec(prec).SetInt64(den))
		}
		mulPi := func(num, den int64) *big.Float {
			return new(big.Float).SetPrec(prec).Mul(pi, frac(num, den))
		}
		def := func(name, comment string, v *big.Float) {
			hi, lo := dd(v)
			w.printf("// %s\n#define %s_HI %s\n#define %s_LO %s\n", comment, name, lit(hi), name, lit(lo))
		}
		def("FGPU_ATAN_PIO2", "pi/2", mulPi(1, 2))
		def("FGPU_ATAN_PI", "pi", mulPi(1, 1))
		def("FGPU_ATAN_PIO4", "pi/4", mulPi(1, 4))
		def("FGPU_ATAN_3PIO4", "3pi/4", mulPi(3, 4))
		def("FGPU_ATAN_C3", "1/3", frac(1, 3))
		def("FGPU_ATAN_C5", "1/5", frac(1, 5))
		for _, k := range []int64{7, 9, 11, 13} {
			f, _ := frac(1, k).Float64()
			w.printf("#define FGPU_ATAN_C%d %s\n", k, lit(f))
		}
		var tab []*big.Float
		for j := int64(0); j <= 128; j++ {
			tab = append(tab, fcr.BigAtan(frac(j, 128), prec))
		}
		w.ddTable("fgpu_atan_tab", "atan(j/128), j = 0..128", tab)
		w.printf("#endif\n")
	}
}
