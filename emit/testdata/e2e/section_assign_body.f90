! Fixed-size section assignments in the body: a column section from a row
! section, a strided section, and a section of a constant.
program section_assign_body
  implicit none
  integer, parameter :: n = 16
  integer :: a(4, n), b(n, 8), c(10, n), r(4, n), rc(10, n), i, k
  do k = 1, 8
    do i = 1, n
      b(i, k) = i * 10 + k
    end do
  end do
  c = -1
  rc = -1
  do concurrent (i = 1:n)
    a(:, i) = b(i, 1:4) * 2
    a(2:3, i) = a(2:3, i) + b(i, 7:8)
    c(1:10:3, i) = i
    c(2:3, i) = 0
  end do
  do i = 1, n
    do k = 1, 4
      r(k, i) = b(i, k) * 2
    end do
    r(2, i) = r(2, i) + b(i, 7)
    r(3, i) = r(3, i) + b(i, 8)
    rc(1, i) = i; rc(4, i) = i; rc(7, i) = i; rc(10, i) = i
    rc(2, i) = 0; rc(3, i) = 0
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  if (any(c /= rc)) then
    print '(a)', 'FAIL c'
    error stop 1
  end if
  print '(4i5)', a(:, 1), a(:, n)
  print '(10i3)', c(:, 3)
  print '(a)', 'PASSED'
end program
