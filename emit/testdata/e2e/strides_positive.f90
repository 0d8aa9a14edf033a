! Positive strides other than 1, including a stride that does not divide
! the range and a lower bound other than 1.
program strides_positive
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), r(n), i, cnt
  a = -1
  r = -1
  do concurrent (i = 2:n:3)
    a(i) = i * 7
  end do
  do concurrent (i = 5:47:11)
    a(i) = a(i) + 1000
  end do
  do i = 2, n, 3
    r(i) = i * 7
  end do
  do i = 5, 47, 11
    r(i) = r(i) + 1000
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL strides'
    error stop 1
  end if
  cnt = count(a > 0)
  print '(a,i0)', 'written ', cnt
  print '(a,i0)', 'sum ', sum(a, mask=a > 0)
  print '(10i6)', a(1:20)
  print '(a)', 'PASSED'
end program
