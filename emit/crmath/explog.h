// Correctly rounded real(8) exp, expm1, log, pow and glibc's log10 (issue 17).
//
// exp: x = k ln2/64 + r, |r| <= ln2/128 (r in double-double from ln2/64 in
// three parts), e^r by its Taylor series to r^10 (terms from r^6 in double),
// times 2^(j/64) (table) and 2^(k>>6). log: x = 2^e m, m in [sqrt(1/2),
// sqrt(2)), j = round(128 (m - 1)), r = m c_j - 1 exactly (c_j ~ 1/(1 +
// j/128), |r| < 2^-7.4), log x = e ln2 - log(c_j) + log1p(r) by its series to
// r^14 (terms from r^7 in double). pow: e^(y log|x|) on the double-double
// logarithm, with C99's special cases; an integer power whose exact value
// is a double or a midpoint is computed exactly. log10: fdlibm's method
// (glibc's): n*log10_2hi + (n*log10_2lo + ivln10*log(x/2^n)), on this log.
#ifndef FGPU_CRMATH_EXPLOG_H
#define FGPU_CRMATH_EXPLOG_H
FGPU_FN fgpu_dd fgpu_cr_tab(const double (*t)[2], int i) { return fgpu_dd_make(t[i][0], t[i][1]); }

// The sum of r^(n-n0)/n! for n = n0 (0 or 1) to 10, |r| <= ln2/128 (e^r,
// or (e^r - 1)/r): the terms from r^6 in double (below 2^-54 of the sum),
// the rest in double-double.
FGPU_FN fgpu_dd fgpu_cr_exp_series(fgpu_dd r, int n0) {
  double rh = r.hi;
  double q = fgpu_cr_exp_c[10][0];
  for (int n = 9; n >= 6; n--) q = std::fma(q, rh, fgpu_cr_exp_c[n][0]);
  fgpu_dd s = fgpu_dd_add(fgpu_cr_tab(fgpu_cr_exp_c, 5), fgpu_dd_make(q * rh, 0));
  for (int n = 4; n >= n0; n--) s = fgpu_dd_add(fgpu_cr_tab(fgpu_cr_exp_c, n), fgpu_dd_mul(s, r));
  return s;
}

// e^x = v * 2^(*e), v in [0.99, 2.03), for a double-double x with
// |x.hi| <= 750 (relative error near 2^-100).
FGPU_FN fgpu_dd fgpu_cr_exp_core(fgpu_dd x, int* e) {
  double kd = std::rint(x.hi * FGPU_CR_INV_LN2_64);
  int k = (int)kd;
  // r = x - k ln2/64: k C1 is exact and x.hi - k C1 too (|k| < 2^17).
  double t = x.hi - kd * FGPU_CR_LN2_64_1;
  fgpu_dd p2 = fgpu_two_prod(kd, FGPU_CR_LN2_64_2);
  fgpu_dd r = fgpu_two_sum(t, -p2.hi);
  r = fgpu_fast_two_sum(r.hi, r.lo + (x.lo - p2.lo - kd * FGPU_CR_LN2_64_3));
  fgpu_dd s = fgpu_cr_exp_series(r, 0);
  *e = k >> 6;  // (floor: an arithmetic shift)
  return fgpu_dd_mul(fgpu_cr_tab(fgpu_cr_exp2j, k & 63), s);
}

FGPU_FN double fgpu_cr_exp(double x) {
  if (x != x) return x + x;
  if (x > 709.8) return 8.98846567431158e307 * 4.0;  // +inf
  if (x < -745.2) return 0.0;
  int e;
  fgpu_dd v = fgpu_cr_exp_core(fgpu_dd_make(x, 0), &e);
  return fgpu_dd_ldexp(v, e);
}

// e^x - 1 correctly rounded: the series without its 1 (relative
// accuracy) for |x| <= ln2/128, else e^x scaled exactly minus 1 in
// double-double (a cancellation of at most 2^7.5).
FGPU_FN double fgpu_cr_expm1(double x) {
  if (x != x) return x + x;
  if (x > 709.0) return fgpu_cr_exp(x);  // (1 is below e^x's 2^-1000)
  if (x < -38.0) return -1.0;  // e^x < 2^-54: -1 + e^x rounds to -1
  double ax = std::fabs(x);
  if (ax < 0x1p-54) return x;  // (x^2/2 below half an ulp of x; x = +-0 too)
  if (ax <= 0.0054) return fgpu_dd_round(fgpu_dd_mul_d(fgpu_cr_exp_series(fgpu_dd_make(x, 0), 1), x));
  int e;
  fgpu_dd v = fgpu_cr_exp_core(fgpu_dd_make(x, 0), &e);
  double sc = fgpu_pow2(e);  // (-56 <= e <= 1023: exact)
  return fgpu_dd_round(fgpu_dd_add_d(fgpu_dd_make(v.hi * sc, v.lo * sc), -1.0));
}

// log x for a finite x > 0, as a double-double (relative error near
// 2^-100, also where log x is near 0).
FGPU_FN fgpu_dd fgpu_cr_log_core(double x) {
  int e;
  double m = fgpu_cr_frexp(x, &e);
  if (m > 1.4142135623730951) { m *= 0.5; e++; }
  int j = (int)std::rint((m - 1.0) * 128.0);
  double c = fgpu_cr_log_c[j + 38];
  fgpu_dd p = fgpu_two_prod(m, c);
  fgpu_dd r = fgpu_fast_two_sum(p.hi - 1.0, p.lo);  // (p.hi - 1: exact)
  double rh = r.hi;
  double q = fgpu_cr_log1p_c[13][0];
  for (int k = 12; k >= 6; k--) q = std::fma(q, rh, fgpu_cr_log1p_c[k][0]);
  fgpu_dd s = fgpu_dd_add(fgpu_cr_tab(fgpu_cr_log1p_c, 5), fgpu_dd_make(q * rh, 0));
  for (int k = 4; k >= 0; k--) s = fgpu_dd_add(fgpu_cr_tab(fgpu_cr_log1p_c, k), fgpu_dd_mul(s, r));
  s = fgpu_dd_mul(s, r);  // log1p(r)
  s = fgpu_dd_add(s, fgpu_cr_tab(fgpu_cr_log_l, j + 38));
  if (e != 0) {
    double ed = (double)e;
    fgpu_dd l2 = fgpu_two_prod(ed, FGPU_CR_LN2_B);
    l2 = fgpu_fast_two_sum(ed * FGPU_CR_LN2_A, l2.hi + (l2.lo + ed * FGPU_CR_LN2_C));
    s = fgpu_dd_add(l2, s);
  }
  return s;
}

FGPU_FN double fgpu_cr_log(double x) {
  if (x != x) return x + x;
  if (x < 0) return (x - x) / (x - x);  // NaN
  if (x == 0) return -1.0 / std::fabs(x);  // -inf
  if (x > 1.7976931348623157e308) return x;  // +inf
  return fgpu_dd_round(fgpu_cr_log_core(x));
}

// fdlibm's published method, glibc's __ieee754_log10.
FGPU_FN double fgpu_cr_log10(double x) {
  if (x != x) return x + x;
  if (x < 0) return (x - x) / (x - x);  // NaN
  if (x == 0) return -1.0 / std::fabs(x);  // -inf
  if (x > 1.7976931348623157e308) return x;
  int k = 0;
  if (x < 2.2250738585072014e-308) { k = -54; x *= 18014398509481984.0; }
  uint64_t u = fgpu_dbits(x);
  k += (int)(u >> 52) - 1023;
  int i = k < 0 ? 1 : 0;
  x = fgpu_dfrom((u & 0x000fffffffffffffULL) | ((uint64_t)(1023 - i) << 52));
  double y = (double)(k + i);
  double z = y * FGPU_CR_LOG10_2LO + FGPU_CR_IVLN10 * fgpu_cr_log(x);
  return z + y * FGPU_CR_LOG10_2HI;
}

// glibc's log10f (2.36-2.39 on x86-64 with FMA: fdlibm's method in float,
// its multiply-adds fused) on the correctly rounded logf (the correctly
// rounded double log rounded to float: a second rounding that matters only
// within 2^-29 of a float midpoint).
FGPU_FN float fgpu_cr_log10f(float x) {
  if (x != x) return x + x;
  if (x < 0) return (x - x) / (x - x);  // NaN
  if (x == 0) return -1.0f / std::fabs(x);  // -inf
  if (x > 3.40282347e38f) return x;  // +inf
  uint32_t hx;
  memcpy(&hx, &x, 4);
  int k = 0;
  if (hx < 0x00800000u) {  // subnormal
    k = -25;
    x *= 33554432.0f;
    memcpy(&hx, &x, 4);
  }
  k += (int)(hx >> 23) - 127;
  int i = k < 0 ? 1 : 0;
  hx = (hx & 0x007fffffu) | ((uint32_t)(127 - i) << 23);
  float xs;
  memcpy(&xs, &hx, 4);
  float y = (float)(k + i), l = (float)fgpu_cr_log((double)xs);
  return std::fma(y, FGPU_CR_LOG10F_2HI, std::fma(y, FGPU_CR_LOG10F_2LO, FGPU_CR_IVLN10F * l));
}

// Whether y is an integer, and odd.
FGPU_FN bool fgpu_cr_isint(double y) { return std::rint(y) == y; }
FGPU_FN bool fgpu_cr_isodd(double y) { return fgpu_cr_isint(y) && std::fabs(y) < 9007199254740992.0 && std::fmod(y, 2.0) != 0; }

// |x|^n exactly when its odd part fits 64 bits (n >= 2), as a double
// rounded once; false when it does not.
FGPU_FN bool fgpu_cr_pow_exact(double ax, double y, double* out) {
  if (!fgpu_cr_isint(y) || std::fabs(y) > 4096) return false;
  uint64_t u = fgpu_dbits(ax);
  int ex = (int)(u >> 52);
  uint64_t m = u & 0x000fffffffffffffULL;
  if (ex == 0) ex = 1; else m |= 0x0010000000000000ULL;
  int e2 = ex - 1075;
  while ((m & 1) == 0) { m >>= 1; e2++; }
  if (m == 1) {  // a power of 2 to an integer power
    long long et = (long long)y * e2;
    *out = fgpu_dd_ldexp(fgpu_dd_make(1.0, 0.0), et > 2000 ? 2000 : et < -2000 ? -2000 : (int)et);
    return true;
  }
  if (!(y >= 2 && y <= 64)) return false;
  int n = (int)y;
  uint64_t p = 1;
  for (int i = 0; i < n; i++) {
    if (m != 0 && p > 0xffffffffffffffffULL / m) return false;
    p *= m;
  }
  // p * 2^(n e2): p split exactly into a double-double, rounded once.
  double hi = (double)(p >> 11) * 2048.0;
  double lo = (double)(p & 2047);
  fgpu_dd v = fgpu_fast_two_sum(hi, lo);
  int s = (int)(fgpu_dbits(v.hi) >> 52) - 1023;
  v.hi = v.hi * fgpu_pow2(-s);
  v.lo = v.lo * fgpu_pow2(-s);
  long long et = (long long)n * e2 + s;
  if (et > 2000) et = 2000;
  if (et < -2000) et = -2000;
  *out = fgpu_dd_ldexp(v, (int)et);
  return true;
}

FGPU_FN double fgpu_cr_pow(double x, double y) {
  const double inf = 8.98846567431158e307 * 4.0;
  double ax = std::fabs(x), ay = std::fabs(y);
  if (y == 0 || x == 1) return 1.0;
  if (x != x || y != y) return x + y;
  bool yint = fgpu_cr_isint(y), yodd = fgpu_cr_isodd(y);
  if (ay == inf) {
    if (ax == 1) return 1.0;
    return (ax < 1) == (y < 0) ? inf : 0.0;
  }
  if (x == 0) {
    if (y < 0) return yodd ? 1.0 / x : inf;
    return yodd ? x : 0.0;
  }
  if (ax == inf) {
    double r = y < 0 ? 0.0 : inf;
    return (x < 0 && yodd) ? -r : r;
  }
  if (x < 0 && !yint) return (x - x) / (x - x);
  double sign = (x < 0 && yodd) ? -1.0 : 1.0;
  fgpu_dd z = fgpu_dd_mul_d(fgpu_cr_log_core(ax), y);
  if (z.hi > 710.0) return sign * inf;
  if (z.hi < -746.0) return sign * 0.0;
  int e;
  fgpu_dd v = fgpu_cr_exp_core(z, &e);
  // A result within the evaluation's error (2^-90) of a midpoint may be an
  // exact midpoint (an integer power; on the subnormal grid, a power of
  // 2): compute those exactly.
  double ulp = fgpu_dfrom(fgpu_dbits(std::fabs(v.hi)) & 0x7ff0000000000000ULL) * 2.220446049250313e-16;
  if (std::fabs(std::fabs(v.lo) - 0.5 * ulp) < ulp * 0x1p-38 || e < -1020) {
    double ex;
    if (fgpu_cr_pow_exact(ax, y, &ex)) return sign * ex;
  }
  return sign * fgpu_dd_ldexp(v, e);
}
#endif
