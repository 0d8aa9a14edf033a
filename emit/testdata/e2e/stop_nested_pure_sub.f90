! The stop is in a pure subroutine called by a pure subroutine called by a
! pure function the kernel calls: every level returns at once (the
! statements after each call do not run), and the kernel records the site.
module layers
  implicit none
contains
  pure subroutine check(v, tag)
    integer, intent(in) :: v, tag
    if (v < 0) error stop tag
  end subroutine
  pure subroutine accumulate(v, acc)
    integer, intent(in) :: v
    integer, intent(inout) :: acc
    call check(v, 30 + mod(acc, 5))
    acc = acc + v
  end subroutine
  pure integer function total(a, b)
    integer, intent(in) :: a, b
    total = 0
    call accumulate(a, total)
    call accumulate(b, total)
    total = total * 2
  end function
end module
program stop_nested_pure_sub
  use layers
  implicit none
  integer, parameter :: n = 100
  integer :: x(n), y(n), r(n), i
  x = [(i, i = 1, n)]
  y = 1
  do concurrent (i = 1:n)
    r(i) = total(x(i), y(i))
  end do
  if (any(r /= 2 * (x + 1))) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'first launch ok'
  y(77) = -5
  do concurrent (i = 1:n)
    r(i) = total(x(i), y(i))
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(r)
  error stop 1
end program
