! FLAGS: --gpu=cuda --gpu-allow-cpu-fallback
! Design doc, "Outcomes": "The loop uses something from the unsupported list |
! error, reported by the unsupported-construct check | the loop runs on the
! CPU, with a warning".
! Design doc, "Testing": "... a test that the same program runs correctly on
! the CPU with --gpu-allow-cpu-fallback."
program fallback_real16_cuda
  implicit none
  integer, parameter :: n = 16
  real(16) :: q(n)
  real(10) :: e(n)
  real(8) :: d(n)
  real :: x(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: host real_ext_precision
    q(i) = x(i) / 3.0_16
  end do

  do concurrent (i = 1:n)  ! WANT: host real_ext_precision
    e(i) = x(i) * 2
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    d(i) = x(i) / 3.0_8
  end do

  if (any(abs(q * 3 - x) > 1.0e-25_16) .or. any(e /= 2 * x) .or. &
      any(abs(d * 3 - x) > 1.0e-12_8)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_real16_cuda
