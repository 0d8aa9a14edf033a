package emit_test

import "testing"

// TestFoldedConstantsSpecial: erf, erfc, erfc_scaled, gamma, log_gamma,
// the Bessel functions, the degree functions and cotan of constants (named
// constants and expressions written in a kernel) have in the kernel the
// bits the host build gives them (frontend/crmath folds them as gfortran does; with Go's math
// folding them, bessel_y1, bessel_j1, bessel_y0, gamma, log_gamma,
// bessel_j0 near its zero and erfc_scaled of such constants differed, and
// bessel_jn/bessel_yn were not offloaded).
func TestFoldedConstantsSpecial(t *testing.T) {
	needTool(t, "gfortran")
	exprs := []string{"erf(0.3_k)", "erf(-2.2_k)", "erfc(5.5_k)", "erfc(-1.3_k)", "erfc_scaled(13.0_k)",
		"erfc_scaled(2.5_k)", "gamma(4.7_k)", "gamma(-2.5_k)", "gamma(0.01_k)", "log_gamma(1.0001_k)",
		"log_gamma(-2.5_k)", "log_gamma(30.5_k)", "bessel_j0(2.4048255_k)", "bessel_j1(-3.3_k)",
		"bessel_y0(1000.0_k)", "bessel_y1(7.5_k)", "bessel_jn(3, 2.5_k)", "bessel_yn(5, 10.0_k)",
		"asind(0.5_k)", "acosd(0.3_k)", "atand(1.5_k)", "atan2d(1.0_k, 2.0_k)", "sind(33.0_k)", "cosd(100.5_k)",
		"tand(10.0_k)", "cotand(10.0_k)", "cotan(1.0_k)"}
	checkFoldedConstants(t, exprs)
}
