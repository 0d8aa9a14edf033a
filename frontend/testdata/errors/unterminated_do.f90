! A DO construct that is never closed by END DO.
program unterminated_do
  implicit none
  integer :: i, s
  s = 0
  do i = 1, 10  ! WANT: error unterminated
    s = s + i
  print *, s
end program unterminated_do
