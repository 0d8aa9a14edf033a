! Two binary operators in a row.
program syntax_double_operator
  implicit none
  real :: a, b, c
  a = 1.0; b = 2.0
  c = a * / b  ! WANT: error syntax
  print *, c
end program syntax_double_operator
