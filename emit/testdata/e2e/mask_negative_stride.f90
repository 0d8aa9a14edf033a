! Mask with a negative stride; the mask depends on a logical array.
program mask_negative_stride
  implicit none
  integer, parameter :: n = 64
  logical :: on(n)
  integer(8) :: a(n), r(n)
  integer :: i
  do i = 1, n
    on(i) = btest(i, 1) .neqv. btest(i, 3)
  end do
  a = 0_8
  r = 0_8
  do concurrent (i = n:1:-2, on(i))
    a(i) = int(i, 8) ** 3 - 17_8
  end do
  do i = n, 1, -2
    if (on(i)) r(i) = int(i, 8) ** 3 - 17_8
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'count ', count(a /= 0)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
