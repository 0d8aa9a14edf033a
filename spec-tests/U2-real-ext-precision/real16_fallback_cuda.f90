! FLAGS: --gpu=cuda --gpu-allow-cpu-fallback
! Design doc, "The unsupported list": "`real(10)`, `real(16)` | all | no
! device has these widths | emulate, or never".
! Design doc, "Testing": "Every entry of the unsupported list has a test for the
! error, and a test that the same program runs correctly on the CPU with
! --gpu-allow-cpu-fallback".
program real16_fallback_cuda
  implicit none
  integer, parameter :: n = 32
  real(16) :: q(n)
  real :: a(n), y(n)
  integer :: i

  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: host real_ext_precision
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
end program real16_fallback_cuda
