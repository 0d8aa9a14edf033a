! Using an INTENT(IN) dummy as a DO variable.
subroutine loop_over(i, n)
  implicit none
  integer, intent(in) :: i, n
  integer :: s
  s = 0
  do i = 1, n  ! WANT: error intent(in)
    s = s + 1
  end do
  print *, s
end subroutine loop_over
