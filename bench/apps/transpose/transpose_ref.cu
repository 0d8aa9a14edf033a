// bench/apps/transpose/transpose_ref.cu: the tiled transpose of
// transpose.f90 written by hand in CUDA: the classic shared-memory
// transpose, 32 x 32 tiles padded to 33 columns (no bank conflicts), blocks
// of 32 x 8 threads that each move four rows of a tile, so that the reads
// of a and the writes of b are both coalesced. b(j, i) = a(i, j) on
// column-major n x n real(8) matrices. Timed with CUDA events, best of the
// timed repetitions after one warm-up; effective bandwidth = 2 * 8 * n * n
// bytes / time. Arguments: n (default 16384), repetitions (default 20).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

constexpr int TILE = 32, ROWS = 8;

// a and b column-major: a(i, j) at a[i + j * n] (0-based i, j).
__global__ void transpose_k(const double* __restrict__ a, double* __restrict__ b, int n) {
  __shared__ double tile[TILE][TILE + 1];
  int i = blockIdx.x * TILE + threadIdx.x; // a's first index, along the threads
  int j = blockIdx.y * TILE + threadIdx.y;
  for (int k = 0; k < TILE; k += ROWS)
    if (i < n && j + k < n) tile[threadIdx.y + k][threadIdx.x] = a[(size_t)(j + k) * n + i];
  __syncthreads();
  int jj = blockIdx.y * TILE + threadIdx.x; // b's first index, along the threads
  int ii = blockIdx.x * TILE + threadIdx.y;
  for (int k = 0; k < TILE; k += ROWS)
    if (jj < n && ii + k < n) b[(size_t)(ii + k) * n + jj] = tile[threadIdx.x][threadIdx.y + k];
}

__global__ void init_k(double* a, double* b, int n) {
  size_t total = (size_t)n * n;
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < total; k += (size_t)gridDim.x * blockDim.x) {
    size_t i = k % n, j = k / n;
    a[k] = (double)(i + 1) + (double)n * (double)j;
    b[k] = -1.0;
  }
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 16384;
  int nrep = argc > 2 ? std::atoi(argv[2]) : 20;
  size_t bytes = (size_t)n * n * sizeof(double);
  double *a, *b;
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  init_k<<<1024, 256>>>(a, b, n);
  CK(cudaGetLastError());
  dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE), block(TILE, ROWS);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  float best = 1e30f, total = 0;
  for (int rep = 0; rep <= nrep; ++rep) {
    CK(cudaEventRecord(e0));
    transpose_k<<<grid, block>>>(a, b, n);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    CK(cudaGetLastError());
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (rep > 0) {
      if (ms < best) best = ms;
      total += ms;
    }
  }
  std::vector<double> ha((size_t)n * n), hb((size_t)n * n);
  CK(cudaMemcpy(ha.data(), a, bytes, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hb.data(), b, bytes, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t i = 0; i < (size_t)n; ++i)
    for (size_t j = 0; j < (size_t)n; ++j)
      if (hb[j + i * n] != ha[i + j * n]) ++bad;
  std::printf("transpose n = %d, tile %d (CUDA reference)\n", n, TILE);
  std::printf("best %10.3f ms, mean %10.3f ms\n", best, total / (nrep > 0 ? nrep : 1));
  std::printf("bandwidth %8.1f GB/s\n", 16.0 * n * (double)n / (best * 1e-3) * 1e-9);
  if (bad) {
    std::printf("validation FAILED: wrong elements %zu\n", bad);
    return 1;
  }
  std::printf("validation PASSED\n");
  return 0;
}
