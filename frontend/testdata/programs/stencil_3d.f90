! 7-point 3-D Laplacian stencil with DO CONCURRENT over three indices and a residual norm.
module stencil3d_mod
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  integer, parameter :: wp = real64
contains
  subroutine laplacian(u, lap, h)
    real(wp), intent(in) :: u(0:, 0:, 0:)
    real(wp), intent(out) :: lap(:,:,:)
    real(wp), intent(in) :: h
    integer :: i, j, k, nx, ny, nz
    nx = size(lap, 1); ny = size(lap, 2); nz = size(lap, 3)
    do concurrent (k = 1:nz, j = 1:ny, i = 1:nx)
      lap(i, j, k) = (u(i-1, j, k) + u(i+1, j, k) + u(i, j-1, k) + u(i, j+1, k) &
                    + u(i, j, k-1) + u(i, j, k+1) - 6.0_wp * u(i, j, k)) / (h * h)
    end do
  end subroutine laplacian
end module stencil3d_mod

program stencil_3d
  use stencil3d_mod
  implicit none
  integer, parameter :: n = 48
  real(wp), allocatable :: u(:,:,:), lap(:,:,:)
  real(wp) :: h, x, y, z, err
  integer :: i, j, k
  real(wp), parameter :: pi = acos(-1.0_wp)

  h = 1.0_wp / (n + 1)
  allocate(u(0:n+1, 0:n+1, 0:n+1), lap(n, n, n))
  do concurrent (k = 0:n+1, j = 0:n+1, i = 0:n+1)
    u(i, j, k) = sin(pi * i * h) * sin(pi * j * h) * sin(pi * k * h)
  end do
  call laplacian(u, lap, h)

  err = 0.0_wp
  do k = 1, n
    z = k * h
    do j = 1, n
      y = j * h
      do i = 1, n
        x = i * h
        err = max(err, abs(lap(i, j, k) + 3.0_wp * pi**2 * u(i, j, k)))
      end do
    end do
  end do
  print '(a, es12.4)', 'max discretisation error: ', err
  print '(a, es12.4)', 'l2 norm of laplacian:     ', norm2(lap) * h**1.5_wp
end program stencil_3d
