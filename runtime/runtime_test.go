package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// toolsRequired reports whether a missing tool must fail the test rather
// than skip it (CI, or FGPU_REQUIRE_TOOLS=1 as ARCHITECTURE.md says).
func toolsRequired() bool {
	return os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1"
}

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if toolsRequired() {
			t.Fatalf("%s not found (required in CI and with FGPU_REQUIRE_TOOLS=1)", name)
		}
		t.Skipf("%s not found", name)
	}
	return p
}

// isoInclude returns a directory holding only the Fortran compiler's
// ISO_Fortran_binding.h (as the build driver does: the compiler's whole
// include directory would mix two gcc versions' headers under nvcc).
func isoInclude(t *testing.T) string {
	t.Helper()
	fc := needTool(t, "gfortran")
	out, err := exec.Command(fc, "-print-file-name=include").Output()
	if err != nil {
		t.Fatalf("gfortran -print-file-name=include: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "ISO_Fortran_binding.h"))
	if err != nil {
		t.Fatalf("ISO_Fortran_binding.h of gfortran: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ISO_Fortran_binding.h"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// testSources returns the absolute paths of the runtime's sources and of the
// test program, read once here so that go test's cache knows them (the
// compilers that read them are other processes).
func testSources(t *testing.T) (src, test string) {
	t.Helper()
	src, err := filepath.Abs("src")
	if err != nil {
		t.Fatal(err)
	}
	test, err = filepath.Abs(filepath.Join("testdata", "rt_test.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(src, Header), filepath.Join(src, CPU), filepath.Join(src, CUDA), test} {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	return src, test
}

func run(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestTable runs testdata/rt_test.cpp against the CPU runtime: the
// residency table's rules in the separate memory mode (FGPU_CPU_SEPARATE=1),
// and no table in the shared mode.
func TestTable(t *testing.T) {
	cxx := needTool(t, "g++")
	inc := isoInclude(t)
	src, test := testSources(t)
	dir := t.TempDir()
	// As the driver compiles the CPU runtime (cmd/fgpu/driver/cache.go).
	run(t, dir, nil, cxx, "-std=c++17", "-O2", "-ffp-contract=off", "-fno-fast-math", "-Wall", "-Werror", "-fopenmp",
		"-I", src, "-I", inc, test, filepath.Join(src, CPU), "-o", "rt_test")
	bin := filepath.Join(dir, "rt_test")

	sep := run(t, dir, []string{"FGPU_CPU_SEPARATE=1", "FGPU_STATS=1"}, bin, "separate")
	if !strings.Contains(sep, "rt_test separate: ok") {
		t.Errorf("separate mode:\n%s", sep)
	}
	stats := regexp.MustCompile(`(?m)^fgpu: stats: backend cpu: \d+ launches, \d+ bytes to device, \d+ bytes from device, \d+ waits, \d+ discards, peak device memory [1-9]\d* bytes$`)
	if !stats.MatchString(sep) {
		t.Errorf("separate mode: no statistics line with device memory:\n%s", sep)
	}
	kernel := regexp.MustCompile(`(?m)^fgpu: stats: kernel k_test \(loop rt_test\.f90:1\): \d+ launches, \d+\.\d{3} ms device time$`)
	if !kernel.MatchString(sep) {
		t.Errorf("separate mode: no kernel statistics line:\n%s", sep)
	}

	shared := run(t, dir, []string{"FGPU_CPU_SEPARATE=", "FGPU_STATS=1", "OMP_NUM_THREADS=3"}, bin, "shared")
	if want := "fgpu: stats: cpu kernels on 3 threads\n"; !strings.Contains(shared, want) {
		t.Errorf("OMP_NUM_THREADS=3: want %q in\n%s", want, shared)
	}
	if !strings.Contains(shared, "rt_test shared: ok") {
		t.Errorf("shared mode:\n%s", shared)
	}
	if want := "fgpu: stats: backend cpu: 3 launches, 0 bytes to device, 0 bytes from device, 2 waits, 0 discards, peak device memory 0 bytes"; !strings.Contains(shared, want) {
		t.Errorf("shared mode: want %q in\n%s", want, shared)
	}

	// Non-temporal stores of packed CPU kernels: above the last-level cache
	// (never 0 bytes, always 1 TiB), or as FGPU_CPU_STREAMING_STORES says.
	for _, c := range []struct{ env, want string }{
		{"FGPU_CPU_STREAMING_STORES=", "streaming 0 "},
		{"FGPU_CPU_STREAMING_STORES=0", "streaming 0 0 0"},
		{"FGPU_CPU_STREAMING_STORES=1", "streaming 1 1 1"},
	} {
		out := run(t, dir, []string{c.env}, bin, "streaming")
		if !strings.HasPrefix(out, c.want) || c.env == "FGPU_CPU_STREAMING_STORES=" && !strings.HasSuffix(strings.TrimSpace(out), " 1") {
			t.Errorf("%s: %q, want %q... (1 TiB: 1)", c.env, out, c.want)
		}
	}
}

// TestCUDACompiles compiles the CUDA backend with nvcc and links it with
// the table (fgpu_rt_cpu.cpp built as the driver builds it for --gpu=cuda)
// and testdata/rt_test.cpp; with a GPU (nvidia-smi lists one) it runs the
// table test against the device.
func TestCUDACompiles(t *testing.T) {
	nvcc := needTool(t, "nvcc")
	cxx := needTool(t, "g++")
	inc := isoInclude(t)
	src, test := testSources(t)
	dir := t.TempDir()
	run(t, dir, nil, nvcc, "-std=c++17", "-c", filepath.Join(src, CUDA), "-I", src, "-I", inc, "-o", "cuda.o")
	run(t, dir, nil, cxx, "-std=c++17", "-O2", "-Wall", "-Werror", "-DFGPU_BACKEND_CUDA", "-I", src, "-I", inc,
		"-c", filepath.Join(src, CPU), "-o", "cpu.o")
	run(t, dir, nil, nvcc, "-std=c++17", "-DRT_TEST_CUDA", "-I", src, "-I", inc, "-c", test, "-o", "test.o")
	run(t, dir, nil, nvcc, "test.o", "cpu.o", "cuda.o", "-o", "rt_test_cuda")
	if out, err := exec.Command("nvidia-smi", "-L").Output(); err != nil || !strings.Contains(string(out), "GPU") {
		t.Log("no GPU: the CUDA table test was compiled and linked, not run")
		return
	}
	out := run(t, dir, []string{"FGPU_STATS=1"}, filepath.Join(dir, "rt_test_cuda"), "cuda")
	if !strings.Contains(out, "rt_test cuda: ok") || !strings.Contains(out, "fgpu: stats: backend cuda:") {
		t.Errorf("cuda:\n%s", out)
	}
}
