package emit_test

// The index mapping (rules/mapping.mg, lowering/mapping.go) as the
// kernels show it: the index that is the first subscript of the body's
// references is the fastest-varying thread index (CUDA, Metal) and the
// innermost loop (CPU), whatever its place in the header, and the CPU's
// innermost loop vectorizes.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend/target"
)

// mappingProgram has the shapes of issue 30: a (j, i) header over a(i, j)
// (a sum of three arrays), a (ll, k, i) header over state(i, k, ll), and a
// transpose whose write decides the tie.
const mappingProgram = `module mapping_m
  implicit none
  integer, parameter :: nv = 4
  real, allocatable :: a(:,:), b(:,:), c(:,:), state(:,:,:), tend(:,:,:)
contains
  subroutine add(n, m)
    integer, intent(in) :: n, m
    integer :: i, j
    do concurrent (j = 1:m, i = 1:n)
      a(i, j) = b(i, j) + c(i, j)
    end do
  end subroutine
  subroutine step(nx, nz, dt)
    integer, intent(in) :: nx, nz
    real, intent(in) :: dt
    integer :: i, k, ll
    do concurrent (ll = 1:nv, k = 1:nz, i = 1:nx)
      state(i, k, ll) = state(i, k, ll) + dt * tend(i, k, ll)
    end do
  end subroutine
  subroutine transpose_into(n)
    integer, intent(in) :: n
    integer :: i, j
    do concurrent (i = 1:n, j = 1:n)
      c(j, i) = b(i, j)
    end do
  end subroutine
end module
program mapping_p
  use mapping_m
  implicit none
  integer :: n = 300, m = 200, t
  allocate(a(n, m), b(n, m), c(n, m), state(n, m, nv), tend(n, m, nv))
  b = 1; c = 2; state = 0; tend = 1
  do t = 1, 3
    call add(n, m)
    call step(n, m, 0.5)
  end do
  if (any(a /= 3)) error stop 1
  if (any(state /= 1.5)) error stop 2
  print *, sum(a), sum(state)
end program
`

// kernelDefs returns the lines of src that define the C variable v_NAME,
// in source order (one a kernel).
func kernelDefs(src, name string) []string {
	re := regexp.MustCompile(`(?m)^\s*const int32_t v_` + name + ` = .*$`)
	return re.FindAllString(src, -1)
}

func TestKernelIndexOrder(t *testing.T) {
	for _, dev := range []string{"cuda", "metal"} {
		r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: "mapping.f90", Text: []byte(mappingProgram)}, Target: target.Must(dev), StopAfter: driver.PhaseEmit, Apple: dev == "metal"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Failed() || r.Output == nil {
			t.Fatalf("%s: %v", dev, r.Diags)
		}
		src := r.Output.Kernels
		if dev == "metal" {
			src = r.Output.MSL
		}
		// add: i (header position 2) is decomposed first, t % n2.
		is, js := kernelDefs(src, "i"), kernelDefs(src, "j")
		if len(is) < 1 || !strings.Contains(is[0], "(t) % ") || !strings.Contains(is[0], "n2") {
			t.Errorf("%s: add's i is not the fastest index (t %% n2): %q", dev, is)
		}
		if len(js) < 1 || !strings.Contains(js[0], "(t) / ") {
			t.Errorf("%s: add's j is not the slower index (t / n2): %q", dev, js)
		}
		// step: i fastest, then k, then ll.
		ks, ls := kernelDefs(src, "k"), kernelDefs(src, "ll")
		if len(is) < 2 || !strings.Contains(is[1], "(t) % ") || !strings.Contains(is[1], "n3") {
			t.Errorf("%s: step's i is not the fastest index: %q", dev, is)
		}
		if len(ks) < 1 || !regexp.MustCompile(`\(\(t\) / \S*n3\) % \S*n2`).MatchString(ks[0]) {
			t.Errorf("%s: step's k is not the second index: %q", dev, ks)
		}
		if len(ls) < 1 || !strings.Contains(ls[0], "n2") {
			t.Errorf("%s: step's ll is not the slowest index: %q", dev, ls)
		}
		// transpose_into: the written c(j, i) decides the tie: j fastest.
		if len(js) < 2 || !strings.Contains(js[1], "(t) % ") || !strings.Contains(js[1], "n2") {
			t.Errorf("%s: transpose's j is not the fastest index: %q", dev, js)
		}
	}
}

// TestCPUInnerLoopVectorized builds the program for the CPU, compiles its
// kernels again with the driver's own command and g++'s vectorisation
// report, and checks that the innermost loop of add's nest (the i loop,
// the header's second index) is vectorised; the program checks itself.
func TestCPUInnerLoopVectorized(t *testing.T) {
	text, out := cpuVectorReport(t, mappingProgram)
	// The unit-stride nest of add: its innermost loop runs t2 (i).
	lines := strings.Split(text, "\n")
	inner := 0
	for n, l := range lines {
		if strings.Contains(l, "for (int32_t t2 = (int32_t)(fgpu_b") {
			inner = n + 1
			break
		}
	}
	if inner == 0 {
		t.Fatalf("add's innermost loop is not over t2 (i) with a 32-bit counter:\n%s", text)
	}
	// g++ reports the loop at a line of its body or header.
	vec := regexp.MustCompile(`:(\d+):\d+: optimized: loop vectorized`)
	ok := false
	for _, m := range vec.FindAllStringSubmatch(out, -1) {
		var l int
		for _, c := range m[1] {
			l = l*10 + int(c-'0')
		}
		if l >= inner && l <= inner+6 {
			ok = true
		}
	}
	if !ok {
		t.Errorf("the innermost loop (line %d) is not vectorised; g++'s report:\n%s", inner, out)
	}
}

// localArrayProgram is the flow solver's shape: a 4-element local array
// filled by an inner DO loop, read with constant subscripts.
const localArrayProgram = `module flux_m
  implicit none
  integer, parameter :: nx = 2000, nz = 1000, hs = 2
  real(8), allocatable :: st(:,:), fl(:,:)
contains
  subroutine flux()
    integer :: i, k, s
    real(8) :: stencil(4), vals
    do concurrent (k = 1:nz, i = 1:nx+1) local(stencil, vals)
      do s = 1, 4
        stencil(s) = st(i - hs - 1 + s + hs, k)
      end do
      vals = -stencil(1)/12 + 7*stencil(2)/12 + 7*stencil(3)/12 - stencil(4)/12
      fl(i, k) = vals
    end do
  end subroutine
end module
program p
  use flux_m
  implicit none
  integer :: it
  allocate(st(-1:nx+4, nz), fl(nx+1, nz))
  st = 1
  do it = 1, 3
    call flux()
  end do
  if (abs(sum(fl) - (nx+1)*nz) > 1d-6) error stop 1
  print *, sum(fl)
end program
`

// TestLocalArrayInRegisters: the DO loop that fills the 4-element local
// array is unrolled (#pragma unroll 4 in the CUDA kernel, #pragma GCC
// unroll 4 in the CPU's), and, where nvcc is installed, ptxas reports no
// stack frame for the kernel: the array is in registers, not local memory.
func TestLocalArrayInRegisters(t *testing.T) {
	for _, dev := range []string{"cuda", "cpu"} {
		r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: "flux.f90", Text: []byte(localArrayProgram)}, Target: target.Must(dev), StopAfter: driver.PhaseEmit})
		if err != nil {
			t.Fatal(err)
		}
		if r.Failed() || r.Output == nil {
			t.Fatalf("%s: %v", dev, r.Diags)
		}
		want := map[string]string{"cuda": "#pragma unroll 4", "cpu": "#pragma GCC unroll 4"}[dev]
		if !strings.Contains(r.Output.Kernels, want) {
			t.Errorf("%s: no %q before the DO loop over stencil", dev, want)
		}
		if dev != "cuda" {
			continue
		}
		nvcc, err := exec.LookPath("nvcc")
		if err != nil {
			t.Log("nvcc not found: the ptxas report is not checked")
			continue
		}
		dir := t.TempDir()
		exe, diags, err := driver.Build([]string{writeFile(t, dir, "flux.f90", localArrayProgram)}, driver.Options{Device: "cuda", Output: filepath.Join(dir, "prog"), Keep: true, KeepDir: filepath.Join(dir, "work"), Stderr: os.Stderr})
		_ = exe
		if err != nil {
			t.Fatalf("build: %v\n%v", err, diags)
		}
		kernels, _ := filepath.Glob(filepath.Join(dir, "work", "fgpu_kernels_*.cu"))
		script, _ := os.ReadFile(filepath.Join(dir, "work", "build.sh"))
		inc := regexp.MustCompile(`-I (\S*runtime-cuda\S*)`).FindStringSubmatch(string(script))
		if len(kernels) != 1 || inc == nil {
			t.Fatalf("kernels %v, runtime folder %v in:\n%s", kernels, inc, script)
		}
		args := append(target.Must("cuda").KernelFlags("-O2", false), "-I", inc[1], "-Xptxas", "-v", "-c", kernels[0], "-o", filepath.Join(dir, "k.o"))
		out, err := exec.Command(nvcc, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("nvcc: %v\n%s", err, out)
		}
		frames := regexp.MustCompile(`(\d+) bytes stack frame`).FindAllStringSubmatch(string(out), -1)
		if len(frames) == 0 {
			t.Fatalf("no ptxas report:\n%s", out)
		}
		for _, f := range frames {
			if f[1] != "0" {
				t.Errorf("a kernel has a stack frame of %s bytes (the local array in local memory):\n%s", f[1], out)
			}
		}
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// cpuVectorReport builds prog for the CPU (it must run and exit 0),
// compiles its kernels again with the driver's own command and g++'s
// report of the loops it vectorised, and returns the kernel source and the
// report.
func cpuVectorReport(t *testing.T, prog string) (string, string) {
	t.Helper()
	needTool(t, "gfortran")
	dir := t.TempDir()
	src := filepath.Join(dir, "mapping.f90")
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	exe, diags, err := driver.Build([]string{src}, driver.Options{Device: "cpu", Output: filepath.Join(dir, "prog"), Keep: true, KeepDir: work, Stderr: os.Stderr})
	if err != nil {
		t.Fatalf("build: %v\n%v", err, diags)
	}
	if out, err := exec.Command(exe).CombinedOutput(); err != nil {
		t.Fatalf("the program: %v\n%s", err, out)
	}
	script, err := os.ReadFile(filepath.Join(work, "build.sh"))
	if err != nil {
		t.Fatal(err)
	}
	var cmdline string
	for _, l := range strings.Split(string(script), "\n") {
		if strings.Contains(l, "fgpu_kernels_") && strings.Contains(l, " -c ") {
			cmdline = l
		}
	}
	if cmdline == "" {
		t.Fatalf("no kernel compile in build.sh:\n%s", script)
	}
	// (A kernel object taken from the build cache is listed as a comment:
	// '#' 'from the cache:' COMMAND.)
	if i := strings.Index(cmdline, "from the cache:' "); i >= 0 {
		cmdline = cmdline[i+len("from the cache:' "):]
	}
	var f []string
	for _, a := range strings.Fields(cmdline) {
		f = append(f, strings.Trim(a, "'"))
	}
	var kernel string
	for i, a := range f {
		if a == "-c" && i+1 < len(f) {
			kernel = f[i+1]
		}
		if a == "-o" && i+1 < len(f) {
			f[i+1] = os.DevNull
		}
	}
	out, err := exec.Command(f[0], append(f[1:], "-fopt-info-vec-optimized")...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmdline, err, out)
	}
	text, err := os.ReadFile(kernel)
	if err != nil {
		t.Fatal(err)
	}
	return string(text), string(out)
}

// tiledProgram is the tiled stencil of bench/apps/stencil: a do concurrent
// over 32 x 32 tiles (a constant step) with an inner do concurrent over a
// tile's points, the last tiles partial; every interior v is i + j exactly.
const tiledProgram = `module tile_m
  implicit none
  integer, parameter :: bs = 32
  real(8), allocatable :: u(:,:), v(:,:)
contains
  subroutine tiled(n)
    integer, intent(in) :: n
    integer :: i, j, it, jt
    do concurrent (jt = 2:n-1:bs, it = 2:n-1:bs)
      do concurrent (j = jt:min(jt+bs-1, n-1), i = it:min(it+bs-1, n-1))
        v(i, j) = v(i, j) + 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    end do
  end subroutine
end module
program tiled_p
  use tile_m
  implicit none
  integer :: n = 203, i, j, bad
  allocate(u(n, n), v(n, n))
  do j = 1, n
    do i = 1, n
      u(i, j) = i + j
      v(i, j) = 0
    end do
  end do
  call tiled(n)
  bad = 0
  do j = 2, n - 1
    do i = 2, n - 1
      if (v(i, j) /= i + j) bad = bad + 1
    end do
  end do
  if (bad /= 0 .or. v(1, 1) /= 0) error stop 1
  print *, 'ok'
end program
`

// TestCPUTiledInnerLoopVectorized: the tile loop, a constant step of the
// innermost index, has the unit-stride version (constant first-dimension
// strides), and in it the innermost loop of the tile (a 32-bit counter,
// cxx.NestIndexLoop) is vectorised (issue 30); the program checks itself.
func TestCPUTiledInnerLoopVectorized(t *testing.T) {
	text, out := cpuVectorReport(t, tiledProgram)
	if !regexp.MustCompile(`&& st\d == 32\) \{`).MatchString(text) {
		t.Errorf("the tile loop (step 32) has no unit-stride version:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	inner := 0
	for n, l := range lines {
		if strings.Contains(l, "for (int32_t k_1 = 0; k_1 < (int32_t)c_1; ++k_1) {") {
			inner = n + 1
			break
		}
	}
	if inner == 0 {
		t.Fatalf("the tile's inner loop has no 32-bit counter:\n%s", text)
	}
	vec := regexp.MustCompile(`:(\d+):\d+: optimized: loop vectorized`)
	ok := false
	for _, m := range vec.FindAllStringSubmatch(out, -1) {
		var l int
		for _, c := range m[1] {
			l = l*10 + int(c-'0')
		}
		if l >= inner && l <= inner+3 {
			ok = true
		}
	}
	if !ok {
		t.Errorf("the tile's inner loop (line %d) is not vectorised; g++'s report:\n%s", inner, out)
	}
}
