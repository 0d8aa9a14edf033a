! A SELECT CASE construct missing END SELECT, nested in a DO loop.
program unterminated_select
  implicit none
  integer :: i
  do i = 1, 3
    select case (i)  ! WANT: error unterminated
    case (1)
      print *, 'one'
    case default
      print *, 'other'
  end do
end program unterminated_select
