! Cholesky factorisation and triangular solves on a symmetric positive definite matrix.
module cholesky_mod
  use, intrinsic :: iso_fortran_env, only: wp => real64
  implicit none
contains
  subroutine cholesky(a, info)
    real(wp), intent(inout) :: a(:,:)
    integer, intent(out) :: info
    integer :: j, n
    n = size(a, 1)
    info = 0
    do j = 1, n
      a(j, j) = a(j, j) - dot_product(a(j, 1:j-1), a(j, 1:j-1))
      if (a(j, j) <= 0.0_wp) then
        info = j
        return
      end if
      a(j, j) = sqrt(a(j, j))
      a(j+1:n, j) = (a(j+1:n, j) - matmul(a(j+1:n, 1:j-1), a(j, 1:j-1))) / a(j, j)
    end do
    do j = 2, n
      a(1:j-1, j) = 0.0_wp
    end do
  end subroutine cholesky

  function solve_lower(l, b) result(x)
    real(wp), intent(in) :: l(:,:), b(:)
    real(wp) :: x(size(b))
    integer :: i
    do i = 1, size(b)
      x(i) = (b(i) - dot_product(l(i, 1:i-1), x(1:i-1))) / l(i, i)
    end do
  end function solve_lower

  function solve_upper(u, b) result(x)
    real(wp), intent(in) :: u(:,:), b(:)
    real(wp) :: x(size(b))
    integer :: i, n
    n = size(b)
    do i = n, 1, -1
      x(i) = (b(i) - dot_product(u(i, i+1:n), x(i+1:n))) / u(i, i)
    end do
  end function solve_upper
end module cholesky_mod

program cholesky_solve
  use cholesky_mod
  implicit none
  integer, parameter :: n = 5
  real(wp) :: a(n, n), l(n, n), b(n), x(n), r(n, n)
  integer :: info, i
  call random_number(r)
  a = matmul(r, transpose(r))
  forall (i = 1:n) a(i, i) = a(i, i) + n
  b = [(real(i, wp), i = 1, n)]
  l = a
  call cholesky(l, info)
  if (info /= 0) error stop 'matrix not positive definite'
  x = solve_upper(transpose(l), solve_lower(l, b))
  print '(a, es10.3)', 'residual: ', maxval(abs(matmul(a, x) - b))
  print '(a, es10.3)', 'reconstruction error: ', maxval(abs(matmul(l, transpose(l)) - a))
end program cholesky_solve
