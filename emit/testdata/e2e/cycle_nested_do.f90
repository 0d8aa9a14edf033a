! cycle of an inner sequential loop and a named cycle of the do concurrent
! from inside a nested loop.
program cycle_nested_do
  implicit none
  integer, parameter :: n = 60
  integer :: a(n), r(n), i, j
  a = -1
  outer: do concurrent (i = 1:n)
    a(i) = 0
    do j = 1, 10
      if (mod(i + j, 3) == 0) cycle
      if (j * i > 200) cycle outer
      a(i) = a(i) + j
    end do
    a(i) = a(i) + 1000
  end do outer
  do i = 1, n
    r(i) = 0
    do j = 1, 10
      if (mod(i + j, 3) == 0) cycle
      if (j * i > 200) exit
      r(i) = r(i) + j
    end do
    if (i * 10 <= 200 .or. all([(mod(i + j, 3) == 0 .or. j * i <= 200, j = 1, 10)])) r(i) = r(i) + 1000
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'completed ', count(a >= 1000)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
