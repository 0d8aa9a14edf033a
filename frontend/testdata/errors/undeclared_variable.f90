! Assignment to a name that was never declared under IMPLICIT NONE.
program undeclared_variable
  implicit none
  integer :: n
  n = 3
  x = 1.0 * n  ! WANT: error undeclared
  print *, n
end program undeclared_variable
