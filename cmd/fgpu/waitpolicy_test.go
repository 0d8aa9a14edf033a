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

// TestCPUWaitPolicyEnvironment: the restart's variables are gone again
// when the program runs (fgpu_wait_policy_restore): it sees the
// environment it was started with, as gfortran's build would.
func TestCPUWaitPolicyEnvironment(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	if runtime.NumCPU() < 2 {
		t.Skip("one processor: no restart")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "envpolicy.f90", `program envpolicy
  implicit none
  integer :: i, st
  real(8) :: a(100000)
  character(len=32) :: v
  do concurrent (i = 1:100000)
    a(i) = 2 * i
  end do
  call get_environment_variable("OMP_WAIT_POLICY", v, status=st)
  print '(a, i0, 1x, a)', 'OMP_WAIT_POLICY: ', st, trim(v)
  call get_environment_variable("FGPU_WAIT_POLICY_ADDED", v, status=st)
  print '(a, i0)', 'FGPU_WAIT_POLICY_ADDED: ', st
  if (a(100000) /= 200000) error stop 1
end program
`)
	exe := filepath.Join(t.TempDir(), "a")
	if code, _, errOut := runCLI(t, "build", "-O2", src, "-o", exe); code != 0 {
		t.Fatalf("fgpu build: exit %d\n%s", code, errOut)
	}
	for _, tc := range []struct{ env, want string }{
		{"OMP_NUM_THREADS=2", "OMP_WAIT_POLICY: 1 \nFGPU_WAIT_POLICY_ADDED: 1\n"},
		{"OMP_WAIT_POLICY=active", "OMP_WAIT_POLICY: 0 active\nFGPU_WAIT_POLICY_ADDED: 1\n"},
	} {
		cmd := exec.Command(exe)
		var env []string
		for _, e := range os.Environ() {
			if !strings.HasPrefix(e, "OMP_") && !strings.HasPrefix(e, "GOMP_") && !strings.HasPrefix(e, "FGPU_WAIT") {
				env = append(env, e)
			}
		}
		cmd.Env = append(env, tc.env)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", tc.env, err)
		}
		if string(out) != tc.want {
			t.Errorf("%s: prints %q, want %q", tc.env, out, tc.want)
		}
	}
}
