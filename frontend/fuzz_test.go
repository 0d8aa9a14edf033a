package frontend

// FuzzParse runs the whole front end on arbitrary input. It does not
// recover panics: a panic is a failure, and the input that caused it is
// kept in testdata/fuzz/FuzzParse as a regression seed.

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, dir := range []string{programsDir, errorsDir} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.[fF]90"))
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		prog, ds := LoadSource("fuzz.f90", data)
		if !ds.HasErrors() {
			Dump(io.Discard, prog)
		}
		ds.Render(io.Discard, prog)
	})
}
