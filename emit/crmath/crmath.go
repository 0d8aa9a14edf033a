// Package crmath holds fgpu's real(8) elementary functions for CUDA
// kernels (issue 17): C++ headers that emit adds to the CUDA kernels of a
// default build that call them (--fast keeps CUDA's library), and the
// tests that run them on the host against the host's libm (glibc) and
// against frontend/crmath. exp, expm1, log, pow, sin, cos, tan, asin, acos,
// atan and atan2 are correctly rounded: glibc's are on all but ~0.01-0.3% of
// arguments, and where they are the kernel gives their bits. log10, sinh,
// cosh and tanh are glibc's (fdlibm's) methods on those correctly rounded
// steps, hypot is glibc's algorithm (the same bits everywhere tested). The
// double-double core is dd.h; the tables are computed by ./gen.
package crmath

import (
	"embed"
	"strings"
)

//go:embed *.h
var headers embed.FS

// Files are the headers in the order they are included: the double-double
// core, then each group's tables before its functions.
var Files = []string{
	"dd.h",
	"tables_explog.h", "explog.h",
	"tables_trig.h", "trig.h",
	"tables_atan.h", "atan.h",
	"hyp.h",
}

// Header is every header, in order, as one text.
func Header() string {
	var b strings.Builder
	for _, f := range Files {
		t, err := headers.ReadFile(f)
		if err != nil {
			panic("emit/crmath: " + err.Error())
		}
		b.Write(t)
		if len(t) > 0 && t[len(t)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
