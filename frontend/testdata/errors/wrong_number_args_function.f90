! A module function referenced with too many actual arguments.
module geom
  implicit none
contains
  pure real function hyp(a, b)
    real, intent(in) :: a, b
    hyp = sqrt(a*a + b*b)
  end function hyp
end module geom

program wrong_number_args_function
  use geom
  implicit none
  real :: h
  h = hyp(3.0, 4.0, 5.0)  ! WANT: error wrong number of arguments
  print *, h
end program wrong_number_args_function
