! Nested do concurrent whose inner range and mask depend on the outer index.
program nested_dc_mask
  implicit none
  integer, parameter :: n = 25
  integer :: a(n, n), r(n, n), i, j
  a = 0
  r = 0
  do concurrent (i = 1:n, mod(i, 2) == 1)
    do concurrent (j = i:n, mod(i + j, 3) /= 0)
      a(i, j) = i + 100 * j
    end do
    do concurrent (j = 1:i - 1)
      a(i, j) = -j
    end do
  end do
  do i = 1, n, 2
    do j = i, n
      if (mod(i + j, 3) /= 0) r(i, j) = i + 100 * j
    end do
    do j = 1, i - 1
      r(i, j) = -j
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'nonzero ', count(a /= 0)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
