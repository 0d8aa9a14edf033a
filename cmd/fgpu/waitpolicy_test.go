package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCPUWaitPolicy: a program fgpu builds for the CPU waits passively
// (runtime/src/fgpu_rt_cpu.cpp, fgpu_wait_policy): libgomp, as it reports
// its settings (OMP_DISPLAY_ENV=verbose), spins 0 times before it sleeps,
// unless the user set OMP_WAIT_POLICY or GOMP_SPINCOUNT (kept as given) or
// the program runs on one thread (libgomp's default, no restart). The
// output is the same in every case.
func TestCPUWaitPolicy(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "fma.f90", fmaProgram)
	exe := filepath.Join(t.TempDir(), "a")
	if code, _, errOut := runCLI(t, "build", "-O2", src, "-o", exe); code != 0 {
		t.Fatalf("fgpu build: exit %d\n%s", code, errOut)
	}
	var ref string
	for i, tc := range []struct {
		env  []string
		spin string // GOMP_SPINCOUNT as libgomp reports it
	}{
		{[]string{"OMP_NUM_THREADS=2"}, "'0'"},
		{[]string{"OMP_NUM_THREADS=2", "OMP_WAIT_POLICY=active"}, "'30000000000'"},
		{[]string{"OMP_NUM_THREADS=2", "GOMP_SPINCOUNT=1000"}, "'1000'"},
		{[]string{"OMP_NUM_THREADS=1"}, "'300000'"},
	} {
		if i == 0 && runtime.NumCPU() < 2 {
			t.Log("one processor: the passive policy is not needed (no restart)")
			continue
		}
		cmd := exec.Command(exe)
		var env []string
		for _, e := range os.Environ() {
			if !strings.HasPrefix(e, "OMP_") && !strings.HasPrefix(e, "GOMP_") {
				env = append(env, e)
			}
		}
		cmd.Env = append(append(env, "OMP_DISPLAY_ENV=verbose"), tc.env...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %v\n%s", tc.env, err, stderr.String())
		}
		// The settings are printed once: a restart prints them once too
		// (libgomp's constructor runs only in the started-again program).
		if n := strings.Count(stderr.String(), "OPENMP DISPLAY ENVIRONMENT BEGIN"); n != 1 {
			t.Errorf("%v: libgomp printed its settings %d times, want 1:\n%s", tc.env, n, stderr.String())
		}
		if want := "GOMP_SPINCOUNT = " + tc.spin; !strings.Contains(stderr.String(), want) {
			t.Errorf("%v: libgomp reports no %s:\n%s", tc.env, want, stderr.String())
		}
		if ref == "" {
			ref = stdout.String()
		} else if stdout.String() != ref {
			t.Errorf("%v: prints %q, want %q", tc.env, stdout.String(), ref)
		}
	}
}
