! Arithmetic on a logical operand.
program type_mismatch_logical_plus_int
  implicit none
  logical :: flag
  integer :: n
  flag = .true.
  n = flag + 1  ! WANT: error type mismatch
  print *, n
end program type_mismatch_logical_plus_int
