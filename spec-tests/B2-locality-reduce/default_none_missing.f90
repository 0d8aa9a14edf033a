! GFORTRAN: rejects (gfortran 12 has no locality specs; F2018 code)
! Design doc, "Open questions": purity and the standard's constraints on do
! concurrent are to be enforced as semantic errors.
! Catalogue (default_none_missing): with default(none), every variable the
! loop uses needs a locality (a loop index and a named constant need none).
program default_none_missing
  implicit none
  integer, parameter :: n = 8
  real, parameter :: scale = 2.0
  real :: x(n), y(n), z(n), t, offset
  integer :: i

  x = [(real(i), i = 1, n)]
  offset = 1.0

  do concurrent (i = 1:n) default(none) shared(x, y)  ! WANT: error default_none_missing
    y(i) = x(i) + offset
  end do

  do concurrent (i = 1:n) default(none) local(t) shared(x, z, offset)  ! WANT: offload
    t = x(i) * scale
    z(i) = t + offset
  end do

  if (any(y /= x + 1) .or. any(z /= 2 * x + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program default_none_missing
