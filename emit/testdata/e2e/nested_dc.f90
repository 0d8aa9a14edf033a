! A do concurrent nested in a do concurrent body.
program nested_dc
  implicit none
  integer, parameter :: n = 20, m = 30
  integer :: a(n, m), r(n, m), i, j
  do concurrent (i = 1:n)
    do concurrent (j = 1:m)
      a(i, j) = i * j - (i + j)
    end do
  end do
  do i = 1, n
    do j = 1, m
      r(i, j) = i * j - (i + j)
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a,i0)', 'corner ', a(n, m)
  print '(a)', 'PASSED'
end program
