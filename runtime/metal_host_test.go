package runtime_test

// The host part that `fgpu build --gpu=metal` writes for a sample program
// (the launch routines, C++; the runtime as it is written beside them; the
// kernels' MSL, compiled as C++ through emit/fgpu_msl_cpu.h as metal_cpu
// compiles it), checked for syntax and types with clang against the
// stand-in of Apple's declarations. cmd/fgpu/driver/metal_test.go checks
// more programs and the build script.

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
)

func TestMetalHostPartSyntax(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		if os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1" {
			t.Fatalf("clang not found (required in CI: apt-get install clang)")
		}
		t.Skip("clang not found: the Metal host part is not checked (apt-get install clang)")
	}
	fc, err := exec.LookPath("gfortran")
	if err != nil {
		if os.Getenv("CI") == "true" || os.Getenv("FGPU_REQUIRE_TOOLS") == "1" {
			t.Fatalf("gfortran not found (required in CI)")
		}
		t.Skip("gfortran not found (its ISO_Fortran_binding.h is the descriptors' layout)")
	}
	inc, err := exec.Command(fc, "-print-file-name=include").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, _ := filepath.Abs(filepath.Join("..", "emit", "testdata", "msl", "kernels.f90"))
	_, diags, err := driver.Build([]string{src}, driver.Options{Device: "metal", Keep: true, KeepDir: dir, Output: filepath.Join(dir, "kernels")})
	var te *driver.ToolError
	if !errors.As(err, &te) || te.Tool != "xcrun" || diags.HasErrors() {
		t.Fatalf("fgpu build --gpu=metal: %v (want the note that Apple's toolchain is missing)\n%v", err, diags)
	}
	iso, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(inc)), "ISO_Fortran_binding.h"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ISO_Fortran_binding.h"), iso, 0o644); err != nil {
		t.Fatal(err)
	}
	standin, _ := filepath.Abs(filepath.Join("src", "metal-standin"))
	emitDir, _ := filepath.Abs(filepath.Join("..", "emit"))
	hosts, _ := filepath.Glob(filepath.Join(dir, "fgpu_kernels_*.cpp"))
	msls, _ := filepath.Glob(filepath.Join(dir, "fgpu_kernels_*.metal"))
	if len(hosts) != 1 || len(msls) != 1 {
		t.Fatalf("want one launch-routine file and one .metal file in %s, got %v %v", dir, hosts, msls)
	}
	msl, err := os.ReadFile(msls[0])
	if err != nil {
		t.Fatal(err)
	}
	asCXX := filepath.Join(dir, "msl_as_cxx.cpp")
	if err := os.WriteFile(asCXX, append([]byte("#include \"fgpu_msl_cpu.h\"\n"), msl...), 0o644); err != nil {
		t.Fatal(err)
	}
	checks := [][]string{
		{"-fsyntax-only", "-x", "c++", "-std=c++17", "-Wall", "-Werror", "-I", dir, hosts[0]},
		{"-fsyntax-only", "-x", "c++", "-std=c++17", "-I", emitDir, "-I", dir, asCXX},
		{"-fsyntax-only", "-x", "objective-c++", "-fblocks", "-std=c++17", "-fobjc-arc", "-fobjc-runtime=macosx-11.0", "-Wall", "-Werror", "-I", standin, "-I", dir, filepath.Join(dir, "fgpu_rt_metal.mm")},
		{"-fsyntax-only", "-x", "c++", "-std=c++17", "-Wall", "-Werror", "-DFGPU_BACKEND_METAL", "-I", dir, filepath.Join(dir, "fgpu_rt_cpu.cpp")},
	}
	for _, args := range checks {
		if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
			t.Errorf("clang %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// The launch routines dispatch through the Metal runtime only.
	host, _ := os.ReadFile(hosts[0])
	if n := strings.Count(string(host), "fgpu_metal_dispatch("); n != 3 || strings.Contains(string(host), "fgpu_msl_") {
		t.Errorf("the launch routines of three kernels make %d Metal dispatches (want 3) or still name the metal_cpu dispatch:\n%s", n, host)
	}
}
