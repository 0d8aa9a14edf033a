// bench/matmul4/src/matmul4_ref.cu: matmul4.f90 written by hand in CUDA,
// the same layout (a(4, 4, n), x(4, n) and y(4, n) column-major), two
// launches a step (x to y, y to x), one thread a vector, the arrays resident on the device, one stream, a host clock
// around the timed steps (with the same warm-up call and the
// synchronisation the Fortran timer makes), each element of the product
// summed from zero in increasing order as Fortran's matmul, the same output
// lines and bits (build with --fmad=false).
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

__global__ void step(const double* __restrict__ a, const double* __restrict__ x, double* __restrict__ y, long n, double s) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* m = a + 16 * i;
  double v[4];
  for (int l = 0; l < 4; l++) v[l] = x[4 * i + l];
  for (int k = 0; k < 4; k++) {
    double acc = 0;
    for (int l = 0; l < 4; l++) acc = acc + m[k + 4 * l] * v[l];
    y[4 * i + k] = acc * s;
  }
}

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1000000;
  int steps = argc > 2 ? std::atoi(argv[2]) : 200;
  std::vector<double> ha(16 * n), hx(4 * n);
  for (long c = 0; c < n; c++) {
    long i = c + 1;
    for (int l = 1; l <= 4; l++) {
      hx[4 * c + (l - 1)] = 1 + ((i + l) % 5) * 0.25;
      for (int k = 1; k <= 4; k++) ha[16 * c + (k - 1) + 4 * (l - 1)] = 0.125 * (1 + (i * k + 3 * l) % 7) / 4;
    }
  }
  double *da, *dx, *dy;
  CK(cudaMalloc(&da, 16 * n * sizeof(double)));
  CK(cudaMalloc(&dx, 4 * n * sizeof(double)));
  CK(cudaMalloc(&dy, 4 * n * sizeof(double)));
  CK(cudaMemcpy(da, ha.data(), 16 * n * sizeof(double), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, hx.data(), 4 * n * sizeof(double), cudaMemcpyHostToDevice));
  int tb = 256;
  long blocks = (n + tb - 1) / tb;
  step<<<blocks, tb>>>(da, dx, dy, n, 1.0625);
  step<<<blocks, tb>>>(da, dy, dx, n, 1.0625);
  CK(cudaDeviceSynchronize());
  auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; s++) {
    step<<<blocks, tb>>>(da, dx, dy, n, 1.0625);
    step<<<blocks, tb>>>(da, dy, dx, n, 1.0625);
  }
  CK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  CK(cudaMemcpy(hx.data(), dx, 4 * n * sizeof(double), cudaMemcpyDeviceToHost));
  double sec = std::chrono::duration<double>(t1 - t0).count();
  double s1 = 0, s4 = 0;
  for (long c = 0; c < n; c++) {
    s1 = s1 + hx[4 * c];
    s4 = s4 + hx[4 * c + 3];
  }
  std::printf("RESULT app=matmul4 variant=hand_cuda n=%ld steps=%d us_per_step=%12.3f gbs=%10.1f\n", n, steps,
              sec / steps * 1e6, 384.0 * n * steps / sec * 1e-9);
  std::printf("checksum %24.16E%24.16E\n", s1, s4);
  return 0;
}
