// bench/particles/particles_ref.cu: particles.f90 written by hand in CUDA,
// the same layout (an array of 64-byte structs, as gfortran lays out
// type(particle)), one thread a particle, the array resident on the device,
// one stream, a host clock around the timed steps (with the same warm-up
// call and the synchronisation the Fortran timer makes), the same output
// lines and bits (build with --fmad=false).
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

struct vec3 { double x, y, z; };
struct particle { vec3 r, v; double m; int id; };

__global__ void push(particle* __restrict__ ps, long n, double dt, double g, double drag) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i >= n) return;
  particle p = ps[i];
  p.v.x = p.v.x - dt * drag / p.m * p.v.x;
  p.v.y = p.v.y - dt * drag / p.m * p.v.y;
  p.v.z = p.v.z - dt * (g + drag / p.m * p.v.z);
  p.r.x = p.r.x + dt * p.v.x;
  p.r.y = p.r.y + dt * p.v.y;
  p.r.z = p.r.z + dt * p.v.z;
  if (p.r.z < 0) {
    p.r.z = -p.r.z;
    p.v.z = -p.v.z;
  }
  ps[i].r = p.r;
  ps[i].v = p.v;
}

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  int steps = argc > 2 ? std::atoi(argv[2]) : 200;
  std::vector<particle> h(n);
  for (long k = 0; k < n; k++) {
    long i = k + 1;
    h[k].r = {(i % 1000) * 1e-3, (i % 997) * 1e-3, 1.0 + (i % 13) * 0.1};
    h[k].v = {0.5 - (i % 3) * 0.5, 0.25, 0.0};
    h[k].m = 1.0 + (double)(i % 7);
    h[k].id = (int)i;
  }
  particle* d;
  CK(cudaMalloc(&d, n * sizeof(particle)));
  CK(cudaMemcpy(d, h.data(), n * sizeof(particle), cudaMemcpyHostToDevice));
  int tb = 256;
  long blocks = (n + tb - 1) / tb;
  push<<<blocks, tb>>>(d, n, 1e-3, 9.81, 0.1);
  CK(cudaDeviceSynchronize());
  auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; s++) push<<<blocks, tb>>>(d, n, 1e-3, 9.81, 0.1);
  CK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  CK(cudaMemcpy(h.data(), d, n * sizeof(particle), cudaMemcpyDeviceToHost));
  double sec = std::chrono::duration<double>(t1 - t0).count();
  double sx = 0, sz = 0;
  for (long k = 0; k < n; k++) {
    sx = sx + h[k].r.x;
    sz = sz + h[k].r.z;
  }
  std::printf("RESULT app=particles variant=hand_cuda n=%ld steps=%d us_per_step=%12.3f gbs=%10.1f\n", n, steps,
              sec / steps * 1e6, 104.0 * n * steps / sec * 1e-9);
  std::printf("checksum %24.16E%24.16E\n", sx, sz);
  return 0;
}
