! FLAGS: --gpu=cuda
! GUARDS: real_ext_precision (the nearest correct variant of real16_cuda.f90: no such diagnostic)
! Design doc, "What the check has to look at": "A compile-time constant is not
! evaluated on the device, so what is below it is not looked at."
! real(10)/real(16) appear only below compile-time constants here.
program ext_precision_constants_cuda
  implicit none
  integer, parameter :: qp = kind(1.0_16)
  real(16), parameter :: third = 1.0_16 / 3.0_16
  integer, parameter :: n = 16
  real :: a(n), y(n)
  integer :: k(n)
  integer :: i

  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = a(i) * real(third * 3, 4)
    k(i) = qp + precision(1.0_10)
  end do

  if (any(y /= a) .or. any(k /= 16 + precision(1.0_10))) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program ext_precision_constants_cuda
