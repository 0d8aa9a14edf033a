! SAXPY / DAXPY kernels written with DO CONCURRENT.
module axpy_mod
  use, intrinsic :: iso_fortran_env, only: real32, real64
  implicit none
  private
  public :: saxpy, daxpy
contains
  subroutine saxpy(n, a, x, y)
    integer, intent(in) :: n
    real(real32), intent(in) :: a
    real(real32), intent(in) :: x(n)
    real(real32), intent(inout) :: y(n)
    integer :: i
    do concurrent (i = 1:n)
      y(i) = a * x(i) + y(i)
    end do
  end subroutine saxpy

  subroutine daxpy(n, a, x, y)
    integer, intent(in) :: n
    real(real64), intent(in) :: a
    real(real64), intent(in) :: x(:)
    real(real64), intent(inout) :: y(:)
    integer :: i
    do concurrent (i = 1:n)
      y(i) = y(i) + a * x(i)
    end do
  end subroutine daxpy
end module axpy_mod

program saxpy_test
  use axpy_mod
  use, intrinsic :: iso_fortran_env, only: real32, real64
  implicit none
  integer, parameter :: n = 1000000
  real(real32), allocatable :: xs(:), ys(:)
  real(real64), allocatable :: xd(:), yd(:)
  real(real64) :: err
  integer :: i

  allocate(xs(n), ys(n), xd(n), yd(n))
  do concurrent (i = 1:n)
    xs(i) = real(i, real32)
    ys(i) = 1.0_real32
    xd(i) = real(i, real64)
    yd(i) = 2.0_real64
  end do

  call saxpy(n, 2.0_real32, xs, ys)
  call daxpy(n, 0.5_real64, xd, yd)

  err = maxval(abs(yd - (2.0_real64 + 0.5_real64 * xd)))
  print '(a, es12.4)', 'daxpy max error: ', err
  print '(a, f12.2)', 'saxpy ys(n) = ', ys(n)
  deallocate(xs, ys, xd, yd)
end program saxpy_test
