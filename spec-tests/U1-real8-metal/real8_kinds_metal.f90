! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! The entry is about the type, whatever the kind is spelled as: a named
! kind constant, selected_real_kind, iso_fortran_env's real64, kind(1d0).
program real8_kinds_metal
  use, intrinsic :: iso_fortran_env, only: real32, real64
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: wp = selected_real_kind(15, 300)
  integer, parameter :: n = 16
  real(dp) :: x(n)
  real(wp) :: z(n)
  real(real64) :: w(n)
  real(real32) :: s(n), y(n)
  integer :: i

  s = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    x(i) = s(i)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    z(i) = 2 * s(i)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    w(i) = 3 * s(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = 4 * s(i)
  end do

  if (any(x /= s) .or. any(z /= 2 * s) .or. any(w /= 3 * s) .or. &
      any(y /= 4 * s)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real8_kinds_metal
