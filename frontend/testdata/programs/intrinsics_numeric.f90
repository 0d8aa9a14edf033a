! Numeric and elemental intrinsics: kinds, rounding, complex, inquiry functions.
program intrinsics_numeric
  use, intrinsic :: iso_fortran_env, only: int8, int16, int32, int64, real32, real64, real128
  implicit none
  integer, parameter :: sp = real32, dp = real64, qp = real128
  real(sp) :: x = -2.7_sp
  real(dp) :: y = 2.5_dp, theta
  real(qp) :: q
  complex(dp) :: z
  integer(int64) :: big
  integer(int8) :: tiny_int
  integer(int16) :: small_int

  print *, 'abs/sign:', abs(x), sign(3.0, x), sign(2, -1)
  print *, 'floor/ceiling:', floor(x), ceiling(x), floor(y), ceiling(y)
  print *, 'nint/int/aint/anint:', nint(x), int(x), aint(x), anint(y)
  print *, 'mod/modulo:', mod(-7, 3), modulo(-7, 3), mod(7.5, 2.0), modulo(-7.5, 2.0)
  print *, 'max/min:', max(1, 5, 3), min(1.0, -2.0, 0.5), max(x, -3.0_sp)
  print *, 'sqrt/exp/log:', sqrt(y), exp(1.0_dp), log(y), log10(100.0_dp)
  theta = atan2(1.0_dp, 1.0_dp)
  print *, 'trig:', sin(theta), cos(theta), tan(theta), asin(0.5_dp), acos(0.5_dp), atan(1.0_dp)
  print *, 'hyperbolic:', sinh(1.0), cosh(1.0), tanh(1.0)
  print *, 'real/dble/cmplx:', real(3, sp), dble(x), cmplx(1.0, 2.0)
  z = cmplx(3.0_dp, 4.0_dp, kind=dp)
  print *, 'complex:', abs(z), conjg(z), aimag(z), real(z), z * (0.0_dp, 1.0_dp)
  print *, 'huge/tiny/epsilon:', huge(1), huge(1.0_sp), tiny(1.0_dp), epsilon(1.0_dp)
  print *, 'digits/precision/range:', digits(1.0_dp), precision(1.0_dp), range(1.0_dp)
  print *, 'radix/maxexponent:', radix(1.0), maxexponent(1.0_dp), minexponent(1.0_dp)
  print *, 'kind:', kind(1), kind(1.0), kind(1.0d0), kind(.true.), kind('a')
  print *, 'selected kinds:', selected_int_kind(2), selected_int_kind(18), &
           selected_real_kind(6), selected_real_kind(15, 307), selected_real_kind(p=30)
  big = 2_int64**40
  tiny_int = 127_int8
  small_int = -32767_int16 - 1_int16
  print *, 'integer kinds:', big, tiny_int, small_int, huge(big)
  q = 1.0_qp / 3.0_qp
  print *, 'quad:', q, precision(q)
  print *, 'fraction/exponent:', fraction(8.0), exponent(8.0), scale(1.0, 3), spacing(1.0)
  print *, 'nearest/rrspacing:', nearest(1.0, 1.0) > 1.0, rrspacing(1.0)
  print *, 'dim/dprod:', dim(5, 3), dim(3, 5), dprod(2.0, 3.0)
  print *, 'gamma/erf:', gamma(5.0), log_gamma(5.0), erf(0.5), erfc(0.5), hypot(3.0, 4.0)
  print *, 'bessel:', bessel_j0(1.0), bessel_j1(1.0), bessel_jn(2, 1.0)
  print *, 'exponent ops:', 2**10, 2.0**(-2), 2**3**2, (-2)**3, 10.0_dp**0.5_dp
  print *, 'double precision literal:', 1.5d0, 1.5D-3, 6.02E+23, .5, 5., 1e0
end program intrinsics_numeric
