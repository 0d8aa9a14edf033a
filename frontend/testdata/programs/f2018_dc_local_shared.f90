! GFORTRAN: rejects
! F2018 DO CONCURRENT locality specs LOCAL and SHARED in a 2-D heat-equation stencil.
program f2018_dc_local_shared
  use, intrinsic :: iso_fortran_env, only: dp => real64
  implicit none
  integer, parameter :: nx = 100, ny = 100, nsteps = 200
  real(dp), allocatable :: u(:,:), unew(:,:)
  real(dp) :: lap, alpha
  integer :: i, j, step

  allocate(u(0:nx+1, 0:ny+1), unew(0:nx+1, 0:ny+1))
  u = 0.0_dp
  u(nx/2, ny/2) = 1000.0_dp
  unew = u
  alpha = 0.2_dp

  do step = 1, nsteps
    do concurrent (j = 1:ny, i = 1:nx) local(lap) shared(u, unew, alpha)
      lap = u(i+1, j) + u(i-1, j) + u(i, j+1) + u(i, j-1) - 4.0_dp * u(i, j)
      unew(i, j) = u(i, j) + alpha * lap
    end do
    do concurrent (j = 0:ny+1, i = 0:nx+1) shared(u, unew)
      u(i, j) = unew(i, j)
    end do
  end do
  print '(a, es14.6)', 'total heat: ', sum(u)
  print '(a, es14.6)', 'peak:       ', maxval(u)
end program f2018_dc_local_shared
