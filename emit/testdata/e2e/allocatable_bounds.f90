! Allocatable arrays with bounds known only at run time, rank 2.
program allocatable_bounds
  implicit none
  integer :: lo1, hi1, lo2, hi2, i, j
  integer, allocatable :: a(:, :), r(:, :)
  real(4), allocatable :: s(:)
  lo1 = -7; hi1 = 8; lo2 = 100; hi2 = 112
  allocate(a(lo1:hi1, lo2:hi2), r(lo1:hi1, lo2:hi2), s(lo2:hi2))
  do concurrent (i = lo1:hi1, j = lo2:hi2)
    a(i, j) = i * (j - lo2) + hi1
  end do
  do concurrent (j = lo2:hi2)
    s(j) = real(a(lo1, j) + a(hi1, j)) * 0.5
  end do
  do j = lo2, hi2
    do i = lo1, hi1
      r(i, j) = i * (j - lo2) + hi1
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  do j = lo2, hi2
    if (s(j) /= real(r(lo1, j) + r(hi1, j)) * 0.5) then
      print '(a)', 'FAIL s'
      error stop 1
    end if
  end do
  print '(a,i0)', 'sum ', sum(a)
  print '(13f6.1)', s
  print '(a)', 'PASSED'
end program
