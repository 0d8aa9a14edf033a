! bench/apps/timestep/ts_solver.f90: a 2-D advection-diffusion solver laid
! out as real codes lay it out: ten do concurrent loops in five module
! procedures (init_fields, apply_bc, compute_fluxes, update, diagnostics;
! with setup and the host's checksum, seven), over the module arrays of
! ts_state.f90 (velocities, fluxes) and over the field the main program
! owns and passes down (assumed-shape dummies; explicit-shape in update),
! a diagnostic reduction the host reads, and host code that reads the field
! for a checksum.
!
! The scheme: a scalar q on nx x ny cells of [0,1] x [0,0.5] with one ghost
! layer, periodic boundaries (ghost cells, do concurrent over the edges),
! first-order upwind advection by a sheared velocity (x faces: u = 1 + y/0.5,
! y faces: v = 0.5 - x) plus diffusion, in flux form, so the total of q is
! conserved to rounding. Only + - * / and max: every build (kernels on any
! backend, or the host) computes the same bits (the twin, ts_main.f90, does
! the same operations in the same order).
! Each loop's line carries "! kernel: NAME" (bench/apps/device.sh).
module ts_solver
  use ts_state
  implicit none
  private
  public :: setup, init_fields, apply_bc, compute_fluxes, update, diagnostics, checksum
contains
  subroutine setup(nx_in, ny_in)
    integer, intent(in) :: nx_in, ny_in
    nx = nx_in
    ny = ny_in
    dx = 1.0d0 / nx
    dy = 0.5d0 / ny
    dt = 0.2d0 * min(dx, dy)
    kappa = 0.05d0 * min(dx, dy)
    allocate(fx(1:nx + 1, 1:ny), fy(1:nx, 1:ny + 1))
    allocate(ux(1:nx + 1, 1:ny), vy(1:nx, 1:ny + 1))
  end subroutine setup

  ! The initial bump and the face velocities.
  subroutine init_fields(q, qn)
    real(8), intent(out) :: q(0:, 0:), qn(0:, 0:)
    integer :: i, j
    real(8) :: x, y, r2
    do concurrent (i = 0:nx + 1, j = 0:ny + 1)  ! kernel: init_q
      x = (i - 0.5d0) * dx
      y = (j - 0.5d0) * dy
      r2 = ((x - 0.3d0) * (x - 0.3d0) + (y - 0.25d0) * (y - 0.25d0)) / 0.01d0
      q(i, j) = max(0.0d0, 1.0d0 - r2) * max(0.0d0, 1.0d0 - r2)
      qn(i, j) = 0.0d0
    end do
    do concurrent (i = 1:nx + 1, j = 1:ny)  ! kernel: init_u
      ux(i, j) = 1.0d0 + (j - 0.5d0) * dy / 0.5d0
    end do
    do concurrent (i = 1:nx, j = 1:ny + 1)  ! kernel: init_v
      vy(i, j) = 0.5d0 - (i - 0.5d0) * dx
    end do
  end subroutine init_fields

  ! Periodic boundaries of a field with one ghost layer, its interior
  ! sizes taken from its shape: the ghost columns, then the ghost rows
  ! (corners included), each a do concurrent over an edge.
  subroutine apply_bc(f)
    real(8), intent(inout) :: f(0:, 0:)
    integer :: i, j
    do concurrent (j = 1:size(f, 2) - 2)  ! kernel: bc_x
      f(0, j) = f(size(f, 1) - 2, j)
      f(size(f, 1) - 1, j) = f(1, j)
    end do
    do concurrent (i = 0:size(f, 1) - 1)  ! kernel: bc_y
      f(i, 0) = f(i, size(f, 2) - 2)
      f(i, size(f, 2) - 1) = f(i, 1)
    end do
  end subroutine apply_bc

  ! Upwind advective plus diffusive fluxes of q through the x and y faces.
  subroutine compute_fluxes(q)
    real(8), intent(in) :: q(0:, 0:)
    integer :: i, j
    real(8) :: adv
    do concurrent (i = 1:nx + 1, j = 1:ny)  ! kernel: flux_x
      if (ux(i, j) > 0.0d0) then
        adv = ux(i, j) * q(i - 1, j)
      else
        adv = ux(i, j) * q(i, j)
      end if
      fx(i, j) = adv - kappa * (q(i, j) - q(i - 1, j)) / dx
    end do
    do concurrent (i = 1:nx, j = 1:ny + 1)  ! kernel: flux_y
      if (vy(i, j) > 0.0d0) then
        adv = vy(i, j) * q(i, j - 1)
      else
        adv = vy(i, j) * q(i, j)
      end if
      fy(i, j) = adv - kappa * (q(i, j) - q(i, j - 1)) / dy
    end do
  end subroutine compute_fluxes

  ! One step of the fluxes' divergence into qnew, then qold = qnew.
  subroutine update(qold, qnew)
    real(8), intent(inout) :: qold(0:nx + 1, 0:ny + 1), qnew(0:nx + 1, 0:ny + 1)
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)  ! kernel: update
      qnew(i, j) = qold(i, j) - dt * ((fx(i + 1, j) - fx(i, j)) / dx + (fy(i, j + 1) - fy(i, j)) / dy)
    end do
    do concurrent (i = 1:nx, j = 1:ny)  ! kernel: copy
      qold(i, j) = qnew(i, j)
    end do
  end subroutine update

  ! The maximum and the total of q over the cells: read by the host.
  subroutine diagnostics(q, qmax, total)
    real(8), intent(in) :: q(0:, 0:)
    real(8), intent(out) :: qmax, total
    integer :: i, j
    qmax = -huge(1.0d0)
    total = 0.0d0
    do concurrent (i = 1:nx, j = 1:ny) reduce(max:qmax) reduce(+:total)  ! kernel: diag
      qmax = max(qmax, q(i, j))
      total = total + q(i, j)
    end do
  end subroutine diagnostics

  ! Host code: a position-weighted checksum of q, in a fixed order.
  function checksum(q) result(s)
    real(8), intent(in) :: q(0:, 0:)
    real(8) :: s
    integer :: i, j
    s = 0.0d0
    do j = 1, ny
      do i = 1, nx
        s = s + q(i, j) * (i + 2 * j)
      end do
    end do
  end function checksum
end module ts_solver
