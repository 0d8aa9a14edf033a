! EXIT with no enclosing DO construct.
program exit_outside_loop
  implicit none
  integer :: n
  n = 3
  if (n > 2) then
    exit  ! WANT: error exit
  end if
  print *, n
end program exit_outside_loop
