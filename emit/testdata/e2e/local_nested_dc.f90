! GFORTRAN: rejects (locality spec local)
! local on an outer and on an inner do concurrent; the inner loop uses the
! outer iteration's local value.
program local_nested_dc
  implicit none
  integer, parameter :: n = 12, m = 9
  integer :: a(n, m), i, j, t, u
  t = 0
  u = 0
  do concurrent (i = 1:n) local(t)
    t = i * 10
    do concurrent (j = 1:m) local(u)
      u = t + j
      a(i, j) = u * 2
    end do
  end do
  do i = 1, n
    do j = 1, m
      if (a(i, j) /= (i * 10 + j) * 2) then
        print '(a)', 'FAIL'
        error stop 1
      end if
    end do
  end do
  if (t /= 0 .or. u /= 0) then
    print '(a)', 'FAIL outer changed'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
