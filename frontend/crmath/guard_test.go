package crmath

import (
	"testing"
	"time"
)

// TestFoldTimeBounded: arguments whose value the evaluators cannot decide
// quickly (large orders at large arguments, huge precision) come back in
// bounded time, folded or not.
func TestFoldTimeBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		args []float64
	}{
		{"bessel_jn", []float64{5000, 1e4}}, {"bessel_yn", []float64{5000, 1e4}}, {"bessel_jn", []float64{3000, 700}},
		{"bessel_jn", []float64{2000, 2500}}, {"gamma", []float64{-170.00000000000003}}, {"log_gamma", []float64{-2.4570247382208006}},
	} {
		for _, kind := range []int{4, 8} {
			t0 := time.Now()
			v, ok := Eval(c.name, kind, c.args...)
			if d := time.Since(t0); d > 3*time.Second {
				t.Errorf("%s%v real(%d): %v (%v, %v)", c.name, c.args, kind, d, v, ok)
			}
		}
	}
}
