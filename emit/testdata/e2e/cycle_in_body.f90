! cycle in the body skips the rest of that iteration only.
program cycle_in_body
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), r(n), i
  a = 0
  r = 0
  do concurrent (i = 1:n)
    a(i) = 1
    if (mod(i, 7) == 0) cycle
    a(i) = a(i) + i
    if (i > 80) then
      cycle
    end if
    a(i) = a(i) * 2
  end do
  do i = 1, n
    r(i) = 1
    if (mod(i, 7) == 0) cycle
    r(i) = r(i) + i
    if (i > 80) cycle
    r(i) = r(i) * 2
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'ones ', count(a == 1)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
