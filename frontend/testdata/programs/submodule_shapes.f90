! Module with separate module procedure interfaces implemented in a submodule.
module shapes
  implicit none
  private
  integer, parameter, public :: wp = selected_real_kind(12)

  type, public :: circle
    real(wp) :: r = 1.0_wp
  end type circle

  public :: area, perimeter, describe

  interface
    module pure function area(c) result(a)
      type(circle), intent(in) :: c
      real(wp) :: a
    end function area

    module function perimeter(c)
      type(circle), intent(in) :: c
      real(wp) :: perimeter
    end function perimeter

    module subroutine describe(c)
      type(circle), intent(in) :: c
    end subroutine describe
  end interface
end module shapes

submodule (shapes) shapes_impl
  implicit none
  real(wp), parameter :: pi = 4.0_wp * atan(1.0_wp)
contains
  module pure function area(c) result(a)
    type(circle), intent(in) :: c
    real(wp) :: a
    a = pi * c%r**2
  end function area

  module procedure perimeter
    perimeter = 2.0_wp * pi * c%r
  end procedure perimeter

  module subroutine describe(c)
    type(circle), intent(in) :: c
    write (*, '(a, f8.3, a, f10.4, a, f10.4)') 'r=', c%r, ' area=', area(c), &
         ' perimeter=', perimeter(c)
  end subroutine describe
end submodule shapes_impl

program use_shapes
  use shapes
  implicit none
  type(circle) :: c(3)
  integer :: i
  c(2)%r = 2.5_wp
  c(3) = circle(r=0.5_wp)
  do i = 1, size(c)
    call describe(c(i))
  end do
  print *, 'total area:', sum([(area(c(i)), i = 1, 3)])
end program use_shapes
