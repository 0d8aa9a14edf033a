package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputIsInput: an output that is one of the inputs is refused, as
// gfortran refuses it ("input file 'x.f90' is the same as output file"),
// whatever the spelling (./x.f90, a symbolic or hard link), in compiler
// mode (-c and the link) and in fgpu build; the input is left as it was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	const text = "program x\n  implicit none\n  integer :: i\n  real :: a(8)\n  do concurrent (i = 1:8)\n    a(i) = i\n  end do\n  print *, sum(a)\nend program\n"
	const obj = "not really an object, never read\n"
	if err := os.WriteFile("x.f90", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("a.o", []byte(obj), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("x.f90", "sym.f90"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("x.f90", "hard.f90"); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "x.f90")
	for _, args := range [][]string{
		{"-c", "x.f90", "-o", "x.f90"},
		{"-c", "x.f90", "-o", "./x.f90"},
		{"-c", "./x.f90", "-o", abs},
		{"-c", "x.f90", "-o", "sym.f90"},
		{"-c", "sym.f90", "-o", "x.f90"},
		{"-c", "x.f90", "-o", "hard.f90"},
		{"-O2", "-c", "-o", "x.f90", "x.f90"},
		{"x.f90", "-o", "x.f90"},
		{"x.f90", "-o", "./sym.f90"},
		{"a.o", "-o", "a.o"},
		{"x.f90", "a.o", "-o", "./a.o"},
		{"build", "--gpu=cpu", "-o", "x.f90", "x.f90"},
		{"build", "--gpu=cpu", "-o", "./x.f90", "sym.f90"},
		{"build", "--gpu=cpu", "-o", "hard.f90", "x.f90"},
		{"build", "-o", "a.o", "x.f90", "a.o"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != exitError || out != "" || !strings.Contains(errOut, "is the same as the output file") {
			t.Errorf("fgpu %s: exit %d, stdout %q, stderr %q; want 1 and input file ... is the same as the output file",
				strings.Join(args, " "), code, out, errOut)
		}
		for f, want := range map[string]string{"x.f90": text, "a.o": obj} {
			if got, err := os.ReadFile(f); err != nil || string(got) != want {
				t.Fatalf("fgpu %s changed %s: %v", strings.Join(args, " "), f, err)
			}
		}
		if fi, err := os.Lstat("sym.f90"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("fgpu %s replaced the symbolic link sym.f90: %v", strings.Join(args, " "), err)
		}
	}
}
