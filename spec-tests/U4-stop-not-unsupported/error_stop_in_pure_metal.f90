! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "error stop and stop are not on the list:
! every device runs them, through a status buffer the host reads after the
! launch (see Stopping on the device)."
! Design doc, "What the check has to look at": "... print in the body and
! error stop in a pure procedure are accepted."
module checked_math
  implicit none
contains
  pure real function checked_sqrt(v)
    real, intent(in) :: v
    if (v < 0) error stop 'checked_sqrt: negative argument'
    checked_sqrt = sqrt(v)
  end function checked_sqrt

  pure subroutine checked_div(a, b, q)
    real, intent(in) :: a, b
    real, intent(out) :: q
    if (b == 0) error stop 4
    q = a / b
  end subroutine checked_div

  pure real function outer(v)
    real, intent(in) :: v
    outer = checked_sqrt(v) + 1
  end function outer
end module checked_math

program error_stop_in_pure_metal
  use checked_math
  implicit none
  integer, parameter :: n = 16
  real :: x(n), y(n), q(n), z(n)
  integer :: i

  x = [(real(i * i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = checked_sqrt(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    call checked_div(x(i), real(i), q(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z(i) = outer(x(i))
  end do

  if (any(y /= [(real(i), i = 1, n)]) .or. any(q /= y) .or. any(z /= y + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program error_stop_in_pure_metal
