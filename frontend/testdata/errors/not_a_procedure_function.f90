! Referencing a scalar variable as if it were a function.
program not_a_procedure_function
  implicit none
  real :: f, y
  integer, parameter :: n = 2
  f = 3.0
  y = f(n)  ! WANT: error not a procedure
  print *, y
end program not_a_procedure_function
