package main

import (
	"os"
	"strings"
	"testing"
)

// TestCompileFailsOnLoopError: fgpu -c of a file whose loop is an error
// fails there (exit 1, the diagnostic at the user's file, no object), as
// gfortran fails a file with an error; a file whose loop needs another
// file's module compiles, the link deciding; a module no file defines and
// no .mod provides is "module X not found".
func TestCompileFailsOnLoopError(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := writeProject(t) // (its sources are found from the test's folder)
	t.Chdir(t.TempDir())
	racy := "program q\n  integer :: i, s\n  real :: a(100)\n  s = 0\n  do concurrent (i=1:100)\n    a(i) = s\n    s = i\n  end do\n  print *, s, a(1)\nend program\n"
	if err := os.WriteFile("racy.f90", []byte(racy), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "-c", "racy.f90", "-o", "racy.o")
	if code != exitError || !strings.Contains(errOut, "racy.f90:7:5: error:") || !strings.Contains(errOut, "[shared_scalar_race]") {
		t.Errorf("fgpu -c racy.f90: exit %d, stderr %q; want 1 and the race at racy.f90:7:5", code, errOut)
	}
	if _, err := os.Stat("racy.o"); err == nil {
		t.Errorf("fgpu -c left an object for a file with an error")
	}
	// The nearest correct file compiles.
	fixed := strings.Replace(racy, "do concurrent (i=1:100)\n    a(i) = s\n    s = i", "do concurrent (i=1:100)\n    a(i) = i", 1)
	if err := os.WriteFile("fixed.f90", []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "-c", "fixed.f90"); code != 0 {
		t.Errorf("fgpu -c fixed.f90: exit %d\n%s", code, errOut)
	}
	// A loop calling another file's module procedure: compiled one file at
	// a time as make does, the loop decided at the link.
	for _, f := range []string{"physics", "solver", "main"} {
		if code, _, errOut := runCLI(t, "-J", dir, "-c", dir+"/src/"+f+".f90", "-o", dir+"/"+f+".o"); code != 0 {
			t.Fatalf("fgpu -c %s.f90: exit %d\n%s", f, code, errOut)
		}
	}
	// A module nothing defines.
	use := "program u\n  use solver_nowhere\n  implicit none\n  real :: a(10)\n  a = 1\n  call run(a)\nend program\n"
	if err := os.WriteFile("u.f90", []byte(use), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "build", "u.f90", "-o", "u")
	if code != exitError || !strings.Contains(errOut, "u.f90:2:3: error: module solver_nowhere not found") || strings.Contains(errOut, "not yet implemented") {
		t.Errorf("build u.f90: exit %d, stderr %q; want 1 and module solver_nowhere not found at u.f90:2:3", code, errOut)
	}
}
