! Rank-3 integer array with negative and positive lower bounds, a strided
! index and a mask; unwritten elements keep their value.
program rank3_lbounds
  implicit none
  integer :: a(-1:4, 3:6, -5:-2), r(-1:4, 3:6, -5:-2)
  integer :: i, j, k
  a = 999
  r = 999
  do concurrent (k = -5:-2, j = 3:6, i = -1:4:2, i + j + k /= 0)
    a(i, j, k) = i * 100 + j * 10 + k
  end do
  do k = -5, -2
    do j = 3, 6
      do i = -1, 4, 2
        if (i + j + k /= 0) r(i, j, k) = i * 100 + j * 10 + k
      end do
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'written ', count(a /= 999)
  print '(a,i0)', 'sum ', sum(a)
  print '(a,3i4)', 'lbound ', lbound(a)
  print '(a)', 'PASSED'
end program
