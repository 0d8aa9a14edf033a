// bench/apps/infer/infer_ref.cu: infer.f90 + infer_mod.f90 written by hand
// in CUDA (issue 34), the same algorithm at its fastest honest form: the
// layers' weights and biases in device buffers of their own (column-major
// as Fortran holds them, w(i, j) at i + j * nout), the inputs and outputs
// resident on the device, one thread per sample (a grid-stride loop) with
// its activations in two local arrays of 256, each layer's output i its
// bias plus the weighted inputs in the order of j, ReLU on all but the last
// layer. The same arguments, values, checksum, RESULT line and check as the
// Fortran program (build with --fmad=false: + and * round as gfortran's, so
// the checksum is the same bits).
#include <cuda_runtime.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

constexpr int kMaxWidth = 256;
constexpr int kLayers = 3;
__constant__ int c_width[kLayers + 1];
struct Net {
  const float* w[kLayers];
  const float* b[kLayers];
};

__device__ __host__ inline float relu(float x) { return fmaxf(0.0f, x); }

__global__ void infer_kernel(Net net, const float* __restrict__ x, float* __restrict__ y, int nbatch) {
  for (long s = blockIdx.x * (long)blockDim.x + threadIdx.x; s < nbatch; s += (long)gridDim.x * blockDim.x) {
    float h[kMaxWidth], g[kMaxWidth];
    int n0 = c_width[0];
    for (int i = 0; i < n0; i++) h[i] = x[i + s * n0];
    for (int l = 0; l < kLayers; l++) {
      const int n1 = c_width[l + 1];
      const float* __restrict__ w = net.w[l];
      const float* __restrict__ b = net.b[l];
      for (int i = 0; i < n1; i++) {
        float acc = b[i];
        for (int j = 0; j < n0; j++) acc = acc + w[i + (long)j * n1] * h[j];
        g[i] = l < kLayers - 1 ? relu(acc) : acc;
      }
      for (int i = 0; i < n1; i++) h[i] = g[i];
      n0 = n1;
    }
    for (int i = 0; i < n0; i++) y[i + s * n0] = h[i];
  }
}

int main(int argc, char** argv) {
  const int widths[kLayers + 1] = {64, 256, 256, 10};
  int nbatch = 65536, reps = 20;
  if (argc >= 3) {
    nbatch = std::atoi(argv[1]);
    reps = std::atoi(argv[2]);
  }
  const int nin = widths[0], nout = widths[kLayers];
  std::vector<std::vector<float>> hw(kLayers), hb(kLayers);
  Net net;
  for (int l = 0; l < kLayers; l++) {
    const int ni = widths[l], no = widths[l + 1], L = l + 1;
    hw[l].resize((size_t)ni * no);
    hb[l].resize(no);
    for (int j = 1; j <= ni; j++)
      for (int i = 1; i <= no; i++)
        hw[l][(i - 1) + (size_t)(j - 1) * no] = (float)((7 * i + 13 * j + 5 * L) % 17 - 8) / (float)(8 * ni);
    for (int i = 1; i <= no; i++) hb[l][i - 1] = (float)((3 * i + L) % 7 - 3) / 16.0f;
    float *dw, *db;
    CK(cudaMalloc(&dw, hw[l].size() * sizeof(float)));
    CK(cudaMalloc(&db, hb[l].size() * sizeof(float)));
    CK(cudaMemcpy(dw, hw[l].data(), hw[l].size() * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb[l].data(), hb[l].size() * sizeof(float), cudaMemcpyHostToDevice));
    net.w[l] = dw;
    net.b[l] = db;
  }
  CK(cudaMemcpyToSymbol(c_width, widths, sizeof widths));
  std::vector<float> hx((size_t)nin * nbatch), hy((size_t)nout * nbatch);
  for (int s = 1; s <= nbatch; s++)
    for (int i = 1; i <= nin; i++) hx[(i - 1) + (size_t)(s - 1) * nin] = (float)((5 * i + 3 * s) % 11 - 5) / 8.0f;
  float *dx, *dy;
  CK(cudaMalloc(&dx, hx.size() * sizeof(float)));
  CK(cudaMalloc(&dy, hy.size() * sizeof(float)));
  CK(cudaMemcpy(dx, hx.data(), hx.size() * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemset(dy, 0, hy.size() * sizeof(float)));
  int dev, sms;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const int threads = 128;
  long want = ((long)nbatch + threads - 1) / threads;
  const int blocks = (int)(want < 32L * sms ? want : 32L * sms);
  infer_kernel<<<blocks, threads>>>(net, dx, dy, nbatch); // warm-up
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; r++) infer_kernel<<<blocks, threads>>>(net, dx, dy, nbatch);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  CK(cudaMemcpy(hy.data(), dy, hy.size() * sizeof(float), cudaMemcpyDeviceToHost));
  double chk = 0;
  for (int s = 1; s <= nbatch; s++)
    for (int i = 1; i <= nout; i++) chk = chk + (double)hy[(i - 1) + (size_t)(s - 1) * nout] * ((i + s) % 5);
  const double secs = std::chrono::duration<double>(t1 - t0).count();
  std::printf("checksum %24.16E\n", chk);
  std::printf("RESULT app=infer_ref nbatch=%d reps=%d seconds= %.5E seconds_per_batch= %.5E\n", nbatch, reps, secs,
              secs / (reps > 0 ? reps : 1));
  std::printf("timer steady_clock\n");
  // The check: every 97th sample and the last against a host pass.
  int bad = 0;
  for (int s = 1; s <= nbatch; s++) {
    if (s % 97 != 1 && s != nbatch) continue;
    float h[kMaxWidth], g[kMaxWidth];
    int n0 = nin;
    for (int i = 0; i < n0; i++) h[i] = hx[i + (size_t)(s - 1) * nin];
    for (int l = 0; l < kLayers; l++) {
      const int n1 = widths[l + 1];
      for (int i = 0; i < n1; i++) {
        float acc = hb[l][i];
        for (int j = 0; j < n0; j++) acc = acc + hw[l][i + (size_t)j * n1] * h[j];
        g[i] = l < kLayers - 1 ? relu(acc) : acc;
      }
      for (int i = 0; i < n1; i++) h[i] = g[i];
      n0 = n1;
    }
    for (int i = 0; i < nout; i++) {
      const float got = hy[i + (size_t)(s - 1) * nout];
      if (std::fabs(got - h[i]) > 1e-5f * std::fmax(1.0f, std::fabs(h[i]))) bad++;
    }
  }
  if (bad != 0) {
    std::printf("FAIL: %d outputs differ from the host pass\n", bad);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
