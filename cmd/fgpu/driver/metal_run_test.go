package driver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMetalRuntimeRuns runs what `fgpu build --gpu=metal` writes, here:
// build.sh itself, with the Mac's tools stood in for (xcrun makes empty
// outputs; clang++ compiles the Objective-C++ runtime for GCC's
// Objective-C runtime instead of Apple's; the link leaves the frameworks
// out and takes a stand-in Metal, runtime/testdata/metal_mock.mm, whose
// command buffers run their dispatches on a thread of their own, in commit
// order, the dispatches between two barriers backwards, calling the kernels
// compiled as C++ from the program's MSL). So the launch routines, the
// shared residency table and fgpu_rt_metal.mm run as on macOS,
// asynchronously: a missing wait, copy back or barrier shows as a
// difference from gfortran's output (seen: without fgpu_dev_wait's wait
// mask_simple fails, without the barriers reduce_sum_int). Apple's compiler and GPU are what it
// cannot check.
func TestMetalRuntimeRuns(t *testing.T) {
	needTools(t, "clang++", "g++", "gfortran")
	root, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	standin := filepath.Join(root, "runtime", "src", "metal-standin")
	emitDir := filepath.Join(root, "emit")
	iso := isoDir(t)
	tools := t.TempDir()
	mockObj := filepath.Join(tools, "metal_mock.o")
	if out, err := exec.Command("clang++", "-x", "objective-c++", "-std=c++17", "-fblocks", "-fobjc-runtime=gcc", "-fobjc-exceptions", "-w",
		"-I", standin, "-I", filepath.Join(root, "runtime", "src"), "-I", iso, "-c", filepath.Join(root, "runtime", "testdata", "metal_mock.mm"), "-o", mockObj).CombinedOutput(); err != nil {
		t.Fatalf("the stand-in Metal does not compile: %v\n%s", err, out)
	}
	shims := map[string]string{
		"xcrun": `#!/bin/sh
# Apple's metal and metallib: the output, empty (the stand-in Metal runs the kernels compiled as C++).
out=; prev=
for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; done
: > "$out"
`,
		"cxx": `#!/bin/sh
# clang++ of the Mac: the Objective-C++ runtime for GCC's Objective-C runtime, the rest with g++.
for a in "$@"; do case "$a" in *.mm) mm=1 ;; esac; done
if [ -n "$mm" ]; then
  for a in "$@"; do shift; [ "$a" = -fobjc-arc ] || set -- "$@" "$a"; done
  exec clang++ -x objective-c++ -fobjc-runtime=gcc -fobjc-exceptions -fblocks -w -I` + standin + ` "$@"
fi
exec g++ "$@"
`,
		"fc": `#!/bin/sh
# The Mac's Fortran compiler: gfortran; the link without Apple's frameworks, with the stand-in Metal.
link=1; skip=
for a in "$@"; do
  shift
  if [ -n "$skip" ]; then skip=; continue; fi
  case "$a" in
    -c|-print-file-name=*) link= ; set -- "$@" "$a" ;;
    -framework) skip=1 ;;
    -lc++|-Wl,-sectcreate,*) ;;
    *) set -- "$@" "$a" ;;
  esac
done
if [ -n "$link" ]; then set -- "$@" $MOCK_OBJS -lobjc -lstdc++ -lpthread; fi
exec gfortran "$@"
`,
	}
	for n, text := range shims {
		if err := os.WriteFile(filepath.Join(tools, n), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", tools+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("FC", filepath.Join(tools, "fc"))
	t.Setenv("CXX", filepath.Join(tools, "cxx"))

	var programs []string
	for _, name := range metalPrograms {
		programs = append(programs, filepath.Join(emitDir, "testdata", "e2e", name))
	}
	if os.Getenv("FGPU_METAL_RUN_ALL") == "1" {
		// Every e2e program (those Metal's rules or the MSL emitter refuse
		// skipped): minutes.
		programs, _ = filepath.Glob(filepath.Join(emitDir, "testdata", "e2e", "*.f90"))
	}
	// The host writes an array a pending launch reads (no wait: the launch
	// only reads it), and the next launch copies it in again: into a buffer
	// the batch being encoded uses, so through a blit.
	restale := writeFiles(t, map[string]string{"restale.f90": metalRestale})
	programs = append(programs, filepath.Join(restale, "restale.f90"))
	for _, src := range programs {
		name := filepath.Base(src)
		t.Run(strings.TrimSuffix(name, ".f90"), func(t *testing.T) {
			if _, diags, err := Build([]string{src}, Options{Device: "metal", Output: filepath.Join(t.TempDir(), "p")}); errors.Is(err, ErrCompile) {
				t.Skipf("not built for Metal: %v", diags[0])
			}
			dir := buildMetal(t, src, Options{})
			// The kernels as C++ (fgpu_msl_cpu.h), each with a trampoline the
			// stand-in Metal calls by its name.
			msls, _ := filepath.Glob(filepath.Join(dir, "*.metal"))
			if len(msls) != 1 {
				t.Fatalf("no .metal in %s", dir)
			}
			msl, _ := os.ReadFile(msls[0])
			kcpp := filepath.Join(t.TempDir(), "kernels.cpp")
			os.WriteFile(kcpp, []byte("#include \"fgpu_msl_cpu.h\"\n"+string(msl)+mockTrampolines(t, string(msl))), 0o644)
			kobj := strings.TrimSuffix(kcpp, ".cpp") + ".o"
			if out, err := exec.Command("g++", "-std=c++17", "-O1", "-w", "-I", emitDir, "-I", filepath.Join(root, "runtime", "src"), "-I", iso, "-c", kcpp, "-o", kobj).CombinedOutput(); err != nil {
				t.Fatalf("the MSL as C++: %v\n%s", err, out)
			}
			exe := filepath.Join(dir, "prog")
			cmd := exec.Command("sh", filepath.Join(dir, "build.sh"), exe)
			cmd.Env = append(os.Environ(), "MOCK_OBJS="+kobj+" "+filepath.Join(tools, "metal_mock.o"))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("build.sh: %v\n%s", err, out)
			}
			ref := metalOracle(t, src)
			for _, env := range [][]string{nil, {"FGPU_CPU_ORDER=shuffle", "FGPU_METAL_BATCH=1"}, {"FGPU_STATS=1"}} {
				run := exec.Command(exe)
				run.Env = append(append(os.Environ(), env...), "FGPU_MOCK_STATS=1")
				var stdout, stderr strings.Builder
				run.Stdout, run.Stderr = &stdout, &stderr
				err := run.Run()
				code := 0
				if ee, ok := err.(*exec.ExitError); ok {
					code = ee.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				got := fmt.Sprintf("%s\nexit %d\n", stdout.String(), code)
				if got != ref {
					t.Errorf("%v: the Metal build (stand-in Metal) prints\n%s\ngfortran's prints\n%s\nstderr:\n%s", env, got, ref, stderr.String())
				}
				if testing.Verbose() {
					t.Logf("%v: %s", env, strings.TrimSpace(stderr.String()))
				}
				if name == "restale.f90" && strings.Contains(stderr.String(), " 0 blits") {
					t.Errorf("%v: no copy went through a blit: %s", env, stderr.String())
				}
				if !strings.Contains(stderr.String(), "fgpu mock: ") || strings.Contains(stderr.String(), "fgpu mock: 0 command buffers") {
					t.Errorf("%v: the program ran no command buffer on the stand-in Metal:\n%s", env, stderr.String())
				}
			}
		})
	}
}

// metalRestale: the host changes a, which the pending launch reads, and
// launches again.
const metalRestale = `program restale
  implicit none
  integer :: i, step
  real :: a(1000), b(1000)
  do i = 1, 1000
    a(i) = real(i)
  end do
  b = 0
  do step = 1, 4
    do concurrent (i = 1:1000)
      b(i) = b(i) + 2.0 * a(i)
    end do
    a(7) = a(7) + real(step)
  end do
  print '(3f12.1)', b(1), b(7), sum(b)
end program
`

// metalOracle is gfortran's stdout and exit status for src, or the
// hand-written NAME.expected.out of a program gfortran 12 rejects
// (emit/e2e_test.go: "! EXIT: N" lines first).
func metalOracle(t *testing.T, src string) string {
	t.Helper()
	if b, err := os.ReadFile(strings.TrimSuffix(src, ".f90") + ".expected.out"); err == nil {
		text, code := string(b), 0
		for strings.HasPrefix(text, "! ") {
			line, rest, _ := strings.Cut(text, "\n")
			if v, ok := strings.CutPrefix(line, "! EXIT:"); ok {
				fmt.Sscan(strings.TrimSpace(v), &code)
			}
			text = rest
		}
		return fmt.Sprintf("%s\nexit %d\n", text, code)
	}
	exe := reference(t, t.TempDir(), src)
	var stdout strings.Builder
	cmd := exec.Command(exe)
	cmd.Stdout = &stdout
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s\nexit %d\n", stdout.String(), code)
}

// mockSigRE is an MSL kernel's signature (mslkernel.go writes it on one line).
var mockSigRE = regexp.MustCompile(`(?m)^kernel void (\w+)\((.*)\) \{$`)

// mockPos maps the thread-position attributes of a threadgroup kernel to
// fgpu_msl_cpu.h's fgpu_msl_pos fields.
var mockPos = map[string]string{
	"thread_position_in_grid": "tid", "threads_per_grid": "nthr", "threadgroup_position_in_grid": "tg",
	"thread_position_in_threadgroup": "lid", "threads_per_threadgroup": "ntg", "thread_index_in_simdgroup": "lane",
	"simdgroup_index_in_threadgroup": "sg", "simdgroups_per_threadgroup": "nsg", "threads_per_simdgroup": "nl",
}

// mockTrampolines writes, for every kernel of msl, the function the stand-in
// Metal calls (metal_mock.mm, fgpu_mock_fn) and its registration.
func mockTrampolines(t *testing.T, msl string) string {
	var b strings.Builder
	b.WriteString("\ntypedef void (*fgpu_mock_fn)(const void*, void* const*, unsigned long, unsigned long);\n")
	b.WriteString("extern \"C\" void fgpu_mock_register(const char*, fgpu_mock_fn);\n")
	attrRE := regexp.MustCompile(`^(.*?)\s*(\w+) \[\[(\w+)(?:\((\d+)\))?\]\]$`)
	for _, m := range mockSigRE.FindAllStringSubmatch(msl, -1) {
		name := m[1]
		var args, pos []string
		for _, p := range strings.Split(m[2], ", ") {
			a := attrRE.FindStringSubmatch(p)
			if a == nil {
				t.Fatalf("kernel %s: a parameter the stand-in does not know: %q", name, p)
			}
			switch {
			case a[3] == "buffer" && a[4] == "0":
				args = append(args, fmt.Sprintf("*(const %s*)a", strings.TrimSuffix(strings.TrimPrefix(a[1], "constant "), "&")))
			case a[3] == "buffer":
				var i int
				fmt.Sscan(a[4], &i)
				args = append(args, fmt.Sprintf("(%s)b[%d]", a[1], i-1))
			case mockPos[a[3]] != "":
				pos = append(pos, "p."+mockPos[a[3]])
			default:
				t.Fatalf("kernel %s: an attribute the stand-in does not know: %q", name, p)
			}
		}
		fmt.Fprintf(&b, "static void fgpu_mock_%s(const void* a, void* const* b, unsigned long threads, unsigned long groups) {\n", name)
		if len(pos) == 1 && pos[0] == "p.tid" {
			fmt.Fprintf(&b, "  (void)groups;\n  for (int64_t q = 0; q < (int64_t)threads; ++q) %s(%s, (uint)fgpu_cpu_order_index(q, (int64_t)threads));\n}\n", name, strings.Join(args, ", "))
		} else {
			fmt.Fprintf(&b, "  fgpu_msl_dispatch_groups((uint)groups, (uint)threads, [&](const fgpu_msl_pos& p) { %s(%s, %s); });\n}\n", name, strings.Join(args, ", "), strings.Join(pos, ", "))
		}
		fmt.Fprintf(&b, "static struct fgpu_mock_reg_%s { fgpu_mock_reg_%s() { fgpu_mock_register(%q, fgpu_mock_%s); } } fgpu_mock_reg_%s_;\n", name, name, name, name, name)
	}
	return b.String()
}
