module m
  implicit none
  type pt
    real :: x
    real(8) :: w
  end type
contains
  pure real function f(a)
    real, intent(in) :: a
    real(8) :: t
    t = a
    f = real(t)
  end function
end module
program p
  use m
  implicit none
  integer :: i
  real :: a(10), b(10)
  type(pt) :: q(10)
  do concurrent (i = 1:10)
    a(i) = f(b(i)) + q(i)%x
  end do
  print *, a
end program
