// Package residency checks a benchmark's program on the CPU backend the
// way the benchmarks of bench/ share (bench/particles, bench/matmul4): built
// with fgpu and with gfortran alone, run small, the checksum line compared
// in the shared and separate memory modes and every iteration order, and
// the bytes the separate mode moves to the device the same whatever the
// number of steps (the data stays resident).
package residency

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// CheckCPU runs the check for the program of srcs (paths relative to the
// calling test's folder), named name, with n elements.
func CheckCPU(t *testing.T, name, n string, srcs []string) {
	t.Helper()
	if _, err := exec.LookPath("gfortran"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gfortran is required in CI")
		}
		t.Skip("no gfortran")
	}
	dir := t.TempDir()
	fgpu := filepath.Join(dir, "fgpu")
	run(t, "", "go", "build", "-o", fgpu, "fgpu/cmd/fgpu")
	ref := filepath.Join(dir, "ref")
	run(t, dir, "gfortran", append([]string{"-O2", "-o", ref}, abs(t, srcs)...)...)
	bin := filepath.Join(dir, name)
	run(t, "", fgpu, append([]string{"build", "-O2", "-o", bin}, srcs...)...)
	want := checksum(t, run(t, dir, ref, n, "30"))
	bytes := map[string]bool{}
	for _, env := range [][]string{{}, {"FGPU_CPU_SEPARATE=1"}, {"FGPU_CPU_SEPARATE=1", "FGPU_CPU_ORDER=reverse"}, {"FGPU_CPU_ORDER=shuffle"}} {
		for _, steps := range []string{"10", "30"} {
			cmd := exec.Command(bin, n, steps)
			cmd.Dir = dir
			cmd.Env = append(append(os.Environ(), env...), "FGPU_STATS=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v %s: %v\n%s", env, steps, err, out)
			}
			if steps == "30" {
				if got := checksum(t, string(out)); got != want {
					t.Errorf("%v: checksum %q, gfortran %q", env, got, want)
				}
			}
			if len(env) > 0 && env[0] == "FGPU_CPU_SEPARATE=1" {
				m := regexp.MustCompile(`(\d+) bytes to device`).FindStringSubmatch(string(out))
				if m == nil {
					t.Fatalf("no statistics:\n%s", out)
				}
				bytes[m[1]] = true
			}
		}
	}
	if len(bytes) != 1 {
		t.Errorf("bytes to the device depend on the number of steps: %v", bytes)
	}
}

func checksum(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "checksum") {
			return l
		}
	}
	t.Fatalf("no checksum in:\n%s", out)
	return ""
}

func abs(t *testing.T, ps []string) []string {
	var out []string
	for _, p := range ps {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}
