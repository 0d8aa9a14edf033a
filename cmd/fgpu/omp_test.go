package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOmpOffloadReport: an !$omp target loop is reported as offloaded
// from its directive, the data directives as redundant and dropped, and
// --gpu-offload-omp-loops makes a host !$omp parallel do a kernel (without
// it, the loop stays on the host: omp_not_offloaded).
func TestOmpOffloadReport(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "omp.f90")
	text := `module m
  implicit none
  real(8), allocatable :: a(:), b(:)
contains
  function dot() result(s)
    real(8) :: s
    integer :: i
    s = 0
    !$omp target teams distribute parallel do reduction(+:s) num_teams(8)
    do i = 1, size(a)
      s = s + a(i) * b(i)
    end do
    !$omp end target teams distribute parallel do
  end function dot
end module m
program p
  use m
  implicit none
  integer :: i
  allocate(a(100), b(100))
  !$omp parallel do
  do i = 1, 100
    a(i) = i
  end do
  b = 2
  !$omp target enter data map(to: a, b)
  print *, dot()
  !$omp target exit data map(delete: a, b)
end program p
`
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", "--gpu=cuda", "--offload-report", src)
	if code != 0 {
		t.Fatalf("check: exit %d\n%s", code, errOut)
	}
	for _, w := range []string{
		"omp.f90:9: offloaded (cuda) from !$omp target teams distribute parallel do: kernel fgpu_",
		"reductions: s (+)",
		"omp.f90:21: host: omp_not_offloaded",
		"omp.f90:26: !$omp target enter data: redundant, dropped",
		"omp.f90:28: !$omp target exit data: redundant, dropped",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("check --offload-report lacks %q:\n%s", w, out)
		}
	}
	if !strings.Contains(errOut, "clauses ignored: num_teams") {
		t.Errorf("no note for num_teams:\n%s", errOut)
	}
	code, out, errOut = runCLI(t, "check", "--gpu=cuda", "--gpu-offload-omp-loops", "--offload-report", src)
	if code != 0 || !strings.Contains(out, "omp.f90:21: offloaded (cuda) from !$omp parallel do: kernel") {
		t.Errorf("check --gpu-offload-omp-loops: exit %d, want the parallel do offloaded:\n%s%s", code, out, errOut)
	}
}
