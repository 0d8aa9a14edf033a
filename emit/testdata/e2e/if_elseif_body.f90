! if / else if / else chains in the body, with a nested if.
program if_elseif_body
  implicit none
  integer, parameter :: n = 200
  integer :: a(n), r(n), i
  real :: x(n), y(n)
  do concurrent (i = 1:n)
    if (mod(i, 15) == 0) then
      a(i) = 15
    else if (mod(i, 5) == 0) then
      a(i) = 5
    else if (mod(i, 3) == 0) then
      a(i) = 3
      if (i > 100) a(i) = 33
    else
      a(i) = 0
    end if
    if (a(i) > 4) then
      x(i) = real(i) * 0.5
    else
      x(i) = -real(i)
    end if
  end do
  do i = 1, n
    r(i) = 0
    if (mod(i, 3) == 0) r(i) = 3
    if (mod(i, 3) == 0 .and. i > 100) r(i) = 33
    if (mod(i, 5) == 0) r(i) = 5
    if (mod(i, 15) == 0) r(i) = 15
    y(i) = -real(i)
    if (r(i) > 4) y(i) = real(i) * 0.5
  end do
  if (any(a /= r) .or. any(x /= y)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,4i4)', 'counts ', count(a == 0), count(a == 3), count(a == 5), count(a == 15)
  print '(a,i0)', 'big threes ', count(a == 33)
  print '(a)', 'PASSED'
end program
