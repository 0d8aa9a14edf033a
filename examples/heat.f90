! Two-dimensional heat equation on a rectangular plate, explicit Euler in
! time, five-point stencil in space. The plate starts at 0 degrees; its top
! edge is held hot, the other edges cold. The stencil is a `do concurrent`
! loop (fgpu offloads it); the convergence check is a host reduction.
module heat_params
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 200, ny = 100      ! grid points
  integer, parameter :: max_steps = 50000
  real(dp), parameter :: alpha = 1.0e-4_dp      ! diffusivity (m^2/s)
  real(dp), parameter :: lx = 2.0_dp, ly = 1.0_dp
  real(dp), parameter :: t_hot = 100.0_dp, t_cold = 0.0_dp
  real(dp), parameter :: tolerance = 1.0e-4_dp

contains

  ! One explicit step of the five-point Laplacian at one point.
  pure real(dp) function stencil(c, w, e, s, n, rx, ry) result(v)
    real(dp), intent(in) :: c, w, e, s, n, rx, ry
    v = c + rx * (w - 2.0_dp * c + e) + ry * (s - 2.0_dp * c + n)
  end function stencil

end module heat_params

program heat
  use heat_params
  implicit none
  real(dp), allocatable :: t(:, :), t_new(:, :)
  real(dp) :: dx, dy, dt, rx, ry, residual
  integer :: i, j, step

  dx = lx / real(nx - 1, dp)
  dy = ly / real(ny - 1, dp)
  ! Stable time step of the explicit scheme, with a safety factor.
  dt = 0.2_dp * min(dx, dy)**2 / alpha
  rx = alpha * dt / dx**2
  ry = alpha * dt / dy**2

  allocate(t(nx, ny), t_new(nx, ny))
  t = t_cold
  t(:, ny) = t_hot
  t_new = t

  residual = huge(1.0_dp)
  do step = 1, max_steps
    do concurrent (i = 2:nx-1, j = 2:ny-1)
      t_new(i, j) = stencil(t(i, j), t(i-1, j), t(i+1, j), &
                            t(i, j-1), t(i, j+1), rx, ry)
    end do

    ! Largest change of this step, on the host.
    if (mod(step, 100) == 0) then
      residual = maxval(abs(t_new(2:nx-1, 2:ny-1) - t(2:nx-1, 2:ny-1)))
    end if

    t(2:nx-1, 2:ny-1) = t_new(2:nx-1, 2:ny-1)
    if (residual < tolerance) exit
  end do

  print '(a, i0, a)', 'stopped after ', min(step, max_steps), ' steps'
  print '(a, es10.3)', 'last residual: ', residual
  print '(a, f8.3)', 'temperature at the centre: ', t(nx/2, ny/2)
  print '(a, f8.3)', 'mean temperature:          ', sum(t) / real(nx * ny, dp)
  if (residual < tolerance) then
    print '(a)', 'converged'
  else
    print '(a)', 'not converged'
  end if

  deallocate(t, t_new)
end program heat
