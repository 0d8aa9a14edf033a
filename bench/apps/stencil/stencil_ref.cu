// bench/apps/stencil/stencil_ref.cu: the star stencil of stencil_mod.f90
// written by hand in CUDA: one thread a point, blocks of 32 x 8 threads
// along (i, j) (i, u's first index, along the threads: coalesced), the
// weights in constant memory, the window loop unrolled; then the increment
// of u. The same arithmetic in the same order as the Fortran (--fmad=false:
// gfortran's bits; here every value is exact anyway). Both forms of the
// Fortran program (plain, tiled) are measured against this one kernel.
// Timed with CUDA events around each stencil call, best and median of the
// iters calls after one warm-up. Arguments: n iters (default 8192 100).
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

constexpr int R = 2, BS = 32;
__constant__ double w[2 * R + 1];

// u, v column-major n x n, 0-based: u(i, j) at u[i + j * n].
__global__ void star_k(const double* __restrict__ u, double* __restrict__ v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + R;
  int j = blockIdx.y * blockDim.y + threadIdx.y + R;
  if (i > n - R - 1 || j > n - R - 1) return;
  double s = 0;
#pragma unroll
  for (int jj = -R; jj <= R; jj++) s = s + w[jj + R] * u[(i + jj) + (size_t)j * n] + w[jj + R] * u[i + (size_t)(j + jj) * n];
  size_t k = i + (size_t)j * n;
  v[k] = v[k] + s;
}

__global__ void inc_k(double* u, size_t total) {
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < total; k += (size_t)gridDim.x * blockDim.x) u[k] += 1;
}

__global__ void reset_k(double* u, double* v, int n) {
  size_t total = (size_t)n * n;
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < total; k += (size_t)gridDim.x * blockDim.x) {
    u[k] = (double)(k % n + k / n);
    v[k] = 0;
  }
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  int iters = argc > 2 ? std::atoi(argv[2]) : 100;
  double hw[2 * R + 1];
  for (int jj = -R; jj <= R; jj++) hw[jj + R] = jj == 0 ? 0 : (jj > 0 ? 1.0 : -1.0) / (2.0 * std::abs(jj) * R);
  CK(cudaMemcpyToSymbol(w, hw, sizeof hw));
  size_t total = (size_t)n * n;
  double *u, *v;
  CK(cudaMalloc(&u, total * sizeof(double)));
  CK(cudaMalloc(&v, total * sizeof(double)));
  std::vector<double> hv(total);
  dim3 blk(32, 8), grd((n - 2 * R + 31) / 32, (n - 2 * R + 7) / 8);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  double pts = (double)(n - 2 * R) * (n - 2 * R);
  std::printf("stencil n = %d, radius %d, tile %d\n", n, R, BS);
  const char* names[2] = {"plain", "tiled"};
  int failed = 0;
  for (int form = 0; form < 2; form++) {
    reset_k<<<1024, 256>>>(u, v, n);
    std::vector<double> t;
    for (int it = 0; it <= iters; it++) {
      CK(cudaEventRecord(e0));
      star_k<<<grd, blk>>>(u, v, n);
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (it > 0) t.push_back(ms * 1e-3);
      inc_k<<<1024, 256>>>(u, total);
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(hv.data(), v, total * sizeof(double), cudaMemcpyDeviceToHost));
    double want = 2.0 * (iters + 1), norm = 0;
    long long bad = 0;
    for (int j = R; j <= n - R - 1; j++)
      for (int i = R; i <= n - R - 1; i++) {
        double x = hv[i + (size_t)j * n];
        if (x != want) bad++;
        norm += std::abs(x);
      }
    std::sort(t.begin(), t.end());
    double best = t[0], med = t[(t.size() - 1) / 2];
    std::printf("form %s: norm %22.15E, wrong points %lld\n", names[form], norm / pts, bad);
    std::printf("RESULT app=stencil_ref variant=%s gbs=%.6E gflops=%.6E seconds=%.6E median_seconds=%.6E n=%d iters=%d\n", names[form],
                24.0 * pts / best * 1e-9, (4.0 * (2 * R + 1) + 1) * pts / best * 1e-9, best, med, n, iters);
    if (bad) failed = 1;
  }
  std::printf("timer cudaEvent\n");
  if (failed) {
    std::printf("FAIL\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
