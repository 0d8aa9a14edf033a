! A do concurrent that shares its line with another statement: not
! rewritten yet.
program shared_line
  implicit none
  integer :: k(2), i
  k = 0; do concurrent (i = 1:2)
    k(i) = i
  end do
  print *, k
end program shared_line
