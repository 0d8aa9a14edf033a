! size, lbound and ubound of arrays referenced in the body (with and
! without dim, of arrays with non-default bounds).
program array_inquiry
  implicit none
  integer :: a(-4:7, 2:9), out(20), r(20), i
  a = 0
  do concurrent (i = 1:20)
    out(i) = size(a) * 1000 + size(a, 1) * 100 + size(a, 2) * 10 + i &
             + lbound(a, 1) + ubound(a, 2) * ubound(a, 1) - lbound(a, 2)
  end do
  call sub(a)
  do i = 1, 20
    r(i) = 96 * 1000 + 12 * 100 + 8 * 10 + i + (-4) + 9 * 7 - 2
  end do
  if (any(out /= r)) then
    print '(a)', 'FAIL main'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
contains
  subroutine sub(x)
    integer, intent(inout) :: x(0:, :)
    integer :: j, k
    do concurrent (j = lbound(x, 1):ubound(x, 1), k = 1:size(x, 2))
      x(j, k) = j * size(x, 2) + k + ubound(x, 1) * lbound(x, 2)
    end do
    do k = 1, size(x, 2)
      do j = 0, ubound(x, 1)
        if (x(j, k) /= j * 8 + k + 11) then
          print '(a)', 'FAIL sub'
          error stop 1
        end if
      end do
    end do
  end subroutine
end program
