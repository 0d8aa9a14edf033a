! The same name declared twice with different types.
program duplicate_declaration
  implicit none
  integer :: count
  real :: count  ! WANT: error duplicate
  count = 1
  print *, count
end program duplicate_declaration
