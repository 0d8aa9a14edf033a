! Empty iteration spaces: upper < lower with a positive stride, lower <
! upper with a negative stride, an always-false mask, and an empty inner range.
program zero_trip
  implicit none
  integer :: a(10), i, j, n, m
  a = 7
  n = 0
  m = 5
  do concurrent (i = 1:n)
    a(i) = -1
  end do
  do concurrent (i = 3:9:-1)
    a(i) = -2
  end do
  do concurrent (i = 1:10, i > 10)
    a(i) = -3
  end do
  do concurrent (i = 1:10, j = m:1)
    a(i) = -4
  end do
  if (any(a /= 7)) then
    print '(a)', 'FAIL an empty loop ran'
    error stop 1
  end if
  do concurrent (i = 10:10)
    a(i) = 99
  end do
  print '(10i3)', a
  print '(a)', 'PASSED'
end program
