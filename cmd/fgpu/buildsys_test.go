package main

// fgpu as FC in real build systems (issue: a compiler users can drop in):
// make and CMake build a three-file project (a module, a module using it
// whose do concurrent calls the first's pure function, a main program)
// with FC=fgpu; the program prints what gfortran's build prints, its loop
// offloaded; an incremental rebuild recompiles only what the build system
// says and the link still builds the whole program from the sources the
// objects carry. The fgpu these tools run is this test binary (TestMain).

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv("FGPU_TEST_AS_FGPU") == "1" {
		main() // exits
	}
	code := m.Run()
	if sharedCache != "" {
		os.RemoveAll(sharedCache)
	}
	os.Exit(code)
}

var (
	sharedCacheOnce sync.Once
	sharedCache     string
)

// fgpuEnv is the environment of a tool that runs fgpu: PATH starts with a
// folder whose fgpu is this test binary, and the runtime cache is shared
// by the tests of this file.
func fgpuEnv(t *testing.T) (env []string, fgpu string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "fgpu")); err != nil {
		t.Fatal(err)
	}
	sharedCacheOnce.Do(func() { sharedCache, _ = os.MkdirTemp("", "fgpu-test-cache-") })
	return append(os.Environ(), "FGPU_TEST_AS_FGPU=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"XDG_CACHE_HOME="+sharedCache, "FGPU_FC=", "FC=fgpu"), filepath.Join(bin, "fgpu")
}

// projectDir is the example project (examples/separate: src/physics.f90,
// src/solver.f90, src/main.f90, a Makefile and a CMakeLists.txt).
const projectDir = "../../examples/separate"

// writeProject copies the example project's sources (and the build files
// named) into a new folder.
func writeProject(t *testing.T, buildFiles ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range append([]string{"src/physics.f90", "src/solver.f90", "src/main.f90"}, buildFiles...) {
		text, err := os.ReadFile(filepath.Join(projectDir, name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gfortranProject builds the project's sources with gfortran alone and
// returns its output.
func gfortranProject(t *testing.T, dir string) string {
	t.Helper()
	ref := t.TempDir()
	cmd := exec.Command("gfortran", "-O2", "-J"+ref, filepath.Join(dir, "src/physics.f90"), filepath.Join(dir, "src/solver.f90"),
		filepath.Join(dir, "src/main.f90"), "-o", filepath.Join(ref, "app"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gfortran: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(ref, "app")).Output()
	if err != nil {
		t.Fatalf("gfortran's build: %v", err)
	}
	return string(out)
}

// checkApp runs the built program: gfortran's output, the loop offloaded
// (FGPU_STATS: three launches of the kernel of solver.f90's loop).
func checkApp(t *testing.T, app, want string) {
	t.Helper()
	cmd := exec.Command(app)
	cmd.Env = append(os.Environ(), "FGPU_STATS=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", app, err, stderr.String())
	}
	if stdout.String() != want {
		t.Errorf("%s prints\n%s\nwant (gfortran's build)\n%s", app, stdout.String(), want)
	}
	if !regexp.MustCompile(`solver\.f90:10\): 3 launches`).MatchString(stderr.String()) {
		t.Errorf("%s: the loop of solver.f90 was not offloaded (FGPU_STATS):\n%s", app, stderr.String())
	}
}

// compiled lists the sources the build output shows compiled (-c).
func compiled(out string) []string {
	var srcs []string
	for _, line := range strings.Split(out, "\n") {
		if !strings.Contains(line, "fgpu") || !strings.Contains(line, " -c ") {
			continue
		}
		if m := regexp.MustCompile(`(\w+)\.f90`).FindStringSubmatch(line[strings.Index(line, " -c "):]); m != nil {
			srcs = append(srcs, m[1])
		}
	}
	return srcs
}

// edit changes physics' constant, so the program prints other numbers.
func editPhysics(t *testing.T, dir string) {
	t.Helper()
	p := filepath.Join(dir, "src/physics.f90")
	text, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(text), "9.81d0") {
		t.Fatalf("physics.f90: %v, or no 9.81d0 to change", err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(text), "9.81d0", "9.80665d0", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	touch(t, p)
}

// touch gives p a modification time after every file the build wrote
// (a time in the future would make make and CMake see clock skew).
func touch(t *testing.T, p string) {
	t.Helper()
	time.Sleep(1100 * time.Millisecond) // file systems with one-second times
	now := time.Now()
	if err := os.Chtimes(p, now, now); err != nil {
		t.Fatal(err)
	}
}

func TestMakeProject(t *testing.T) {
	needBuildTools(t, "gfortran", "c++", "objcopy", "make")
	env, _ := fgpuEnv(t)
	dir := writeProject(t, "Makefile")
	out, _ := runIn(t, dir, env, "make", "FC=fgpu")
	if got := compiled(out); strings.Join(got, " ") != "physics solver main" {
		t.Errorf("make compiled %v, want physics solver main\n%s", got, out)
	}
	checkApp(t, filepath.Join(dir, "app"), gfortranProject(t, dir))

	// Touch the main program: make recompiles it alone; the link builds
	// the program again.
	touch(t, filepath.Join(dir, "src/main.f90"))
	out, _ = runIn(t, dir, env, "make", "FC=fgpu")
	if got := compiled(out); strings.Join(got, " ") != "main" {
		t.Errorf("after touching main.f90 make compiled %v, want main\n%s", got, out)
	}
	checkApp(t, filepath.Join(dir, "app"), gfortranProject(t, dir))

	// Change the module the loop's function comes from: the link takes the
	// new source (the loop's kernel calls the new function).
	editPhysics(t, dir)
	out, _ = runIn(t, dir, env, "make", "FC=fgpu")
	if got := compiled(out); strings.Join(got, " ") != "physics solver main" {
		t.Errorf("after editing physics.f90 make compiled %v, want physics solver main\n%s", got, out)
	}
	checkApp(t, filepath.Join(dir, "app"), gfortranProject(t, dir))
}

func TestCMakeProject(t *testing.T) {
	needBuildTools(t, "gfortran", "c++", "objcopy", "make", "cmake")
	env, _ := fgpuEnv(t)
	dir := writeProject(t, "CMakeLists.txt")
	out, _ := runIn(t, dir, env, "cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release")
	if !strings.Contains(out, "The Fortran compiler identification is GNU") {
		t.Errorf("CMake does not identify fgpu as the GNU compiler family:\n%s", out)
	}
	out, _ = runIn(t, dir, env, "cmake", "--build", "build", "-v")
	if got := compiled(out); strings.Join(got, " ") != "physics solver main" {
		t.Errorf("cmake --build compiled %v, want physics solver main\n%s", got, out)
	}
	app := filepath.Join(dir, "build", "app")
	checkApp(t, app, gfortranProject(t, dir))

	touch(t, filepath.Join(dir, "src/main.f90"))
	out, _ = runIn(t, dir, env, "cmake", "--build", "build", "-v")
	if got := compiled(out); strings.Join(got, " ") != "main" {
		t.Errorf("after touching main.f90 cmake --build compiled %v, want main\n%s", got, out)
	}
	checkApp(t, app, gfortranProject(t, dir))

	// physics changed: CMake recompiles it and what depends on its module
	// (solver; main only if solver's module changed, which it did not).
	editPhysics(t, dir)
	out, _ = runIn(t, dir, env, "cmake", "--build", "build", "-v")
	if got := compiled(out); strings.Join(got, " ") != "physics solver" {
		t.Errorf("after editing physics.f90 cmake --build compiled %v, want physics solver\n%s", got, out)
	}
	checkApp(t, app, gfortranProject(t, dir))
}

// TestInterruptCleansUp: SIGTERM during a build stops the compiler fgpu
// started and removes fgpu's temporary folder; the status is 143.
func TestInterruptCleansUp(t *testing.T) {
	needBuildTools(t, "gfortran")
	env, fgpu := fgpuEnv(t)
	dir := t.TempDir()
	tmp := t.TempDir()
	pidFile := filepath.Join(dir, "fc.pid")
	slow := filepath.Join(dir, "slowfc")
	// A host compiler that hangs in its first compile.
	script := "#!/bin/sh\ncase \" $* \" in *\" -c \"*) echo $$ > " + pidFile + "; exec sleep 60;; esac\nexec gfortran \"$@\"\n"
	if err := os.WriteFile(slow, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "p.f90")
	if err := os.WriteFile(src, []byte("program p\n  print *, 1\nend program\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(fgpu, "build", "--gpu=none", "--fc="+slow, src, "-o", filepath.Join(dir, "p"))
	cmd.Env = append(env, "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid []byte
	for i := 0; i < 600 && len(pid) == 0; i++ {
		time.Sleep(50 * time.Millisecond)
		pid, _ = os.ReadFile(pidFile)
	}
	if len(pid) == 0 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the host compiler never started:\n%s", stderr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "fgpu-build-*")); len(left) != 1 {
		t.Errorf("work folders during the build: %v, want one", left)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 143 {
		t.Errorf("fgpu after SIGTERM: %v, want exit status 143\n%s", err, stderr.String())
	}
	var n int
	for _, c := range strings.TrimSpace(string(pid)) {
		n = n*10 + int(c-'0')
	}
	time.Sleep(100 * time.Millisecond)
	// Gone, or a zombie waiting for its new parent to reap it.
	if st, err := os.ReadFile(filepath.Join("/proc", strings.TrimSpace(string(pid)), "stat")); err == nil && !strings.Contains(string(st), ") Z ") {
		syscall.Kill(n, syscall.SIGKILL)
		t.Errorf("the host compiler (pid %d) outlived fgpu", n)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "fgpu-*")); len(left) != 0 {
		t.Errorf("temporary folders left: %v", left)
	}
}

// TestOffloadReport: --offload-report on check (stdout) and build (stderr,
// as -Minfo=stdpar prints): the loop's kernel, geometry and arrays, and the
// host statements where data moves; the same lines from both.
func TestOffloadReport(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := writeProject(t)
	t.Chdir(dir)
	files := []string{"src/physics.f90", "src/solver.f90", "src/main.f90"}
	code, out, errOut := runCLI(t, append([]string{"check", "--gpu=cpu", "--offload-report"}, files...)...)
	if code != 0 {
		t.Fatalf("check: exit %d\n%s", code, errOut)
	}
	want := []string{
		"src/solver.f90:10: offloaded (cpu): kernel fgpu_",
		"1-D over (i); iterations shared out over the host's threads; arrays read: h u; written: f\n",
		"src/main.f90:14: copy f from the device (the host reads it after a kernel wrote it)\n",
		"src/main.f90:14: mark the device copy of h stale (the host writes it)\n",
		"src/main.f90:18: wait for the device (end of the program)\n",
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("check --offload-report lacks %q:\n%s", w, out)
		}
	}
	code, bout, berr := runCLI(t, append([]string{"build", "--gpu=cpu", "--offload-report", "-o", "app"}, files...)...)
	if code != 0 || bout != "" {
		t.Fatalf("build: exit %d, stdout %q\n%s", code, bout, berr)
	}
	if berr != out {
		t.Errorf("build --offload-report (stderr) differs from check's (stdout):\n%s\nwant\n%s", berr, out)
	}
	_, cout, _ := runCLI(t, append([]string{"check", "--gpu=cuda", "--offload-report"}, files...)...)
	if !strings.Contains(cout, "one thread per iteration, blocks sized by occupancy") {
		t.Errorf("check --gpu=cuda --offload-report: no geometry:\n%s", cout)
	}
}

// TestHelpDocumentsEveryFlag: every flag of parse's, build's and check's
// synopsis has a line of its own in their help, and every flag of the
// table (helpflags.go) that a command takes is in its synopsis.
func TestHelpDocumentsEveryFlag(t *testing.T) {
	flagName := regexp.MustCompile(`^-[^\]| =\[]+`)
	for _, name := range []string{"parse", "build", "check"} {
		c := lookup(name)
		var b bytes.Buffer
		commandUsage(&b, c)
		help := b.String()
		synopsis := map[string]bool{}
		for _, m := range regexp.MustCompile(`\[(-[^\]| =]+)`).FindAllStringSubmatch(c.args, -1) {
			flag := m[1]
			synopsis[flag] = true
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(flag)).MatchString(help) {
				t.Errorf("fgpu help %s: no line documents %s", name, flag)
			}
		}
		for _, d := range flagsOf(name) {
			if f := flagName.FindString(d.flag); !synopsis[f] {
				t.Errorf("fgpu help %s documents %s (%q), which its synopsis lacks", name, f, d.flag)
			}
		}
	}
}

// TestHostCompilerMessages: the host compiler's errors and warnings on a
// file fgpu rewrote name the user's file and lines (line markers), the
// warnings shown on success too, as gfortran alone shows them.
func TestHostCompilerMessages(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	// The loop is rewritten into a launch (and a use line is inserted
	// after the program statement), so later lines move in the copy.
	bad := "program w\n  integer :: i\n  real :: a(10)\n  do concurrent (i=1:10)\n    a(i) = i\n  end do\n" +
		"  call undefined_thing(a, 1)\n  call undefined_thing(1, a)\n  print *, sum(a)\nend program\n"
	if err := os.WriteFile("bad.f90", []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "build", "--gpu=cpu", "bad.f90", "-o", "bad")
	if code != exitError {
		t.Errorf("build: exit %d, want %d", code, exitError)
	}
	msgs, _, _ := strings.Cut(errOut, "fgpu: build: the host compiler failed")
	if !strings.Contains(msgs, "bad.f90:8:23:") || strings.Contains(msgs, "fgpu-build-") {
		t.Errorf("the host compiler's error does not name bad.f90:8:23 (or names fgpu's copy):\n%s", errOut)
	}
	ref, _ := exec.Command("gfortran", "-c", "bad.f90", "-o", "ref.o").CombinedOutput()
	if !strings.Contains(string(ref), "bad.f90:8:23:") {
		t.Errorf("gfortran alone says\n%s", ref)
	}

	warn := "program w\n  integer :: i, j\n  real :: a(10)\n  do concurrent (i=1:10)\n    a(i) = i\n  end do\n  print *, sum(a)\nend program\n"
	if err := os.WriteFile("warn.f90", []byte(warn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "-Wall", "--gpu=cpu", "warn.f90", "-o", "warn")
	if code != 0 {
		t.Fatalf("fgpu -Wall: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "warn.f90:2:17:") || !strings.Contains(errOut, "Unused variable ‘j’") || strings.Contains(errOut, "fgpu-build-") {
		t.Errorf("fgpu -Wall: the host compiler's warning on warn.f90:2:17 is not shown as gfortran shows it:\n%s", errOut)
	}
}

// TestWallWerror: a module procedure whose loop is the only user of some
// of its variables (the do concurrent indices, a DO variable and a scalar
// of the body) builds with -Wall -Wextra -Werror as gfortran builds it (the
// launch line that replaces the loop does not name them: the rewrite
// refers to them, emit.Options.KeepRefs), and still warns of what gfortran
// warns of.
func TestWallWerror(t *testing.T) {
	needBuildTools(t, "gfortran", "c++")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	src := `module m
  implicit none
contains
  subroutine fill(a, n)
    integer, intent(in) :: n
    real, intent(out) :: a(n, 3)
    integer :: i, j, k
    real :: t
    do concurrent (i = 1:n, j = 1:3)
      t = 0
      do k = 1, j
        t = t + real(i * k)
      end do
      a(i, j) = t
    end do
  end subroutine
end module
program w
  use m
  implicit none
  real :: a(100, 3)
  call fill(a, 100)
  print *, sum(a)
end program
`
	if err := os.WriteFile("w.f90", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := []string{"-O2", "-Wall", "-Wextra", "-Werror"}
	if out, err := exec.Command("gfortran", append(flags, "w.f90", "-o", "ref")...).CombinedOutput(); err != nil {
		t.Fatalf("gfortran %v: %v\n%s", flags, err, out)
	}
	want, err := exec.Command("./ref").Output()
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, append(append([]string{"--gpu=cpu"}, flags...), "w.f90", "-o", "w")...)
	if code != 0 {
		t.Fatalf("fgpu %v: exit %d\n%s", flags, code, errOut)
	}
	got, err := exec.Command("./w").Output()
	if err != nil || string(got) != string(want) {
		t.Errorf("fgpu's build prints %q (%v), gfortran's %q", got, err, want)
	}
	// A variable nothing uses is still reported (and fails with -Werror).
	unused := strings.Replace(src, "real :: t\n", "real :: t, u\n", 1)
	if err := os.WriteFile("u.f90", []byte(unused), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, append(append([]string{"--gpu=cpu"}, flags...), "u.f90", "-o", "u")...)
	if code == 0 || !strings.Contains(errOut, "Unused variable ‘u’") {
		t.Errorf("fgpu with an unused u: exit %d, want a failure naming u:\n%s", code, errOut)
	}
}

// TestCompileReduceSpec: fgpu -c of a file gfortran 12 cannot compile as
// written (F2023's reduce locality spec): the object is the host
// rewrite's, the link offloads the loop, the result is the sum.
func TestCompileReduceSpec(t *testing.T) {
	needBuildTools(t, "gfortran", "c++", "objcopy")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	src := "module redm\n  implicit none\ncontains\n  real(8) function total(a)\n    real(8), intent(in) :: a(:)\n    integer :: i\n" +
		"    total = 0\n    do concurrent (i = 1:size(a)) reduce(+: total)\n      total = total + a(i)\n    end do\n  end function\nend module\n" +
		"program red\n  use redm\n  real(8) :: a(1000)\n  integer :: i\n  a = [(i, i = 1, 1000)]\n  print '(f0.1)', total(a)\nend program\n"
	if err := os.WriteFile("red.f90", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gfortran", "-c", "red.f90", "-o", "ref.o").CombinedOutput(); err == nil {
		t.Logf("gfortran now compiles reduce: %s", out)
	}
	if code, _, errOut := runCLI(t, "-O2", "-c", "red.f90", "-o", "red.o"); code != 0 || errOut != "" {
		t.Fatalf("fgpu -c: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "red.o", "-o", "red"); code != 0 {
		t.Fatalf("link: exit %d\n%s", code, errOut)
	}
	cmd := exec.Command("./red")
	cmd.Env = append(os.Environ(), "FGPU_STATS=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != "500500.0\n" || !strings.Contains(stderr.String(), "red.f90:8): 1 launches") {
		t.Errorf("red: %v, stdout %q, stderr\n%s", err, stdout.String(), stderr.String())
	}
}
