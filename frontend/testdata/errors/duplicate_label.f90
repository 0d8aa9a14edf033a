! A statement label defined twice in one scoping unit.
program duplicate_label
  implicit none
  integer :: i
  i = 0
10 i = i + 1
  if (i < 3) go to 10
10 continue  ! WANT: error duplicate
  print *, i
end program duplicate_label
