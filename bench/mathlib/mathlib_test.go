package mathlib

// TestMathlibCPU builds the comparison with fgpu for the CPU backend and
// runs it on 10^6 arguments a function and kind: every kernel result must
// have the host's bits (the CPU kernels call the host's libm; issue 17's
// differential test over the host, in CI).

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

func TestMathlibCPU(t *testing.T) {
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gfortran is required in CI")
		}
		t.Skip("no gfortran")
	}
	dir := t.TempDir()
	fgpu := filepath.Join(dir, "fgpu")
	if out, err := exec.Command("go", "build", "-o", fgpu, "fgpu/cmd/fgpu").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "mathlib")
	if out, err := exec.Command(fgpu, "build", "--gpu=cpu", "-O2", "-o", bin, "../apps/common/wtime.f90", "src/mathlib.f90").CombinedOutput(); err != nil {
		t.Fatalf("fgpu build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "1000000")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := regexp.MustCompile(`(?m)^RESULT fn=\s*(\S+) kind=(\d) differ=\s*(\d+) of`).FindAllStringSubmatch(string(out), -1)
	if len(lines) != 36 {
		t.Fatalf("%d results, want 36 (18 functions, 2 kinds):\n%s", len(lines), out)
	}
	for _, m := range lines {
		if m[3] != "0" {
			t.Errorf("%s real(%s): %s results differ from the host's", m[1], m[2], m[3])
		}
	}
}
