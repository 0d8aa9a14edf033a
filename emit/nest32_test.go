package emit_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"fgpu/cmd/fgpu/driver"
)

// atHugeProgram has nested do concurrent loops whose 32-bit index takes
// huge(0) or -huge(0)-1 as its last value (the increment after it would
// overflow; cxx.NestIndexLoop's chunks never compute it). gfortran runs
// its do concurrent right, but makes a DO loop to huge(0) infinite at -O2:
// --gpu=none's DO loops run on counters of kind 8 (emit/hostloop.go), and
// TestNoneIndexAtHuge runs them.
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

// TestNoneIndexAtHuge: --gpu=none's DO loops (the host rewrite) end at
// huge(0) and print what gfortran's do concurrent does (the DO variable
// itself would step past huge(0): gfortran -O2 never ended such a loop).
func TestNoneIndexAtHuge(t *testing.T) {
	fc := needTool(t, "gfortran")
	dir := t.TempDir()
	src := writeFile(t, dir, "at_huge.f90", atHugeProgram)
	if out, err := exec.Command(fc, "-O2", "-o", filepath.Join(dir, "ref"), src).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want, err := runMode(filepath.Join(dir, "ref"), nil)
	if err != nil || want.status != 0 {
		t.Fatalf("gfortran's build: %v %+v", err, want)
	}
	exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "none", Output: filepath.Join(dir, "prog")})
	if err != nil {
		t.Fatalf("build: %v\n%v", err, diags)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe).Output()
	if ctx.Err() != nil {
		t.Fatalf("fgpu --gpu=none's build did not end in 60 s (a DO loop stepping past huge(0))")
	}
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if string(out) != want.stdout {
		t.Errorf("fgpu --gpu=none printed %q, gfortran %q", out, want.stdout)
	}
}
