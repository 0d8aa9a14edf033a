! A mask that calls a pure function and reads two arrays.
program mask_function_call
  implicit none
  integer, parameter :: n = 150
  integer :: a(n), r(n), lim(n), i
  do i = 1, n
    lim(i) = mod(i * 31, 17)
  end do
  a = 0
  r = 0
  do concurrent (i = 2:n, is_prime(i) .and. lim(i) > 3)
    a(i) = i + lim(i)
  end do
  do i = 2, n
    if (is_prime(i)) then
      if (lim(i) > 3) r(i) = i + lim(i)
    end if
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'selected ', count(a /= 0)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
contains
  pure logical function is_prime(k)
    integer, intent(in) :: k
    integer :: d
    is_prime = k >= 2
    d = 2
    do while (d * d <= k .and. is_prime)
      if (mod(k, d) == 0) is_prime = .false.
      d = d + 1
    end do
  end function
end program
