// fgpu_msl_cpu.h: the Metal Shading Language as C++17, so that the MSL
// fgpu emits compiles with the host's C++ compiler and runs on the CPU
// (--gpu=metal_cpu, a test backend; emit/mslkernel.go). MSL's address
// spaces and attributes become nothing (constant: const), its scalar types
// and metal:: functions the host's (the same libm functions the CPU
// kernels call, so results match gfortran on the host). A dispatch runs
// the kernel function for every grid position, one at a time, in the order
// FGPU_CPU_ORDER gives (runtime/README.md).
#ifndef FGPU_MSL_CPU_H
#define FGPU_MSL_CPU_H
#define FGPU_MSL_CPU 1
#include <cstdint>
#include <cstddef>
#include <cmath>
#include <type_traits>
#include <ISO_Fortran_binding.h>
#include "fgpu_rt.h"
typedef uint32_t uint;
struct uint2 { uint x, y; };
struct uint3 { uint x, y, z; };
namespace metal {
using std::fabs; using std::sqrt; using std::exp; using std::log; using std::log10; using std::log2;
using std::pow; using std::sin; using std::cos; using std::tan; using std::asin; using std::acos;
using std::atan; using std::atan2; using std::sinh; using std::cosh; using std::tanh; using std::asinh;
using std::acosh; using std::atanh; using std::floor; using std::ceil; using std::trunc; using std::round;
using std::fmod; using std::copysign; using std::fmin; using std::fmax;
using std::make_unsigned;
}
// Address spaces and function qualifiers.
#define kernel
#define device
#define thread
#define threadgroup
#define constant const
// Attributes: [[buffer(n)]] and [[thread_position_in_grid]] become [[]].
#define buffer(n)
#define thread_position_in_grid
#define FGPU_UNROLL4
#define FGPU_UNROLL
// The dispatch of n threads: the kernel's grid in pieces of at most 2^30
// threads (*base, the first thread's iteration, is an argument of the
// kernel), each piece one position at a time in FGPU_CPU_ORDER's order.
template <typename F> static inline void fgpu_msl_dispatch(int64_t n, int64_t* base, F f) {
  const int64_t piece = (int64_t)1 << 30;
  for (int64_t b0 = 0; b0 < n; b0 += piece) {
    *base = b0;
    const int64_t m = n - b0 < piece ? n - b0 : piece;
    for (int64_t q = 0; q < m; ++q) f((uint)fgpu_cpu_order_index(q, m));
  }
}
#endif
