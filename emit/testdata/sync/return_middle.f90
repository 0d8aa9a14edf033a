subroutine return_middle(a, n, early)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  logical, intent(in) :: early
  integer :: i
  do concurrent (i = 1:n)
    a(i) = 1.0
  end do
  if (early) return
  a(1) = 2.0; a(2) = 3.0
end subroutine return_middle
