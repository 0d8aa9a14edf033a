! integer(1) and integer(8) arrays and scalars in the body; mixed-kind
! arithmetic with explicit conversions, no overflow.
program kinds_int1_int8
  implicit none
  integer, parameter :: n = 100
  integer(1) :: s(n), rs(n)
  integer(8) :: b(n), rb(n)
  integer :: i
  do concurrent (i = 1:n)
    s(i) = int(mod(i * 37, 251) - 125, 1)
    b(i) = int(i, 8) * 123456789012_8 - int(s(i), 8)
  end do
  do i = 1, n
    rs(i) = int(mod(i * 37, 251) - 125, 1)
    rb(i) = int(i, 8) * 123456789012_8 - int(rs(i), 8)
  end do
  if (any(s /= rs)) then
    print '(a)', 'FAIL int1'
    error stop 1
  end if
  if (any(b /= rb)) then
    print '(a)', 'FAIL int8'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'int1 min max ', minval(s), maxval(s)
  print '(a,i0)', 'int8 last ', b(n)
  print '(a,i0)', 'int8 sum ', sum(b)
  print '(a)', 'PASSED'
end program
