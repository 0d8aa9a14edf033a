! FLAGS: --gpu=cpu
! Design doc, "The unsupported list": "`real(10)`, `real(16)` | all | no
! device has these widths | emulate, or never".
! "all" includes the CPU emulation (--gpu=cpu, LFortran's cuda_cpu), even
! though its C++ compiler has long double.
program real10_cpu
  use, intrinsic :: iso_fortran_env, only: real128
  implicit none
  integer, parameter :: ep = selected_real_kind(18)
  integer, parameter :: n = 32
  real(10) :: e(n)
  real(ep) :: f(n)
  real(real128) :: g(n)
  real :: a(n)
  integer :: i

  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    e(i) = a(i) * 2.0_10
  end do

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    f(i) = a(i)
  end do

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    g(i) = a(i) + 1
  end do

  if (any(e /= 2 * a) .or. any(f /= a) .or. any(g /= a + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real10_cpu
