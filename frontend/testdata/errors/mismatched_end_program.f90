! A program unit whose END statement names a different program.
program mismatched_end_program
  implicit none
  integer :: i
  do i = 1, 3
    print *, i
  end do
end program other_name  ! WANT: error mismatched end
