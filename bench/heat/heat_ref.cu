// bench/heat/heat_ref.cu: the computation of heat.f90 written by hand in
// CUDA, as a careful programmer would: data resident on the device for the
// whole run, one kernel per step (2-D blocks, x along the contiguous
// dimension), the residual norm reduced on the device (warp shuffles, one
// atomic per block) and only the scalar copied back every `every` steps.
// Timed like the Fortran program: a host clock around the stepping loop,
// which ends with the last copy/synchronisation. Same arguments.
#include <cuda_runtime.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

// Column-major like Fortran: element (i, j), 0-based, at i + j * n.
__global__ void step_kernel(const double* __restrict__ u, double* __restrict__ v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < n - 1) {
    size_t k = (size_t)i + (size_t)j * n;
    v[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - n] + u[k + n]);
  }
}

__global__ void residual_kernel(const double* __restrict__ u, const double* __restrict__ v, int n, double* out) {
  double s = 0.0;
  size_t m = (size_t)(n - 2) * (n - 2);
  for (size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x; t < m; t += (size_t)gridDim.x * blockDim.x) {
    size_t i = t % (n - 2) + 1, j = t / (n - 2) + 1;
    double d = u[i + j * n] - v[i + j * n];
    s += d * d;
  }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  __shared__ double w[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) w[warp] = s;
  __syncthreads();
  if (warp == 0) {
    s = lane < (int)(blockDim.x >> 5) ? w[lane] : 0.0;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) atomicAdd(out, s);
  }
}

__global__ void init_kernel(double* u, double* v, int n) {
  size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t < (size_t)n * n) {
    double x = (t % n == 0) ? 1.0 : 0.0;
    u[t] = x;
    v[t] = x;
  }
}

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 4096;
  int nsteps = argc > 2 ? std::atoi(argv[2]) : 1000;
  int every = argc > 3 ? std::atoi(argv[3]) : 100;
  size_t bytes = (size_t)n * n * sizeof(double);
  double *u, *v, *res;
  CK(cudaMalloc(&u, bytes));
  CK(cudaMalloc(&v, bytes));
  CK(cudaMalloc(&res, sizeof(double)));
  init_kernel<<<(unsigned)(((size_t)n * n + 255) / 256), 256>>>(u, v, n);
  CK(cudaDeviceSynchronize());
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  dim3 block(128, 4), grid((n - 2 + 127) / 128, (n - 2 + 3) / 4);
  auto t0 = std::chrono::steady_clock::now();
  for (int step = 1; step <= nsteps; step++) {
    if (step % 2 == 1) step_kernel<<<grid, block>>>(u, v, n);
    else step_kernel<<<grid, block>>>(v, u, n);
    if (step % every == 0) {
      double h = 0.0;
      CK(cudaMemsetAsync(res, 0, sizeof(double)));
      residual_kernel<<<sms * 8, 256>>>(u, v, n, res);
      CK(cudaMemcpy(&h, res, sizeof(double), cudaMemcpyDeviceToHost));
      std::printf("step %6d residual %12.4E\n", step, std::sqrt(h));
    }
  }
  CK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  CK(cudaGetLastError());
  std::printf("time %10.3f ms\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  std::vector<double> hu((size_t)n * n);
  CK(cudaMemcpy(hu.data(), u, bytes, cudaMemcpyDeviceToHost));
  double cs = 0.0;
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < n - 1; i++) cs += hu[(size_t)i + (size_t)j * n];
  std::printf("checksum %14.6E\n", cs);
  return 0;
}
