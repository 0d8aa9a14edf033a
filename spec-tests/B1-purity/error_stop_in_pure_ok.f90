! GUARDS: stop_in_pure (the nearest correct variant of stop_in_pure_function.f90: no such diagnostic)
! Design doc, "What the check has to look at": "gfortran (-std=f2018) rejects
! stop in a do concurrent body as an image control statement, while print in
! the body and error stop in a pure procedure are accepted."
! Catalogue (stop_in_pure): ERROR STOP in a pure procedure is allowed.
module guarded
  implicit none
contains
  pure subroutine guarded_log(v, r)
    real, intent(in) :: v
    real, intent(out) :: r
    if (v <= 0) error stop 'guarded_log: argument not positive'
    r = log(v)
  end subroutine guarded_log

  elemental real function clamp01(v)
    real, intent(in) :: v
    if (v /= v) error stop 7
    clamp01 = min(1.0, max(0.0, v))
  end function clamp01
end module guarded

program error_stop_in_pure_ok
  use guarded
  implicit none
  integer, parameter :: n = 8
  real :: x(n), r(n), c(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    call guarded_log(x(i), r(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    c(i) = clamp01(x(i) / 4 - 0.5)
  end do

  if (abs(r(1)) > 1.0e-6 .or. abs(r(n) - log(real(n))) > 1.0e-5 .or. &
      c(1) /= 0 .or. c(n) /= 1 .or. c(4) /= 0.5) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program error_stop_in_pure_ok
