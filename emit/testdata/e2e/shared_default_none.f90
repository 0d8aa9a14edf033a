! GFORTRAN: rejects (default(none) and locality specs)
! default(none) with every variable named: shared arrays and scalars,
! local temporaries.
program shared_default_none
  implicit none
  integer, parameter :: n = 60
  real(8) :: x(n), y(n), z(n), alpha, t
  integer :: i, shift
  alpha = 2.5d0
  shift = 3
  do i = 1, n
    x(i) = real(i, 8) * 0.25d0
  end do
  do concurrent (i = 1:n) default(none) shared(x, y, alpha, shift) local(t)
    t = alpha * x(i)
    y(i) = t + real(shift, 8)
  end do
  do i = 1, n
    z(i) = alpha * x(i) + real(shift, 8)
  end do
  if (any(y /= z)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(es25.17)', y(1), y(n)
  print '(a)', 'PASSED'
end program
