! Design doc (seed: device-code linking): "device procedures from other
! translation units / module facts".
! A module declares separate module procedures in an interface block; a
! submodule holds their bodies ("module procedure f" and the full "module
! pure function" form) and a type's bindings are bound to them. The loop
! of a module procedure calls them, directly and through the bindings: the
! bodies are compiled for the device as module procedures are, and the
! loop is offloaded.
module sep_mod
  implicit none
  type lin
    real :: a, b
  contains
    procedure :: eval => lin_eval
  end type lin
  interface
    module pure real function twice(x)
      real, intent(in) :: x
    end function twice
    module pure real function lin_eval(self, x)
      class(lin), intent(in) :: self
      real, intent(in) :: x
    end function lin_eval
  end interface
contains
  subroutine apply(l, x, y)
    type(lin), intent(in) :: l
    real, intent(in) :: x(:)
    real, intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x)) ! WANT: offload
      y(i) = twice(x(i)) + l%eval(x(i))
    end do
  end subroutine apply
end module sep_mod

submodule (sep_mod) sep_impl
  implicit none
contains
  module procedure twice
    twice = 2 * x
  end procedure twice
  module pure real function lin_eval(self, x)
    class(lin), intent(in) :: self
    real, intent(in) :: x
    lin_eval = self%a * x + self%b
  end function lin_eval
end submodule sep_impl

program submodule_bodies
  use sep_mod
  implicit none
  integer, parameter :: n = 1000
  real :: x(n), y(n)
  integer :: i
  x = [(real(i) / 8, i = 1, n)]
  call apply(lin(0.5, 1.0), x, y)
  do i = 1, n
    if (y(i) /= 2 * x(i) + (0.5 * x(i) + 1.0)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program submodule_bodies
