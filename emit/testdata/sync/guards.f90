subroutine guards(x, w, n)
  implicit none
  integer, intent(in) :: n
  real, allocatable, intent(inout) :: x(:)
  real, optional, intent(inout) :: w(n)
  integer :: i
  do concurrent (i = 1:n)
    x(i) = 1.0
  end do
  do i = 1, n
    x(i) = x(i) + 1.0
    if (present(w)) w(i) = x(i)
  end do
  do concurrent (i = 1:n)
    x(i) = x(i) + w(i)
  end do
end subroutine guards
