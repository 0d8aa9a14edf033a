// fgpu's correctly rounded real(8) atan, atan2, asin, acos (issue 17).
// Every one is atan of a quotient a/b, 0 <= a <= b (atan2's |y|, |x| in
// the order that makes it at most 1; atan's (|x|, 1) or (1, |x|); asin's and
// acos's |x| and sqrt((1 - x)(1 + x)), exact in double-double), plus 0,
// pi/2 or pi with a sign. atan(a/b) = atan(c) + atan(r), c = j/128 the
// nearest to a/b, r = (a - c b)/(b + c a), |r| <= 2^-8 (the numerator is
// exact for double a, b), atan(c) from the table, atan(r) by its Taylor
// series to r^13 (z = r^2 <= 2^-16: the first terms in double-double, the
// rest in double), all near 2^-100 relative, rounded once.
#ifndef FGPU_CRMATH_ATAN_H
#define FGPU_CRMATH_ATAN_H
// atan(c_j) + atan(num/den), c_j = j/128, |num/den| <= 2^-8 (a hair more).
FGPU_FN fgpu_dd fgpu_atan_red(int j, fgpu_dd num, fgpu_dd den) {
  // r = num/den to 2^-103 relative with one division: q1, then the
  // remainder num - den q1 (num.hi - (den.hi q1).hi exact) over den.
  double inv = 1.0 / den.hi;
  double q1 = num.hi * inv;
  fgpu_dd p = fgpu_two_prod(den.hi, q1);
  double e = ((num.hi - p.hi) - p.lo) + std::fma(-den.lo, q1, num.lo);
  fgpu_dd r = fgpu_fast_two_sum(q1, e * inv);
  // atan(r) = r + r^3 P(z), z = r^2 <= 2^-16, P = -1/3 + z (1/5 + z Q),
  // Q = -1/7 + z (1/9 + z (-1/11 + z/13)) in double (its terms are below
  // 2^-48 relative), the rest in double-double.
  fgpu_dd z = fgpu_dd_sqr(r);
  double zh = z.hi;
  double t = zh * (-FGPU_ATAN_C7 + zh * (FGPU_ATAN_C9 + zh * (-FGPU_ATAN_C11 + zh * FGPU_ATAN_C13)));
  fgpu_dd v = fgpu_fast_two_sum(FGPU_ATAN_C5_HI, t);
  v.lo += FGPU_ATAN_C5_LO;
  fgpu_dd zv = fgpu_dd_mul(z, v);
  fgpu_dd u = fgpu_fast_two_sum(-FGPU_ATAN_C3_HI, zv.hi);
  u.lo += zv.lo - FGPU_ATAN_C3_LO;
  fgpu_dd r3 = fgpu_dd_mul(r, z);
  fgpu_dd s = fgpu_dd_add_fast(fgpu_dd_make(fgpu_atan_tab[j][0], fgpu_atan_tab[j][1]), r);
  return fgpu_dd_add_fast(s, fgpu_dd_mul(r3, u));
}
// atan(a/b), doubles 0 <= a <= b, b > 0; c b and c a exact (c has 8
// bits; a/b >= 2^-61 or c = 0 or b = 1 keeps them clear of underflow).
FGPU_FN fgpu_dd fgpu_atan_quot_d(double a, double b) {
  int j = (int)std::rint(a / b * 128.0);
  double c = j * 0.0078125;
  // a - c b: a - (c b).hi exact (Sterbenz for j > 0, a itself for j = 0).
  fgpu_dd p = fgpu_two_prod(c, b), q = fgpu_two_prod(c, a);
  fgpu_dd num = fgpu_two_sum(a - p.hi, -p.lo);
  fgpu_dd den = fgpu_fast_two_sum(b, q.hi);
  den = fgpu_fast_two_sum(den.hi, den.lo + q.lo);
  return fgpu_atan_red(j, num, den);
}
// atan(a/b), double-double a, b, a >= 0, b > 0, a/b at most 1 (or a hair
// above, from the rounding of a or b), a/b >= 2^-61 or a == 0.
FGPU_FN fgpu_dd fgpu_atan_quot(fgpu_dd a, fgpu_dd b) {
  int j = (int)std::rint(a.hi / b.hi * 128.0);
  if (j > 128) j = 128;
  double c = j * 0.0078125;
  // num = a - c b: a.hi - (c b.hi).hi is exact as above, the rest within
  // 2^-106 a; den = b + c a, c a.hi <= b.hi.
  fgpu_dd p = fgpu_two_prod(c, b.hi), q = fgpu_two_prod(c, a.hi);
  fgpu_dd num = fgpu_two_sum(a.hi - p.hi, std::fma(-c, b.lo, a.lo - p.lo));
  fgpu_dd den = fgpu_fast_two_sum(b.hi, q.hi);
  den = fgpu_fast_two_sum(den.hi, den.lo + (b.lo + std::fma(c, a.lo, q.lo)));
  return fgpu_atan_red(j, num, den);
}
// base k pi/2 + sg * phi, k = 0, 1, 2.
FGPU_FN fgpu_dd fgpu_atan_base(int k, double sg, fgpu_dd phi) {
  if (sg < 0) phi = fgpu_dd_neg(phi);
  if (k == 0) return phi;
  fgpu_dd b = k == 1 ? fgpu_dd_make(FGPU_ATAN_PIO2_HI, FGPU_ATAN_PIO2_LO)
                     : fgpu_dd_make(FGPU_ATAN_PI_HI, FGPU_ATAN_PI_LO);
  return fgpu_dd_add_fast(b, phi);
}
FGPU_FN double fgpu_cr_atan(double x) {
  double ax = std::fabs(x);
  if (!(ax <= 1.79769313486231570e308)) {
    if (ax != ax) return x + x;
    return x < 0 ? -FGPU_ATAN_PIO2_HI : FGPU_ATAN_PIO2_HI;
  }
  fgpu_dd r;
  if (ax <= 1.0) r = fgpu_atan_quot_d(ax, 1.0);
  else r = fgpu_atan_base(1, -1.0, fgpu_atan_quot_d(1.0, ax));
  double v = fgpu_dd_round(r);
  return x < 0 ? -v : (x > 0 ? v : x);
}
FGPU_FN double fgpu_cr_atan2(double y, double x) {
  if (x != x || y != y) return x + y;
  bool ny = std::signbit(y), nx = std::signbit(x);
  double ay = std::fabs(y), ax = std::fabs(x), r;
  const double inf = 1.79769313486231570e308 * 2.0;
  if (ay == 0) {
    r = nx ? FGPU_ATAN_PI_HI : 0.0;
  } else if (ax == 0) {
    r = FGPU_ATAN_PIO2_HI;
  } else if (ax == inf || ay == inf) {
    if (ax != inf) r = FGPU_ATAN_PIO2_HI;
    else if (ay != inf) r = nx ? FGPU_ATAN_PI_HI : 0.0;
    else r = nx ? FGPU_ATAN_3PIO4_HI : FGPU_ATAN_PIO4_HI;
  } else {
    // phi = atan(min/max) from the quotient of the significands times 2^d.
    bool swap = ay > ax;
    int ea, eb;
    double ma = fgpu_cr_frexp(swap ? ax : ay, &ea);
    double mb = fgpu_cr_frexp(swap ? ay : ax, &eb);
    int d = ea - eb, k = swap ? 1 : (nx ? 2 : 0);
    double sg = swap != nx ? -1.0 : 1.0;
    if (d >= -60) {
      fgpu_dd phi = fgpu_atan_quot_d(ma * fgpu_pow2(d), mb);
      r = fgpu_dd_round(fgpu_atan_base(k, sg, phi));
    } else {
      // atan(t) = t (1 - t^2/3 ...), t < 2^-59: t alone is within 2^-118.
      double q1 = ma / mb;
      fgpu_dd q = fgpu_fast_two_sum(q1, std::fma(-q1, mb, ma) / mb);
      if (k == 0) {
        r = fgpu_dd_ldexp(q, d);
      } else {
        double t = d >= -1000 ? q.hi * fgpu_pow2(d) : 0.0;
        r = fgpu_dd_round(fgpu_atan_base(k, sg, fgpu_dd_make(t, 0.0)));
      }
    }
  }
  return ny ? -r : r;
}
// asin and acos: s = sqrt(1 - x^2) in double-double (1 - x^2 from the
// exact x^2, the subtraction exact for x^2 >= 1/2), then atan2(|x|, s)
// and atan2(s, x).
FGPU_FN fgpu_dd fgpu_atan_cos(double ax) {
  fgpu_dd p = fgpu_two_prod(ax, ax);
  fgpu_dd d = fgpu_dd_add_d(fgpu_two_sum(1.0, -p.hi), -p.lo);
  return fgpu_dd_sqrt(d);
}
FGPU_FN double fgpu_cr_asin(double x) {
  double ax = std::fabs(x);
  if (!(ax <= 1.0)) {
    if (ax != ax) return x + x;
    return (x - x) / (x - x);
  }
  if (ax == 1.0) return x < 0 ? -FGPU_ATAN_PIO2_HI : FGPU_ATAN_PIO2_HI;
  if (ax == 0) return x;
  fgpu_dd s = fgpu_atan_cos(ax), a = fgpu_dd_make(ax, 0.0), r;
  if (ax <= s.hi) r = fgpu_atan_quot(a, s);
  else r = fgpu_atan_base(1, -1.0, fgpu_atan_quot(s, a));
  double v = fgpu_dd_round(r);
  return x < 0 ? -v : v;
}
FGPU_FN double fgpu_cr_acos(double x) {
  double ax = std::fabs(x);
  if (!(ax <= 1.0)) {
    if (ax != ax) return x + x;
    return (x - x) / (x - x);
  }
  if (x == 1.0) return 0.0;
  if (x == -1.0) return FGPU_ATAN_PI_HI;
  fgpu_dd s = fgpu_atan_cos(ax), a = fgpu_dd_make(ax, 0.0), r;
  bool neg = x < 0;
  if (ax == 0) r = fgpu_dd_make(FGPU_ATAN_PIO2_HI, FGPU_ATAN_PIO2_LO);
  else if (s.hi <= ax) r = fgpu_atan_base(neg ? 2 : 0, neg ? -1.0 : 1.0, fgpu_atan_quot(s, a));
  else r = fgpu_atan_base(1, neg ? 1.0 : -1.0, fgpu_atan_quot(a, s));
  return fgpu_dd_round(r);
}
#endif
