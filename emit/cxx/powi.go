package cxx

// This file writes x**n for a constant integer n as the host compiler
// computes it (issue: kernels compute what the host build computes, bit
// for bit). gfortran at -O1 and above expands a constant power into a
// chain of multiplications: x**n = x**(n-a) * x**a, the powers computed
// once, a taken from a table for n < 256 and, above, from the low three
// bits of an odd n (n - (n & 7), n & 7) or halving an even one; a negative
// n is 1 / x**(-n). At -O0, -Og and -Os it calls the run-time routine
// (libgcc's __powi*), which squares and multiplies from the lowest bit up:
// fgpu_powi in the prelude, also for exponents that are not constants.
// The table below was read off gfortran 12's results (the bits of x**n for
// every n from 2 to 255 over 200 values, each n's split the only one that
// reproduces them; emit TestConstantPowers checks it against gfortran).

import (
	"fmt"
	"strings"
)

// powiSplit[n-64] for n = 64..255, and powiSmall[n] for n < 64: a, in
// x**n = x**(n-a) * x**a.
var powiSmall = [64]uint8{0, 0, 1, 1, 2, 2, 3, 3, 4, 3, 5, 5, 6, 3, 7, 6, 8, 1, 9, 3, 10, 9, 11, 10, 12, 8, 13, 9, 14, 5, 15, 5,
	16, 16, 17, 16, 18, 4, 19, 13, 20, 16, 21, 3, 22, 18, 23, 3, 24, 17, 25, 17, 26, 24, 27, 11, 28, 26, 29, 25, 30, 1, 31, 27}

var powiLarge = [192]uint8{32, 1, 33, 33, 34, 23, 35, 34, 36, 8, 37, 25, 38, 29, 39, 10, 40, 32, 41, 40, 42, 34, 43, 29, 44, 25, 45, 44, 46, 34, 47, 19,
	48, 32, 49, 33, 50, 34, 51, 37, 52, 35, 53, 33, 54, 5, 55, 37, 56, 49, 57, 46, 58, 39, 59, 51, 60, 60, 61, 43, 62, 50, 63, 59,
	64, 64, 65, 3, 66, 4, 67, 45, 68, 64, 69, 8, 70, 47, 71, 55, 72, 17, 73, 49, 74, 17, 75, 30, 76, 51, 77, 31, 78, 25, 79, 53,
	80, 64, 81, 3, 82, 66, 83, 33, 84, 83, 85, 76, 86, 13, 87, 75, 88, 64, 89, 81, 90, 74, 91, 61, 92, 74, 93, 85, 94, 63, 95, 41,
	96, 65, 97, 65, 98, 64, 99, 4, 100, 73, 101, 80, 102, 41, 103, 69, 104, 64, 105, 65, 106, 104, 107, 66, 108, 17, 109, 73, 110, 51, 111, 66,
	112, 97, 113, 97, 114, 47, 115, 99, 116, 33, 117, 103, 118, 79, 119, 33, 120, 1, 121, 81, 122, 98, 123, 95, 124, 83, 125, 37, 126, 115, 127, 102}

// powiPart is a in x**n = x**(n-a) * x**a (n >= 2).
func powiPart(n int64) int64 {
	switch {
	case n < 64:
		return int64(powiSmall[n])
	case n < 256:
		return int64(powiLarge[n-64])
	case n&1 == 1:
		return n & 7
	}
	return n / 2
}

// ConstPower writes x**n of type ct (C) for a constant n as the host
// computes it: a lambda over the chain of multiplications.
func ConstPower(ct, x string, n int64) string {
	if n == 0 {
		return fmt.Sprintf("((%s)1)", ct)
	}
	m := n
	if m < 0 {
		m = -m
	}
	var b strings.Builder
	names := map[int64]string{1: "p1"}
	var chain func(k int64) string
	chain = func(k int64) string {
		if s, ok := names[k]; ok {
			return s
		}
		a := powiPart(k)
		l, r := chain(k-a), chain(a)
		s := fmt.Sprintf("p%d", k)
		fmt.Fprintf(&b, " const %s %s = %s * %s;", ct, s, l, r)
		names[k] = s
		return s
	}
	res := chain(m)
	if n < 0 {
		res = fmt.Sprintf("%s(1) / %s", ct, res)
	}
	return fmt.Sprintf("([](const %s p1) -> %s {%s return %s; }(%s))", ct, ct, b.String(), res, x)
}
