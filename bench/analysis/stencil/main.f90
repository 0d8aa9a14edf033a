! main.f90 -- driver of the shallow-water benchmark: a Gaussian bump of
! water over a seamount on an f-plane, with a passive tracer front. Three
! cases (RK2/minmod in a channel, RK3/superbee in a channel, RK3/van Leer
! doubly periodic) are run; water volume and tracer content must be
! conserved to round-off, the depth must stay positive and the energy may
! only change by a small amount.
program shallow_water
  use kinds
  use mesh, only: bbox_t, grid_t, state_t, grid_init, grid_free, state_alloc, &
                  state_free, state_copy, cell_x, cell_y
  use boundary, only: fill_halos
  use rhs, only: params_t
  use integrator, only: solver_t, solver_init, stable_dt, advance
  use diagnostics, only: diag_t, diag_init, report, l2_diff
  implicit none

  real(wp), parameter :: depth_ref = 100.0_wp      !< still-water depth, m
  real(wp), parameter :: bump = 1.0_wp             !< initial bump height, m
  real(wp), parameter :: mass_tol = 1.0e-10_wp
  real(wp), parameter :: energy_tol = 1.0e-3_wp
  !> the concentration is reconstructed from h and h*c separately, so it
  !> may overshoot [0, 1] slightly
  real(wp), parameter :: bound_tol = 1.0e-3_wp
  logical :: all_ok
  integer :: ncase

  all_ok = .true.
  ncase = 0
  call run_case('rk2-minmod-channel', 64, 48, LIM_MINMOD, 2, BC_WALL, 60, all_ok)
  call run_case('rk3-superbee-channel', 128, 96, LIM_SUPERBEE, 3, BC_WALL, 100, all_ok)
  call run_case('rk3-vanleer-periodic', 96, 96, LIM_VANLEER, 3, BC_PERIODIC, 80, all_ok)

  write (stdout, '(a)') repeat('-', 72)
  if (all_ok) then
    write (stdout, '(a,i0,a)') 'PASSED (', ncase, ' cases)'
  else
    write (stdout, '(a)') 'FAILED'
    error stop 1
  end if

contains

  !> free-surface elevation of the initial state: a Gaussian bump
  pure real(wp) function initial_eta(g, x, y) result(eta)
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: x, y
    real(wp) :: x0, y0, r
    x0 = g%box%xmin + 0.3_wp * (g%box%xmax - g%box%xmin)
    y0 = g%box%ymin + 0.5_wp * (g%box%ymax - g%box%ymin)
    r = 8.0_wp * max(g%dx, g%dy)
    eta = bump * exp(-((x - x0)**2 + (y - y0)**2) / r**2)
  end function initial_eta

  !> initial tracer concentration: a smooth front across the basin
  pure real(wp) function initial_tracer(g, x) result(c)
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: x
    real(wp) :: xm, w
    xm = half * (g%box%xmin + g%box%xmax)
    w = 0.05_wp * (g%box%xmax - g%box%xmin)
    c = half * (one + tanh((x - xm) / w))
  end function initial_tracer

  !> the initial state: a bump of water at rest over the bathymetry
  subroutine set_initial(s, g)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    integer :: i, j

    do concurrent (j = 1:g%ny, i = 1:g%nx)
      s%f(IH)%u(i, j) = max(depth_ref + initial_eta(g, g%xc(i), g%yc(j)) - g%bathy%u(i, j), zero)
    end do
    do concurrent (j = 1:g%ny, i = 1:g%nx)
      s%f(IHU)%u(i, j) = zero
      s%f(IHV)%u(i, j) = zero
      s%f(IQ)%u(i, j) = s%f(IH)%u(i, j) * initial_tracer(g, cell_x(g, i))
    end do
    call fill_halos(s, g)
    s%time = zero
    s%step = 0
  end subroutine set_initial

  !> run one case and check its invariants
  subroutine run_case(name, nx, ny, limiter, order, bc_y, nsteps, ok)
    character(len=*), intent(in) :: name
    integer, intent(in) :: nx, ny, limiter, order, bc_y, nsteps
    logical, intent(inout) :: ok
    type(grid_t) :: g
    type(state_t) :: s, s_init
    type(params_t) :: p
    type(solver_t) :: w
    type(diag_t) :: d0, d
    type(bbox_t) :: box
    real(wp) :: dt, lat, dmass, dtracer, denergy
    integer :: n, nreport
    logical :: case_ok

    ncase = ncase + 1
    write (stdout, '(a)') repeat('-', 72)
    write (stdout, '(a,i0,3a,i0,a,i0,a,i0,a)') 'case ', ncase, ': ', name, ', ', nx, ' x ', ny, &
      ', ', nsteps, ' steps'

    box = bbox_t(xmin=zero, xmax=1.0e5_wp, ymin=zero, ymax=1.0e5_wp * real(ny, wp) / real(nx, wp))
    lat = pi / 4.0_wp
    call grid_init(g, nx, ny, box, two * omega_earth * sin(lat), depth_ref)
    g%bc_x = BC_PERIODIC
    g%bc_y = bc_y

    p%limiter = limiter
    p%order = order
    p%cfl = 0.4_wp
    p%kappa = 50.0_wp
    p%nu = 20.0_wp
    p%sources = .true.

    call state_alloc(s, g)
    call state_alloc(s_init, g)
    call set_initial(s, g)
    call state_copy(s_init, s, g)
    call solver_init(w, g)
    call diag_init(d0, g)
    call diag_init(d, g)
    call report(s, g, d0)

    nreport = max(nsteps / 4, 1)
    do n = 1, nsteps
      dt = stable_dt(s, g, p, w)
      call advance(s, g, p, w, dt)
      if (mod(n, nreport) == 0 .or. n == nsteps) call report(s, g, d)
    end do

    dmass = abs(d%mass - d0%mass) / d0%mass
    dtracer = abs(d%tracer - d0%tracer) / d0%tracer
    denergy = abs(d%energy - d0%energy) / d0%energy
    write (stdout, '(a,es10.3,a,es10.3,a,es10.3)') ' relative change: mass ', dmass, &
      '  tracer ', dtracer, '  energy ', denergy
    write (stdout, '(a,es12.5,a,es12.5,a,i0)') ' min depth ', minval(s%f(IH)%u(1:nx, 1:ny)), &
      '  |h - h0|_2 ', l2_diff(s, s_init, g, IH), '  rhs evaluations ', w%nrhs

    case_ok = dmass < mass_tol .and. dtracer < mass_tol .and. denergy < energy_tol &
              .and. minval(s%f(IH)%u(1:nx, 1:ny)) > zero &
              .and. d%cmin >= -bound_tol .and. d%cmax <= one + bound_tol
    if (case_ok) then
      write (stdout, '(3a)') ' case ', name, ': ok'
    else
      write (stdout, '(3a)') ' case ', name, ': FAILED'
    end if
    ok = ok .and. case_ok

    call state_free(s)
    call state_free(s_init)
    call grid_free(g)
  end subroutine run_case
end program shallow_water
