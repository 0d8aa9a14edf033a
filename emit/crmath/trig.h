// fgpu's correctly rounded real(8) sin, cos and tan (issue 17). |x| is
// reduced to r = |x| - k pi/2, |r| <= pi/4 (a little more), known as a
// double-double to ~2^-104 relative to r even where |x| lies 2^-61 from a
// multiple of pi/2: Cody-Waite with pi/2 in four doubles and exact
// products (fma) below 2^28, Payne-Hanek with the bits of 2/pi and 64-bit
// integers above. Then r = j/64 + t, |t| <= 1/128, sin and cos of j/64
// from a table and short Taylor series of t, all in double-double.
#ifndef FGPU_CRMATH_TRIG_H
#define FGPU_CRMATH_TRIG_H
// a * b = hi 2^64 + lo.
FGPU_FN uint64_t fgpu_cr_mul64(uint64_t a, uint64_t b, uint64_t* lo) {
  *lo = a * b;
#ifdef __CUDA_ARCH__
  return __umul64hi(a, b);
#else
  uint64_t a0 = a & 0xffffffffULL, a1 = a >> 32, b0 = b & 0xffffffffULL, b1 = b >> 32;
  uint64_t p01 = a0 * b1, p10 = a1 * b0;
  uint64_t mid = ((a0 * b0) >> 32) + (p01 & 0xffffffffULL) + (p10 & 0xffffffffULL);
  return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}
// Bits sh .. sh+63 of lo + hi 2^64, 0 <= sh < 64.
FGPU_FN uint64_t fgpu_cr_funnel(uint64_t lo, uint64_t hi, int sh) {
  return sh ? (lo >> sh) | (hi << (64 - sh)) : lo;
}
// Payne-Hanek, ax >= 2^28 finite: the quadrant, *r = ax - k pi/2.
FGPU_FN int fgpu_cr_trig_reduce_big(double ax, fgpu_dd* r) {
  uint64_t u = fgpu_dbits(ax);
  uint64_t m = (u & 0xfffffffffffffULL) | (1ULL << 52);
  int e = (int)(u >> 52) - 1075;  // ax = m 2^e, e >= -24
  // Words j < j0 of 2/pi give multiples of 4 (x 2^e m): dropped. Words
  // j0 .. j0+4 times m: P; words beyond change P by < 2^-190 below the point.
  int j0 = e >= 2 ? (e - 2) >> 6 : 0;
  uint64_t P[6], carry = 0;
  for (int i = 0; i < 5; i++) {
    uint64_t lo, hi = fgpu_cr_mul64(m, fgpu_cr_2opi_bits[j0 + 4 - i], &lo);
    lo += carry;
    hi += lo < carry;
    P[i] = lo;
    carry = hi;
  }
  P[5] = carry;
  // The bit of P of weight 2^0 in ax 2/pi: p0 = 64 (j0 + 5) - e, 255 .. 344,
  // in word w = 3, 4 or 5 (no indexing by a variable: local memory in CUDA).
  int p0 = 64 * (j0 + 5) - e, w = p0 >> 6, sh = p0 & 63;
  uint64_t w0 = w == 3 ? P[0] : w == 4 ? P[1] : P[2];
  uint64_t w1 = w == 3 ? P[1] : w == 4 ? P[2] : P[3];
  uint64_t w2 = w == 3 ? P[2] : w == 4 ? P[3] : P[4];
  uint64_t w3 = w == 3 ? P[3] : w == 4 ? P[4] : P[5];
  uint64_t w4 = w == 3 ? P[4] : w == 4 ? P[5] : 0;
  int q = (int)(fgpu_cr_funnel(w3, w4, sh) & 3);
  uint64_t f1 = fgpu_cr_funnel(w2, w3, sh), f2 = fgpu_cr_funnel(w1, w2, sh), f3 = fgpu_cr_funnel(w0, w1, sh);
  double sign = 1;
  if (f1 >> 63) {  // fraction >= 1/2: take 1 - fraction, negated, next quadrant
    q++;
    sign = -1;
    f3 = ~f3 + 1;
    uint64_t c = f3 == 0;
    f2 = ~f2 + c;
    c = c && f2 == 0;
    f1 = ~f1 + c;
  }
  const double s32 = 2.3283064365386963e-10;  // 2^-32
  double d[6] = {(double)(f1 >> 32) * s32, (double)(f1 & 0xffffffffULL) * (s32 * s32),
                 (double)(f2 >> 32) * (s32 * s32 * s32), (double)(f2 & 0xffffffffULL) * (s32 * s32 * s32 * s32),
                 (double)(f3 >> 32) * (s32 * s32 * s32 * s32 * s32),
                 (double)(f3 & 0xffffffffULL) * (s32 * s32 * s32 * s32 * s32 * s32)};
  fgpu_dd f = fgpu_two_sum(d[5], d[4]);
  for (int i = 3; i >= 0; i--) f = fgpu_dd_add_d(f, d[i]);
  f = fgpu_dd_mul(f, fgpu_dd_make(fgpu_cr_pio2[0], fgpu_cr_pio2[1]));
  *r = fgpu_dd_make(sign * f.hi, sign * f.lo);
  return q & 3;
}
// |x| >= 2^-27 finite: the quadrant, *r = |x| - k pi/2.
FGPU_FN int fgpu_cr_trig_reduce(double ax, fgpu_dd* r) {
  if (ax < 0.78) {
    *r = fgpu_dd_make(ax, 0);
    return 0;
  }
  if (ax >= 268435456.0) return fgpu_cr_trig_reduce_big(ax, r);
  // k C1 = p1 + e1 exactly; ax - p1 exact (Sterbenz); b = ax - p1 - e1
  // exact (multiples of 2^-53 below 1); then the terms of k C2, k C3, k C4.
  double k = std::rint(ax * fgpu_cr_2opi[0]);
  fgpu_dd p1 = fgpu_two_prod(k, fgpu_cr_pio2[0]);
  double b = (ax - p1.hi) - p1.lo;
  fgpu_dd p2 = fgpu_two_prod(k, fgpu_cr_pio2[1]);
  fgpu_dd p3 = fgpu_two_prod(k, fgpu_cr_pio2[2]);
  fgpu_dd s = fgpu_two_sum(b, -p2.hi);
  fgpu_dd t = fgpu_two_sum(-p2.lo, -p3.hi);
  t = fgpu_fast_two_sum(t.hi, t.lo + std::fma(-k, fgpu_cr_pio2[3], -p3.lo));
  *r = fgpu_dd_add(s, t);
  return (int)((int64_t)k & 3);
}
// sin r and cos r, |r| <= pi/4 + a little.
FGPU_FN void fgpu_cr_sincos_red(fgpu_dd r, fgpu_dd* sr, fgpu_dd* cr, bool needS, bool needC) {
  bool neg = r.hi < 0;
  if (neg) r = fgpu_dd_neg(r);
  int j = (int)std::rint(r.hi * 64.0);
  fgpu_dd t = fgpu_two_sum(r.hi - j * 0.015625, r.lo);  // r.hi - j/64 exact
  fgpu_dd u = fgpu_dd_sqr(t);
  // sin t = t + t u (-1/6 + u (1/120 + u (-1/7! + u/9! - u^2/11!)))
  double ps = std::fma(u.hi, std::fma(-u.hi, fgpu_cr_exp_c[11][0], fgpu_cr_exp_c[9][0]), -fgpu_cr_exp_c[7][0]);
  fgpu_dd a = fgpu_dd_add_d(fgpu_dd_make(fgpu_cr_exp_c[5][0], fgpu_cr_exp_c[5][1]), FGPU_CR_DMUL(u.hi, ps));
  a = fgpu_dd_add_fast(fgpu_dd_make(-fgpu_cr_exp_c[3][0], -fgpu_cr_exp_c[3][1]), fgpu_dd_mul(u, a));
  fgpu_dd st = fgpu_dd_add_fast(t, fgpu_dd_mul(fgpu_dd_mul(t, u), a));
  // cos t = 1 + u (-1/2 + u (1/24 + u (-1/6! + u/8! - u^2/10!)))
  double pc = std::fma(-u.hi, fgpu_cr_exp_c[10][0], fgpu_cr_exp_c[8][0]);
  fgpu_dd c = fgpu_dd_add_d(fgpu_dd_make(-fgpu_cr_exp_c[6][0], -fgpu_cr_exp_c[6][1]), FGPU_CR_DMUL(u.hi, pc));
  c = fgpu_dd_add_fast(fgpu_dd_make(fgpu_cr_exp_c[4][0], fgpu_cr_exp_c[4][1]), fgpu_dd_mul(u, c));
  c = fgpu_dd_add_d(fgpu_dd_mul(u, c), -0.5);
  fgpu_dd ct = fgpu_dd_add_d(fgpu_dd_mul(u, c), 1.0);
  fgpu_dd sa = fgpu_dd_make(fgpu_cr_sin64[j][0], fgpu_cr_sin64[j][1]);
  fgpu_dd ca = fgpu_dd_make(fgpu_cr_cos64[j][0], fgpu_cr_cos64[j][1]);
  if (needS) {
    // sin(j/64) >= 2 |sin t|, cos(j/64) > 0.7 >> |sin(j/64) sin t|
    fgpu_dd s = j == 0 ? st : fgpu_dd_add_fast(fgpu_dd_mul(sa, ct), fgpu_dd_mul(ca, st));
    *sr = neg ? fgpu_dd_neg(s) : s;
  }
  if (needC) *cr = j == 0 ? ct : fgpu_dd_add_fast(fgpu_dd_mul(ca, ct), fgpu_dd_neg(fgpu_dd_mul(sa, st)));
}
FGPU_FN double fgpu_cr_sin(double x) {
  double ax = std::fabs(x);
  if (!(ax < INFINITY)) return x - x;  // NaN, +-inf: NaN
  if (ax < 7.450580596923828e-09) return x;  // 2^-27: |sin x - x| < ulp/4
  fgpu_dd r, s, c;
  int q = fgpu_cr_trig_reduce(ax, &r);
  fgpu_cr_sincos_red(r, &s, &c, !(q & 1), q & 1);
  fgpu_dd v = (q & 1) ? c : s;
  double y = fgpu_dd_round(v);
  return ((q & 2) != 0) != (x < 0) ? -y : y;
}
FGPU_FN double fgpu_cr_cos(double x) {
  double ax = std::fabs(x);
  if (!(ax < INFINITY)) return x - x;
  if (ax < 7.450580596923828e-09) return 1.0;  // 1 - x^2/2 > 1 - 2^-55
  fgpu_dd r, s, c;
  int q = fgpu_cr_trig_reduce(ax, &r);
  fgpu_cr_sincos_red(r, &s, &c, q & 1, !(q & 1));
  fgpu_dd v = (q & 1) ? s : c;
  double y = fgpu_dd_round(v);
  return (q == 1 || q == 2) ? -y : y;
}
FGPU_FN double fgpu_cr_tan(double x) {
  double ax = std::fabs(x);
  if (!(ax < INFINITY)) return x - x;
  if (ax < 7.450580596923828e-09) return x;  // x^2/3 < 2^-54
  fgpu_dd r, s, c;
  int q = fgpu_cr_trig_reduce(ax, &r);
  fgpu_cr_sincos_red(r, &s, &c, true, true);
  double y = (q & 1) ? -fgpu_dd_round(fgpu_dd_div(c, s)) : fgpu_dd_round(fgpu_dd_div(s, c));
  return x < 0 ? -y : y;
}
#endif
