! bench/apps/daxpy/daxpy_mod.f90: the same y = y + a*x as a module
! procedure with assumed-shape dummies (x(:), y(:)), one do concurrent.
module daxpy_kernels
  implicit none
  private
  public :: daxpy_as
contains
  subroutine daxpy_as(x, y, n, a)
    real(8), intent(in) :: x(:), a
    real(8), intent(inout) :: y(:)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)  ! kernel: daxpy_as
      y(i) = y(i) + a * x(i)
    end do
  end subroutine daxpy_as
end module daxpy_kernels
