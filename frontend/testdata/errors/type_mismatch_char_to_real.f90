! Assigning a character value to a real variable and a real to a logical.
program type_mismatch_char_to_real
  implicit none
  real :: r
  logical :: ok
  character(len=5) :: s
  s = 'hello'
  r = s  ! WANT: error type mismatch
  ok = 1.5  ! WANT: error type mismatch
  print *, r, ok
end program type_mismatch_char_to_real
