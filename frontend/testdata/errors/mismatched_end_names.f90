! A named DO construct closed with a different construct name.
program mismatched_end_names
  implicit none
  integer :: i
  outer: do i = 1, 3
    print *, i
  end do inner  ! WANT: error mismatched end
end program mismatched_end_names
