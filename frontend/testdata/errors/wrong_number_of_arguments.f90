! Calling an internal subroutine with too many arguments.
program wrong_number_of_arguments
  implicit none
  real :: total
  call accumulate(total, 1.0, 2.0)  ! WANT: error wrong number of arguments
  print *, total
contains
  subroutine accumulate(s, x)
    real, intent(out) :: s
    real, intent(in) :: x
    s = x
  end subroutine accumulate
end program wrong_number_of_arguments
