package main

import (
	"math/big"

	fcr "fgpu/frontend/crmath"
)

// The tables of trig.h: pi/2 in four doubles (Cody-Waite), 2/pi's bits in
// 64-bit words (Payne-Hanek), sin and cos at j/64 and the coefficients
// 1/n! of the short Taylor series.
func init() {
	groups["tables_trig.h"] = func(w *writer) {
		const prec = 1600
		pi := fcr.BigPi(prec)
		halfPi := new(big.Float).SetPrec(prec).Quo(pi, big.NewFloat(2))

		// pi/2 = C1 + C2 + C3 + C4 + O(2^-212): each the rounded remainder.
		var parts []float64
		rem := new(big.Float).SetPrec(prec).Set(halfPi)
		for i := 0; i < 4; i++ {
			c, _ := rem.Float64()
			parts = append(parts, c)
			rem.Sub(rem, new(big.Float).SetFloat64(c))
		}
		w.dTable("fgpu_cr_pio2", "pi/2 = [0] + [1] + [2] + [3] to 2^-212 (each the remainder rounded)", parts)

		twoOverPi := new(big.Float).SetPrec(prec).Quo(big.NewFloat(2), pi)
		top, _ := twoOverPi.Float64()
		w.dTable("fgpu_cr_2opi", "2/pi rounded", []float64{top})

		// Word j: bits 64j+1 .. 64j+64 after the point of 2/pi.
		const words = 24
		sc := new(big.Float).SetPrec(prec).SetMantExp(twoOverPi, 64*words)
		all, _ := sc.Int(nil)
		mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
		w.printf("// 2/pi = sum of [j] * 2^(-64(j+1)): its first %d bits\nFGPU_CR_TABLE uint64_t fgpu_cr_2opi_bits[%d] = {\n", 64*words, words)
		for j := 0; j < words; j++ {
			v := new(big.Int).Rsh(all, uint(64*(words-1-j)))
			v.And(v, mask)
			w.printf("  0x%016xULL,\n", v.Uint64())
		}
		w.printf("};\n")

		var sins, coss []*big.Float
		for j := 0; j <= 52; j++ {
			s, c := fcr.BigSinCos(new(big.Float).SetPrec(300).SetFloat64(float64(j)/64), 300)
			sins = append(sins, s)
			coss = append(coss, c)
		}
		w.ddTable("fgpu_cr_sin64", "sin(j/64)", sins)
		w.ddTable("fgpu_cr_cos64", "cos(j/64)", coss)

		// (1/n!: explog.h's fgpu_cr_exp_c)
	}
}
