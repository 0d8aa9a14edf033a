package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNvfortranFlags: nvfortran's spellings of what fgpu does, as build
// systems written for nvfortran pass them, in compiler mode and build alike.
func TestNvfortranFlags(t *testing.T) {
	for _, c := range []struct {
		flag   string
		device string // "" unchanged (cpu)
		arch   string
		report bool
		host   string // a host flag it becomes
	}{
		{flag: "-stdpar", device: "cuda"},
		{flag: "-stdpar=gpu", device: "cuda"},
		{flag: "-stdpar=multicore", device: "cpu"},
		{flag: "-gpu=cc80", arch: "80"},
		{flag: "-gpu=cc90,managed", arch: "90"},
		{flag: "-Minfo", report: true},
		{flag: "-Minfo=stdpar", report: true},
		{flag: "-Minfo=accel", report: true},
		{flag: "-mp=multicore", host: "-fopenmp"},
	} {
		for _, line := range [][]string{{c.flag, "-c", "a.f90"}, {c.flag, "a.f90", "-o", "a"}} {
			cl, err := parseCompilerLine(line)
			if err != nil {
				t.Errorf("%q: %v", line, err)
				continue
			}
			o := cl.build.opts
			if c.device != "" && o.Device != c.device {
				t.Errorf("%q: device %q, want %q", line, o.Device, c.device)
			}
			if o.CUDAArch != c.arch {
				t.Errorf("%q: compute capability %q, want %q", line, o.CUDAArch, c.arch)
			}
			if o.OffloadReport != c.report {
				t.Errorf("%q: offload report %v, want %v", line, o.OffloadReport, c.report)
			}
			if c.host != "" && !strings.Contains(strings.Join(cl.hostFlags, " "), c.host) {
				t.Errorf("%q: host flags %q, want %s", line, cl.hostFlags, c.host)
			}
		}
		f, err := parseBuildArgs([]string{c.flag, "a.f90"}, false)
		if err == nil {
			t.Errorf("parseBuildArgs(%s) takes it: build's own flag set has no such flag, build reads it as compiler mode does (buildFromCompilerLine)", c.flag)
		} else if f, err = buildFromCompilerLine([]string{c.flag, "a.f90"}); err != nil || f.opts.CUDAArch != c.arch || f.opts.OffloadReport != c.report {
			t.Errorf("build %s: %+v, %v", c.flag, f.opts, err)
		}
	}
	for _, c := range []struct{ flag, want string }{
		{"-gpu=managed", "compute capability"},
		{"-stdpar=fast", "gpu or multicore"},
		{"-Minfo=loop", "-Minfo=stdpar"},
		{"-mp=gpu", "not yet implemented: OpenMP target offload"},
	} {
		code, _, errOut := runCLI(t, c.flag, "-c", "a.f90")
		if code != exitUsage || !strings.Contains(errOut, c.flag) || !strings.Contains(errOut, c.want) {
			t.Errorf("fgpu %s -c: exit %d, stderr %q; want 2, naming the flag and %q", c.flag, code, errOut, c.want)
		}
		code, _, errOut = runCLI(t, "build", c.flag, "a.f90")
		if code != exitUsage || !strings.Contains(errOut, c.flag) || strings.Count(errOut, "\n") > 2 {
			t.Errorf("fgpu build %s: exit %d, stderr %q; want 2 and a short message naming the flag", c.flag, code, errOut)
		}
	}
}

// TestBuildTakesCompilerFlags: fgpu build takes the line compiler mode
// takes: code-generation, warning and link flags reach the host compiler
// and the link; a flag the host compiler does not know is one line naming it.
func TestBuildTakesCompilerFlags(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "args.f90", argsProgram)
	ref := t.TempDir() + "/ref"
	if out, err := exec.Command("gfortran", "-O2", src, "-o", ref).CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	want, wantErr := exec.Command(ref).Output()
	exe := t.TempDir() + "/a"
	code, _, errOut := runCLI(t, "build", "--keep", "-march=native", "-mtune=native", "-Wall", "-g", "-L/usr/lib", "-lm", "-Wl,--as-needed", "-Minfo=stdpar", src, "-o", exe)
	if code != 0 {
		t.Fatalf("build with gfortran's flags: exit %d\n%s", code, errOut)
	}
	if _, dir, ok := strings.Cut(errOut, "work directory: "); !ok {
		t.Errorf("--keep printed no work directory:\n%s", errOut)
	} else {
		dir = strings.TrimSpace(strings.SplitN(dir, "\n", 2)[0])
		defer os.RemoveAll(dir)
		script, err := os.ReadFile(filepath.Join(dir, "build.sh"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(script), "\n") {
			if strings.Contains(l, "-std=c++17") && strings.Contains(l, "fgpu_kernels") && (!strings.Contains(l, "-march=native") || !strings.Contains(l, "-mtune=native")) {
				t.Errorf("the kernels' compile lacks -march/-mtune: %s", l)
			}
		}
	}
	if !strings.Contains(errOut, "offloaded") {
		t.Errorf("-Minfo=stdpar gave no offload report:\n%s", errOut)
	}
	got, err := exec.Command(exe).Output()
	if string(got) != string(want) || exitCode(err) != exitCode(wantErr) {
		t.Errorf("build prints %q (%v), gfortran's build %q (%v)", got, err, want, wantErr)
	}
	code, _, errOut = runCLI(t, "build", "-Mbogus", src, "-o", exe)
	if code != exitError || !strings.Contains(errOut, "-Mbogus") || strings.Contains(errOut, "internal error") || strings.Count(errOut, "\n") > 2 {
		t.Errorf("build -Mbogus: exit %d, stderr %q; want 1 and one line naming the flag", code, errOut)
	}
}

// exitCode is the exit status err reports (0 for nil).
func exitCode(err error) int {
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
