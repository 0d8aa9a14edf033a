package emit_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// multiPrograms lists the programs of several files (e2e_test.go): the
// folders of dir/multi, each one program of its files in name order.
// seen holds the names taken so far (a folder may not take a single
// file's name).
func multiPrograms(t *testing.T, dir string, seen map[string]bool, nyi map[string]map[string]string) []e2eProgram {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, "multi"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var progs []e2eProgram
	for _, e := range ents {
		if !e.IsDir() {
			t.Errorf("%s/multi/%s: only folders (one program each) belong there", e2eDir, e.Name())
			continue
		}
		files, err := filepath.Glob(filepath.Join(dir, "multi", e.Name(), "*.f90"))
		if err != nil {
			t.Fatal(err)
		}
		names := slices.Clone(files)
		slices.Sort(names)
		if len(names) < 2 {
			t.Errorf("%s/multi/%s: a program of several files needs two or more .f90 files", e2eDir, e.Name())
			continue
		}
		p := e2eProgram{name: e.Name() + ".f90", path: names[0], files: names, nyi: nyi[e.Name()+".f90"]}
		if seen[p.name] {
			t.Errorf("%s/multi/%s: the name of a program of one file", e2eDir, e.Name())
			continue
		}
		seen[p.name] = true
		for _, f := range names {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(src), "\n")
			if strings.Contains(strings.ToLower(first), "gfortran:") {
				t.Errorf("%s: a program of several files has gfortran as its oracle (no GFORTRAN: marker)", f)
			}
			flagsMarker(&p, string(src))
		}
		progs = append(progs, p)
	}
	return progs
}

// buildFiles are the sources handed to fgpu: a program of several files
// in reverse name order, so that the driver's ordering by module use is
// what builds it.
func (p e2eProgram) buildFiles() []string {
	out := slices.Clone(p.files)
	if len(out) > 1 {
		slices.Reverse(out)
	}
	return out
}
