package driver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"fgpu/frontend/target"
	rt "fgpu/runtime"
)

// metalPrograms are e2e programs that Metal's rules accept and the MSL
// emitter writes (emit/testdata/e2e): masks, three indices, stops in
// kernels and called procedures, two launches that can stop, module and
// internal procedures, sections, select case, negative strides, and the
// threadgroup launches of reductions and of values after the loop.
var metalPrograms = []string{
	"mask_simple.f90", "multi_index_3d.f90", "error_stop_code.f90", "stop_two_launches.f90",
	"stop_nested_pure_sub.f90", "pure_call_internal.f90", "dc_in_module_proc.f90", "section_assign_body.f90",
	"select_case_kinds.f90", "mask_negative_stride.f90", "reduce_sum_int.f90", "reduce_logical_and_or.f90",
	"stop_not_reached.f90",
}

// buildMetal runs fgpu build --gpu=metal on src into a new directory and
// returns it; the build must end with the note that Apple's toolchain is
// missing (a *ToolError naming the directory).
func buildMetal(t *testing.T, src string, opts Options) string {
	t.Helper()
	dir := t.TempDir()
	opts.Device, opts.Keep, opts.KeepDir = "metal", true, dir
	if opts.Output == "" {
		opts.Output = filepath.Join(dir, "prog")
	}
	exe, diags, err := Build([]string{src}, opts)
	var te *ToolError
	if !errors.As(err, &te) || te.Tool != "xcrun" || !strings.Contains(te.Error(), filepath.Join(dir, "build.sh")) || exe != "" {
		t.Fatalf("fgpu build --gpu=metal %s: exe %q, err %v, diagnostics %v; want the note naming %s/build.sh", src, exe, err, diags, dir)
	}
	if diags.HasErrors() {
		t.Fatalf("diagnostics with errors: %v", diags)
	}
	return dir
}

// isoDir is a directory with the Fortran compiler's ISO_Fortran_binding.h.
func isoDir(t *testing.T) string {
	t.Helper()
	needTools(t, "gfortran")
	out, err := exec.Command("gfortran", "-print-file-name=include").Output()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "ISO_Fortran_binding.h"))
	if err != nil {
		t.Fatal(err)
	}
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "ISO_Fortran_binding.h"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return d
}

// scriptFileRE finds the files build.sh names ("$D"/NAME).
var scriptFileRE = regexp.MustCompile(`"\$D"/([\w.+-]+)`)

func TestBuildMetalPrograms(t *testing.T) {
	needTools(t, "clang")
	iso := isoDir(t)
	emitDir, _ := filepath.Abs(filepath.Join("..", "..", "..", "emit"))
	for _, name := range metalPrograms {
		t.Run(strings.TrimSuffix(name, ".f90"), func(t *testing.T) {
			src := filepath.Join(emitDir, "testdata", "e2e", name)
			dir := buildMetal(t, src, Options{})
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			sort.Strings(names)
			glob := func(pat string) []string {
				m, _ := filepath.Glob(filepath.Join(dir, pat))
				return m
			}
			metal, host, iface := glob("fgpu_kernels_*.metal"), glob("fgpu_kernels_*.cpp"), glob("fgpu_launch_*.f90")
			if len(metal) != 1 || len(host) != 1 || len(iface) != 1 {
				t.Fatalf("want one .metal, one launch-routine .cpp and one interface module in %v", names)
			}
			// The runtime, as the embedded sources.
			for _, f := range rt.MetalFiles() {
				b, err := os.ReadFile(filepath.Join(dir, f.Name))
				if err != nil || string(b) != string(f.Data) {
					t.Errorf("%s: not the runtime's source (%v)", f.Name, err)
				}
			}
			// The host program: the rewritten source.
			hostF90, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !strings.Contains(string(hostF90), "use "+strings.TrimSuffix(filepath.Base(iface[0]), ".f90")) {
				t.Errorf("%s: the rewritten host file is missing or does not use the launch routines (%v)", name, err)
			}
			// build.sh names every file of the directory, and every file it
			// reads is there or made before.
			script, err := os.ReadFile(filepath.Join(dir, "build.sh"))
			if err != nil {
				t.Fatal(err)
			}
			checked, used := map[string]bool{}, map[string]bool{}
			for _, l := range strings.Split(string(script), "\n") {
				for _, m := range scriptFileRE.FindAllStringSubmatch(l, -1) {
					if strings.HasPrefix(l, "for f in ") {
						checked[m[1]] = true
					} else {
						used[m[1]] = true
					}
				}
			}
			for _, n := range names {
				// Every file is checked for at the start, and compiled (a
				// header is included through -I"$D").
				if n != "build.sh" && (!checked[n] || !used[n] && !strings.HasSuffix(n, ".h")) {
					t.Errorf("build.sh does not name %s (checked %v, compiled %v)", n, checked[n], used[n])
				}
			}
			for _, want := range []string{"xcrun -sdk macosx metal ", "xcrun -sdk macosx metallib ", "-DFGPU_BACKEND_METAL", "-fobjc-arc", "-framework Metal", "-framework Foundation", "__fgpu_metallib"} {
				if !strings.Contains(string(script), want) {
					t.Errorf("build.sh has no %q", want)
				}
			}
			// The launch routines dispatch every kernel through the Metal
			// runtime, and compile; the MSL compiles as C++ through
			// fgpu_msl_cpu.h (as on metal_cpu).
			hostText, _ := os.ReadFile(host[0])
			// (A kernel that combines values in threadgroups is two
			// threadgroup dispatches.)
			launches := len(regexp.MustCompile(`(?m)^// \w+: launch$`).FindAllString(string(hostText), -1))
			n := strings.Count(string(hostText), "fgpu_metal_dispatch(") + strings.Count(string(hostText), "fgpu_metal_dispatch_groups(")/2
			if n != launches || n == 0 || strings.Contains(string(hostText), "fgpu_msl_") {
				t.Errorf("%d launch routines, %d Metal launches (metal_cpu's dispatch left: %v)", launches, n, strings.Contains(string(hostText), "fgpu_msl_"))
			}
			if strings.HasPrefix(name, "reduce_") && !strings.Contains(string(hostText), "fgpu_metal_scratch(") {
				t.Errorf("a reduction without the partials' scratch buffer")
			}
			mslText, _ := os.ReadFile(metal[0])
			asCXX := filepath.Join(t.TempDir(), "msl.cpp")
			os.WriteFile(asCXX, append([]byte("#include \"fgpu_msl_cpu.h\"\n"), mslText...), 0o644)
			for _, args := range [][]string{
				{"-fsyntax-only", "-x", "c++", "-std=c++17", "-Wall", "-Werror", "-I", dir, "-I", iso, host[0]},
				{"-fsyntax-only", "-x", "c++", "-std=c++17", "-I", emitDir, "-I", dir, "-I", iso, asCXX},
			} {
				if out, err := exec.Command("clang", args...).CombinedOutput(); err != nil {
					t.Errorf("clang %s: %v\n%s", strings.Join(args, " "), err, out)
				}
			}
		})
	}
}

// TestBuildMetalScript runs build.sh with a stand-in of Apple's toolchain
// and of the Fortran compiler that check every file they are handed exists
// and make their outputs, as the driver runs it on macOS (appleHost).
func TestBuildMetalScript(t *testing.T) {
	tools := t.TempDir()
	logf := filepath.Join(tools, "log")
	iso := t.TempDir()
	os.WriteFile(filepath.Join(iso, "ISO_Fortran_binding.h"), []byte("/* stand-in */\n"), 0o644)
	fake := `#!/bin/sh
# A stand-in compiler: every input it is handed must exist; it makes -o's file.
echo "$(basename "$0") $*" >> ` + logf + `
[ "$1" = "-print-file-name=include" ] && { echo ` + iso + `; exit 0; }
out=
prev=
for a in "$@"; do
  case "$prev" in -o) out=$a ;; esac
  case "$a" in
    -Wl,-sectcreate,*) f=${a##*,}; [ -f "$f" ] || { echo "missing $f" >&2; exit 1; } ;;
    -*) ;;
    *.metal|*.air|*.cpp|*.mm|*.f90|*.o) [ "$prev" = -o ] || [ -f "$a" ] || { echo "missing $a" >&2; exit 1; } ;;
  esac
  prev=$a
done
[ -n "$out" ] && : > "$out"
exit 0
`
	for _, n := range []string{"xcrun", "fake-fc", "fake-cxx"} {
		if err := os.WriteFile(filepath.Join(tools, n), []byte(fake), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", tools+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("FC", "fake-fc")
	t.Setenv("CXX", "fake-cxx")
	old := appleHost
	appleHost = func() bool { return true }
	defer func() { appleHost = old }()

	src, _ := filepath.Abs(filepath.Join("..", "..", "..", "emit", "testdata", "e2e", "dc_in_module_proc.f90"))
	dir := t.TempDir()
	out := filepath.Join(dir, "app")
	exe, diags, err := Build([]string{src}, Options{Device: "metal", Output: out})
	if err != nil || diags.HasErrors() || exe != out {
		t.Fatalf("build on a (pretended) Mac: exe %q, err %v, %v", exe, err, diags)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("the link made no executable: %v", err)
	}
	if _, err := os.Stat(out + "-metal/build.sh"); err != nil {
		t.Errorf("no %s-metal/build.sh: %v", out, err)
	}
	log, _ := os.ReadFile(logf)
	want := []*regexp.Regexp{
		regexp.MustCompile(`(?m)^fake-fc -print-file-name=include$`),
		regexp.MustCompile(`(?m)^xcrun -sdk macosx metal -fno-fast-math -c \S+\.metal -o \S+\.air$`),
		regexp.MustCompile(`(?m)^xcrun -sdk macosx metallib \S+\.air -o \S+\.metallib$`),
		regexp.MustCompile(`(?m)^fake-cxx .*-DFGPU_BACKEND_METAL .*fgpu_rt_cpu\.cpp -o `),
		regexp.MustCompile(`(?m)^fake-cxx .*-fobjc-arc .*fgpu_rt_metal\.mm -o `),
		regexp.MustCompile(`(?m)^fake-cxx .*fgpu_kernels_\w+\.cpp -o `),
		regexp.MustCompile(`(?m)^fake-fc .*-w -c \S+fgpu_launch_\w+\.f90 -o `),
		regexp.MustCompile(`(?m)^fake-fc .*-c \S+dc_in_module_proc\.f90 -o `),
		regexp.MustCompile(`(?m)^fake-fc .* -o ` + regexp.QuoteMeta(out) + ` .*-lc\+\+ -lobjc -framework Metal -framework Foundation -Wl,-sectcreate,__DATA,__fgpu_metallib,\S+\.metallib$`),
	}
	for _, re := range want {
		if !re.Match(log) {
			t.Errorf("the build ran no command matching %s; it ran:\n%s", re, log)
		}
	}
}

// TestBuildMetalNotYet: a launch Metal cannot make (more buffers than it
// binds) is a not-yet-implemented error at its loop, not a note about the
// toolchain.
func TestBuildMetalNotYet(t *testing.T) {
	var decl, sum []string
	for i := 1; i <= 31; i++ {
		decl = append(decl, fmt.Sprintf("a%d(8)", i))
		if i > 1 {
			sum = append(sum, fmt.Sprintf("a%d(i)", i))
		}
	}
	prog := "program many\n  implicit none\n  integer :: i\n  real :: " + strings.Join(decl, ", ") + "\n" +
		"  do concurrent (i = 1:8)\n    a1(i) = " + strings.Join(sum, " + ") + "\n  end do\n  print *, a1(1)\nend program\n"
	dir := writeFiles(t, map[string]string{"many.f90": prog})
	src := filepath.Join(dir, "many.f90")
	_, diags, err := Build([]string{src}, Options{Device: "metal", Output: filepath.Join(dir, "p")})
	if !errors.Is(err, ErrCompile) {
		t.Fatalf("err %v, want the program's errors (%v)", err, diags)
	}
	nyi := NotYetImplemented(diags, err)
	if len(nyi) == 0 || !strings.Contains(diags[0].String(), "many.f90:5:") || !strings.Contains(nyi[0], "31 buffers") {
		t.Errorf("want a not-yet-implemented error about 31 buffers at the loop (line 5), got %v", diags)
	}
}

// TestCheckMetalUnchanged: without Apple, a metal pipeline emits for the
// CPU (check --gpu=metal); with it, MSL and the launch routines.
func TestCheckMetalUnchanged(t *testing.T) {
	src, _ := filepath.Abs(filepath.Join("..", "..", "..", "emit", "testdata", "e2e", "mask_simple.f90"))
	for _, apple := range []bool{false, true} {
		r, err := Pipeline(Config{Files: []string{src}, Target: target.Must("metal"), StopAfter: PhaseEmit, ViolationsFatal: true, Apple: apple})
		if err != nil || r.Failed() || r.Output == nil {
			t.Fatalf("apple %v: %v %v", apple, err, r.Diags)
		}
		o := r.Output
		if !apple && (o.MSL != "" || strings.Contains(o.Kernels, "MSL") || !strings.HasSuffix(o.KernelFile, ".cpp")) {
			t.Errorf("check --gpu=metal no longer emits the CPU's kernels: %s", o.KernelFile)
		}
		if apple && (o.MSL == "" || !strings.HasSuffix(o.MSLFile, ".metal") || !strings.Contains(o.Kernels, "fgpu_metal_dispatch(")) {
			t.Errorf("build --gpu=metal: MSL %q in %s, launch routines in %s", o.MSL[:min(len(o.MSL), 80)], o.MSLFile, o.KernelFile)
		}
	}
}
