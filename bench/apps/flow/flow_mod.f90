! bench/apps/flow/flow_mod.f90: the flow-solver pattern of miniWeather
! (compressible Euler in x-z, 4 variables, finite volumes, 4th-order
! interpolation with hyper-viscosity, RK3 with dimensional splitting) over
! module arrays state(1-hs:nx+hs, 1-hs:nz+hs, NUM_VARS) laid out (i, k,
! var): set_halo_x (periodic), set_halo_z (reflecting walls),
! tendencies_x and tendencies_z, whose flux loops hold 4-element local
! arrays stencil, vals, d3_vals filled by inner DO loops, and whose
! tendency loops and the update have headers (ll, k, i) over the (i, k,
! ll) arrays. The background is uniform (no gravity), so the fluid at rest
! stays at rest and a warm bubble drives the flow; the mass is conserved.
! The time loop is flow.f90's.
module flow_mod
  implicit none
  integer, parameter :: NUM_VARS = 4, ID_DENS = 1, ID_UMOM = 2, ID_WMOM = 3, ID_RHOT = 4
  integer, parameter :: hs = 2, sten_size = 4
  real(8), parameter :: cp = 1004.d0, rd = 287.d0, p0 = 1.d5, cv = cp - rd
  real(8), parameter :: gamm = cp / cv, c0 = 27.5629410929725921310572974482d0
  real(8), parameter :: hv_beta = 0.25d0, cfl = 1.5d0, max_speed = 450.d0
  real(8), parameter :: xlen = 2.d4, zlen = 1.d4
  real(8), parameter :: rho0 = 1.d0, theta0 = 300.d0
  integer :: nx, nz
  real(8) :: dx, dz, dt
  real(8), allocatable :: state(:, :, :), state_tmp(:, :, :), flux(:, :, :), tend(:, :, :)
contains
  subroutine flow_init(nx_, nz_)
    integer, intent(in) :: nx_, nz_
    integer :: i, k, ll
    real(8) :: x, z, d
    nx = nx_
    nz = nz_
    dx = xlen / nx
    dz = zlen / nz
    dt = min(dx, dz) / max_speed * cfl
    allocate (state(1 - hs:nx + hs, 1 - hs:nz + hs, NUM_VARS), state_tmp(1 - hs:nx + hs, 1 - hs:nz + hs, NUM_VARS))
    allocate (flux(nx + 1, nz + 1, NUM_VARS), tend(nx, nz, NUM_VARS))
    do concurrent (ll = 1:NUM_VARS, k = 1 - hs:nz + hs, i = 1 - hs:nx + hs) ! kernel: fl_zero
      state(i, k, ll) = 0
      state_tmp(i, k, ll) = 0
    end do
    do concurrent (k = 1:nz, i = 1:nx) local(x, z, d) ! kernel: fl_init
      x = (i - 0.5d0) * dx
      z = (k - 0.5d0) * dz
      d = sqrt(((x - xlen / 2) / 2.d3)**2 + ((z - 2.d3) / 2.d3)**2)
      state(i, k, ID_RHOT) = 0
      if (d < 1) state(i, k, ID_RHOT) = rho0 * 3.d0 * cos(d * 1.5707963267948966d0)**2
      state_tmp(i, k, ID_RHOT) = state(i, k, ID_RHOT)
    end do
    do concurrent (ll = 1:NUM_VARS, k = 1:nz, i = 1:nx) ! kernel: fl_flux0
      flux(i, k, ll) = 0
      tend(i, k, ll) = 0
    end do
  end subroutine flow_init

  ! Periodic in x: the hs halo columns copy the other side's.
  subroutine set_halo_x(s)
    real(8), intent(inout) :: s(1 - hs:, 1 - hs:, :)
    integer :: k, ll
    do concurrent (ll = 1:NUM_VARS, k = 1:nz) ! kernel: fl_halo_x
      s(-1, k, ll) = s(nx - 1, k, ll)
      s(0, k, ll) = s(nx, k, ll)
      s(nx + 1, k, ll) = s(1, k, ll)
      s(nx + 2, k, ll) = s(2, k, ll)
    end do
  end subroutine set_halo_x

  ! Walls in z: the vertical momentum is mirrored with its sign changed,
  ! the other variables copied from the nearest cell.
  subroutine set_halo_z(s)
    real(8), intent(inout) :: s(1 - hs:, 1 - hs:, :)
    integer :: i, ll
    do concurrent (ll = 1:NUM_VARS, i = 1 - hs:nx + hs) ! kernel: fl_halo_z
      if (ll == ID_WMOM) then
        s(i, 0, ll) = -s(i, 1, ll)
        s(i, -1, ll) = -s(i, 2, ll)
        s(i, nz + 1, ll) = -s(i, nz, ll)
        s(i, nz + 2, ll) = -s(i, nz - 1, ll)
      else
        s(i, 0, ll) = s(i, 1, ll)
        s(i, -1, ll) = s(i, 2, ll)
        s(i, nz + 1, ll) = s(i, nz, ll)
        s(i, nz + 2, ll) = s(i, nz - 1, ll)
      end if
    end do
  end subroutine set_halo_z

  subroutine tendencies_x(s)
    real(8), intent(in) :: s(1 - hs:, 1 - hs:, :)
    integer :: i, k, ll, m
    real(8) :: stencil(4), vals(NUM_VARS), d3_vals(NUM_VARS), r, u, w, t, p, hv_coef
    hv_coef = -hv_beta * dx / (16 * dt)
    do concurrent (k = 1:nz, i = 1:nx + 1) local(stencil, vals, d3_vals, r, u, w, t, p) ! kernel: fl_flux_x
      do ll = 1, NUM_VARS
        do m = 1, sten_size
          stencil(m) = s(i - hs - 1 + m, k, ll)
        end do
        vals(ll) = -stencil(1) / 12 + 7 * stencil(2) / 12 + 7 * stencil(3) / 12 - stencil(4) / 12
        d3_vals(ll) = -stencil(1) + 3 * stencil(2) - 3 * stencil(3) + stencil(4)
      end do
      r = vals(ID_DENS) + rho0
      u = vals(ID_UMOM) / r
      w = vals(ID_WMOM) / r
      t = (vals(ID_RHOT) + rho0 * theta0) / r
      p = c0 * (r * t)**gamm
      flux(i, k, ID_DENS) = r * u - hv_coef * d3_vals(ID_DENS)
      flux(i, k, ID_UMOM) = r * u * u + p - hv_coef * d3_vals(ID_UMOM)
      flux(i, k, ID_WMOM) = r * u * w - hv_coef * d3_vals(ID_WMOM)
      flux(i, k, ID_RHOT) = r * u * t - hv_coef * d3_vals(ID_RHOT)
    end do
    do concurrent (ll = 1:NUM_VARS, k = 1:nz, i = 1:nx) ! kernel: fl_tend_x
      tend(i, k, ll) = -(flux(i + 1, k, ll) - flux(i, k, ll)) / dx
    end do
  end subroutine tendencies_x

  subroutine tendencies_z(s)
    real(8), intent(in) :: s(1 - hs:, 1 - hs:, :)
    integer :: i, k, ll, m
    real(8) :: stencil(4), vals(NUM_VARS), d3_vals(NUM_VARS), r, u, w, t, p, hv_coef
    hv_coef = -hv_beta * dz / (16 * dt)
    do concurrent (k = 1:nz + 1, i = 1:nx) local(stencil, vals, d3_vals, r, u, w, t, p) ! kernel: fl_flux_z
      do ll = 1, NUM_VARS
        do m = 1, sten_size
          stencil(m) = s(i, k - hs - 1 + m, ll)
        end do
        vals(ll) = -stencil(1) / 12 + 7 * stencil(2) / 12 + 7 * stencil(3) / 12 - stencil(4) / 12
        d3_vals(ll) = -stencil(1) + 3 * stencil(2) - 3 * stencil(3) + stencil(4)
      end do
      r = vals(ID_DENS) + rho0
      u = vals(ID_UMOM) / r
      w = vals(ID_WMOM) / r
      t = (vals(ID_RHOT) + rho0 * theta0) / r
      p = c0 * (r * t)**gamm - c0 * (rho0 * theta0)**gamm
      if (k == 1 .or. k == nz + 1) then
        w = 0
        d3_vals(ID_DENS) = 0
      end if
      flux(i, k, ID_DENS) = r * w - hv_coef * d3_vals(ID_DENS)
      flux(i, k, ID_UMOM) = r * w * u - hv_coef * d3_vals(ID_UMOM)
      flux(i, k, ID_WMOM) = r * w * w + p - hv_coef * d3_vals(ID_WMOM)
      flux(i, k, ID_RHOT) = r * w * t - hv_coef * d3_vals(ID_RHOT)
    end do
    do concurrent (ll = 1:NUM_VARS, k = 1:nz, i = 1:nx) ! kernel: fl_tend_z
      tend(i, k, ll) = -(flux(i, k + 1, ll) - flux(i, k, ll)) / dz
    end do
  end subroutine tendencies_z

  ! s_out = s_init + dtl * tend on the interior cells.
  subroutine update(s_init, s_out, dtl)
    real(8), intent(in) :: s_init(1 - hs:, 1 - hs:, :)
    real(8), intent(inout) :: s_out(1 - hs:, 1 - hs:, :)
    real(8), intent(in) :: dtl
    integer :: i, k, ll
    do concurrent (ll = 1:NUM_VARS, k = 1:nz, i = 1:nx) ! kernel: fl_update
      s_out(i, k, ll) = s_init(i, k, ll) + dtl * tend(i, k, ll)
    end do
  end subroutine update

  ! The last stage: s = s + dtl * tend.
  subroutine update_last(s, dtl)
    real(8), intent(inout) :: s(1 - hs:, 1 - hs:, :)
    real(8), intent(in) :: dtl
    integer :: i, k, ll
    do concurrent (ll = 1:NUM_VARS, k = 1:nz, i = 1:nx) ! kernel: fl_update_last
      s(i, k, ll) = s(i, k, ll) + dtl * tend(i, k, ll)
    end do
  end subroutine update_last

  ! The halo and the tendencies of s in direction dir (1: x, 2: z).
  subroutine tendencies(s, dir)
    real(8), intent(inout) :: s(1 - hs:, 1 - hs:, :)
    integer, intent(in) :: dir
    if (dir == 1) then
      call set_halo_x(s)
      call tendencies_x(s)
    else
      call set_halo_z(s)
      call tendencies_z(s)
    end if
  end subroutine tendencies

  ! One time step: RK3 in x, then in z (state_tmp holds the stages).
  subroutine timestep()
    integer :: dir
    do dir = 1, 2
      call tendencies(state, dir)
      call update(state, state_tmp, dt / 3)
      call tendencies(state_tmp, dir)
      call update(state, state_tmp, dt / 2)
      call tendencies(state_tmp, dir)
      call update_last(state, dt)
    end do
  end subroutine timestep
end module flow_mod
