! GO TO a label that does not exist.
program label_undefined_goto
  implicit none
  integer :: i
  i = 0
10 i = i + 1
  if (i < 5) go to 10
  if (i == 5) go to 20  ! WANT: error label
  print *, i
end program label_undefined_goto
