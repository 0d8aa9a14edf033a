package crmath

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// floatFuncs are the real(4) functions of the headers (fgpu_cr_NAMEf) and
// the ranges the CUDA program runs them on.
var floatFuncs = []struct {
	name   string
	ranges [][2]float64
}{
	{"log10", [][2]float64{{1e-3, 1e3}, {0.5, 2}}},
	{"sinh", [][2]float64{{-80, 80}, {-1, 1}}},
	{"cosh", [][2]float64{{-80, 80}, {-1, 1}}},
	{"tanh", [][2]float64{{-10, 10}, {-1, 1}}},
}

// cudaHarness is a CUDA program running every case's function on the GPU
// and on the host: it counts the GPU's results that differ from the same
// function built for the host (must be 0: the device computes the bits
// TestAgainstHost checks), from the host's libm, and CUDA's own function's
// that differ from the host's libm; and times both kernels. One line a case:
// CRMATH name=... n=... gpu_ne_host_build=... ours_ne_libm=... cuda_ne_libm=... us_ours=... us_cuda=...
func cudaHarness() string {
	var b strings.Builder
	b.WriteString("#include <cstdint>\n#include <cstring>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n#include <vector>\n#include <cuda_runtime.h>\n")
	b.WriteString("#define FGPU_FN __host__ __device__ inline\n")
	b.WriteString(Header())
	b.WriteString(cppBits)
	b.WriteString(`#define CK(e) do { cudaError_t err = (e); if (err != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(err), __LINE__); exit(1); } } while (0)
`)
	for i, c := range cases {
		call := func(f string) string {
			if c.args == 2 {
				return f + "(x[i], w[i])"
			}
			return f + "(x[i])"
		}
		fmt.Fprintf(&b, "__global__ void k_ours_%d(const double* x, const double* w, double* y, long n) { long i = blockIdx.x * (long)blockDim.x + threadIdx.x; if (i < n) y[i] = %s; }\n", i, call(c.ours))
		fmt.Fprintf(&b, "__global__ void k_cuda_%d(const double* x, const double* w, double* y, long n) { long i = blockIdx.x * (long)blockDim.x + threadIdx.x; if (i < n) y[i] = %s; }\n", i, call(c.host))
		fmt.Fprintf(&b, "static double h_ours_%d(double x, double w) { (void)w; return %s; }\n", i, strings.ReplaceAll(call(c.ours), "[i]", ""))
		fmt.Fprintf(&b, "static double h_libm_%d(double x, double w) { (void)w; return %s; }\n", i, strings.ReplaceAll(call(c.host), "[i]", ""))
	}
	for _, f := range floatFuncs {
		fmt.Fprintf(&b, "__global__ void kf_ours_%s(const float* x, float* y, long n) { long i = blockIdx.x * (long)blockDim.x + threadIdx.x; if (i < n) y[i] = fgpu_cr_%sf(x[i]); }\n", f.name, f.name)
		fmt.Fprintf(&b, "__global__ void kf_cuda_%s(const float* x, float* y, long n) { long i = blockIdx.x * (long)blockDim.x + threadIdx.x; if (i < n) y[i] = (float)%s((double)x[i]); }\n", f.name, f.name)
		fmt.Fprintf(&b, "static float hf_ours_%s(float x) { return fgpu_cr_%sf(x); }\nstatic float hf_libm_%s(float x) { return %sf(x); }\n", f.name, f.name, f.name, f.name)
	}
	b.WriteString(`
typedef void (*kernf)(const float*, float*, long);
typedef float (*hostff)(float);
static bool samef(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, 4) == 0; }
// A real(4) function on n floats spread over [lo, hi]: the GPU against the
// host build, the host's libm, and CUDA's double function rounded (fgpu's
// default before).
static void runf(const char* name, kernf ko, kernf kc, hostff ho, hostff hl, double lo, double hi, long n) {
  std::vector<float> x(n), yo(n), yc(n);
  for (long i = 0; i < n; i++) x[i] = (float)(lo + (hi - lo) * fmod(0.6180339887498949 * (double)(i + 1), 1.0));
  float *dx, *dy;
  CK(cudaMalloc(&dx, n * 4)); CK(cudaMalloc(&dy, n * 4));
  CK(cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice));
  int bs = 256; long nb = (n + bs - 1) / bs;
  ko<<<nb, bs>>>(dx, dy, n); CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(yo.data(), dy, n * 4, cudaMemcpyDeviceToHost));
  kc<<<nb, bs>>>(dx, dy, n); CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(yc.data(), dy, n * 4, cudaMemcpyDeviceToHost));
  long a = 0, bo = 0, bc = 0;
  #pragma omp parallel for reduction(+:a,bo,bc)
  for (long i = 0; i < n; i++) {
    float l = hl(x[i]);
    if (!samef(yo[i], ho(x[i]))) a++;
    if (!samef(yo[i], l)) bo++;
    if (!samef(yc[i], l)) bc++;
  }
  printf("CRMATH4 name=%sf lo=%g hi=%g n=%ld gpu_ne_host_build=%ld ours_ne_libm=%ld cuda_double_ne_libm=%ld\n", name, lo, hi, n, a, bo, bc);
  fflush(stdout);
  cudaFree(dx); cudaFree(dy);
}
typedef void (*kern)(const double*, const double*, double*, long);
typedef double (*hostf)(double, double);
static void run(const char* name, kern ko, kern kc, hostf ho, hostf hl, double lo, double hi, int lg, double lo2, double hi2,
    long n, const double* sp, int nsp) {
  long m = n + nsp;
  std::vector<double> x(m), w(m), yo(m), yc(m);
  for (long i = 0; i < n; i++) {
    double u = fmod(0.6180339887498949 * (double)(i + 1), 1.0);
    x[i] = lg ? exp(log(lo) + (log(hi) - log(lo)) * u) : lo + (hi - lo) * u;
    u = fmod(0.7548776662466927 * (double)(i + 1), 1.0);
    w[i] = lo2 + (hi2 - lo2) * u;
  }
  for (int j = 0; j < nsp; j++) { x[n + j] = sp[2 * j]; w[n + j] = sp[2 * j + 1]; }
  double *dx, *dw, *dy;
  CK(cudaMalloc(&dx, m * 8)); CK(cudaMalloc(&dw, m * 8)); CK(cudaMalloc(&dy, m * 8));
  CK(cudaMemcpy(dx, x.data(), m * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dw, w.data(), m * 8, cudaMemcpyHostToDevice));
  int bs = 256; long nb = (m + bs - 1) / bs;
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  float to = 0, tc = 0;
  ko<<<nb, bs>>>(dx, dw, dy, m); CK(cudaDeviceSynchronize());
  cudaEventRecord(e0); for (int r = 0; r < 5; r++) ko<<<nb, bs>>>(dx, dw, dy, m); cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
  cudaEventElapsedTime(&to, e0, e1);
  CK(cudaMemcpy(yo.data(), dy, m * 8, cudaMemcpyDeviceToHost));
  kc<<<nb, bs>>>(dx, dw, dy, m); CK(cudaDeviceSynchronize());
  cudaEventRecord(e0); for (int r = 0; r < 5; r++) kc<<<nb, bs>>>(dx, dw, dy, m); cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
  cudaEventElapsedTime(&tc, e0, e1);
  CK(cudaMemcpy(yc.data(), dy, m * 8, cudaMemcpyDeviceToHost));
  long a = 0, bo = 0, bc = 0;
  #pragma omp parallel for reduction(+:a,bo,bc)
  for (long i = 0; i < m; i++) {
    double h = ho(x[i], w[i]), l = hl(x[i], w[i]);
    if (!same(yo[i], h)) a++;
    if (!same(yo[i], l)) bo++;
    if (!same(yc[i], l)) bc++;
  }
  for (long i = 0, shown = 0; i < m && shown < 3; i++) {
    double h = ho(x[i], w[i]);
    if (!same(yo[i], h)) { shown++; printf("  gpu %016llx host build %016llx at x=%016llx w=%016llx\n", (unsigned long long)B(yo[i]), (unsigned long long)B(h), (unsigned long long)B(x[i]), (unsigned long long)B(w[i])); }
  }
  printf("CRMATH name=%s n=%ld gpu_ne_host_build=%ld ours_ne_libm=%ld cuda_ne_libm=%ld us_ours=%.1f us_cuda=%.1f\n", name, m, a, bo, bc, to * 1000 / 5, tc * 1000 / 5);
  fflush(stdout);
  cudaFree(dx); cudaFree(dw); cudaFree(dy);
}
int main(int argc, char** argv) {
  long n = argc > 1 ? atol(argv[1]) : 10000000;
  (void)F;
`)
	for i, c := range cases {
		fmt.Fprintf(&b, "  { %s\n    run(%q, k_ours_%d, k_cuda_%d, h_ours_%d, h_libm_%d, %s, n, sp + 2, %d); }\n",
			c.specialsDecl(), c.name, i, i, i, i, c.rangeArgs(), len(c.specials))
	}
	for _, f := range floatFuncs {
		for _, r := range f.ranges {
			fmt.Fprintf(&b, "  runf(%q, kf_ours_%s, kf_cuda_%s, hf_ours_%s, hf_libm_%s, %s, %s, n);\n", f.name, f.name, f.name, f.name, f.name, lit(r[0]), lit(r[1]))
		}
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// TestCUDAHarness builds the CUDA program above with nvcc (skipped without
// it): the headers compile as device code, with --fmad=false as fgpu's
// kernels are. FGPU_CRMATH_CUDA_OUT=PATH keeps the executable there (for
// the GPU batch: bench/mathlib/gpu.sh).
func TestCUDAHarness(t *testing.T) {
	nvcc, err := exec.LookPath("nvcc")
	if err != nil {
		t.Skip("no nvcc")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "crmath_gpu.cu")
	if err := os.WriteFile(src, []byte(cudaHarness()), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "crmath_gpu")
	if p := os.Getenv("FGPU_CRMATH_CUDA_OUT"); p != "" {
		exe = p
	}
	out, err := exec.Command(nvcc, "-O3", "--fmad=false", "-std=c++17", "-gencode", "arch=compute_90,code=sm_90",
		"-Xcompiler", "-fopenmp,-ffp-contract=off", "-o", exe, src).CombinedOutput()
	if err != nil {
		t.Fatalf("nvcc: %v\n%s", err, out)
	}
	if len(out) > 0 {
		t.Errorf("nvcc warns:\n%s", out)
	}
}
