package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needBuildTools skips when a tool is missing, except in CI (CI=true).
func needBuildTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1" {
				t.Fatalf("%s is required in CI: %v", tool, err)
			}
			t.Skipf("%s not installed", tool)
		}
	}
}

const argsProgram = `program args
  implicit none
  integer :: i, n
  character(len=32) :: arg
  real :: a(8)
  do concurrent (i = 1:8)
    a(i) = i * i
  end do
  n = command_argument_count()
  do i = 1, n
    call get_command_argument(i, arg)
    print '(a)', trim(arg)
  end do
  print '(f8.1)', sum(a)
  if (n == 0) error stop 4
end program
`

func writeProgram(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRunCommand(t *testing.T) {
	needBuildTools(t, "gfortran")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "args.f90", argsProgram)
	code, out, errOut := runCLI(t, "run", "--gpu=none", src, "--", "one", "two words")
	if code != 0 || out != "one\ntwo words\n   204.0\n" {
		t.Errorf("run: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// The program's status is run's.
	code, out, _ = runCLI(t, "run", "--gpu=none", src)
	if code != 4 || out != "   204.0\n" {
		t.Errorf("run without arguments: exit %d, stdout %q; want 4", code, out)
	}
}

func TestRunCPU(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "args.f90", argsProgram)
	code, out, errOut := runCLI(t, "run", "--gpu=cpu", "-O1", src, "--", "x")
	if code != 0 || out != "x\n   204.0\n" {
		t.Errorf("run --gpu=cpu: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestBuildCommand(t *testing.T) {
	needBuildTools(t, "gfortran")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := writeProgram(t, "args.f90", argsProgram)
	exe := filepath.Join(t.TempDir(), "prog")
	code, out, errOut := runCLI(t, "build", "--gpu=none", "-o", exe, src)
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("build: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	got, err := exec.Command(exe, "a").Output()
	if err != nil || string(got) != "a\n   204.0\n" {
		t.Errorf("built program: %v, stdout %q", err, got)
	}
}

func TestBuildErrors(t *testing.T) {
	src := writeProgram(t, "args.f90", argsProgram)
	// A missing tool exits 3 and says what to install.
	code, _, errOut := runCLI(t, "build", "--fc=fgpu-no-such-compiler", src)
	if code != exitTool || !strings.Contains(errOut, "fgpu-no-such-compiler") || !strings.Contains(errOut, "apt-get install") {
		t.Errorf("missing FC: exit %d, stderr %q; want 3", code, errOut)
	}
	code, out, _ := runCLI(t, "run", "--fc=fgpu-no-such-compiler", src)
	if code != exitTool || out != "" {
		t.Errorf("run, missing FC: exit %d, stdout %q; want 3 and nothing", code, out)
	}
	// Usage errors exit 2.
	for _, args := range [][]string{
		{"build"},
		{"build", "--gpu=vulkan", src},
		{"run", "--gpu=metal", src},
		{"build", "-o"},
		{"run", "--bogus", src},
	} {
		if code, _, errOut := runCLI(t, args...); code != exitUsage || !strings.Contains(errOut, "Usage") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, errOut)
		}
	}
	// Errors in the program exit 1, with positioned diagnostics.
	needBuildTools(t, "gfortran")
	bad := writeProgram(t, "bad.f90", "program bad\n  x = = 1\nend program\n")
	code, out, errOut = runCLI(t, "run", "--gpu=none", bad)
	if code != exitError || out != "" || !strings.Contains(errOut, "bad.f90:2:") {
		t.Errorf("bad program: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestParseBuildArgs(t *testing.T) {
	f, err := parseBuildArgs([]string{"--gpu=cuda_cpu", "-O3", "--fast", "--keep", "-DN=3", "-I", "inc", "--fc=gfortran-12", "a.F90", "b.f90", "--", "x", "-y"}, true)
	if err != nil {
		t.Fatal(err)
	}
	o := f.opts
	if o.Device != "cpu" || o.Opt != "-O3" || !o.Fast || !o.Keep || o.FC != "gfortran-12" ||
		strings.Join(o.Defines, ",") != "N=3" || strings.Join(o.IncludeDirs, ",") != "inc" ||
		strings.Join(f.files, ",") != "a.F90,b.f90" || strings.Join(f.runArgs, ",") != "x,-y" {
		t.Errorf("parsed %+v", f)
	}
	// For build, -- ends the flags.
	f, _ = parseBuildArgs([]string{"--", "-weird.f90"}, false)
	if len(f.files) != 1 || f.files[0] != "-weird.f90" {
		t.Errorf("build --: files %q", f.files)
	}
}

// TestJobsFlag: -j N, -jN and --jobs=N set the compiler processes of a
// build, in build and in compiler mode; a count that is not a whole number
// from 1 is a usage error.
func TestJobsFlag(t *testing.T) {
	for _, args := range [][]string{{"-j", "3", "a.f90"}, {"-j3", "a.f90"}, {"--jobs=3", "a.f90"}} {
		f, err := parseBuildArgs(args, false)
		if err != nil || f.opts.Jobs != 3 || strings.Join(f.files, ",") != "a.f90" {
			t.Errorf("%q: jobs %d, files %q, err %v; want 3", args, f.opts.Jobs, f.files, err)
		}
	}
	for _, args := range [][]string{{"-j", "0", "a.f90"}, {"-jx", "a.f90"}, {"--jobs=", "a.f90"}, {"-j"}} {
		if _, err := parseBuildArgs(args, false); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	for _, args := range [][]string{{"-j", "2", "-O2", "a.f90", "-o", "app"}, {"-j2", "a.f90", "-o", "app"}} {
		c, err := parseCompilerLine(args)
		if err != nil {
			t.Fatalf("compiler mode %q: %v", args, err)
		}
		if c.build.opts.Jobs != 2 {
			t.Errorf("compiler mode %q: jobs %d, want 2", args, c.build.opts.Jobs)
		}
	}
}
