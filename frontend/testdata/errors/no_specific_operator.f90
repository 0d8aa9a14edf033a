! A user-defined operator applied to operand types none of its specifics accept.
module vec_ops
  implicit none
  type :: vec2
    real :: x = 0.0, y = 0.0
  end type vec2
  interface operator(.dot.)
    module procedure dot2
  end interface
contains
  pure real function dot2(a, b)
    type(vec2), intent(in) :: a, b
    dot2 = a%x*b%x + a%y*b%y
  end function dot2
end module vec_ops

program no_specific_operator
  use vec_ops
  implicit none
  type(vec2) :: u
  real :: d
  u = vec2(1.0, 2.0)
  d = u .dot. u
  d = u .dot. 3.0  ! WANT: error no specific
  print *, d
end program no_specific_operator
