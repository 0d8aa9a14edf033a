package cxx

import (
	"fmt"
	"strings"
)

// crFuncs4 are emit/crmath's real(4) functions (fgpu_cr_NAMEf).
var crFuncs4 = map[string]bool{"log10": true, "sinh": true, "cosh": true, "tanh": true}

// crFuncs are the functions of emit/crmath (fgpu_cr_NAME).
var crFuncs = map[string]bool{"exp": true, "log": true, "log10": true, "pow": true,
	"sin": true, "cos": true, "tan": true, "asin": true, "acos": true, "atan": true, "atan2": true,
	"sinh": true, "cosh": true, "tanh": true, "hypot": true}

// MathCall is a call of the function fn of the C++ library on args of a
// type of kind kind (real: a real type). A real(4) one goes through
// FGPU_F4 (fgpu_prelude.h): on the CPU the host's float function itself, in CUDA kernels the double function
// rounded to float, which agrees with the host's float functions (computed
// in double internally, most of them) far more often than CUDA's float
// ones do (bench/mathlib); --fast keeps the vendor's float functions.
//
// A real(8) one in a CUDA kernel calls fgpu's function (emit/crmath:
// correctly rounded, as glibc's are on all but a small fraction of
// arguments, CUDA's on far fewer; or glibc's method on correctly rounded
// steps), and so do real(4) log10, sinh, cosh and tanh, unless --fast.
func MathCall(fn string, real bool, kind int, cuda, fast bool, args ...string) string {
	if cuda && real && !fast {
		name := strings.TrimPrefix(fn, "std::")
		if kind == 8 && crFuncs[name] {
			return fmt.Sprintf("fgpu_cr_%s(%s)", name, strings.Join(args, ", "))
		}
		if kind == 4 && crFuncs4[name] {
			// glibc's methods in float on logf, expf, expm1f.
			return fmt.Sprintf("fgpu_cr_%sf(%s)", name, args[0])
		}
	}
	if real && kind == 4 && !fast {
		if len(args) == 2 {
			return fmt.Sprintf("FGPU_F4_2(%s, %s)", fn, strings.Join(args, ", "))
		}
		return fmt.Sprintf("FGPU_F4(%s, %s)", fn, strings.Join(args, ", "))
	}
	return fmt.Sprintf("%s(%s)", fn, strings.Join(args, ", "))
}
