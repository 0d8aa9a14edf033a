// bench/stream/stream_ref.cu: the five kernels of stream.f90 written by hand
// in CUDA, as fast as we can write them: 16-byte vectorized loads and stores
// (double2), one double2 a thread over a full grid of 256-thread blocks for
// the four streaming kernels (the fastest of the geometries the batch also
// tries: 256/512/1024 threads, full or resident grid), the dot product
// grid-stride over four waves of resident 1024-thread blocks, reduced with
// warp shuffles and one atomic per block (bench/RESULTS.md). Timed as
// stream.f90 is: a host clock around each kernel and its synchronisation,
// 100 timed iterations after one warm-up, best time per kernel.
// Argument: log2 of the array size (default 28).
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

// Threads per block and grid of the streaming kernels: STREAM_TB (default
// 256) and STREAM_GRID ("full": one double2 a thread, the default;
// "occupancy": the resident blocks, grid-stride); of the dot product:
// STREAM_DOT_TB (default 1024) and STREAM_DOT_WAVES (resident grids,
// default 4). To check that the reference is the best we can write.
static int TB = 256;
static bool full_grid = true;
static int DOT_TB = 1024, DOT_WAVES = 4;

__global__ void init_k(double* a, double* b, double* c, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    a[i] = 0.1; b[i] = 0.2; c[i] = 0.0;
  }
}
__global__ void copy_k(const double2* __restrict__ a, double2* __restrict__ c, size_t n2) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) c[i] = a[i];
}
__global__ void mul_k(double2* __restrict__ b, const double2* __restrict__ c, double s, size_t n2) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) {
    double2 x = c[i]; b[i] = make_double2(s * x.x, s * x.y);
  }
}
__global__ void add_k(const double2* __restrict__ a, const double2* __restrict__ b, double2* __restrict__ c, size_t n2) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) {
    double2 x = a[i], y = b[i]; c[i] = make_double2(x.x + y.x, x.y + y.y);
  }
}
__global__ void triad_k(double2* __restrict__ a, const double2* __restrict__ b, const double2* __restrict__ c, double s, size_t n2) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) {
    double2 x = b[i], y = c[i]; a[i] = make_double2(x.x + s * y.x, x.y + s * y.y);
  }
}
__global__ void dot_k(const double2* __restrict__ a, const double2* __restrict__ b, size_t n2, double* out) {
  double s = 0.0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) {
    double2 x = a[i], y = b[i]; s += x.x * y.x + x.y * y.y;
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

template <typename K> int grid_for(K kernel, size_t work = 0, int tb = 0, int waves = 1) {
  if (tb == 0) tb = TB;
  if (full_grid && work) return (int)((work + tb - 1) / tb);
  int sms = 0, per = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, tb, 0));
  return sms * std::max(per, 1) * waves;
}

int main(int argc, char** argv) {
  int lg = argc > 1 ? std::atoi(argv[1]) : 28;
  if (const char* e = std::getenv("STREAM_TB")) TB = std::atoi(e);
  if (const char* e = std::getenv("STREAM_GRID")) full_grid = std::string(e) == "full";
  if (const char* e = std::getenv("STREAM_DOT_TB")) DOT_TB = std::atoi(e);
  if (const char* e = std::getenv("STREAM_DOT_WAVES")) DOT_WAVES = std::atoi(e);
  size_t n = (size_t)1 << lg, n2 = n / 2;
  const int ntimes = 100;
  const double scalar = 0.4;
  double *a, *b, *c, *dsum;
  CK(cudaMalloc(&a, n * 8)); CK(cudaMalloc(&b, n * 8)); CK(cudaMalloc(&c, n * 8)); CK(cudaMalloc(&dsum, 8));
  init_k<<<grid_for(init_k, n), TB>>>(a, b, c, n);
  CK(cudaDeviceSynchronize());
  double2 *a2 = (double2*)a, *b2 = (double2*)b, *c2 = (double2*)c;
  int gc = grid_for(copy_k, n2), gm = grid_for(mul_k, n2), ga = grid_for(add_k, n2), gt = grid_for(triad_k, n2), gd = grid_for(dot_k, 0, DOT_TB, DOT_WAVES);
  std::vector<double> t[5];
  double dot = 0.0;
  typedef std::chrono::steady_clock clk;
  for (int k = 0; k <= ntimes; k++) {
    auto t0 = clk::now(); copy_k<<<gc, TB>>>(a2, c2, n2); CK(cudaDeviceSynchronize()); auto t1 = clk::now();
    if (k) t[0].push_back(std::chrono::duration<double>(t1 - t0).count());
    t0 = clk::now(); mul_k<<<gm, TB>>>(b2, c2, scalar, n2); CK(cudaDeviceSynchronize()); t1 = clk::now();
    if (k) t[1].push_back(std::chrono::duration<double>(t1 - t0).count());
    t0 = clk::now(); add_k<<<ga, TB>>>(a2, b2, c2, n2); CK(cudaDeviceSynchronize()); t1 = clk::now();
    if (k) t[2].push_back(std::chrono::duration<double>(t1 - t0).count());
    t0 = clk::now(); triad_k<<<gt, TB>>>(a2, b2, c2, scalar, n2); CK(cudaDeviceSynchronize()); t1 = clk::now();
    if (k) t[3].push_back(std::chrono::duration<double>(t1 - t0).count());
    t0 = clk::now();
    CK(cudaMemsetAsync(dsum, 0, 8));
    dot_k<<<gd, DOT_TB>>>(a2, b2, n2, dsum);
    CK(cudaMemcpy(&dot, dsum, 8, cudaMemcpyDeviceToHost));
    t1 = clk::now();
    if (k) t[4].push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  CK(cudaGetLastError());
  double ai = 0.1, bi = 0.2, ci = 0.0;
  for (int k = 0; k <= ntimes; k++) { ci = ai; bi = scalar * ci; ci = ai + bi; ai = bi + scalar * ci; }
  std::vector<double> ha(n), hb(n), hc(n);
  CK(cudaMemcpy(ha.data(), a, n * 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hb.data(), b, n * 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hc.data(), c, n * 8, cudaMemcpyDeviceToHost));
  double err = 0;
  for (size_t i = 0; i < n; i++)
    err = std::max({err, std::fabs(ha[i] - ai) / ai, std::fabs(hb[i] - bi) / bi, std::fabs(hc[i] - ci) / ci});
  double want = ai * bi * (double)n;
  if (err > 1e-8 || std::fabs(dot - want) / want > 1e-8) {
    std::printf("validation FAILED: err %g dot %.14e want %.14e\n", err, dot, want);
    return 1;
  }
  const char* names[5] = {"copy ", "mul  ", "add  ", "triad", "dot  "};
  double words[5] = {2, 2, 3, 3, 2};
  for (int k = 0; k < 5; k++) {
    double best = *std::min_element(t[k].begin(), t[k].end());
    std::printf("%s%12.1f GB/s  (best %10.4f ms)\n", names[k], words[k] * 8.0 * (double)n / best * 1e-9, best * 1e3);
  }
  std::printf("validation PASSED (n = %zu)\n", n);
  return 0;
}
