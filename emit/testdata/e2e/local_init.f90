! GFORTRAN: rejects (locality spec local_init)
! local_init(base, w): each iteration starts from the outer values.
program local_init
  implicit none
  integer, parameter :: n = 40
  integer :: base, a(n), r(n), i
  real :: w, y(n), ry(n)
  base = 1000
  w = 0.5
  do concurrent (i = 1:n) local_init(base, w)
    base = base + i
    if (mod(i, 2) == 0) w = w * 4.0
    a(i) = base
    y(i) = w + real(i)
  end do
  do i = 1, n
    r(i) = 1000 + i
    ry(i) = merge(2.0, 0.5, mod(i, 2) == 0) + real(i)
  end do
  if (any(a /= r) .or. any(y /= ry)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  if (base /= 1000 .or. w /= 0.5) then
    print '(a)', 'FAIL outer changed'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(f8.2)', y(n)
  print '(a)', 'PASSED'
end program
