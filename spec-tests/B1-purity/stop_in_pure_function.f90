! FLAGS: --gpu=cuda
! GFORTRAN: rejects (STOP statement not allowed in PURE procedure)
! Design doc, "What the check has to look at": "A procedure referenced in a do
! concurrent construct must be pure. A pure procedure cannot do external
! input/output or stop."
! Design doc, "Open questions": "... these need to become semantic errors
! first." A stop in a pure procedure is a semantic error (stop_in_pure), and
! the loops that reach it are errors with that reason, also two calls deep.
module stopping
  implicit none
contains
  pure real function safe_inverse(v)
    real, intent(in) :: v
    if (v == 0) stop 5
    safe_inverse = 1 / v
  end function safe_inverse

  pure real function inverse_plus_one(v)
    real, intent(in) :: v
    inverse_plus_one = safe_inverse(v) + 1
  end function inverse_plus_one

  pure real function plain_inverse(v)
    real, intent(in) :: v
    plain_inverse = 1 / v
  end function plain_inverse
end module stopping

program stop_in_pure_function
  use stopping
  implicit none
  integer, parameter :: n = 8
  real :: x(n), y(n), z(n), w(n)
  integer :: i

  x = [(2.0 ** i, i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error stop_in_pure
    y(i) = safe_inverse(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error stop_in_pure
    z(i) = inverse_plus_one(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    w(i) = plain_inverse(x(i))
  end do

  if (any(y /= w) .or. any(z /= w + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program stop_in_pure_function
