! The condition of a logical IF statement must be parenthesised.
program syntax_if_without_parens
  implicit none
  integer :: n
  n = 4
  if n > 3 print *, 'big'  ! WANT: error syntax
  print *, n
end program syntax_if_without_parens
