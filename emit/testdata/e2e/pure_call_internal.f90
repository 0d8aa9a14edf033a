! Internal pure procedures of the main program called in the body.
program pure_call_internal
  implicit none
  integer, parameter :: n = 64
  real :: v(n), w(n)
  integer :: c(n), i
  do concurrent (i = 1:n)
    v(i) = clampf(real(i) * 0.3 - 5.0, -2.0, 7.5)
    c(i) = digits_sum(i * 97)
  end do
  do i = 1, n
    w(i) = min(max(real(i) * 0.3 - 5.0, -2.0), 7.5)
    if (c(i) /= digits_ref(i * 97)) then
      print '(a,i0)', 'FAIL digits at ', i
      error stop 1
    end if
  end do
  if (any(v /= w)) then
    print '(a)', 'FAIL clamp'
    error stop 1
  end if
  print '(a,i0)', 'digit sum total ', sum(c)
  print '(f10.3)', sum(v)
  print '(a)', 'PASSED'
contains
  pure real function clampf(x, lo, hi)
    real, intent(in) :: x, lo, hi
    clampf = x
    if (clampf < lo) clampf = lo
    if (clampf > hi) clampf = hi
  end function
  pure integer function digits_sum(k)
    integer, intent(in) :: k
    integer :: t
    t = k
    digits_sum = 0
    do while (t > 0)
      digits_sum = digits_sum + mod(t, 10)
      t = t / 10
    end do
  end function
  integer function digits_ref(k)
    integer, intent(in) :: k
    character(len=12) :: s
    integer :: j
    write (s, '(i0)') k
    digits_ref = 0
    do j = 1, len_trim(s)
      digits_ref = digits_ref + (ichar(s(j:j)) - ichar('0'))
    end do
  end function
end program
