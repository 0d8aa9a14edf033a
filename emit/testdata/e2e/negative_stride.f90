! Negative strides: n:1:-1 and a range whose last value is not reached exactly.
program negative_stride
  implicit none
  integer, parameter :: n = 40
  integer :: a(-10:n), r(-10:n), i
  real(8) :: x(n), y(n)
  a = 0
  r = 0
  do concurrent (i = n:1:-1)
    x(i) = real(n - i, 8) * 1.5d0 - real(i, 8)
  end do
  do concurrent (i = 30:-10:-7)
    a(i) = i * 3 + 1
  end do
  do i = n, 1, -1
    y(i) = real(n - i, 8) * 1.5d0 - real(i, 8)
  end do
  do i = 30, -10, -7
    r(i) = i * 3 + 1
  end do
  if (any(x /= y)) then
    print '(a)', 'FAIL x'
    error stop 1
  end if
  if (any(a /= r)) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  print '(a,i0)', 'nonzero ', count(a /= 0)
  print '(7i5)', pack(a, a /= 0)
  print '(f10.2)', x(1), x(n)
  print '(a)', 'PASSED'
end program
