// hypot, sinh, cosh, tanh (real(8)) for CUDA kernels. hypot is not
// correctly rounded: it is the algorithm of glibc 2.35+ (Borges, "An
// Improved Algorithm for hypot(a,b)": sqrt(x^2 + y^2) in double, then one
// correction step from the exact residual, without fma; glibc's scaling
// by 2^-600 above 2^511 and by 2^600 below 2^-459), so it gives the
// host's bits on every argument. sinh, cosh and tanh are correctly rounded
// (but within ~2^-100 of a rounding boundary): a series in double-double
// below 1/4, else from e^|x| in double-double (fgpu_hyp_exp, with the
// tables of tables_hyp.h).
#ifndef FGPU_CRMATH_HYP_H
#define FGPU_CRMATH_HYP_H
// a * b rounded on its own: nvcc (--fmad=true) does not fuse it with an
// add that follows.
#ifdef __CUDA_ARCH__
#define FGPU_HYP_MUL(a, b) __dmul_rn((a), (b))
#else
#define FGPU_HYP_MUL(a, b) ((a) * (b))
#endif

// hypot of ax >= ay >= 0 where neither square (nor (ax - ay)^2)
// overflows or underflows: h = sqrt(ax^2 + ay^2) rounded, corrected by
// (ax^2 + ay^2 - h^2) / 2h with the residual evaluated exactly enough
// from delta = h - ay (h <= 2ay) or h - ax.
FGPU_FN double fgpu_hyp_hypot_kernel(double ax, double ay) {
  double h = std::sqrt(FGPU_HYP_MUL(ax, ax) + FGPU_HYP_MUL(ay, ay));
  double t1, t2;
  if (h <= 2.0 * ay) {
    double d = h - ay;
    t1 = FGPU_HYP_MUL(ax, 2.0 * d - ax);
    t2 = FGPU_HYP_MUL(d - 2.0 * (ax - ay), d);
  } else {
    double d = h - ax;
    t1 = FGPU_HYP_MUL(2.0 * d, ax - 2.0 * ay);
    t2 = FGPU_HYP_MUL(4.0 * d - ay, ay) + FGPU_HYP_MUL(d, d);
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
    if (ay <= FGPU_HYP_MUL(ax, eps)) return ax + ay;
    return fgpu_hyp_hypot_kernel(FGPU_HYP_MUL(ax, scale), FGPU_HYP_MUL(ay, scale)) / scale;
  }
  if (ay < fgpu_pow2(-459)) {
    if (ax >= ay / eps) return ax + ay;
    return FGPU_HYP_MUL(fgpu_hyp_hypot_kernel(ax / scale, ay / scale), scale);
  }
  if (ay <= FGPU_HYP_MUL(ax, eps)) return ax + ay;
  return fgpu_hyp_hypot_kernel(ax, ay);
}

// e^x = (hi + lo) * 2^k, |x| < 1500: x = k ln2/64 + r, |r| <= ln2/128,
// e^x = 2^(k/64) e^r; e^r by its Taylor series to r^10/10! (the terms
// from r^6 in double).
FGPU_FN fgpu_dd fgpu_hyp_exp(double x, int* k) {
  const double(*f)[2] = fgpu_hyp_ifact;
  double kd = std::rint(FGPU_HYP_MUL(x, fgpu_hyp_ln2_64[3]));
  int ki = (int)kd, j = ki & 63;
  double t = std::fma(-kd, fgpu_hyp_ln2_64[0], x);  // exact
  fgpu_dd r = fgpu_dd_add_d(fgpu_dd_neg(fgpu_two_prod(kd, fgpu_hyp_ln2_64[1])), t);
  r = fgpu_dd_add_d(r, FGPU_HYP_MUL(-kd, fgpu_hyp_ln2_64[2]));
  double z = r.hi;
  double q = std::fma(z, f[10][0], f[9][0]);
  q = std::fma(z, q, f[8][0]);
  q = std::fma(z, q, f[7][0]);
  q = std::fma(z, q, f[6][0]);
  fgpu_dd p = fgpu_dd_add_d(fgpu_dd_make(f[5][0], f[5][1]), FGPU_HYP_MUL(z, q));
  p = fgpu_dd_add(fgpu_dd_make(f[4][0], f[4][1]), fgpu_dd_mul(r, p));
  p = fgpu_dd_add(fgpu_dd_make(f[3][0], f[3][1]), fgpu_dd_mul(r, p));
  p = fgpu_dd_add_d(fgpu_dd_mul(r, p), 0.5);
  p = fgpu_dd_add_d(fgpu_dd_mul(r, p), 1.0);
  p = fgpu_dd_add_d(fgpu_dd_mul(r, p), 1.0);
  *k = (ki - j) / 64;
  return fgpu_dd_mul(fgpu_dd_make(fgpu_hyp_exp2j[j][0], fgpu_hyp_exp2j[j][1]), p);
}

// sinh a, 2^-26 <= a < 1/4: a + a^3/3! + ... + a^21/21! (from a^13 in
// double).
FGPU_FN fgpu_dd fgpu_hyp_sinh_series(double a) {
  const double(*f)[2] = fgpu_hyp_ifact;
  fgpu_dd x2 = fgpu_two_prod(a, a);
  double z = x2.hi;
  double t = std::fma(z, f[21][0], f[19][0]);
  t = std::fma(z, t, f[17][0]);
  t = std::fma(z, t, f[15][0]);
  t = std::fma(z, t, f[13][0]);
  fgpu_dd p = fgpu_dd_add_d(fgpu_dd_make(f[11][0], f[11][1]), FGPU_HYP_MUL(z, t));
  p = fgpu_dd_add(fgpu_dd_make(f[9][0], f[9][1]), fgpu_dd_mul(x2, p));
  p = fgpu_dd_add(fgpu_dd_make(f[7][0], f[7][1]), fgpu_dd_mul(x2, p));
  p = fgpu_dd_add(fgpu_dd_make(f[5][0], f[5][1]), fgpu_dd_mul(x2, p));
  p = fgpu_dd_add(fgpu_dd_make(f[3][0], f[3][1]), fgpu_dd_mul(x2, p));
  p = fgpu_dd_mul_d(fgpu_dd_mul(x2, p), a);
  return fgpu_dd_add_d(p, a);
}

// 1/b, b > 0 normal, to ~2^-105 relative with one division: q = 1/b.hi
// and one Newton step, q (1 + e) with e = 1 - b q (its b.hi part exact).
FGPU_FN fgpu_dd fgpu_hyp_recip(fgpu_dd b) {
  double q = 1.0 / b.hi;
  double e = std::fma(-b.lo, q, std::fma(-b.hi, q, 1.0));
  return fgpu_fast_two_sum(q, FGPU_HYP_MUL(q, e));
}

// (e^a +- e^-a) / 2, 1/4 <= a <= 711 (sign -1: sinh), rounded once.
FGPU_FN double fgpu_hyp_coshsinh(double a, double sign) {
  int k;
  fgpu_dd e = fgpu_hyp_exp(a, &k);
  if (a < 37) {  // else e^-a is below 2^-106 e^a
    fgpu_dd i = fgpu_hyp_recip(e);
    double s = sign * fgpu_pow2(-2 * k);
    e = fgpu_dd_add(e, fgpu_dd_make(i.hi * s, i.lo * s));
  }
  return fgpu_dd_ldexp(e, k - 1);
}

FGPU_FN double fgpu_cr_sinh(double x) {
  double a = std::fabs(x);
  if (a < 1.4901161193847656e-08) return x;  // 2^-26: sinh x - x < ulp(x)/2
  if (!(a <= 711.0)) return x * 8.98846567431158e307 * 2.0;  // NaN, +-inf
  double r = a < 0.25 ? fgpu_dd_round(fgpu_hyp_sinh_series(a)) : fgpu_hyp_coshsinh(a, -1.0);
  return x < 0 ? -r : r;
}

// cosh a, 2^-26 <= a < 2^-20: 1 + h + h^2/6 (h = a^2/2, exactly a dd)
// rounded once, exactly: an a near 2^-26 puts 1 + h within 2^-100 of a
// midpoint between doubles (2^-26 itself: 1 + 2^-53 + 2^-108.6).
FGPU_FN double fgpu_hyp_cosh_small(double a) {
  fgpu_dd p = fgpu_two_prod(a, a);
  double h = 0.5 * p.hi;
  fgpu_dd w = fgpu_fast_two_sum(h, 0.5 * p.lo + FGPU_HYP_MUL(h, h) / 6.0);
  fgpu_dd s = fgpu_two_sum(1.0, w.hi);
  fgpu_dd t = fgpu_two_sum(s.lo, w.lo);
  // 1 < s.hi < 2, |t.hi| <= ulp(s.hi)/2: a tie broken by t.lo
  if (std::fabs(t.hi) == 1.1102230246251565e-16 && t.lo != 0) t.hi += t.lo > 0 ? 8.271806125530277e-25 : -8.271806125530277e-25;
  return s.hi + t.hi;
}

FGPU_FN double fgpu_cr_cosh(double x) {
  double a = std::fabs(x);
  if (a < 1.4901161193847656e-08) return 1.0;  // 2^-26: cosh x - 1 < 2^-53
  if (!(a <= 711.0)) return a * 8.98846567431158e307 * 2.0;  // NaN, +inf
  if (a < 9.5367431640625e-07) return fgpu_hyp_cosh_small(a);  // 2^-20
  return fgpu_hyp_coshsinh(a, 1.0);
}

FGPU_FN double fgpu_cr_tanh(double x) {
  double a = std::fabs(x);
  if (a < 7.450580596923828e-09) return x;  // 2^-27: x - tanh x < ulp(x)/4
  if (!(a < 20.0)) return a != a ? x + x : std::copysign(1.0, x);  // 1 - tanh a < 2^-56
  fgpu_dd t;
  if (a < 0.25) {
    // sinh a / sqrt(1 + sinh^2 a)
    fgpu_dd s = fgpu_hyp_sinh_series(a);
    t = fgpu_dd_mul(s, fgpu_hyp_recip(fgpu_dd_sqrt(fgpu_dd_add_d(fgpu_dd_sqr(s), 1.0))));
  } else {
    // 1 - 2 / (e^2a + 1)
    int k;
    fgpu_dd e = fgpu_hyp_exp(2.0 * a, &k);
    double s = fgpu_pow2(k);
    fgpu_dd d = fgpu_dd_add_d(fgpu_dd_make(e.hi * s, e.lo * s), 1.0);
    fgpu_dd q = fgpu_hyp_recip(d);
    t = fgpu_dd_add_d(fgpu_dd_make(-2.0 * q.hi, -2.0 * q.lo), 1.0);
  }
  double r = fgpu_dd_round(t);
  return x < 0 ? -r : r;
}
#endif
