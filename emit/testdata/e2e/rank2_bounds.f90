! Rank-2 arrays with arbitrary bounds; the loop indexes two arrays with
! different bounds and shifts.
program rank2_bounds
  implicit none
  real :: a(-2:3, 5:9), b(0:5, 1:5), r(-2:3, 5:9)
  integer :: i, j
  do j = 1, 5
    do i = 0, 5
      b(i, j) = real(i * 10 + j)
    end do
  end do
  do concurrent (i = -2:3, j = 5:9)
    a(i, j) = b(i + 2, j - 4) * 2.0 - real(i) + real(j) * 0.25
  end do
  do j = 5, 9
    do i = -2, 3
      r(i, j) = b(i + 2, j - 4) * 2.0 - real(i) + real(j) * 0.25
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(6f8.2)', a
  print '(a)', 'PASSED'
end program
