package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The Metal runtime cannot be built or run here (no Apple toolchain): these
// tests check what can be checked on Linux. fgpu_rt_metal.mm is compiled
// for syntax and types with clang against the stand-in of Apple's
// declarations (src/metal-standin), with ARC as the build script compiles
// it and without; the shared part is compiled with -DFGPU_BACKEND_METAL,
// and every device function it calls (fgpu_dev_*) must be defined by the
// Objective-C++ file.

// needClang returns clang, failing in CI (CI=true, FGPU_REQUIRE_TOOLS=1)
// when it is missing, skipping otherwise.
func needClang(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("clang")
	if err != nil {
		if toolsRequired() {
			t.Fatalf("clang not found (required in CI and with FGPU_REQUIRE_TOOLS=1: apt-get install clang)")
		}
		t.Skipf("clang not found: the Objective-C++ Metal runtime is not checked (apt-get install clang)")
	}
	return p
}

// MetalSyntaxArgs are the clang flags of the syntax check of an
// Objective-C++ file of the Metal runtime: the stand-in of Apple's headers
// (standin), the runtime's sources and the Fortran descriptors (includes);
// arc: as the build script compiles it (-fobjc-arc, which needs the Apple
// runtime's ABI named on Linux).
func MetalSyntaxArgs(standin string, arc bool, includes ...string) []string {
	args := []string{"-fsyntax-only", "-x", "objective-c++", "-fblocks", "-std=c++17", "-Wall", "-Werror"}
	if arc {
		args = append(args, "-fobjc-arc", "-fobjc-runtime=macosx-11.0")
	}
	args = append(args, "-I", standin)
	for _, d := range includes {
		args = append(args, "-I", d)
	}
	return args
}

func TestMetalRuntimeSyntax(t *testing.T) {
	clang := needClang(t)
	src, _ := testSources(t)
	iso := isoInclude(t)
	mm := filepath.Join(src, Metal)
	for _, arc := range []bool{true, false} {
		args := append(MetalSyntaxArgs(filepath.Join(src, "metal-standin"), arc, src, iso), mm)
		if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
			t.Errorf("clang %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

func TestMetalSharedPart(t *testing.T) {
	cxx := needTool(t, "g++")
	nm := needTool(t, "nm")
	src, _ := testSources(t)
	iso := isoInclude(t)
	obj := filepath.Join(t.TempDir(), "fgpu_rt_cpu_metal.o")
	args := []string{"-std=c++17", "-O2", "-Wall", "-Werror", "-DFGPU_BACKEND_METAL", "-I", src, "-I", iso, "-c", filepath.Join(src, CPU), "-o", obj}
	if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
		t.Fatalf("g++ %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	out, err := exec.Command(nm, "-u", obj).Output()
	if err != nil {
		t.Fatalf("nm -u: %v", err)
	}
	var need []string
	for _, f := range strings.Fields(string(out)) {
		if strings.HasPrefix(f, "fgpu_") {
			need = append(need, f)
		}
	}
	sort.Strings(need)
	if len(need) < 10 {
		t.Fatalf("the shared part built for Metal calls only %v of the device side: is -DFGPU_BACKEND_METAL the device mode?", need)
	}
	mmText, err := os.ReadFile(filepath.Join(src, Metal))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^extern "C" [^(]*\b(fgpu_\w+)\(`).FindAllStringSubmatch(string(mmText), -1) {
		defined[m[1]] = true
	}
	for _, f := range need {
		if !defined[f] {
			t.Errorf("fgpu_rt_cpu.cpp (-DFGPU_BACKEND_METAL) calls %s, which fgpu_rt_metal.mm does not define", f)
		}
	}
	// Without the flag the same file is the CPU backend: it defines the
	// device side it calls itself.
	cpuObj := filepath.Join(t.TempDir(), "fgpu_rt_cpu.o")
	args = []string{"-std=c++17", "-O2", "-I", src, "-I", iso, "-c", filepath.Join(src, CPU), "-o", cpuObj}
	if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
		t.Fatalf("g++ %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	undef, err := exec.Command(nm, "-u", cpuObj).Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(undef), "fgpu_dev_") {
		t.Errorf("the CPU build of fgpu_rt_cpu.cpp needs a device side from elsewhere:\n%s", undef)
	}
}
