! Assignments to named constants.
program parameter_assignment
  implicit none
  real, parameter :: pi = 3.14159
  integer, parameter :: sizes(3) = [1, 2, 3]
  pi = 3.0  ! WANT: error parameter
  sizes(2) = 5  ! WANT: error parameter
  print *, pi, sizes
end program parameter_assignment
