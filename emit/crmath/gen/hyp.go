package main

import (
	"math/big"

	fcr "fgpu/frontend/crmath"
)

// tables_hyp.h: the constants of hyp.h's exp (sinh, cosh, tanh).
func init() {
	groups["tables_hyp.h"] = func(w *writer) {
		const prec = 300
		bf := func() *big.Float { return new(big.Float).SetPrec(prec) }
		ln2 := fcr.BigLn2(prec)
		l := bf().Quo(ln2, big.NewFloat(64))
		// ln2/64 = l1 + l2 + l3: l1 has 36 bits, so k*l1 is exact for |k| < 2^17.
		l1 := new(big.Float).SetPrec(36).Set(l)
		rem := bf().Sub(l, l1)
		l2, _ := rem.Float64()
		rem.Sub(rem, new(big.Float).SetFloat64(l2))
		l3, _ := rem.Float64()
		h1, _ := l1.Float64()
		inv, _ := bf().Quo(big.NewFloat(64), ln2).Float64()
		w.dTable("fgpu_hyp_ln2_64", "ln2/64 = [0] + [1] + [2] ([0] has 36 bits); [3] = 64/ln2 rounded", []float64{h1, l2, l3, inv})
		var t []*big.Float
		for j := 0; j < 64; j++ {
			x := bf().Mul(l, big.NewFloat(float64(j)))
			t = append(t, fcr.BigExp(x, prec))
		}
		w.ddTable("fgpu_hyp_exp2j", "2^(j/64), j = 0..63", t)
		var f []*big.Float
		fact := bf().SetInt64(1)
		for n := 0; n <= 21; n++ {
			if n > 0 {
				fact.Mul(fact, big.NewFloat(float64(n)))
			}
			f = append(f, bf().Quo(big.NewFloat(1), fact))
		}
		w.ddTable("fgpu_hyp_ifact", "1/n!, n = 0..21", f)
	}
}
