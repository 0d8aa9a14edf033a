! A named constant used as a DO variable and as a READ target.
program parameter_do_variable
  implicit none
  integer, parameter :: n = 5
  integer :: s
  s = 0
  do n = 1, 3  ! WANT: error parameter
    s = s + 1
  end do
  read (*, *) n  ! WANT: error parameter
end program parameter_do_variable
