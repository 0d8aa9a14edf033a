subroutine if_condition(b, c, n, hits)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: b(n), c(n)
  integer, intent(inout) :: hits
  integer :: i
  do concurrent (i = 1:n)
    b(i) = 0.5d0*b(i) + i
    c(i) = 2*c(i)
  end do
  if (b(1) /= 0.5d0) hits = hits + 1 + int(b(2))
  if (b(3) > 1) c(2) = c(2) + 1
  if (c(1) > 0) hits = hits + 1
end subroutine if_condition
