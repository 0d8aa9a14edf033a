! bench/apps/timestep/ts_state.f90: the module state of the advection-
! diffusion solver (ts_solver.f90 and the twin ts_main.f90): sizes, steps,
! the face velocities and fluxes (module allocatable arrays). The field q
! and its update qn belong to the main program, which passes them down.
module ts_state
  implicit none
  integer :: nx, ny
  real(8) :: dx, dy, dt, kappa
  real(8), allocatable :: fx(:, :), fy(:, :), ux(:, :), vy(:, :)
end module ts_state
