module physics
  implicit none
  real(8), parameter :: g = 9.81d0
contains
  pure real(8) function flux(h, u)
    real(8), intent(in) :: h, u
    flux = h*u + 0.5d0*g*h*h
  end function
end module
