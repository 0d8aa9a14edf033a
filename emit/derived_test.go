package emit_test

// TestLayoutCheck: a derived type the host compiler lays out otherwise
// than the kernel's C struct (gfortran -fpack-derived packs an integer(4)
// before a real(8)) stops the program at the first launch that hands an
// array of it over, with an error naming the type, before any wrong data;
// the same program built without the option runs and prints gfortran's
// result.

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

const layoutProgram = `program layout
  implicit none
  type rec
    integer(4) :: a
    real(8) :: b
  end type rec
  type(rec) :: v(100)
  integer :: i
  do i = 1, 100
    v(i)%a = i
    v(i)%b = 0
  end do
  do concurrent (i = 1:100)
    v(i)%b = 2 * v(i)%a
  end do
  print '(f10.1)', sum(v%b)
end program layout
`

func TestLayoutCheck(t *testing.T) {
	needTool(t, "gfortran")
	dir := t.TempDir()
	src := filepath.Join(dir, "layout.f90")
	if err := os.WriteFile(src, []byte(layoutProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fc     string
		status int
		want   string
	}{
		{"gfortran", 0, "10100.0"},
		{"gfortran -fpack-derived", 1, "the host compiler lays out type(rec) in 12 bytes, the kernel in 16"},
	} {
		var log bytes.Buffer
		exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", FC: c.fc, Output: filepath.Join(dir, "x"+strings.ReplaceAll(c.fc, " ", "")), Stderr: &log})
		if err != nil {
			t.Fatalf("%s: %v\n%s%s", c.fc, err, diagText(diags), log.String())
		}
		r, err := runMode(exe, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.status != c.status || !strings.Contains(r.stdout+r.stderr, c.want) {
			t.Errorf("%s: status %d, output %q %q; want status %d and %q", c.fc, r.status, r.stdout, r.stderr, c.status, c.want)
		}
		if c.status != 0 && strings.Contains(r.stdout, ".") {
			t.Errorf("%s: a result printed after a layout mismatch: %q", c.fc, r.stdout)
		}
	}
}
