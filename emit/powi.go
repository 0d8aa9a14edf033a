package emit

// This file decides where x**n for a constant integer n is written as the
// host compiler computes it (the multiplication chains: emit/cxx,
// ConstPower).

import (
	"fgpu/emit/cxx"
	"fgpu/frontend"
)

// HostExpandsPowers reports whether the host compiler, with optimisation
// flag opt ("" is fgpu's default, -O2), expands constant powers into
// multiplication chains (-O1 and above) rather than calling its run-time
// routine (-O0, -Og, -Os, -Oz).
func HostExpandsPowers(opt string) bool {
	switch opt {
	case "-O0", "-Og", "-Os", "-Oz":
		return false
	}
	return true
}

// constPower writes x**n of type ct (C) for a constant n as the host
// computes it (cxx.ConstPower).
func constPower(ct, x string, n int64) string { return cxx.ConstPower(ct, x, n) }

// constInt is the value of a constant integer expression.
func constInt(e *frontend.Expr) (int64, bool) {
	if e == nil || e.Const == nil || e.Type.Base != frontend.TyInteger {
		return 0, false
	}
	return e.Const.AsInt()
}
