! 2-D heat equation, explicit finite-difference stencil with DO CONCURRENT.
module heat_params
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: nx = 128, ny = 128
  real(dp), parameter :: alpha = 0.1_dp, dx = 1.0_dp / nx, dy = 1.0_dp / ny
end module heat_params

program heat_equation_2d
  use heat_params
  implicit none
  real(dp), allocatable, target :: u(:,:), unew(:,:)
  real(dp) :: dt, r_x, r_y, total
  integer :: i, j, step
  integer, parameter :: nsteps = 500

  allocate(u(0:nx+1, 0:ny+1), unew(0:nx+1, 0:ny+1))
  u = 0.0_dp
  unew = 0.0_dp
  ! hot spot in the middle
  u(nx/2-4:nx/2+4, ny/2-4:ny/2+4) = 100.0_dp

  dt = 0.25_dp * min(dx, dy)**2 / alpha
  r_x = alpha * dt / dx**2
  r_y = alpha * dt / dy**2

  time_loop: do step = 1, nsteps
    do concurrent (j = 1:ny, i = 1:nx)
      unew(i, j) = u(i, j) &
           + r_x * (u(i+1, j) - 2.0_dp*u(i, j) + u(i-1, j)) &
           + r_y * (u(i, j+1) - 2.0_dp*u(i, j) + u(i, j-1))
    end do
    ! fixed (Dirichlet) boundaries
    unew(0, :) = 0.0_dp; unew(nx+1, :) = 0.0_dp
    unew(:, 0) = 0.0_dp; unew(:, ny+1) = 0.0_dp
    call swap(u, unew)
    if (mod(step, 100) == 0) then
      total = sum(u(1:nx, 1:ny)) * dx * dy
      write (*, '(a, i5, a, es14.6)') 'step ', step, ' heat = ', total
    end if
  end do time_loop

  print *, 'max temperature:', maxval(u), ' at ', maxloc(u)
  deallocate(u, unew)

contains

  subroutine swap(a, b)
    real(dp), allocatable, intent(inout) :: a(:,:), b(:,:)
    real(dp), allocatable :: tmp(:,:)
    call move_alloc(a, tmp)
    call move_alloc(b, a)
    call move_alloc(tmp, b)
  end subroutine swap

end program heat_equation_2d
