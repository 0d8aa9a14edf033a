! GFORTRAN: rejects (locality spec local)
! local(t, u): each iteration has its own t and u; the outer t keeps its
! value after the loop.
program local_scalar
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), r(n), i, t
  real(8) :: u, x(n)
  t = 12345
  u = -1.0d0
  do concurrent (i = 1:n) local(t, u)
    t = i * i - 3
    u = real(t, 8) * 0.5d0
    a(i) = t + int(u)
    x(i) = u
  end do
  do i = 1, n
    r(i) = (i * i - 3) + int(real(i * i - 3, 8) * 0.5d0)
    if (x(i) /= real(i * i - 3, 8) * 0.5d0) then
      print '(a)', 'FAIL x'
      error stop 1
    end if
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  if (t /= 12345 .or. u /= -1.0d0) then
    print '(a)', 'FAIL outer changed'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a,i0)', 'outer t ', t
  print '(a)', 'PASSED'
end program
