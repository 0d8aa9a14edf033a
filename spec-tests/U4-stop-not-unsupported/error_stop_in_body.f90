! GUARDS: stop_in_do_concurrent (the nearest correct variant of B1-purity/stop_in_do_concurrent_body.f90: no such diagnostic)
! Design doc, "The unsupported list": "error stop and stop are not on the list:
! every device runs them, through a status buffer the host reads after the
! launch (see Stopping on the device)."
! An error stop directly in the body (not an image control statement, so
! valid in a do concurrent) is offloaded; it never executes here.
program error_stop_in_body
  implicit none
  integer, parameter :: n = 32
  real :: x(n), y(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    if (x(i) <= 0) error stop 3
    y(i) = sqrt(x(i) * x(i))
  end do

  if (any(y /= x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program error_stop_in_body
