! Sections of a named constant array (with a constant and a computed
! lower bound, and a stride) passed to an assumed-shape dummy of a pure
! function called in the body: the kernel hands the static table's
! address with the table's own byte stride.
module const_sections_mod
  implicit none
  integer, parameter :: w(6) = [3, 1, 4, 1, 5, 9]
contains
  pure integer function weigh(u)
    integer, intent(in) :: u(:)
    integer :: j
    weigh = 0
    do j = 1, size(u)
      weigh = weigh + u(j) * j
    end do
  end function
end module

program const_array_sections
  use const_sections_mod
  implicit none
  integer, parameter :: n = 10
  integer :: a(n), ra(n), i
  do concurrent (i = 1:n)
    a(i) = weigh(w(2:5)) + weigh(w(mod(i, 3) + 1:6)) + weigh(w(6:1:-2)) + i
  end do
  do i = 1, n
    ra(i) = weigh(w(2:5)) + weigh(w(mod(i, 3) + 1:6)) + weigh(w(6:1:-2)) + i
  end do
  if (any(a /= ra)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(10i5)', a
end program
