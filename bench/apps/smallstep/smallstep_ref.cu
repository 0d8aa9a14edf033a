// bench/apps/smallstep/smallstep_ref.cu: smallstep.f90 written by hand in
// CUDA, the fastest honest version: the arrays resident on the device, one
// non-blocking stream, per k3host step the three kernels (relax, the
// residual as a one-block max reduction with warp shuffles, copy) and a
// cudaMemcpyAsync of the 8-byte residual into pinned host memory followed
// by cudaStreamSynchronize (the host decides convergence from it); per k1
// step one kernel and no synchronisation until the end of the phase. The
// same warm-up (relax_into, relax, resid once), timings (a host clock
// around each phase), arguments and output lines as the Fortran program,
// and the same bits (build with --fmad=false: + and * round as gfortran's).
#include <cuda_runtime.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

// u and unew hold n+2 points (0..n+1), f n points (f[0] is the Fortran f(1)).
__global__ void relax_kernel(const double* __restrict__ src, double* __restrict__ dst,
                             const double* __restrict__ f, double h2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i <= n) dst[i] = 0.5 * (src[i - 1] + src[i + 1] + h2 * f[i - 1]);
}

// One block: the largest |unew - u| over 1..n into *res.
__global__ void resid_kernel(const double* __restrict__ u, const double* __restrict__ unew, int n, double* res) {
  double m = 0.0;
  for (int i = threadIdx.x + 1; i <= n; i += blockDim.x) m = fmax(m, fabs(unew[i] - u[i]));
  for (int o = 16; o > 0; o >>= 1) m = fmax(m, __shfl_down_sync(0xffffffffu, m, o));
  __shared__ double w[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) w[warp] = m;
  __syncthreads();
  if (warp == 0) {
    m = lane < (int)(blockDim.x >> 5) ? w[lane] : 0.0;
    for (int o = 16; o > 0; o >>= 1) m = fmax(m, __shfl_down_sync(0xffffffffu, m, o));
    if (lane == 0) *res = m;
  }
}

__global__ void copy_kernel(double* __restrict__ u, const double* __restrict__ unew, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i <= n) u[i] = unew[i];
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double checksum(const std::vector<double>& u) {
  double s = 0.0;
  for (size_t i = 0; i < u.size(); i++) s = s + u[i] * (double)(i % 3);
  return s;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 2048;
  int steps = argc > 2 ? std::atoi(argv[2]) : 20000;
  int kprint = argc > 3 ? std::atoi(argv[3]) : 5000;
  const double tol = 1.0e-300;
  double h = 1.0 / (n + 1), h2 = h * h;
  std::vector<double> hu(n + 2, 0.0), hf(n);
  for (int i = 1; i <= n; i++) hf[i - 1] = (double)(i % 7 + 1);

  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  double *u, *unew, *f, *dres, *hres;
  size_t bytes = (size_t)(n + 2) * sizeof(double);
  CK(cudaMalloc(&u, bytes));
  CK(cudaMalloc(&unew, bytes));
  CK(cudaMalloc(&f, (size_t)n * sizeof(double)));
  CK(cudaMalloc(&dres, sizeof(double)));
  CK(cudaMallocHost(&hres, sizeof(double)));
  CK(cudaMemcpyAsync(u, hu.data(), bytes, cudaMemcpyHostToDevice, st));
  CK(cudaMemcpyAsync(unew, hu.data(), bytes, cudaMemcpyHostToDevice, st));
  CK(cudaMemcpyAsync(f, hf.data(), (size_t)n * sizeof(double), cudaMemcpyHostToDevice, st));
  const int tb = 256, blocks = (n + tb - 1) / tb, rtb = 1024;

  // Warm-up: relax_into, relax, resid once (unew from u = 0, as step 1).
  relax_kernel<<<blocks, tb, 0, st>>>(u, unew, f, h2, n);
  relax_kernel<<<blocks, tb, 0, st>>>(u, unew, f, h2, n);
  resid_kernel<<<1, rtb, 0, st>>>(u, unew, n, dres);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(st));

  // Phase k3host.
  double res = 0.0, first = -1.0;
  int done = 0;
  double t0 = now();
  for (int step = 1; step <= steps; step++) {
    relax_kernel<<<blocks, tb, 0, st>>>(u, unew, f, h2, n);
    resid_kernel<<<1, rtb, 0, st>>>(u, unew, n, dres);
    copy_kernel<<<blocks, tb, 0, st>>>(u, unew, n);
    CK(cudaMemcpyAsync(hres, dres, sizeof(double), cudaMemcpyDeviceToHost, st));
    CK(cudaStreamSynchronize(st));
    res = *hres;
    done = step;
    if (step == 1) first = res;
    if (step % kprint == 0) std::printf("step %8d res %24.16E\n", step, res);
    if (res <= tol) break;
  }
  double t1 = now();
  CK(cudaGetLastError());
  CK(cudaMemcpy(hu.data(), u, bytes, cudaMemcpyDeviceToHost));
  std::printf("k3host steps %d res %24.16E checksum %24.16E\n", done, res, checksum(hu));
  std::printf("RESULT app=smallstep_ref variant=k3host us_per_step=%.6E seconds=%.6E n=%d iters=%d\n",
              (t1 - t0) / done * 1e6, t1 - t0, n, done);
  if (!(res > 0.0 && res < first)) {
    std::printf("k3host FAIL: the residual does not decrease\n");
    return 1;
  }

  // Phase k3mod: the same steps again (fgpu's variant keeps the residual
  // in a module variable; by hand it is the same code).
  done = 0;
  t0 = now();
  for (int step = 1; step <= steps; step++) {
    relax_kernel<<<blocks, tb, 0, st>>>(u, unew, f, h2, n);
    resid_kernel<<<1, rtb, 0, st>>>(u, unew, n, dres);
    copy_kernel<<<blocks, tb, 0, st>>>(u, unew, n);
    CK(cudaMemcpyAsync(hres, dres, sizeof(double), cudaMemcpyDeviceToHost, st));
    CK(cudaStreamSynchronize(st));
    res = *hres;
    done = step;
    if (res <= tol) break;
  }
  t1 = now();
  CK(cudaGetLastError());
  std::printf("RESULT app=smallstep_ref variant=k3mod us_per_step=%.6E seconds=%.6E n=%d iters=%d\n",
              (t1 - t0) / done * 1e6, t1 - t0, n, done);

  // Phase k1: an even number of sweeps, ending in u.
  int k1 = 2 * (steps / 2);
  t0 = now();
  for (int step = 1; step <= k1; step++) {
    if (step % 2 == 1) relax_kernel<<<blocks, tb, 0, st>>>(u, unew, f, h2, n);
    else relax_kernel<<<blocks, tb, 0, st>>>(unew, u, f, h2, n);
  }
  CK(cudaStreamSynchronize(st));
  t1 = now();
  CK(cudaGetLastError());
  CK(cudaMemcpy(hu.data(), u, bytes, cudaMemcpyDeviceToHost));
  double s = checksum(hu);
  std::printf("k1 steps %d checksum %24.16E\n", k1, s);
  std::printf("RESULT app=smallstep_ref variant=k1 us_per_step=%.6E seconds=%.6E n=%d iters=%d\n",
              (t1 - t0) / k1 * 1e6, t1 - t0, n, k1);
  std::printf("timer steady_clock\n");
  if (!(s > 0.0)) {
    std::printf("k1 FAIL\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
