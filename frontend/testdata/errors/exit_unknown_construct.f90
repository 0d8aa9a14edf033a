! EXIT and CYCLE naming constructs that do not exist.
program exit_unknown_construct
  implicit none
  integer :: i, j
  outer: do i = 1, 3
    do j = 1, 3
      if (j == 2) exit inner  ! WANT: error exit
      if (i == 2) exit outr  ! WANT: error exit
    end do
  end do outer
end program exit_unknown_construct
