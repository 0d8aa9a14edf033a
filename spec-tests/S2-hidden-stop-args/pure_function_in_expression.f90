! GFORTRAN: stops 1
! Design doc, "Stopping on the device": "A procedure the kernel calls that
! holds such a statement, or calls one that does, gets two hidden scalar
! arguments, the site and the stop code. The statement sets them and returns,
! and every call to such a procedure is followed by a test that returns from
! the caller in turn when they are set. The kernel records them in the buffer
! as if it had reached the statement itself."
! A pure function called in an expression stops with a character constant;
! the first launch (no argument is negative) runs to the end.
module checked_sqrt
  implicit none
contains
  pure real function safe_sqrt(v)
    real, intent(in) :: v
    if (v < 0) error stop 'safe_sqrt: negative argument'
    safe_sqrt = sqrt(v)
  end function safe_sqrt
end module checked_sqrt

program pure_function_in_expression
  use checked_sqrt
  implicit none
  integer, parameter :: n = 4096
  real :: x(n), y(n)
  integer :: i

  x = [(real(i * i), i = 1, n)]
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = 1 + safe_sqrt(x(i))
  end do
  if (any(y /= [(real(i + 1), i = 1, n)])) then
    print '(a)', 'FAIL'
    error stop 2
  end if
  print '(a)', 'first launch ok'
  x(1000) = -4
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = 1 + safe_sqrt(x(i))
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, sum(y)
  error stop 2
end program pure_function_in_expression
