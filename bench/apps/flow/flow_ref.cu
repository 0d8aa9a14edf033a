// bench/apps/flow/flow_ref.cu: the flow-solver pattern of flow_mod.f90
// written by hand in CUDA, as a CUDA port of miniWeather is: one thread a
// cell (or interface), i along the threads (the arrays' first index:
// coalesced), the 4-element stencil, vals and d3_vals in registers, the
// tendency and update kernels one thread an (i, k) cell looping over the 4
// variables; the same arithmetic in the same order (--fmad=false). The
// time loop: RK3 in x then in z, each stage a halo kernel, a flux kernel,
// a tendency kernel and an update kernel; each step timed on the host
// after cudaDeviceSynchronize. Arguments: nx nz steps (default 4096 2048
// 20). Prints what flow.f90 prints.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

constexpr int NV = 4, HS = 2, DENS = 0, UMOM = 1, WMOM = 2, RHOT = 3;
constexpr double cp = 1004.0, rd = 287.0, cv = cp - rd, gamm = cp / cv, c0 = 27.5629410929725921310572974482;
constexpr double hv_beta = 0.25, cfl = 1.5, max_speed = 450.0, xlen = 2.e4, zlen = 1.e4, rho0 = 1.0, theta0 = 300.0;

struct Dims {
  int nx, nz;
  // state(i, k, ll), i in 1-hs:nx+hs, k in 1-hs:nz+hs, ll in 1:4 (0-based ll here)
  __host__ __device__ size_t s(int i, int k, int ll) const {
    return (size_t)(i + HS - 1) + (size_t)(nx + 2 * HS) * ((size_t)(k + HS - 1) + (size_t)(nz + 2 * HS) * ll);
  }
  __host__ __device__ size_t f(int i, int k, int ll) const { // flux(nx+1, nz+1, 4)
    return (size_t)(i - 1) + (size_t)(nx + 1) * ((size_t)(k - 1) + (size_t)(nz + 1) * ll);
  }
  __host__ __device__ size_t t(int i, int k, int ll) const { // tend(nx, nz, 4)
    return (size_t)(i - 1) + (size_t)nx * ((size_t)(k - 1) + (size_t)nz * ll);
  }
};

__global__ void halo_x(Dims d, double* s) {
  int k = blockIdx.x * blockDim.x + threadIdx.x + 1, ll = blockIdx.y;
  if (k > d.nz) return;
  s[d.s(-1, k, ll)] = s[d.s(d.nx - 1, k, ll)];
  s[d.s(0, k, ll)] = s[d.s(d.nx, k, ll)];
  s[d.s(d.nx + 1, k, ll)] = s[d.s(1, k, ll)];
  s[d.s(d.nx + 2, k, ll)] = s[d.s(2, k, ll)];
}

__global__ void halo_z(Dims d, double* s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1 - HS, ll = blockIdx.y;
  if (i > d.nx + HS) return;
  if (ll == WMOM) {
    s[d.s(i, 0, ll)] = -s[d.s(i, 1, ll)];
    s[d.s(i, -1, ll)] = -s[d.s(i, 2, ll)];
    s[d.s(i, d.nz + 1, ll)] = -s[d.s(i, d.nz, ll)];
    s[d.s(i, d.nz + 2, ll)] = -s[d.s(i, d.nz - 1, ll)];
  } else {
    s[d.s(i, 0, ll)] = s[d.s(i, 1, ll)];
    s[d.s(i, -1, ll)] = s[d.s(i, 2, ll)];
    s[d.s(i, d.nz + 1, ll)] = s[d.s(i, d.nz, ll)];
    s[d.s(i, d.nz + 2, ll)] = s[d.s(i, d.nz - 1, ll)];
  }
}

// dir 0: x interfaces (i = 1..nx+1, k = 1..nz); dir 1: z (i = 1..nx, k = 1..nz+1).
__global__ void fluxes(Dims d, const double* __restrict__ s, double* __restrict__ flux, double hv_coef, int dir) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1, k = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i > d.nx + (dir == 0) || k > d.nz + (dir == 1)) return;
  double vals[NV], d3[NV];
#pragma unroll
  for (int ll = 0; ll < NV; ll++) {
    double st[4];
#pragma unroll
    for (int m = 1; m <= 4; m++) st[m - 1] = dir == 0 ? s[d.s(i - HS - 1 + m, k, ll)] : s[d.s(i, k - HS - 1 + m, ll)];
    vals[ll] = -st[0] / 12 + 7 * st[1] / 12 + 7 * st[2] / 12 - st[3] / 12;
    d3[ll] = -st[0] + 3 * st[1] - 3 * st[2] + st[3];
  }
  double r = vals[DENS] + rho0, u = vals[UMOM] / r, w = vals[WMOM] / r, t = (vals[RHOT] + rho0 * theta0) / r;
  if (dir == 0) {
    double p = c0 * pow(r * t, gamm);
    flux[d.f(i, k, DENS)] = r * u - hv_coef * d3[DENS];
    flux[d.f(i, k, UMOM)] = r * u * u + p - hv_coef * d3[UMOM];
    flux[d.f(i, k, WMOM)] = r * u * w - hv_coef * d3[WMOM];
    flux[d.f(i, k, RHOT)] = r * u * t - hv_coef * d3[RHOT];
  } else {
    double p = c0 * pow(r * t, gamm) - c0 * pow(rho0 * theta0, gamm);
    if (k == 1 || k == d.nz + 1) {
      w = 0;
      d3[DENS] = 0;
    }
    flux[d.f(i, k, DENS)] = r * w - hv_coef * d3[DENS];
    flux[d.f(i, k, UMOM)] = r * w * u - hv_coef * d3[UMOM];
    flux[d.f(i, k, WMOM)] = r * w * w + p - hv_coef * d3[WMOM];
    flux[d.f(i, k, RHOT)] = r * w * t - hv_coef * d3[RHOT];
  }
}

__global__ void tendencies(Dims d, const double* __restrict__ flux, double* __restrict__ tend, double h, int dir) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1, k = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i > d.nx || k > d.nz) return;
#pragma unroll
  for (int ll = 0; ll < NV; ll++) {
    double hi = dir == 0 ? flux[d.f(i + 1, k, ll)] : flux[d.f(i, k + 1, ll)];
    tend[d.t(i, k, ll)] = -(hi - flux[d.f(i, k, ll)]) / h;
  }
}

__global__ void update(Dims d, const double* __restrict__ s_init, double* s_out, const double* __restrict__ tend, double dtl) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1, k = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i > d.nx || k > d.nz) return;
#pragma unroll
  for (int ll = 0; ll < NV; ll++) s_out[d.s(i, k, ll)] = s_init[d.s(i, k, ll)] + dtl * tend[d.t(i, k, ll)];
}

int main(int argc, char** argv) {
  Dims d;
  d.nx = argc > 1 ? std::atoi(argv[1]) : 4096;
  d.nz = argc > 2 ? std::atoi(argv[2]) : 2048;
  int steps = argc > 3 ? std::atoi(argv[3]) : 20;
  double dx = xlen / d.nx, dz = zlen / d.nz, dt = std::min(dx, dz) / max_speed * cfl;
  size_t ns = (size_t)(d.nx + 2 * HS) * (d.nz + 2 * HS) * NV;
  std::vector<double> hs(ns, 0.0);
  for (int k = 1; k <= d.nz; k++)
    for (int i = 1; i <= d.nx; i++) {
      double x = (i - 0.5) * dx, z = (k - 0.5) * dz;
      double r = std::sqrt(std::pow((x - xlen / 2) / 2.e3, 2) + std::pow((z - 2.e3) / 2.e3, 2));
      double c = std::cos(r * 1.5707963267948966);
      hs[d.s(i, k, RHOT)] = r < 1 ? rho0 * 3.0 * (c * c) : 0.0;
    }
  double *state, *tmp, *flux, *tend;
  CK(cudaMalloc(&state, ns * sizeof(double)));
  CK(cudaMalloc(&tmp, ns * sizeof(double)));
  CK(cudaMalloc(&flux, (size_t)(d.nx + 1) * (d.nz + 1) * NV * sizeof(double)));
  CK(cudaMalloc(&tend, (size_t)d.nx * d.nz * NV * sizeof(double)));
  CK(cudaMemcpy(state, hs.data(), ns * sizeof(double), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(tmp, hs.data(), ns * sizeof(double), cudaMemcpyHostToDevice));
  std::printf("flow nx = %d, nz = %d, dt = %12.5E\n", d.nx, d.nz, dt);
  dim3 blk(128, 2);
  auto grid = [&](int ni, int nk) { return dim3((ni + blk.x - 1) / blk.x, (nk + blk.y - 1) / blk.y); };
  auto stage = [&](double* s, int dir) {
    if (dir == 0) {
      halo_x<<<dim3((d.nz + 127) / 128, NV), 128>>>(d, s);
      fluxes<<<grid(d.nx + 1, d.nz), blk>>>(d, s, flux, -hv_beta * dx / (16 * dt), 0);
      tendencies<<<grid(d.nx, d.nz), blk>>>(d, flux, tend, dx, 0);
    } else {
      halo_z<<<dim3((d.nx + 2 * HS + 127) / 128, NV), 128>>>(d, s);
      fluxes<<<grid(d.nx, d.nz + 1), blk>>>(d, s, flux, -hv_beta * dz / (16 * dt), 1);
      tendencies<<<grid(d.nx, d.nz), blk>>>(d, flux, tend, dz, 1);
    }
  };
  std::vector<double> t;
  for (int it = 0; it <= steps; it++) {
    auto t0 = std::chrono::steady_clock::now();
    for (int dir = 0; dir < 2; dir++) {
      stage(state, dir);
      update<<<grid(d.nx, d.nz), blk>>>(d, state, tmp, tend, dt / 3);
      stage(tmp, dir);
      update<<<grid(d.nx, d.nz), blk>>>(d, state, tmp, tend, dt / 2);
      stage(tmp, dir);
      update<<<grid(d.nx, d.nz), blk>>>(d, state, state, tend, dt / 1);
    }
    CK(cudaDeviceSynchronize());
    if (it > 0) t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  CK(cudaGetLastError());
  CK(cudaMemcpy(hs.data(), state, ns * sizeof(double), cudaMemcpyDeviceToHost));
  double m0 = rho0 * xlen * zlen, mass = 0, wmax = 0, sum[NV] = {0, 0, 0, 0};
  bool finite = true;
  for (int ll = 0; ll < NV; ll++)
    for (int k = 1; k <= d.nz; k++)
      for (int i = 1; i <= d.nx; i++) {
        double x = hs[d.s(i, k, ll)];
        if (!(std::fabs(x) <= 1.79e308)) finite = false;
        sum[ll] += std::fabs(x);
      }
  for (int k = 1; k <= d.nz; k++)
    for (int i = 1; i <= d.nx; i++) {
      mass += (hs[d.s(i, k, DENS)] + rho0) * dx * dz;
      wmax = std::max(wmax, std::fabs(hs[d.s(i, k, WMOM)]));
    }
  double tot = 0;
  for (double x : t) tot += x;
  std::vector<double> s = t;
  std::sort(s.begin(), s.end());
  std::printf("sum |state| by variable: %17.9E%17.9E%17.9E%17.9E\n", sum[0], sum[1], sum[2], sum[3]);
  std::printf("max |rho w|: %17.9E\n", wmax);
  std::printf("RESULT app=flow_ref seconds_per_step=%.6E best_seconds=%.6E seconds=%.6E nx=%d nz=%d steps=%d\n", s[(s.size() - 1) / 2], s[0], tot,
              d.nx, d.nz, steps);
  std::printf("timer steady_clock\n");
  if (!finite || std::fabs(mass - m0) > 1e-12 * m0 || !(wmax > 0)) {
    std::printf("FAIL\n");
    return 1;
  }
  std::printf("mass conserved\nPASSED\n");
  return 0;
}
