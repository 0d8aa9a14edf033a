! An undeclared local referenced inside a module function.
module m_undeclared
  implicit none
contains
  real function scaled(a)
    real, intent(in) :: a
    scaled = a * factor  ! WANT: error undeclared
  end function scaled
end module m_undeclared

