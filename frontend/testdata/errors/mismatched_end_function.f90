! An external function closed by END SUBROUTINE with a different name.
integer function bar(n)
  implicit none
  integer, intent(in) :: n
  bar = 2 * n
end subroutine foo  ! WANT: error mismatched end
