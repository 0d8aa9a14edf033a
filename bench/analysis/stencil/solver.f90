! solver.f90 -- the numerics of one time step, three modules:
!   boundary    halo filling: periodic and reflective (free-slip wall)
!               conditions; halos are filled in x first, then in y over the
!               full x range, so that corner halos are consistent;
!   rhs         the semi-discrete right-hand side: finite-volume fluxes,
!               sources and diffusion;
!   integrator  the strong-stability-preserving Runge-Kutta time
!               integrators (Heun's RK2 and Shu-Osher RK3).
module boundary
  use kinds
  use mesh, only: grid_t, field_t, state_t
  implicit none
  private

  public :: fill_halos, periodic_x, periodic_y, wall_x, wall_y, wall_parity

contains

  !> Fill the halos of every field of s according to g's boundary conditions.
  subroutine fill_halos(s, g)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    integer :: k
    do k = 1, nvar
      select case (g%bc_x)
      case (BC_PERIODIC)
        call periodic_x(s%f(k), g)
      case (BC_WALL)
        call wall_x(s%f(k), g, wall_parity(k, 1))
      end select
      select case (g%bc_y)
      case (BC_PERIODIC)
        call periodic_y(s%f(k), g)
      case (BC_WALL)
        call wall_y(s%f(k), g, wall_parity(k, 2))
      end select
    end do
  end subroutine fill_halos

  !> +1 for variables mirrored evenly at a wall normal to direction dir,
  !> -1 for the momentum component normal to it
  pure real(wp) function wall_parity(k, dir) result(p)
    integer, intent(in) :: k, dir
    p = one
    if ((dir == 1 .and. k == IHU) .or. (dir == 2 .and. k == IHV)) p = -one
  end function wall_parity

  subroutine periodic_x(fld, g)
    type(field_t), intent(inout) :: fld
    type(grid_t), intent(in) :: g
    integer :: j, m
    do concurrent (j = 1:g%ny, m = 1:g%ng)
      fld%u(1-m, j) = fld%u(g%nx+1-m, j)
      fld%u(g%nx+m, j) = fld%u(m, j)
    end do
  end subroutine periodic_x

  subroutine periodic_y(fld, g)
    type(field_t), intent(inout) :: fld
    type(grid_t), intent(in) :: g
    integer :: i, m
    do concurrent (m = 1:g%ng, i = 1-g%ng:g%nx+g%ng)
      fld%u(i, 1-m) = fld%u(i, g%ny+1-m)
      fld%u(i, g%ny+m) = fld%u(i, m)
    end do
  end subroutine periodic_y

  !> reflective halos at x = xmin and x = xmax
  subroutine wall_x(fld, g, parity)
    type(field_t), intent(inout) :: fld
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: parity
    integer :: j, m
    do concurrent (j = 1:g%ny, m = 1:g%ng)
      fld%u(1-m, j) = parity * fld%u(m, j)
      fld%u(g%nx+m, j) = parity * fld%u(g%nx+1-m, j)
    end do
  end subroutine wall_x

  !> reflective halos at y = ymin and y = ymax
  subroutine wall_y(fld, g, parity)
    type(field_t), intent(inout) :: fld
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: parity
    integer :: i, m
    do concurrent (m = 1:g%ng, i = 1-g%ng:g%nx+g%ng)
      fld%u(i, 1-m) = parity * fld%u(i, m)
      fld%u(i, g%ny+m) = parity * fld%u(i, g%ny+1-m)
    end do
  end subroutine wall_y
end module boundary

module rhs
  use kinds
  use mesh, only: grid_t, field_t, state_t, tend_t, cell_area
  use physics, only: face_flux_x, face_flux_y, coriolis_source, slope_source
  use boundary, only: fill_halos
  implicit none
  private

  public :: params_t, compute_rhs, laplacian

  !> numerical and physical parameters of a run
  type :: params_t
    integer :: limiter = LIM_MINMOD
    integer :: order = 3            !< Runge-Kutta order: 2 or 3
    real(wp) :: cfl = 0.4_wp
    real(wp) :: kappa = 0.0_wp      !< tracer diffusivity, m^2/s
    real(wp) :: nu = 0.0_wp         !< momentum viscosity, m^2/s
    logical :: sources = .true.
  end type params_t

contains

  !> five-point Laplacian of fld at cell (i, j)
  pure real(wp) function laplacian(fld, g, i, j) result(lap)
    type(field_t), intent(in) :: fld
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j
    lap = (fld%u(i+1, j) - two * fld%u(i, j) + fld%u(i-1, j)) / g%dx**2 &
        + (fld%u(i, j+1) - two * fld%u(i, j) + fld%u(i, j-1)) / g%dy**2
  end function laplacian

  !> t%dq = L(s): the time derivative of the cell averages of s.
  !> Fills the halos of s first.
  subroutine compute_rhs(s, g, p, t)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    type(params_t), intent(in) :: p
    type(tend_t), intent(inout) :: t
    integer :: i, j, k
    real(wp) :: rarea

    call fill_halos(s, g)
    rarea = one / cell_area(g)

    ! numerical fluxes through every x face (i+1/2, j), i = 0..nx
    do concurrent (j = 1:g%ny, i = 0:g%nx)
      t%fx(:, i, j) = face_flux_x(s, g, i, j, p%limiter)
    end do

    ! numerical fluxes through every y face (i, j+1/2), j = 0..ny
    do concurrent (j = 0:g%ny, i = 1:g%nx)
      t%fy(:, i, j) = face_flux_y(s, g, i, j, p%limiter)
    end do

    ! flux divergence
    do concurrent (k = 1:nvar, j = 1:g%ny, i = 1:g%nx)
      t%dq(k, i, j) = -rarea * ((t%fx(k, i, j) - t%fx(k, i-1, j)) &
                              + (t%fy(k, i, j) - t%fy(k, i, j-1)))
    end do

    ! Coriolis and bottom-slope sources on the momenta of wet cells
    if (p%sources) then
      do concurrent (k = IHU:IHV, j = 1:g%ny, i = 1:g%nx, g%wet(i, j))
        t%dq(k, i, j) = t%dq(k, i, j) + coriolis_source(s, g, i, j, k) &
                                      + slope_source(s, g, i, j, k)
      end do
    end if

    ! tracer diffusion (conservative: a discrete divergence of a gradient)
    if (p%kappa > zero) then
      do concurrent (j = 1:g%ny, i = 1:g%nx)
        t%dq(IQ, i, j) = t%dq(IQ, i, j) + p%kappa * laplacian(s%f(IQ), g, i, j)
      end do
    end if

    ! Laplacian viscosity on the momenta
    if (p%nu > zero) then
      do concurrent (j = 1:g%ny, i = 1:g%nx)
        block
          real(wp) :: lu, lv
          lu = laplacian(s%f(IHU), g, i, j)
          lv = laplacian(s%f(IHV), g, i, j)
          t%dq(IHU, i, j) = t%dq(IHU, i, j) + p%nu * lu
          t%dq(IHV, i, j) = t%dq(IHV, i, j) + p%nu * lv
        end block
      end do
    end if
  end subroutine compute_rhs
end module rhs

module integrator
  use kinds
  use mesh, only: grid_t, state_t, tend_t, state_alloc, state_copy, tend_alloc
  use physics, only: max_wave_speed_cell
  use rhs, only: params_t, compute_rhs
  implicit none
  private

  public :: solver_t, solver_init, stable_dt, advance, rk_stage, enforce_positivity

  !> work storage of the time integrator
  type :: solver_t
    type(state_t) :: s0            !< state at the start of the step
    type(tend_t) :: t              !< tendencies
    real(wp), allocatable :: speed(:,:)
    integer :: nrhs = 0            !< right-hand sides evaluated so far
  end type solver_t

contains

  subroutine solver_init(w, g)
    type(solver_t), intent(out) :: w
    type(grid_t), intent(in) :: g
    call state_alloc(w%s0, g)
    call tend_alloc(w%t, g)
    allocate(w%speed(g%nx, g%ny))
    w%speed = zero
    w%nrhs = 0
  end subroutine solver_init

  !> the largest stable time step under the CFL condition
  real(wp) function stable_dt(s, g, p, w) result(dt)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    type(params_t), intent(in) :: p
    type(solver_t), intent(inout) :: w
    integer :: i, j
    real(wp) :: amax

    do concurrent (j = 1:g%ny, i = 1:g%nx)
      w%speed(i, j) = max_wave_speed_cell(s, i, j)
    end do
    amax = maxval(w%speed)
    dt = p%cfl * min(g%dx, g%dy) / max(amax, eps_div)
  end function stable_dt

  !> s = a*s0 + b*(s + dt*dq) on the interior cells
  subroutine rk_stage(s, s0, t, g, a, b, dt)
    type(state_t), intent(inout) :: s
    type(state_t), intent(in) :: s0
    type(tend_t), intent(in) :: t
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: a, b, dt
    integer :: i, j, k

    do concurrent (k = 1:nvar, j = 1:g%ny, i = 1:g%nx)
      s%f(k)%u(i, j) = a * s0%f(k)%u(i, j) + b * (s%f(k)%u(i, j) + dt * t%dq(k, i, j))
    end do
  end subroutine rk_stage

  !> zero the velocities and tracer of cells that have run dry
  subroutine enforce_positivity(s, g)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    integer :: i, j, k

    do concurrent (k = IHU:IQ, j = 1:g%ny, i = 1:g%nx, s%f(IH)%u(i, j) < h_dry)
      s%f(k)%u(i, j) = zero
    end do
  end subroutine enforce_positivity

  !> one step of length dt with the SSP Runge-Kutta scheme of order p%order
  subroutine advance(s, g, p, w, dt)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    type(params_t), intent(in) :: p
    type(solver_t), intent(inout) :: w
    real(wp), intent(in) :: dt

    call state_copy(w%s0, s, g)
    select case (p%order)
    case (2)
      ! Heun: s1 = s0 + dt L(s0); s = (s0 + s1 + dt L(s1)) / 2
      call compute_rhs(s, g, p, w%t)
      call rk_stage(s, w%s0, w%t, g, zero, one, dt)
      call enforce_positivity(s, g)
      call compute_rhs(s, g, p, w%t)
      call rk_stage(s, w%s0, w%t, g, half, half, dt)
      w%nrhs = w%nrhs + 2
    case default
      ! Shu-Osher SSP-RK3
      call compute_rhs(s, g, p, w%t)
      call rk_stage(s, w%s0, w%t, g, zero, one, dt)
      call enforce_positivity(s, g)
      call compute_rhs(s, g, p, w%t)
      call rk_stage(s, w%s0, w%t, g, 0.75_wp, quarter, dt)
      call enforce_positivity(s, g)
      call compute_rhs(s, g, p, w%t)
      call rk_stage(s, w%s0, w%t, g, third, two * third, dt)
      w%nrhs = w%nrhs + 3
    end select
    call enforce_positivity(s, g)
    s%time = w%s0%time + dt
    s%step = w%s0%step + 1
  end subroutine advance
end module integrator
