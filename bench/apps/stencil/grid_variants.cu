// bench/apps/stencil/grid_variants.cu: the plain star stencil's kernel as fgpu emitted it at
// 35c5104 (stencil_mod.f90:39), launched in several geometries and thread-index mappings, to
// find what keeps it from its hand twin (stencil_ref.cu) on the GPU machine: the resident
// grid (grid-stride loop) or a full grid (one point a thread), 1024 or 256 threads a block,
// the window loop unrolled or not, consecutive threads over TX x TY tiles of (i, j).
// Build: nvcc -O3 -std=c++17 -arch=sm_90 --fmad=false -o grid_variants grid_variants.cu
// Results: bench/RESULTS.md (issue 30, the plain stencil's geometry).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)
__device__ __forceinline__ int64_t fgpu_trip(int64_t lo, int64_t hi, int64_t st) { int64_t t = (hi - lo + st) / st; return t > 0 ? t : 0; }
#define PARAMS0 char* b_u, int64_t lb1_u, int64_t sm1_u, int64_t lb2_u, int64_t sm2_u, char* b_v, int64_t lb1_v, int64_t sm1_v, int64_t lb2_v, int64_t sm2_v, char* b_w, int64_t lb1_w, int64_t sm1_w
#define LOOPBODY v_jj = (int32_t)c1; \
        v_s = ((v_s + ((*(double*)(b_w + (((int64_t)(v_jj)) - lb1_w) * sm1_w)) * (*(double*)(b_u + (((int64_t)((v_i + v_jj))) - lb1_u) * sm1_u + (((int64_t)(v_j)) - lb2_u) * sm2_u)))) + ((*(double*)(b_w + (((int64_t)(v_jj)) - lb1_w) * sm1_w)) * (*(double*)(b_u + (((int64_t)(v_i)) - lb1_u) * sm1_u + (((int64_t)((v_j + v_jj))) - lb2_u) * sm2_u))));
template <bool U> __device__ __forceinline__ void body(PARAMS0, int32_t v_i, int32_t v_j) {
    int32_t v_jj; double v_s; v_s = 0.0;
    { const int64_t s1 = 1; int64_t c1 = -2;
      if (U) {
#pragma unroll
      for (int64_t k1 = fgpu_trip(c1, 2, s1); k1 > 0; --k1, c1 += s1) { LOOPBODY }
      } else {
      for (int64_t k1 = fgpu_trip(c1, 2, s1); k1 > 0; --k1, c1 += s1) { LOOPBODY }
      }
    }
    (*(double*)(b_v + (((int64_t)(v_i)) - lb1_v) * sm1_v + (((int64_t)(v_j)) - lb2_v) * sm2_v)) = ((*(double*)(b_v + (((int64_t)(v_i)) - lb1_v) * sm1_v + (((int64_t)(v_j)) - lb2_v) * sm2_v)) + v_s);
}
#define A0 b_u, lb1_u, sm1_u, lb2_u, sm2_u, b_v, lb1_v, sm1_v, lb2_v, sm2_v, b_w, lb1_w, sm1_w
#define PARAMS char* b_u, int64_t lb1_u, int64_t sm1_u, int64_t lb2_u, int64_t sm2_u, char* b_v, int64_t lb1_v, int64_t sm1_v, int64_t lb2_v, int64_t sm2_v, char* b_w, int64_t lb1_w, int64_t sm1_w, int64_t lo1, int64_t st1, int64_t n1, int64_t lo2, int64_t st2, int64_t n2, int64_t ntot
typedef uint32_t fgpu_I;
__global__ void kA(PARAMS) {
  for (fgpu_I t = (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x; t < (fgpu_I)ntot; t += (fgpu_I)gridDim.x * blockDim.x) {
    const int32_t v_j = (int32_t)(lo1 + ((int64_t)((t) / (fgpu_I)n2)) * st1);
    const int32_t v_i = (int32_t)(lo2 + ((int64_t)((t) % (fgpu_I)n2)) * st2);
    body<false>(A0, v_i, v_j);
  }
}
__global__ void kB(PARAMS) {
  for (fgpu_I t = (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x; t < (fgpu_I)ntot; t += (fgpu_I)gridDim.x * blockDim.x) {
    const int32_t v_j = (int32_t)(lo1 + ((int64_t)((t) / (fgpu_I)n2)) * st1);
    const int32_t v_i = (int32_t)(lo2 + ((int64_t)((t) % (fgpu_I)n2)) * st2);
    body<true>(A0, v_i, v_j);
  }
}
// tiles of TX (fast) x TY (slow) consecutive thread ids
template <int TX, int TY, bool U>
__global__ void kC(PARAMS, int64_t ntx, int64_t npad) {
  for (fgpu_I t = (fgpu_I)blockIdx.x * blockDim.x + threadIdx.x; t < (fgpu_I)npad; t += (fgpu_I)gridDim.x * blockDim.x) {
    const fgpu_I tile = t / (TX * TY), r = t % (TX * TY);
    const fgpu_I q2 = (tile % (fgpu_I)ntx) * TX + r % TX, q1 = (tile / (fgpu_I)ntx) * TY + r / TX;
    if (q2 >= (fgpu_I)n2 || q1 >= (fgpu_I)n1) continue;
    const int32_t v_j = (int32_t)(lo1 + ((int64_t)q1) * st1);
    const int32_t v_i = (int32_t)(lo2 + ((int64_t)q2) * st2);
    body<U>(A0, v_i, v_j);
  }
}
int main(int argc, char** argv) {
  int n = 8192, R = 2, iters = 50;
  size_t total = (size_t)n * n;
  double *u, *v, *w;
  CK(cudaMalloc(&u, total * 8)); CK(cudaMalloc(&v, total * 8)); CK(cudaMalloc(&w, 5 * 8));
  double hw[5] = {-0.125, -0.25, 0, 0.25, 0.125};
  CK(cudaMemcpy(w, hw, 40, cudaMemcpyHostToDevice));
  CK(cudaMemset(u, 0, total * 8)); CK(cudaMemset(v, 0, total * 8));
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int64_t n1 = n - 2 * R, n2 = n - 2 * R, ntot = n1 * n2;
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  auto timeit = [&](const char* name, auto launch) {
    std::vector<float> t;
    for (int it = 0; it <= iters; it++) {
      CK(cudaEventRecord(e0)); launch(); CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
      float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); if (it) t.push_back(ms);
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    double gbs = 3.0 * 8 * ntot / (t[0] * 1e-3) / 1e9;
    std::printf("%-28s best %.4f ms median %.4f ms  %.0f GB/s\n", name, t[0], t[t.size() / 2], gbs);
  };
#define ARGS (char*)u, 0, 8, 0, 8LL * n, (char*)v, 0, 8, 0, 8LL * n, (char*)w, -2, 8, (int64_t)R, 1, n1, (int64_t)R, 1, n2, ntot
  for (int th : {1024, 256}) {
    int per; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kA, th, 0));
    int b = sms * per; char nm[64];
    snprintf(nm, 64, "A 1d t=%d b=%d", th, b); timeit(nm, [&] { kA<<<b, th>>>(ARGS); });
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kB, th, 0)); b = sms * per;
    snprintf(nm, 64, "B 1d unroll t=%d b=%d", th, b); timeit(nm, [&] { kB<<<b, th>>>(ARGS); });
    int64_t full = (ntot + th - 1) / th;
    snprintf(nm, 64, "A 1d full t=%d", th); timeit(nm, [&] { kA<<<(int)full, th>>>(ARGS); });
    snprintf(nm, 64, "B 1d unroll full t=%d", th); timeit(nm, [&] { kB<<<(int)full, th>>>(ARGS); });
#define TILE(TX, TY, U) { int64_t ntx = (n2 + TX - 1) / TX, nty = (n1 + TY - 1) / TY, npad = ntx * nty * TX * TY; \
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kC<TX, TY, U>, th, 0)); b = sms * per; \
      snprintf(nm, 64, "C %dx%d u%d t=%d b=%d", TX, TY, U, th, b); timeit(nm, [&] { kC<TX, TY, U><<<b, th>>>(ARGS, ntx, npad); }); \
      snprintf(nm, 64, "C %dx%d u%d full t=%d", TX, TY, U, th); timeit(nm, [&] { kC<TX, TY, U><<<(int)((npad + th - 1) / th), th>>>(ARGS, ntx, npad); }); }
    TILE(32, 8, false) TILE(32, 8, true) TILE(64, 8, true) TILE(32, 16, true) TILE(128, 8, true) TILE(32, 32, true)
  }
  return 0;
}
