! A mask: only iterations where it is true run.
program mask_simple
  implicit none
  integer, parameter :: n = 101
  integer :: a(n), r(n), i
  a = -5
  r = -5
  do concurrent (i = 1:n, mod(i, 3) == 0 .or. i > 90)
    a(i) = i * i
  end do
  do i = 1, n
    if (mod(i, 3) == 0 .or. i > 90) r(i) = i * i
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL mask'
    error stop 1
  end if
  print '(a,i0)', 'untouched ', count(a == -5)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
