! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "`real(10)`, `real(16)` | all | no
! device has these widths | emulate, or never".
! On Metal real(16) is reported as real_ext_precision (the entry for every
! device), not as real8_on_metal.
program real16_metal
  implicit none
  integer, parameter :: n = 32
  real(16) :: q(n)
  real :: a(n), y(n)
  integer :: i

  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    q(i) = a(i) / 3.0_16
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = a(i) * 0.5
  end do

  if (any(abs(q * 3 - a) > 1.0e-20_16) .or. any(y /= a / 2)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real16_metal
