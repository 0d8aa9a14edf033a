! A "kinds" module collecting kind parameters from every common source, used with renames.
module kinds
  use, intrinsic :: iso_fortran_env, only: int8, int16, int32, int64, &
                                          real32, real64, real128
  use, intrinsic :: iso_c_binding, only: c_int, c_long, c_float, c_double, c_bool, c_char
  implicit none
  public
  integer, parameter :: sp = selected_real_kind(6, 37)
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: qp = selected_real_kind(33, 4931)
  integer, parameter :: i4 = selected_int_kind(9)
  integer, parameter :: i8 = selected_int_kind(18)
  integer, parameter :: dbl = kind(1.0d0)
  integer, parameter :: lk = kind(.true.)
  integer, parameter :: ck = kind('a')
  real(dp), parameter :: pi_dp = 3.141592653589793_dp
  real(sp), parameter :: pi_sp = real(pi_dp, sp)
end module kinds

program kinds_demo
  use kinds, only: sp, dp, qp, i4, i8, dbl, int8, int64, real32, real128, &
                   c_int, c_double, c_float, c_bool, pi => pi_dp
  implicit none
  integer(int8) :: b8 = -127_int8
  integer(i4) :: n4 = 2147483647_i4
  integer(i8) :: n8 = 9223372036854775807_i8
  integer(kind=int64) :: m = 2_int64
  real(kind=sp) :: s = 1.5_sp
  real(dp) :: d = 1.5e300_dp
  real(qp) :: q = 1.0_qp
  real(real32) :: r32 = 2.0_real32
  real(real128) :: r128 = 3.0_real128
  real(kind=dbl) :: d2 = 2.5d0
  integer(c_int) :: ci = 7_c_int
  real(c_double) :: cd = 1.0_c_double
  real(c_float) :: cf = 1.0_c_float
  logical(c_bool) :: cb = .true._c_bool
  complex(dp) :: z = (1.0_dp, 2.0_dp)
  complex(kind=sp) :: zs = (1.0_sp, -1.0_sp)

  print *, b8, n4, n8, m**62, s, d, q, r32, r128, d2
  print *, ci, cd, cf, cb, z, zs
  print *, 'kinds:', sp, dp, qp, i4, i8, kind(z), kind(cb)
  print *, 'pi =', pi, ' as quad:', real(pi, qp), ' precision:', precision(q)
  print *, 'sizes (bits):', storage_size(b8), storage_size(n8), storage_size(q), &
           storage_size(z), bit_size(n4)
end program kinds_demo
