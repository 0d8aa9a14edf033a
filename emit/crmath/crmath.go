// Package crmath holds fgpu's correctly rounded real(8) elementary functions
// for CUDA kernels (issue 17): C++ headers that emit prepends to the CUDA
// kernels of a default build (--fast keeps CUDA's library), and the tests
// that run them on the host against the host's libm and against
// frontend/crmath's correctly rounded values. glibc's real(8) functions
// are correctly rounded on all but a small fraction of arguments (none
// found for log and atan); a correctly rounded kernel function agrees with
// them wherever they are. The tables are computed by ./gen.
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
	"tables_hyp.h", "hyp.h",
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
