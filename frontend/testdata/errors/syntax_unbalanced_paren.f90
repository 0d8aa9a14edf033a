! Unbalanced parentheses in an expression.
program syntax_unbalanced_paren
  implicit none
  real :: a, b, c
  a = 1.0
  b = 2.0
  c = (a + b * (a - b)  ! WANT: error syntax
  print *, c
end program syntax_unbalanced_paren
