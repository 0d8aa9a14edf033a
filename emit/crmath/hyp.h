// hypot, sinh, cosh, tanh (real(8)) for CUDA kernels. hypot is not
// correctly rounded: it is the algorithm of glibc 2.35+ (Borges, "An
// Improved Algorithm for hypot(a,b)": sqrt(x^2 + y^2) in double, then one
// correction step from the exact residual, without fma; glibc's scaling
// by 2^-600 above 2^511 and by 2^600 below 2^-459), so it gives the
// host's bits on every argument. sinh, cosh and tanh are glibc's methods
// on the correctly rounded expm1 and exp (below).
#ifndef FGPU_CRMATH_HYP_H
#define FGPU_CRMATH_HYP_H
// hypot of ax >= ay >= 0 where neither square (nor (ax - ay)^2)
// overflows or underflows: h = sqrt(ax^2 + ay^2) rounded, corrected by
// (ax^2 + ay^2 - h^2) / 2h with the residual evaluated exactly enough
// from delta = h - ay (h <= 2ay) or h - ax.
FGPU_FN double fgpu_hyp_hypot_kernel(double ax, double ay) {
  double h = std::sqrt(FGPU_CR_DMUL(ax, ax) + FGPU_CR_DMUL(ay, ay));
  double t1, t2;
  if (h <= 2.0 * ay) {
    double d = h - ay;
    t1 = FGPU_CR_DMUL(ax, 2.0 * d - ax);
    t2 = FGPU_CR_DMUL(d - 2.0 * (ax - ay), d);
  } else {
    double d = h - ax;
    t1 = FGPU_CR_DMUL(2.0 * d, ax - 2.0 * ay);
    t2 = FGPU_CR_DMUL(4.0 * d - ay, ay) + FGPU_CR_DMUL(d, d);
  }
  return h - (t1 + t2) / (2.0 * h);
}

FGPU_FN double fgpu_cr_hypot(double x, double y) {
  double ax = std::fabs(x), ay = std::fabs(y);
  if (!(ax <= 1.7976931348623157e308) || !(ay <= 1.7976931348623157e308)) {
    // an infinity wins over a NaN
    if (ax > 1.7976931348623157e308) return ax;
    if (ay > 1.7976931348623157e308) return ay;
    return x + y;
  }
  if (ax < ay) {
    double t = ax;
    ax = ay;
    ay = t;
  }
  const double eps = fgpu_pow2(-54), scale = fgpu_pow2(-600);
  if (ax > fgpu_pow2(511)) {
    if (ay <= FGPU_CR_DMUL(ax, eps)) return ax + ay;
    return fgpu_hyp_hypot_kernel(FGPU_CR_DMUL(ax, scale), FGPU_CR_DMUL(ay, scale)) / scale;
  }
  if (ay < fgpu_pow2(-459)) {
    if (ax >= ay / eps) return ax + ay;
    return FGPU_CR_DMUL(fgpu_hyp_hypot_kernel(ax / scale, ay / scale), scale);
  }
  if (ay <= FGPU_CR_DMUL(ax, eps)) return ax + ay;
  return fgpu_hyp_hypot_kernel(ax, ay);
}

// sinh, cosh, tanh: glibc's (fdlibm's) methods on the correctly rounded
// expm1 and exp of explog.h, with its thresholds (compared on the high
// word: the doubles below HI * 2^32): glibc's own expm1 and exp are
// correctly rounded on all but ~5-9% (expm1, |x| < 1) and ~0.08% (exp) of
// arguments, and where they are these give glibc's bits; a correctly
// rounded sinh/tanh differs from glibc's on 29%/45% of [-1, 1].
FGPU_FN double fgpu_hyp_hw(uint32_t hi) { return fgpu_dfrom((uint64_t)hi << 32); }
FGPU_FN double fgpu_cr_sinh(double x) {
  double a = std::fabs(x), h = x < 0 ? -0.5 : 0.5;
  if (!(a < 8.98846567431158e307 * 2.0)) return x + x;  // NaN, +-inf
  if (a < fgpu_hyp_hw(0x40360000)) {  // 22
    if (a < fgpu_hyp_hw(0x3e300000)) return x;  // 2^-28
    double t = fgpu_cr_expm1(a);
    if (a < 1.0) return h * (2.0 * t - FGPU_CR_DMUL(t, t) / (t + 1.0));
    return h * (t + t / (t + 1.0));
  }
  if (a < fgpu_hyp_hw(0x40862e42)) return h * fgpu_cr_exp(a);
  if (a <= fgpu_dfrom(0x408633ce8fb9f87dULL)) {
    double w = fgpu_cr_exp(0.5 * a), t = h * w;
    return t * w;
  }
  return x * 1.0e307;  // +-inf
}

FGPU_FN double fgpu_cr_cosh(double x) {
  double a = std::fabs(x);
  if (!(a < 8.98846567431158e307 * 2.0)) return x * x;  // NaN, +inf
  if (a < fgpu_hyp_hw(0x40360000)) {  // 22
    if (a < fgpu_hyp_hw(0x3fd62e43)) {  // 0.5 ln2
      if (a < fgpu_hyp_hw(0x3c800000)) return 1.0;  // 2^-55
      double t = fgpu_cr_expm1(a), w = 1.0 + t;
      return 1.0 + FGPU_CR_DMUL(t, t) / (w + w);
    }
    double t = fgpu_cr_exp(a);
    return FGPU_CR_DMUL(0.5, t) + 0.5 / t;
  }
  if (a < fgpu_hyp_hw(0x40862e42)) return 0.5 * fgpu_cr_exp(a);
  if (a <= fgpu_dfrom(0x408633ce8fb9f87dULL)) {
    double w = fgpu_cr_exp(0.5 * a), t = 0.5 * w;
    return t * w;
  }
  return 1.0e300 * 1.0e300;  // +inf
}

FGPU_FN double fgpu_cr_tanh(double x) {
  double a = std::fabs(x), z;
  if (!(a < 8.98846567431158e307 * 2.0)) return x < 0 ? 1.0 / x - 1.0 : 1.0 / x + 1.0;  // +-1, NaN
  if (a < fgpu_hyp_hw(0x40360000)) {  // 22
    if (x == 0) return x;
    if (a < fgpu_hyp_hw(0x3c800000)) return x * (1.0 + x);  // 2^-55
    if (a >= 1.0) {
      double t = fgpu_cr_expm1(2.0 * a);
      z = 1.0 - 2.0 / (t + 2.0);
    } else {
      double t = fgpu_cr_expm1(-2.0 * a);
      z = -t / (t + 2.0);
    }
  } else {
    z = 1.0 - 1.0e-300;
  }
  return x < 0 ? -z : z;
}

// real(4) sinh, cosh, tanh: glibc's float methods (fdlibm's, in float
// arithmetic, with its thresholds on the float's bits) on the correctly
// rounded expf and expm1f (the real(8) ones rounded to float). glibc's own
// expf and expm1f are not always correctly rounded; where they are these
// give glibc's bits (per 2e6 arguments: sinhf 2.7% apart on [-80, 80] and
// 7.3% on [-1, 1], coshf 0.06%, tanhf 1.3% and 11.6%, against 5.2%, 28%,
// 2.9%, 5.5%, 45% for correctly rounded values).
FGPU_FN uint32_t fgpu_hyp_fbits(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
FGPU_FN float fgpu_hyp_expf(float x) { return (float)fgpu_cr_exp((double)x); }
FGPU_FN float fgpu_hyp_expm1f(float x) { return (float)fgpu_cr_expm1((double)x); }
FGPU_FN float fgpu_cr_sinhf(float x) {
  uint32_t jx = fgpu_hyp_fbits(x), ix = jx & 0x7fffffffu;
  if (ix >= 0x7f800000u) return x + x;
  float h = (jx >> 31) ? -0.5f : 0.5f, a = std::fabs(x), t, w;
  if (ix < 0x41b00000u) {  // 22
    if (ix < 0x31800000u) return x;  // 2^-28
    t = fgpu_hyp_expm1f(a);
    if (ix < 0x3f800000u) return h * (2.0f * t - t * t / (t + 1.0f));
    return h * (t + t / (t + 1.0f));
  }
  if (ix < 0x42b17180u) return h * fgpu_hyp_expf(a);
  if (ix <= 0x42b2d4fcu) {
    w = fgpu_hyp_expf(0.5f * a);
    t = h * w;
    return t * w;
  }
  return x * 1.0e37f;
}
FGPU_FN float fgpu_cr_coshf(float x) {
  uint32_t ix = fgpu_hyp_fbits(x) & 0x7fffffffu;
  float a = std::fabs(x), t, w;
  if (ix < 0x41b00000u) {  // 22
    if (ix < 0x3eb17218u) {  // 0.5 ln2
      t = fgpu_hyp_expm1f(a);
      w = 1.0f + t;
      if (ix < 0x24000000u) return w;
      return 1.0f + (t * t) / (w + w);
    }
    t = fgpu_hyp_expf(a);
    return 0.5f * t + 0.5f / t;
  }
  if (ix < 0x42b17180u) return 0.5f * fgpu_hyp_expf(a);
  if (ix <= 0x42b2d4fcu) {
    w = fgpu_hyp_expf(0.5f * a);
    t = 0.5f * w;
    return t * w;
  }
  if (ix >= 0x7f800000u) return x * x;
  return 1.0e30f * 1.0e30f;
}
FGPU_FN float fgpu_cr_tanhf(float x) {
  uint32_t jx = fgpu_hyp_fbits(x), ix = jx & 0x7fffffffu;
  float t, z;
  if (ix >= 0x7f800000u) return (jx >> 31) ? 1.0f / x - 1.0f : 1.0f / x + 1.0f;
  if (ix < 0x41b00000u) {  // 22
    if (ix == 0) return x;
    if (ix < 0x24000000u) return x * (1.0f + x);  // 2^-55
    if (ix >= 0x3f800000u) {  // 1
      t = fgpu_hyp_expm1f(2.0f * std::fabs(x));
      z = 1.0f - 2.0f / (t + 2.0f);
    } else {
      t = fgpu_hyp_expm1f(-2.0f * std::fabs(x));
      z = -t / (t + 2.0f);
    }
  } else {
    z = 1.0f - 1.0e-30f;
  }
  return (jx >> 31) ? -z : z;
}
#endif
