module m
  implicit none
  type t
    real :: v
  end type
  interface assignment(=)
    module procedure assign_t
  end interface
contains
  pure subroutine assign_t(a, b)
    type(t), intent(out) :: a
    real, intent(in) :: b
    real(8) :: w
    w = b
    a%v = real(w)
  end subroutine
end module
program p
  use m
  implicit none
  integer :: i
  type(t) :: x(4)
  real :: y(4) = 1
  do concurrent (i = 1:4)
    x(i) = y(i)
  end do
  print *, x(1)%v
end program
