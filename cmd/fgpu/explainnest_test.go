package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainNesting: explain says how each nested do concurrent runs
// (rules/nest.mg): combined with the loop around it, shared out (staged
// through shared memory), or sequential, with what kept it from the
// others.
func TestExplainNesting(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.f90")
	prog := `program p
  implicit none
  integer :: i, j, ii, jj
  real(8) :: a(64, 64), b(64, 64)
  a = 1
  do concurrent (i = 1:64)
    do concurrent (j = 1:64)
      b(j, i) = a(j, i)
    end do
  end do
  do concurrent (jj = 1:64:16, ii = 1:64:16)
    do concurrent (j = jj:jj + 15, i = ii:ii + 15)
      b(j, i) = a(i, j)
    end do
  end do
  do concurrent (i = 1:64)
    if (a(1, i) < 0) error stop 2
    do concurrent (j = 1:64)
      b(j, i) = 2 * a(j, i)
    end do
  end do
  print *, sum(b)
end program p
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--gpu=cuda", src}, &out, &errOut); code != 0 {
		t.Fatalf("explain: exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		src + ":7: offload (cuda)\n",
		"\tnested in the loop at " + src + ":6:3: combined with it (rules/nest.mg)",
		src + ":12: offload (cuda)\n",
		"\tnested in the loop at " + src + ":11:3: shared (rules/nest.mg)",
		"\tstaged through shared memory: read along i, written along j, both coalesced\n",
		"\tnot combined: its limits read an index of the loops around it (" + src + ":12:5) [bound_index]\n",
		src + ":18: offload (cuda)\n",
		"\tnested in the loop at " + src + ":16:3: sequential in the thread of the outer iteration (rules/nest.mg)\n",
		"\tnot combined: the loop around it holds other statements (" + src + ":18:5) [statements]\n",
		"\tnot shared: the kernel can stop (a stopped thread would leave the others at a barrier) (" + src + ":16:3) [stops]\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("explain lacks %q:\n%s", want, out.String())
		}
	}
}
