// bench/apps/cg/cg_ref.cu: cg.f90 + cg_mod.f90 written by hand in CUDA,
// the fastest honest version: the five grid vectors resident on the device
// (ghost ring included, the Fortran layout: i fastest), one non-blocking
// stream; per CG iteration the operator kernel, two dot products (a
// grid-stride sum per thread, warp shuffles, one atomicAdd per block into a
// device double, then a cudaMemcpyAsync of the 8 bytes into pinned memory
// and cudaStreamSynchronize: the host needs alpha and beta), and the two
// update kernels. The same arguments, initial values, stopping test and
// output lines as the Fortran program (build with --fmad=false: + and *
// round as gfortran's; the dot products' order differs, so the residuals
// agree to rounding).
#include <cuda_runtime.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

struct Grid {
  int n1, n2, n3;
  long s2, s3;  // strides of j and k (ghosts included)
  __host__ __device__ long at(int i, int j, int k) const { return i + j * s2 + k * s3; }
};

// The interior point t (0-based, i fastest) of the grid.
__device__ inline void point(const Grid& g, long t, int& i, int& j, int& k) {
  i = (int)(t % g.n1) + 1;
  long r = t / g.n1;
  j = (int)(r % g.n2) + 1;
  k = (int)(r / g.n2) + 1;
}

__global__ void rhs_kernel(Grid g, double* b) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (t >= (long)g.n1 * g.n2 * g.n3) return;
  int i, j, k;
  point(g, t, i, j, k);
  b[g.at(i, j, k)] = (double)(((7 * i + 3 * j + k) % 11) - 5) / 8;
}

__global__ void start_kernel(Grid g, const double* __restrict__ b, double* r, double* p) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (t >= (long)g.n1 * g.n2 * g.n3) return;
  int i, j, k;
  point(g, t, i, j, k);
  long a = g.at(i, j, k);
  r[a] = b[a];
  p[a] = b[a];
}

__global__ void op_kernel(Grid g, const double* __restrict__ v, double* __restrict__ w, double sigma) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (t >= (long)g.n1 * g.n2 * g.n3) return;
  int i, j, k;
  point(g, t, i, j, k);
  long a = g.at(i, j, k);
  w[a] = (6 + sigma) * v[a] - v[a - 1] - v[a + 1] - v[a - g.s2] - v[a + g.s2] - v[a - g.s3] - v[a + g.s3];
}

__global__ void dot_kernel(Grid g, const double* __restrict__ u, const double* __restrict__ v, double* s) {
  long n = (long)g.n1 * g.n2 * g.n3;
  double m = 0.0;
  for (long t = blockIdx.x * (long)blockDim.x + threadIdx.x; t < n; t += (long)gridDim.x * blockDim.x) {
    int i, j, k;
    point(g, t, i, j, k);
    long a = g.at(i, j, k);
    m += u[a] * v[a];
  }
  for (int o = 16; o > 0; o >>= 1) m += __shfl_down_sync(0xffffffffu, m, o);
  __shared__ double w[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) w[warp] = m;
  __syncthreads();
  if (warp == 0) {
    m = lane < (int)(blockDim.x >> 5) ? w[lane] : 0.0;
    for (int o = 16; o > 0; o >>= 1) m += __shfl_down_sync(0xffffffffu, m, o);
    if (lane == 0) atomicAdd(s, m);
  }
}

__global__ void xr_kernel(Grid g, double* x, double* r, const double* __restrict__ p, const double* __restrict__ ap, double alpha) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (t >= (long)g.n1 * g.n2 * g.n3) return;
  int i, j, k;
  point(g, t, i, j, k);
  long a = g.at(i, j, k);
  x[a] = x[a] + alpha * p[a];
  r[a] = r[a] - alpha * ap[a];
}

__global__ void p_kernel(Grid g, const double* __restrict__ r, double* p, double beta) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (t >= (long)g.n1 * g.n2 * g.n3) return;
  int i, j, k;
  point(g, t, i, j, k);
  long a = g.at(i, j, k);
  p[a] = r[a] + beta * p[a];
}

static cudaStream_t st;
static double* dsum;
static double* hsum;
static int dotBlocks;

static double dot(const Grid& g, const double* u, const double* v) {
  CK(cudaMemsetAsync(dsum, 0, sizeof(double), st));
  dot_kernel<<<dotBlocks, 256, 0, st>>>(g, u, v, dsum);
  CK(cudaMemcpyAsync(hsum, dsum, sizeof(double), cudaMemcpyDeviceToHost, st));
  CK(cudaStreamSynchronize(st));
  return *hsum;  // global_sum: one rank
}

int main(int argc, char** argv) {
  int m1 = 55, m2 = 181, m3 = 361, maxit = 2995, kout = 100;
  if (argc >= 6) {
    m1 = std::atoi(argv[1]); m2 = std::atoi(argv[2]); m3 = std::atoi(argv[3]);
    maxit = std::atoi(argv[4]); kout = std::atoi(argv[5]);
  }
  const double sigma = 0.0, tol = 1e-10;
  Grid g{m1, m2, m3, (long)(m1 + 2), (long)(m1 + 2) * (m2 + 2)};
  long total = g.s3 * (m3 + 2), n = (long)m1 * m2 * m3;
  size_t bytes = total * sizeof(double);
  double *x, *r, *p, *ap, *b;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  for (double** a : {&x, &r, &p, &ap, &b}) {
    CK(cudaMalloc(a, bytes));
    CK(cudaMemsetAsync(*a, 0, bytes, st));
  }
  CK(cudaMalloc(&dsum, sizeof(double)));
  CK(cudaMallocHost(&hsum, sizeof(double)));
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  dotBlocks = sms * 8;
  int threads = 256;
  int blocks = (int)((n + threads - 1) / threads);
  rhs_kernel<<<blocks, threads, 0, st>>>(g, b);
  start_kernel<<<blocks, threads, 0, st>>>(g, b, r, p);
  double rr = dot(g, r, r);
  double bnorm = std::sqrt(rr);
  std::printf("bnorm %13.6E\n", bnorm);
  int iters = 0;
  double rrnew = rr;
  auto t0 = std::chrono::steady_clock::now();
  for (int it = 1; it <= maxit; it++) {
    op_kernel<<<blocks, threads, 0, st>>>(g, p, ap, sigma);
    double pap = dot(g, p, ap);
    double alpha = rr / pap;
    xr_kernel<<<blocks, threads, 0, st>>>(g, x, r, p, ap, alpha);
    rrnew = dot(g, r, r);
    iters = it;
    if (it % kout == 0) std::printf("iter %6d residual %13.6E\n", it, std::sqrt(rrnew) / bnorm);
    if (std::sqrt(rrnew) <= tol * bnorm) break;
    double beta = rrnew / rr;
    p_kernel<<<blocks, threads, 0, st>>>(g, r, p, beta);
    rr = rrnew;
  }
  CK(cudaStreamSynchronize(st));
  auto t1 = std::chrono::steady_clock::now();
  double secs = std::chrono::duration<double>(t1 - t0).count();
  std::printf("done %6d residual %13.6E\n", iters, std::sqrt(rrnew) / bnorm);
  std::printf("RESULT app=cg_ref n1=%d n2=%d n3=%d iters=%d seconds=%12.5E seconds_per_iter=%12.5E\n",
              m1, m2, m3, iters, secs, secs / (iters > 0 ? iters : 1));
  std::printf("timer steady_clock\n");
  return 0;
}
