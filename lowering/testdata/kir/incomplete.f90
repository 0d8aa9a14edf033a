! Constructs the builder does not translate yet: the kernel is
! incomplete (Unsupported nodes) and the legacy writer prints it.
module inc_m
  implicit none
  real :: a(100), b(100)
contains
  pure real function f(x)
    real, intent(in) :: x
    f = x * 2
  end function
  subroutine run()
    integer :: i
    do concurrent (i = 1:100)
      b(i) = f(a(i)) + 1
      select case (mod(i, 3))
      case (0)
        a(i) = f(b(i))
      case default
        a(i) = sum(b(1:i:10))
      end select
    end do
  end subroutine
end module

program incomplete
  use inc_m
  implicit none
  b = 1
  call run()
  print *, a(1), a(3)
end program
