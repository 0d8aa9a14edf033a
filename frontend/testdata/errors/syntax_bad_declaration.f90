! Entity names must start with a letter; a stray comma in the attribute list.
program syntax_bad_declaration
  implicit none
  integer :: 1count  ! WANT: error syntax
  real, , dimension(3) :: v  ! WANT: error syntax
  print *, 'unreachable'
end program syntax_bad_declaration
