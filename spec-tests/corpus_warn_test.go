package spectests

// TestCorpusWarnings runs the analyses (frontend.Load, rules.Check) over
// every program of the repository -- spec-tests/*/*.f90, each alone; the
// e2e programs of emit/testdata/e2e (a folder of e2e/multi: its files
// together) and the test programs of emit, facts,
// frontend (not its errors folder) and cmd/fgpu, each alone; the benchmark
// programs of
// bench/ and the examples of examples/, the Fortran files of one folder
// together (bench/apps/common's timer with each application of bench/apps) -- and
// fails on any warning of the reasons in corpusWarnings that no marker
// expects: a "! DIAG: <reason>" comment on the line the warning points at.
// These programs are correct codes (their results are the oracle's), so a
// warning that their value is undefined is false, and users learn to
// ignore a warning after two false ones (issue 29). A marker with no such
// warning on its line fails too: the marker says the warning fires.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fgpu/frontend"
	"fgpu/rules"
)

// corpusWarnings are the warnings that must not fire on correct programs
// unless marked.
var corpusWarnings = map[string]bool{"local_read_before_write": true}

// corpusGroup is one program: its files, loaded together.
type corpusGroup struct {
	name  string
	files []string
}

// fortranFiles are the free-form Fortran sources of dir (not its
// subfolders), sorted.
func fortranFiles(t *testing.T, dir string) []string {
	var out []string
	for _, pat := range []string{"*.f90", "*.F90"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	sort.Strings(out)
	return out
}

// corpusGroups lists the programs of the repository at root.
func corpusGroups(t *testing.T, root string) []corpusGroup {
	var gs []corpusGroup
	single := func(pat string) {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			gs = append(gs, corpusGroup{name: filepath.ToSlash(rel), files: []string{f}})
		}
	}
	single("spec-tests/*/*.f90")
	single("emit/testdata/e2e/*.f90")
	// The e2e programs of several files: each folder of e2e/multi, its
	// files together.
	multi, _ := filepath.Glob(filepath.Join(root, "emit/testdata/e2e/multi/*"))
	for _, d := range multi {
		if fs := fortranFiles(t, d); len(fs) > 0 {
			rel, _ := filepath.Rel(root, d)
			gs = append(gs, corpusGroup{name: filepath.ToSlash(rel), files: fs})
		}
	}
	// The test programs of the other packages (not frontend/testdata/errors).
	single("emit/testdata/hostloops/*.f90")
	single("emit/testdata/msl/*.f90")
	single("emit/testdata/sync/*.f90")
	single("facts/testdata/*.f90")
	single("frontend/testdata/programs/*.f90")
	single("cmd/fgpu/testdata/explain/*.f90")
	single("cmd/fgpu/testdata/mpi/*.f90")
	// bench/ and examples/: every folder with Fortran files is one program
	// (its files together); bench/apps/common's timer (wtime.f90, stats.f90,
	// as bench/apps/apps_test.go builds them) is added to each application.
	common := []string{filepath.Join(root, "bench/apps/common/wtime.f90"), filepath.Join(root, "bench/apps/common/stats.f90")}
	for _, top := range []string{"bench", "examples"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			fs := fortranFiles(t, path)
			if len(fs) == 0 || strings.HasSuffix(filepath.ToSlash(path), "bench/apps/common") {
				return nil
			}
			if filepath.Base(filepath.Dir(path)) == "apps" {
				// The OpenMP twins (*_omp_mod.f90: the same modules as
				// !$omp parallel do, built by gfortran alone) are not
				// part of the program fgpu builds.
				var own []string
				for _, f := range fs {
					if !strings.HasSuffix(f, "_omp_mod.f90") {
						own = append(own, f)
					}
				}
				fs = append(append([]string{}, common...), own...)
			}
			rel, _ := filepath.Rel(root, path)
			gs = append(gs, corpusGroup{name: filepath.ToSlash(rel), files: fs})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return gs
}

var diagMarker = regexp.MustCompile(`!\s*DIAG:\s+([a-z0-9_]+)`)

// expectedWarnings are the "file:line reason" of the DIAG markers of files
// for the reasons of corpusWarnings.
func expectedWarnings(t *testing.T, files []string) map[string]bool {
	want := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range diagMarker.FindAllStringSubmatch(line, -1) {
				if corpusWarnings[m[1]] {
					want[fmt.Sprintf("%s:%d %s", filepath.Clean(f), i+1, m[1])] = true
				}
			}
		}
	}
	return want
}

func TestCorpusWarnings(t *testing.T) {
	root := repoRoot(t)
	gs := corpusGroups(t, root)
	if len(gs) < 100 {
		t.Fatalf("only %d programs found under %s", len(gs), root)
	}
	for _, g := range gs {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			prog, ds := frontend.Load(g.files, frontend.Options{})
			for _, d := range ds {
				if d.Severity == frontend.SevError && !reasons[reasonTag(d.Msg)] {
					t.Fatalf("front end error (not a catalogue reason):\n%s", diagText(ds))
				}
			}
			res, err := rules.Check(prog, rules.CheckOptions{})
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			want := expectedWarnings(t, g.files)
			got := map[string]bool{}
			for _, d := range res.Diags {
				r := reasonTag(d.Msg)
				if d.Severity != frontend.SevWarning || !corpusWarnings[r] {
					continue
				}
				k := fmt.Sprintf("%s:%d %s", filepath.Clean(d.Pos.File), d.Pos.Line, r)
				got[k] = true
				if !want[k] {
					t.Errorf("unexpected warning (no DIAG marker on its line): %s", d)
				}
			}
			for k := range want {
				if !got[k] {
					t.Errorf("%s: DIAG marker, but no such warning on the line", k)
				}
			}
		})
	}
}
