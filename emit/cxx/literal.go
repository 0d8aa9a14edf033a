package cxx

import (
	"fmt"
	"math"
	"strconv"
)

// IntLiteral is the integer i as a constant of C type ct.
func IntLiteral(ct string, i int64) string {
	if i == math.MinInt64 {
		return "INT64_MIN"
	}
	return fmt.Sprintf("((%s)%dLL)", ct, i)
}

// RealLiteral is f exactly, as a hex float of a real of kind 4 (float)
// or 8 (ok false: Inf and NaN, which have no literal).
func RealLiteral(f float64, kind int) (string, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if kind == 4 {
		return strconv.FormatFloat(float64(float32(f)), 'x', -1, 32) + "f", true
	}
	return strconv.FormatFloat(f, 'x', -1, 64), true
}
