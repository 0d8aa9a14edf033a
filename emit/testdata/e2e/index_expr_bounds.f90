! Loop bounds and strides given by run-time expressions, including a
! stride variable and bounds read from a dummy argument's shape.
program index_expr_bounds
  implicit none
  integer :: n, lo, st, i
  integer, allocatable :: a(:), r(:)
  n = 45
  lo = n / 4
  st = 1 + mod(n, 4)
  allocate(a(n), r(n))
  a = 0
  r = 0
  call fill(a, lo, st)
  do i = lo, n - lo + 2, st
    r(i) = i * lo - st
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,a,i0)', 'lo=', lo, ' stride=', st
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
contains
  subroutine fill(x, l, s)
    integer, intent(inout) :: x(:)
    integer, intent(in) :: l, s
    integer :: k
    do concurrent (k = l:size(x) - l + 2:s)
      x(k) = k * l - s
    end do
  end subroutine
end program
