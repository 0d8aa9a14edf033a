! bench/apps/daxpy/daxpy_sub.f90: y = y + a*x as real codes write it, an
! external subroutine with explicit-shape dummies (BLAS's interface, less
! the increments), one do concurrent.
subroutine daxpy(x, y, n, a)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), a
  real(8), intent(inout) :: y(n)
  integer :: i
  do concurrent (i = 1:n)  ! kernel: daxpy
    y(i) = y(i) + a * x(i)
  end do
end subroutine daxpy
