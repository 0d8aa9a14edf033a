! CALL of a name that is a variable, not a subroutine.
program not_a_procedure_call
  implicit none
  real :: update
  update = 1.0
  call update(2.0)  ! WANT: error not a procedure
  print *, update
end program not_a_procedure_call
