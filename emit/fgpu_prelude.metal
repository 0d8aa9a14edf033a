// fgpu kernels in the Metal Shading Language (emit/mslkernel.go). With
// FGPU_MSL_CPU the file is compiled as C++ (fgpu_msl_cpu.h maps MSL onto
// C++; --gpu=metal_cpu), else by Apple's metal compiler (-fno-fast-math:
// the kernels round as gfortran's code does wherever Metal can).
#ifndef FGPU_MSL_CPU
#include <metal_stdlib>
using namespace metal;
#define FGPU_UNROLL4 _Pragma("unroll 4")
#define FGPU_UNROLL _Pragma("unroll")
#endif
#define FGPU_FN static inline
#define FGPU_CONST constant
// A real(4) elementary function: Metal's float function (on metal_cpu the
// host's, as the CPU kernels call it).
#define FGPU_F4(f, x) f(x)
#define FGPU_F4_2(f, x, y) f(x, y)
FGPU_FN int64_t fgpu_trip(int64_t lo, int64_t hi, int64_t st) {
  int64_t n = (hi - lo + st) / st;
  return n > 0 ? n : 0;
}
FGPU_FN int64_t fgpu_divmod(thread int64_t& r, int64_t n, bool s) {
  int64_t q, m;
  if (s) { const uint32_t a = (uint32_t)r, b = (uint32_t)n; q = a / b; m = a % b; }
  else { q = r / n; m = r % n; }
  r = q;
  return m;
}
template <typename T> FGPU_FN T fgpu_ipow(T b, int64_t e) {
  if (e < 0) { if (b == 1) return 1; if (b == -1) return (e % 2) ? -1 : 1; return 0; }
  T r = 1;
  while (e) { if (e & 1) r *= b; b *= b; e >>= 1; }
  return r;
}
template <typename T> FGPU_FN T fgpu_powi(T b, int64_t e) {
  bool inv = e < 0; uint64_t u = inv ? (uint64_t)(-e) : (uint64_t)e;
  T r = 1;
  while (u) { if (u & 1) r *= b; b *= b; u >>= 1; }
  return inv ? T(1) / r : r;
}
FGPU_FN float fgpu_huge(float) { return 3.40282347e+38f; }
FGPU_FN int8_t fgpu_huge(int8_t) { return 127; }
FGPU_FN int16_t fgpu_huge(int16_t) { return 32767; }
FGPU_FN int32_t fgpu_huge(int32_t) { return 2147483647; }
FGPU_FN int64_t fgpu_huge(int64_t) { return 9223372036854775807L; }
template <typename T> FGPU_FN T fgpu_imod(T a, T p) { return a % p; }
template <typename T> FGPU_FN T fgpu_imodulo(T a, T p) { T r = a % p; if (r != 0 && ((r < 0) != (p < 0))) r += p; return r; }
template <typename T> FGPU_FN T fgpu_rmodulo(T a, T p) { T r = metal::fmod(a, p); if (r != 0 && ((r < 0) != (p < 0))) r += p; return r; }
template <typename T> FGPU_FN T fgpu_isign(T a, T b) { T m = a < 0 ? -a : a; return b >= 0 ? m : -m; }
template <typename T> FGPU_FN T fgpu_iabs(T a) { return a < 0 ? -a : a; }
template <typename T> FGPU_FN T fgpu_max(T a, T b) { return a > b ? a : b; }
template <typename T> FGPU_FN T fgpu_min(T a, T b) { return a < b ? a : b; }
template <typename T> FGPU_FN T fgpu_ishft(T i, int64_t s) {
  typedef typename metal::make_unsigned<T>::type U;
  int bits = (int)(sizeof(T) * 8);
  if (s >= bits || s <= -bits) return 0;
  return s >= 0 ? (T)((U)i << s) : (T)((U)i >> (-s));
}
// A stop of a kernel thread (design doc, "Stopping on the device"): the
// code first, then the site, only while no site is recorded. Metal has no
// 64-bit atomic exchange: plain volatile stores, as on CUDA (whichever
// site the host reads, its code was written by a thread that reached it).
FGPU_FN void fgpu_record_stop(device int64_t* status, int64_t site, int64_t code) {
  volatile device int64_t* s = status;
  if (s[0] == 0) { s[site] = code; s[0] = site; }
}
// The identities of the reductions (mslkernel.go, deviceReduction).
#ifndef INT32_MIN
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#endif
#ifndef INT64_MIN
#define INT64_MIN (-9223372036854775807L - 1)
#define INT64_MAX 9223372036854775807L
#endif
#ifndef INT8_MIN
#define INT8_MIN (-128)
#define INT8_MAX 127
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#endif
// simd_shuffle_down of a value of a reduction or of a value after the
// loop: Metal's for 32-bit values, a 64-bit integer as its two halves.
FGPU_FN float fgpu_shuffle_down(float v, ushort d) { return simd_shuffle_down(v, d); }
FGPU_FN int32_t fgpu_shuffle_down(int32_t v, ushort d) { return simd_shuffle_down(v, d); }
FGPU_FN int64_t fgpu_shuffle_down(int64_t v, ushort d) {
  uint2 h = as_type<uint2>(v);
  h.x = simd_shuffle_down(h.x, d);
  h.y = simd_shuffle_down(h.y, d);
  return as_type<int64_t>(h);
}
FGPU_FN int8_t fgpu_shuffle_down(int8_t v, ushort d) { return (int8_t)simd_shuffle_down((int32_t)v, d); }
FGPU_FN int16_t fgpu_shuffle_down(int16_t v, ushort d) { return (int16_t)simd_shuffle_down((int32_t)v, d); }
// nint of a real(4) (std::llround on the CPU): the nearest integer, halves
// away from zero, as Metal's round rounds.
FGPU_FN int64_t fgpu_llround(float x) { return (int64_t)metal::round(x); }
// An element of an array at a byte address, and an element's address as
// bytes, in the address space the address has (a device procedure's
// arrays are the device's or the thread's, as its caller's are).
// (constant: a section of a named constant array, FGPU_CONST.)
#ifdef FGPU_MSL_CPU
template <typename T> FGPU_FN T* fgpu_as(char* p) { return (T*)p; }
template <typename T> FGPU_FN const T* fgpu_as(const char* p) { return (const T*)p; }
template <typename T> FGPU_FN char* fgpu_bytes(T* p) { return (char*)p; }
template <typename T> FGPU_FN const char* fgpu_bytes(const T* p) { return (const char*)p; }
#else
template <typename T> FGPU_FN device T* fgpu_as(device char* p) { return (device T*)p; }
template <typename T> FGPU_FN thread T* fgpu_as(thread char* p) { return (thread T*)p; }
template <typename T> FGPU_FN constant T* fgpu_as(constant char* p) { return (constant T*)p; }
template <typename T> FGPU_FN device char* fgpu_bytes(device T* p) { return (device char*)p; }
template <typename T> FGPU_FN thread char* fgpu_bytes(thread T* p) { return (thread char*)p; }
template <typename T> FGPU_FN constant char* fgpu_bytes(constant T* p) { return (constant char*)p; }
#endif
// Fortran complex(4) (MSL has no complex type): two floats in storage
// order, the arithmetic of fgpu_prelude.h (Smith's division, libgfortran's
// integer powers), every operator a free function of values; the complex
// elementary functions below.
template <typename T> struct fgpu_cx {
  T re, im;
  constexpr fgpu_cx() : re(0), im(0) {}
  constexpr fgpu_cx(T r, T i = T(0)) : re(r), im(i) {}
#ifdef FGPU_MSL_CPU
  template <typename U> explicit operator U() const { return (U)re; }
#else
  template <typename U> explicit operator U() const thread { return (U)re; }
  template <typename U> explicit operator U() const device { return (U)re; }
#endif
};
template <typename T> FGPU_FN fgpu_cx<T> operator+(fgpu_cx<T> a, fgpu_cx<T> b) { return fgpu_cx<T>(a.re + b.re, a.im + b.im); }
template <typename T> FGPU_FN fgpu_cx<T> operator-(fgpu_cx<T> a, fgpu_cx<T> b) { return fgpu_cx<T>(a.re - b.re, a.im - b.im); }
template <typename T> FGPU_FN fgpu_cx<T> operator-(fgpu_cx<T> a) { return fgpu_cx<T>(-a.re, -a.im); }
template <typename T> FGPU_FN fgpu_cx<T> operator*(fgpu_cx<T> a, fgpu_cx<T> b) { return fgpu_cx<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
template <typename T> FGPU_FN fgpu_cx<T> operator/(fgpu_cx<T> a, fgpu_cx<T> b) {
  if ((b.re < 0 ? -b.re : b.re) >= (b.im < 0 ? -b.im : b.im)) {
    T r = b.im / b.re, d = b.re + b.im * r;
    return fgpu_cx<T>((a.re + a.im * r) / d, (a.im - a.re * r) / d);
  }
  T r = b.re / b.im, d = b.im + b.re * r;
  return fgpu_cx<T>((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}
template <typename T> FGPU_FN bool operator==(fgpu_cx<T> a, fgpu_cx<T> b) { return a.re == b.re && a.im == b.im; }
template <typename T> FGPU_FN bool operator!=(fgpu_cx<T> a, fgpu_cx<T> b) { return !(a == b); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_conj(fgpu_cx<T> a) { return fgpu_cx<T>(a.re, -a.im); }
// abs of a complex: the host's hypot on metal_cpu (as the CPU kernels);
// on Metal, which has none, the scaled formula.
#ifdef FGPU_MSL_CPU
FGPU_FN float fgpu_hypot(float a, float b) { return std::hypot(a, b); }
#else
FGPU_FN float fgpu_hypot(float a, float b) {
  a = metal::fabs(a);
  b = metal::fabs(b);
  const float m = metal::fmax(a, b), n = metal::fmin(a, b);
  if (m == 0.0f || metal::isinf(m)) return m;
  const float r = n / m;
  return m * metal::sqrt(1.0f + r * r);
}
#endif
template <typename T> FGPU_FN T fgpu_cabs(fgpu_cx<T> a) { return fgpu_hypot(a.re, a.im); }
// A complex value after the loop across the lanes: its two parts.
FGPU_FN fgpu_cx<float> fgpu_shuffle_down(fgpu_cx<float> v, ushort d) { return fgpu_cx<float>(simd_shuffle_down(v.re, d), simd_shuffle_down(v.im, d)); }
// z**e as gfortran computes it (libgfortran's pow_c*_i*): a negative
// exponent inverts the base first.
template <typename T> FGPU_FN fgpu_cx<T> fgpu_powi(fgpu_cx<T> b, int64_t e) {
  fgpu_cx<T> r(1);
  if (e == 0) return r;
  uint64_t u = (uint64_t)e;
  if (e < 0) { u = (uint64_t)(-e); b = fgpu_cx<T>(1) / b; }
  for (;;) { if (u & 1) r = r * b; u >>= 1; if (u) b = b * b; else break; }
  return r;
}
// The complex elementary functions (csqrt, cexp, clog, csin, ccos, ctan,
// csinh, ccosh, ctanh, cpow): on metal_cpu the host C library's, as the
// CPU kernels call them (gfortran's bits); on Metal the textbook formulas
// over Metal's real functions, as in CUDA kernels (fgpu_prelude.h).
#ifdef FGPU_MSL_CPU
extern "C" {
__complex__ float csqrtf(__complex__ float); __complex__ float cexpf(__complex__ float);
__complex__ float clogf(__complex__ float); __complex__ float csinf(__complex__ float);
__complex__ float ccosf(__complex__ float); __complex__ float ctanf(__complex__ float);
__complex__ float csinhf(__complex__ float); __complex__ float ccoshf(__complex__ float);
__complex__ float ctanhf(__complex__ float); __complex__ float cpowf(__complex__ float, __complex__ float);
}
static inline __complex__ float fgpu_native(fgpu_cx<float> z) { __complex__ float r; __real__ r = z.re; __imag__ r = z.im; return r; }
static inline fgpu_cx<float> fgpu_of(__complex__ float z) { return fgpu_cx<float>(__real__ z, __imag__ z); }
#define FGPU_CFUN(n) static inline fgpu_cx<float> fgpu_##n(fgpu_cx<float> z) { return fgpu_of(::n##f(fgpu_native(z))); }
FGPU_CFUN(csqrt) FGPU_CFUN(cexp) FGPU_CFUN(clog) FGPU_CFUN(csin) FGPU_CFUN(ccos)
FGPU_CFUN(ctan) FGPU_CFUN(csinh) FGPU_CFUN(ccosh) FGPU_CFUN(ctanh)
#undef FGPU_CFUN
static inline fgpu_cx<float> fgpu_cpow(fgpu_cx<float> z, fgpu_cx<float> w) { return fgpu_of(::cpowf(fgpu_native(z), fgpu_native(w))); }
#else
template <typename T> FGPU_FN fgpu_cx<T> fgpu_cexp(fgpu_cx<T> z) { const T e = metal::exp(z.re); return fgpu_cx<T>(e * metal::cos(z.im), e * metal::sin(z.im)); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_clog(fgpu_cx<T> z) { return fgpu_cx<T>(metal::log(fgpu_hypot(z.re, z.im)), metal::atan2(z.im, z.re)); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_csqrt(fgpu_cx<T> z) {
  if (z.re == T(0) && z.im == T(0)) return fgpu_cx<T>(T(0), z.im);
  const T t = metal::sqrt((metal::fabs(z.re) + fgpu_hypot(z.re, z.im)) * T(0.5));
  if (z.re >= T(0)) return fgpu_cx<T>(t, z.im / (T(2) * t));
  return fgpu_cx<T>(metal::fabs(z.im) / (T(2) * t), metal::copysign(t, z.im));
}
template <typename T> FGPU_FN fgpu_cx<T> fgpu_csin(fgpu_cx<T> z) { return fgpu_cx<T>(metal::sin(z.re) * metal::cosh(z.im), metal::cos(z.re) * metal::sinh(z.im)); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_ccos(fgpu_cx<T> z) { return fgpu_cx<T>(metal::cos(z.re) * metal::cosh(z.im), -(metal::sin(z.re) * metal::sinh(z.im))); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_csinh(fgpu_cx<T> z) { return fgpu_cx<T>(metal::sinh(z.re) * metal::cos(z.im), metal::cosh(z.re) * metal::sin(z.im)); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_ccosh(fgpu_cx<T> z) { return fgpu_cx<T>(metal::cosh(z.re) * metal::cos(z.im), metal::sinh(z.re) * metal::sin(z.im)); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_ctan(fgpu_cx<T> z) { const T d = metal::cos(T(2) * z.re) + metal::cosh(T(2) * z.im); return fgpu_cx<T>(metal::sin(T(2) * z.re) / d, metal::sinh(T(2) * z.im) / d); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_ctanh(fgpu_cx<T> z) { const T d = metal::cosh(T(2) * z.re) + metal::cos(T(2) * z.im); return fgpu_cx<T>(metal::sinh(T(2) * z.re) / d, metal::sin(T(2) * z.im) / d); }
template <typename T> FGPU_FN fgpu_cx<T> fgpu_cpow(fgpu_cx<T> z, fgpu_cx<T> w) {
  if (z.re == T(0) && z.im == T(0)) return (w.re == T(0) && w.im == T(0)) ? fgpu_cx<T>(T(1)) : fgpu_cx<T>(T(0));
  return fgpu_cexp(w * fgpu_clog(z));
}
#endif
