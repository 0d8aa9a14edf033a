package spectests

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

// statsRe reads the totals line FGPU_STATS=1 prints at exit (runtime/src).
var statsRe = regexp.MustCompile(`fgpu: stats: backend (\w+): (\d+) launches, (\d+) bytes to device, (\d+) bytes from device, (\d+) waits`)

type trafficStats struct{ launches, toDev, fromDev, waits int64 }

// TestResidencyTraffic runs a time-stepping program (A1) for N and for 2N
// steps in the CPU backend's separate-memory mode, which copies as the CUDA
// runtime does, and checks from FGPU_STATS that no bytes move per step: the
// bytes each way are the same for both runs, while the launches double.
// The same check runs on the H200 in the GPU batch (spec-tests/gpu).
func TestResidencyTraffic(t *testing.T) {
	runNeedTool(t, "gfortran")
	runNeedTool(t, "c++")
	dir := t.TempDir()
	src, err := filepath.Abs("A1-resident-buffers/timestep_traffic.f90")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "traffic"), Stderr: &log})
	if err != nil {
		t.Fatalf("build: %v\n%v\n%s", err, diags, log.String())
	}
	run := func(steps int) trafficStats {
		ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, exe, strconv.Itoa(steps))
		cmd.Env = append(os.Environ(), "FGPU_STATS=1", "FGPU_CPU_SEPARATE=1")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatal(err)
			}
			t.Fatalf("%d steps: %v\n%s%s", steps, err, out.String(), errb.String())
		}
		m := statsRe.FindStringSubmatch(errb.String())
		if m == nil {
			t.Fatalf("%d steps: no FGPU_STATS line in stderr:\n%s", steps, errb.String())
		}
		num := func(s string) int64 { v, _ := strconv.ParseInt(s, 10, 64); return v }
		return trafficStats{num(m[2]), num(m[3]), num(m[4]), num(m[5])}
	}
	const n = 10
	a, b := run(n), run(2*n)
	t.Logf("%d steps: %+v; %d steps: %+v", n, a, 2*n, b)
	if a.launches != 2*n || b.launches != 4*n {
		t.Errorf("launches = %d and %d, want %d and %d", a.launches, b.launches, 2*n, 4*n)
	}
	if a.toDev == 0 || a.fromDev == 0 {
		t.Errorf("no traffic at all (%+v): the separate-memory mode is not on", a)
	}
	if a.toDev != b.toDev || a.fromDev != b.fromDev {
		t.Errorf("bytes moved depend on the number of steps: %d steps %d/%d bytes to/from the device, %d steps %d/%d",
			n, a.toDev, a.fromDev, 2*n, b.toDev, b.fromDev)
	}
	if a.waits != b.waits {
		t.Errorf("waits depend on the number of steps: %d vs %d (the stepping loop should not wait)", a.waits, b.waits)
	}
}
