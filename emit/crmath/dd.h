// fgpu's correctly rounded real(8) functions for CUDA kernels (issue 17):
// double-double arithmetic. Every function of emit/crmath evaluates its
// result as an unevaluated sum hi + lo with a relative error near 2^-100
// and returns hi rounded once (fgpu_dd_round), which is the correctly
// rounded result unless the exact value lies within that error of a
// rounding boundary. Only IEEE operations with an explicit fma: the host
// C++ compiler (-ffp-contract=off: the tests, emit/crmath/crmath_test.go)
// and nvcc with --fmad=false (fgpu's kernels unless --fast, which does not
// call these functions) give the same bits. The tables (tables_*.h) are
// computed by emit/crmath/gen from big.Float values (frontend/crmath).
#ifndef FGPU_CRMATH_DD_H
#define FGPU_CRMATH_DD_H
#ifndef FGPU_FN
#define FGPU_FN static inline
#endif
// A table: in device memory on the GPU (nvcc's device pass), a host array
// in its host pass (where the functions are compiled, never called) and in
// a C++ build. (A file uses the tables of the functions it calls.)
#if defined(__CUDA_ARCH__)
#define FGPU_CR_TABLE [[maybe_unused]] __device__ static const
#else
#define FGPU_CR_TABLE [[maybe_unused]] static const
#endif
struct fgpu_dd { double hi, lo; };
FGPU_FN fgpu_dd fgpu_dd_make(double hi, double lo) { fgpu_dd r; r.hi = hi; r.lo = lo; return r; }
FGPU_FN uint64_t fgpu_dbits(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }
FGPU_FN double fgpu_dfrom(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
// 2^e for -1022 <= e <= 1023.
FGPU_FN double fgpu_pow2(int e) { return fgpu_dfrom((uint64_t)(e + 1023) << 52); }
// a + b exactly (Knuth), any magnitudes.
FGPU_FN fgpu_dd fgpu_two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  return fgpu_dd_make(s, (a - (s - bb)) + (b - bb));
}
// a + b exactly when |a| >= |b| or a == 0 (Dekker).
FGPU_FN fgpu_dd fgpu_fast_two_sum(double a, double b) {
  double s = a + b;
  return fgpu_dd_make(s, b - (s - a));
}
// a * b rounded on its own: nvcc (even under --fmad=true) never fuses it
// with an addition that follows, for the products that feed exact sums.
#ifdef __CUDA_ARCH__
#define FGPU_CR_DMUL(a, b) __dmul_rn((a), (b))
#else
#define FGPU_CR_DMUL(a, b) ((a) * (b))
#endif
// a * b exactly (barring underflow).
FGPU_FN fgpu_dd fgpu_two_prod(double a, double b) {
  double p = FGPU_CR_DMUL(a, b);
  return fgpu_dd_make(p, std::fma(a, b, -p));
}
FGPU_FN fgpu_dd fgpu_dd_add(fgpu_dd a, fgpu_dd b) {
  fgpu_dd s = fgpu_two_sum(a.hi, b.hi), t = fgpu_two_sum(a.lo, b.lo);
  s = fgpu_fast_two_sum(s.hi, s.lo + t.hi);
  return fgpu_fast_two_sum(s.hi, s.lo + t.lo);
}
FGPU_FN fgpu_dd fgpu_dd_add_d(fgpu_dd a, double b) {
  fgpu_dd s = fgpu_two_sum(a.hi, b);
  return fgpu_fast_two_sum(s.hi, s.lo + a.lo);
}
// a + b, |a.hi| >= |b.hi| or a == 0, without cancellation (the same
// signs, or |b| <= |a|/2): relative error near 2^-105 at half
// fgpu_dd_add's flops.
FGPU_FN fgpu_dd fgpu_dd_add_fast(fgpu_dd a, fgpu_dd b) {
  fgpu_dd s = fgpu_fast_two_sum(a.hi, b.hi);
  return fgpu_fast_two_sum(s.hi, s.lo + (a.lo + b.lo));
}
FGPU_FN fgpu_dd fgpu_dd_neg(fgpu_dd a) { return fgpu_dd_make(-a.hi, -a.lo); }
FGPU_FN fgpu_dd fgpu_dd_sub(fgpu_dd a, fgpu_dd b) { return fgpu_dd_add(a, fgpu_dd_neg(b)); }
FGPU_FN fgpu_dd fgpu_dd_mul(fgpu_dd a, fgpu_dd b) {
  fgpu_dd p = fgpu_two_prod(a.hi, b.hi);
  return fgpu_fast_two_sum(p.hi, std::fma(a.hi, b.lo, std::fma(a.lo, b.hi, p.lo)));
}
FGPU_FN fgpu_dd fgpu_dd_mul_d(fgpu_dd a, double b) {
  fgpu_dd p = fgpu_two_prod(a.hi, b);
  return fgpu_fast_two_sum(p.hi, std::fma(a.lo, b, p.lo));
}
FGPU_FN fgpu_dd fgpu_dd_sqr(fgpu_dd a) {
  fgpu_dd p = fgpu_two_prod(a.hi, a.hi);
  return fgpu_fast_two_sum(p.hi, std::fma(2.0 * a.hi, a.lo, p.lo));
}
// a / b: two correction steps (relative error near 2^-104).
FGPU_FN fgpu_dd fgpu_dd_div(fgpu_dd a, fgpu_dd b) {
  double q1 = a.hi / b.hi;
  fgpu_dd r = fgpu_dd_sub(a, fgpu_dd_mul_d(b, q1));
  double q2 = r.hi / b.hi;
  r = fgpu_dd_sub(r, fgpu_dd_mul_d(b, q2));
  double q3 = r.hi / b.hi;
  fgpu_dd q = fgpu_fast_two_sum(q1, q2);
  return fgpu_dd_add_d(q, q3);
}
// sqrt(a), a > 0: one Newton step on the correctly rounded double root.
FGPU_FN fgpu_dd fgpu_dd_sqrt(fgpu_dd a) {
  double s = std::sqrt(a.hi);
  fgpu_dd e = fgpu_dd_sub(a, fgpu_two_prod(s, s));
  return fgpu_fast_two_sum(s, e.hi / (2.0 * s));
}
// m with x = m 2^e, 1 <= m < 2, for a finite x > 0 (subnormals too).
FGPU_FN double fgpu_cr_frexp(double x, int* e) {
  int k = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984.0;  // 2^54
    k = -54;
  }
  uint64_t u = fgpu_dbits(x);
  *e = (int)(u >> 52) - 1023 + k;
  return fgpu_dfrom((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
}
// hi + lo rounded to double: after normalization, hi itself.
FGPU_FN double fgpu_dd_round(fgpu_dd a) { return a.hi + a.lo; }
// (hi + lo) * 2^e rounded once to double, 1 <= |hi| < 4 or so, any e:
// overflow to infinity, a subnormal result rounded on its own grid
// (hi * 2^e would round twice), zero below half the least subnormal.
FGPU_FN double fgpu_dd_ldexp(fgpu_dd a, int e) {
  double v = a.hi + a.lo;
  fgpu_dd n = fgpu_fast_two_sum(v, (a.hi - v) + a.lo);
  if (e > 1023) {
    n.hi *= 2.0;
    e -= 1;
    if (e > 1023) return n.hi * 8.98846567431158e307 * 2.0;  // (2^1023 * 2: infinity)
  }
  if (e >= -1022) {
    double r = n.hi * fgpu_pow2(e);
    if (std::fabs(r) >= 2.2250738585072014e-308 || r == 0) return r;
  }
  // A subnormal result: the multiple of 2^-1074 nearest (hi + lo) * 2^e,
  // computed at the scale of hi: grid unit c = 2^(-1074 - e).
  if (e < -1074 - 60) return 0.0 * n.hi;
  int ce = -1074 - e;  // c = 2^ce, -52 < ce <= 60 here
  double c = fgpu_pow2(ce);
  double q = std::rint(n.hi / c);
  // hi - q*c is exact; |lo| < ulp(hi) <= c/2 moves the result only from
  // an exact midpoint.
  double rem = n.hi - q * c;
  if (rem == 0.5 * c && n.lo > 0) q += 1;
  else if (rem == -0.5 * c && n.lo < 0) q -= 1;
  double r = q * 4.9406564584124654e-324;
  return r == 0 ? 0.0 * n.hi : r;
}
#endif
