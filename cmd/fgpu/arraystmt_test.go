package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArrayStatementsCLI: fgpu check lists the loops synthesised from
// whole-array assignments (at the assignment's line) and the dead stores
// removed; fgpu explain says why an assignment went to the device.
func TestArrayStatementsCLI(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.f90")
	prog := `program p
  implicit none
  real :: w(4), acc(4), r(4, 3)
  integer :: i, k, it
  w = 1
  do it = 1, 3
    acc = 0.
    acc = sum(r, dim=2)
    do concurrent (i = 1:4, k = 1:3)
      r(i, k) = w(i) * k
    end do
    w = w + acc
  end do
  print *, w
end program p
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", src)
	want := strings.Join([]string{
		src + ":7: removed: dead_array_store",
		src + ":8: offload (cpu)",
		src + ":9: offload (cpu)",
		src + ":12: offload (cpu)",
	}, "\n") + "\n"
	if code != 0 || out != want || errOut != "" {
		t.Errorf("check: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, out, want, errOut)
	}
	var first string
	for i := 0; i < 3; i++ {
		var o, e bytes.Buffer
		if code := run([]string{"explain", src + ":8"}, &o, &e); code != 0 {
			t.Fatalf("explain: exit %d: %s", code, e.String())
		}
		if i == 0 {
			first = o.String()
			for _, s := range []string{src + ":8: offload (cpu)", "whole-array assignment sent to the device",
				"in the sequential host loop at " + src + ":6:3", "the assignment reads r", "array_stmt_device"} {
				if !strings.Contains(first, s) {
					t.Errorf("explain lacks %q:\n%s", s, first)
				}
			}
		} else if o.String() != first {
			t.Fatalf("explain output differs between runs:\n%s\n---\n%s", first, o.String())
		}
	}
}
