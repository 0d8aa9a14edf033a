! Arrays with arbitrary lower bounds; loop bounds taken from lbound/ubound.
program lbound_offsets
  implicit none
  integer :: a(-3:5), b(0:9), c(10:20), i
  integer :: ra(-3:5), rc(10:20)
  do i = 0, 9
    b(i) = i * i - 7
  end do
  do concurrent (i = lbound(a, 1):ubound(a, 1))
    a(i) = b(i + 3) + i
  end do
  do concurrent (i = 10:20)
    c(i) = 2 * i - b(mod(i, 10))
  end do
  do i = -3, 5
    ra(i) = b(i + 3) + i
  end do
  do i = 10, 20
    rc(i) = 2 * i - b(mod(i, 10))
  end do
  if (any(a /= ra)) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  if (any(c /= rc)) then
    print '(a)', 'FAIL c'
    error stop 1
  end if
  print '(9i5)', a
  print '(11i5)', c
  print '(a)', 'PASSED'
end program
