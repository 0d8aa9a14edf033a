! FLAGS: --gpu=metal --gpu-allow-cpu-fallback
! Design doc, "The unsupported-construct check": "If the loop fails, it is an
! error at the offending construct ..., or, with --gpu-allow-cpu-fallback, the
! loop is assigned to the host with a warning naming that construct."
! Each failing loop gets one warning, however many constructs it has.
program fallback_warns_once_metal
  implicit none
  integer, parameter :: n = 8
  real(8) :: d(n), e(n)
  real :: x(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: host real8_on_metal
    d(i) = x(i)
    e(i) = d(i) * 2
    d(i) = d(i) + e(i)
  end do

  do concurrent (i = 1:n)  ! WANT: host io_in_loop
    print '(f6.1)', x(i)  ! DIAG: io_in_loop
    print '(f6.1)', 2 * x(i)
  end do

  if (any(d /= 3 * x) .or. any(e /= 2 * x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_warns_once_metal
