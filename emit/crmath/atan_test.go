package crmath

import (
	"math"
)

func init() {
	inf := math.Inf(1)
	nan := math.NaN()
	nz := math.Copysign(0, -1)
	one := func(vs ...float64) [][]float64 {
		var out [][]float64
		for _, v := range vs {
			out = append(out, []float64{v}, []float64{-v})
		}
		return out
	}
	common := []float64{0, 5e-324, 1e-310, 0x1p-1022, 0x1p-26, 0x1p-27, 0x1.bb67ae8584caap-27, 0x1.bb67ae8584cabp-27, 0x1.bb67ae8584cabp-26,
		1, 1 - 0x1p-53, 1 - 0x1p-30, 0.5, 0.7071067811865476, 0.7071067811865475, 1e-300, 0x1p-60}
	atanSp := one(append(common, 1+0x1p-52, 2, 255.5, 256, 0x1p60, 1e300, math.MaxFloat64, inf, nan)...)
	asinSp := one(append(common, 1+0x1p-52, 2, inf, nan)...)
	// atan2: the signed zeros and infinities of C99 Annex F, huge/tiny pairs.
	var atan2Sp [][]float64
	vals := []float64{0, nz, 1, -1, 0.5, -3, inf, -inf, nan, 5e-324, -5e-324, 1e-300, 1e300, math.MaxFloat64}
	for _, y := range vals {
		for _, x := range vals {
			atan2Sp = append(atan2Sp, []float64{y, x})
		}
	}
	atan2Sp = append(atan2Sp, [][]float64{{1e300, 1e-300}, {1e-300, 1e300}, {5e-324, 1}, {5e-324, 3}, {1e-320, 0.7}, {1e-310, 1e-300}, {1e-308, 3e-308},
		{1e-300, -1e300}, {-1e-300, -1e300}, {0x1p-60, 1}, {0x1p-61, 1}, {0x1p-62, 1}, {0x1.fffffffffffffp-61, 1}, {1, 0x1p-61}, {1, -0x1p-61}, {3, 3}, {-3, 3}, {3, -3},
		{math.MaxFloat64, math.MaxFloat64}, {5e-324, 5e-324}, {5e-324, -5e-324}, {0x1p-1022, 0x1.8p-1023}}...)
	cases = append(cases,
		fcase{name: "atan", ours: "fgpu_cr_atan", host: "atan", args: 1, lo: -100, hi: 100, specials: atanSp},
		fcase{name: "atan", ours: "fgpu_cr_atan", host: "atan", args: 1, lo: 1e-300, hi: 1e300, log: true},
		fcase{name: "atan", ours: "fgpu_cr_atan", host: "atan", args: 1, lo: -1, hi: 1},
		fcase{name: "atan2", ours: "fgpu_cr_atan2", host: "atan2", args: 2, lo: -100, hi: 100, lo2: -100, hi2: 100, specials: atan2Sp},
		fcase{name: "atan2", ours: "fgpu_cr_atan2", host: "atan2", args: 2, lo: 1e-300, hi: 1e300, log: true, lo2: -1e3, hi2: 1e3},
		fcase{name: "asin", ours: "fgpu_cr_asin", host: "asin", args: 1, lo: -1, hi: 1, specials: asinSp},
		fcase{name: "asin", ours: "fgpu_cr_asin", host: "asin", args: 1, lo: 1e-300, hi: 1, log: true},
		fcase{name: "acos", ours: "fgpu_cr_acos", host: "acos", args: 1, lo: -1, hi: 1, specials: asinSp},
		fcase{name: "acos", ours: "fgpu_cr_acos", host: "acos", args: 1, lo: 1e-300, hi: 1, log: true},
		fcase{name: "asin", ours: "fgpu_cr_asin", host: "asin", args: 1, lo: 0.9, hi: 1},
		fcase{name: "acos", ours: "fgpu_cr_acos", host: "acos", args: 1, lo: -1, hi: -0.9},
		fcase{name: "acos", ours: "fgpu_cr_acos", host: "acos", args: 1, lo: 0.9, hi: 1},
	)
}
