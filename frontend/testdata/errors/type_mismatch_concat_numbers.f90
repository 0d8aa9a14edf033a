! Concatenation requires character operands; .and. requires logical operands.
program type_mismatch_concat_numbers
  implicit none
  character(len=10) :: s
  integer :: i
  logical :: l
  i = 42
  s = 'value' // i  ! WANT: error type mismatch
  l = i .and. .true.  ! WANT: error type mismatch
  print *, s, l
end program type_mismatch_concat_numbers
