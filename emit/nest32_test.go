package emit_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// atHugeProgram has nested do concurrent loops whose 32-bit index takes
// huge(0) or -huge(0)-1 as its last value (the increment after it would
// overflow; cxx.NestIndexLoop's chunks never compute it). gfortran runs
// its do concurrent right; its DO loops to huge(0), which --gpu=none
// writes, it makes infinite at -O2, so the program is not an e2e program.
const atHugeProgram = `program at_huge
  implicit none
  integer :: cnt(3), k, i
  integer(8) :: s(3)
  cnt = 0
  s = 0
  do concurrent (k = 1:3)
    if (k == 1) then
      do concurrent (i = huge(0) - 4:huge(0))
        cnt(k) = cnt(k) + 1
        s(k) = s(k) + (int(i, 8) - huge(0))
      end do
    else if (k == 2) then
      do concurrent (i = -huge(0) + 3:-huge(0) - 1:-1)
        cnt(k) = cnt(k) + 1
        s(k) = s(k) + (int(i, 8) + huge(0))
      end do
    else
      do concurrent (i = huge(0) - 10:huge(0):5)
        cnt(k) = cnt(k) + 1
        s(k) = s(k) + (int(i, 8) - huge(0))
      end do
    end if
  end do
  print '(3i6)', cnt
  print '(3i6)', s
end program
`

// TestCPUIndexAtHuge: the CPU backend's build prints what gfortran's
// does, in every CPU test mode.
func TestCPUIndexAtHuge(t *testing.T) {
	fc := needTool(t, "gfortran")
	dir := t.TempDir()
	src := writeFile(t, dir, "at_huge.f90", atHugeProgram)
	ref, err := exec.Command(fc, "-O2", "-o", filepath.Join(dir, "ref"), src).CombinedOutput()
	if err != nil {
		t.Fatalf("gfortran: %v\n%s", err, ref)
	}
	want, err := runMode(filepath.Join(dir, "ref"), nil)
	if err != nil || want.status != 0 {
		t.Fatalf("gfortran's build: %v %+v", err, want)
	}
	exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "prog")})
	if err != nil {
		t.Fatalf("build: %v\n%v", err, diags)
	}
	for _, m := range cpuModes {
		got, err := runMode(exe, m.Env)
		if err != nil {
			t.Fatalf("run (%s): %v", m.Name, err)
		}
		if got != want {
			t.Errorf("%s: fgpu --gpu=cpu printed %+v, gfortran %+v", m.Name, got, want)
		}
	}
}
