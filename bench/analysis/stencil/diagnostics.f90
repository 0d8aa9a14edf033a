! diagnostics.f90 -- integral invariants and norms of a state, computed on
! the host from fields filled by parallel loops, and the run report.
module diagnostics
  use kinds
  use mesh, only: grid_t, state_t, cell_area
  use physics, only: kinetic_energy, potential_energy, safe_velocity, &
                     tracer_concentration
  implicit none
  private

  public :: diag_t, diag_init, total_mass, tracer_mass, total_energy
  public :: max_vorticity, tracer_range, l2_diff, report, vorticity

  !> invariants recorded at one time
  type :: diag_t
    real(wp) :: time = zero
    real(wp) :: mass = zero
    real(wp) :: tracer = zero
    real(wp) :: energy = zero
    real(wp) :: vort_max = zero
    real(wp) :: cmin = zero
    real(wp) :: cmax = zero
    real(wp), allocatable :: work(:,:)
  end type diag_t

contains

  subroutine diag_init(d, g)
    type(diag_t), intent(out) :: d
    type(grid_t), intent(in) :: g
    allocate(d%work(g%nx, g%ny))
    d%work = zero
  end subroutine diag_init

  !> total water volume: the sum of the depths times the cell area
  real(wp) function total_mass(s, g) result(m)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    m = sum(s%f(IH)%u(1:g%nx, 1:g%ny)) * cell_area(g)
  end function total_mass

  !> total tracer content, summed by a host loop in Kahan fashion
  real(wp) function tracer_mass(s, g) result(m)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer :: i, j
    real(wp) :: c, y, t
    m = zero
    c = zero
    do j = 1, g%ny
      do i = 1, g%nx
        y = s%f(IQ)%u(i, j) - c
        t = m + y
        c = (t - m) - y
        m = t
      end do
    end do
    m = m * cell_area(g)
  end function tracer_mass

  !> total energy: kinetic plus potential, integrated over the domain
  real(wp) function total_energy(s, g, d) result(e)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    type(diag_t), intent(inout) :: d
    integer :: i, j
    do concurrent (j = 1:g%ny, i = 1:g%nx)
      d%work(i, j) = kinetic_energy(s%f(IH)%u(i, j), s%f(IHU)%u(i, j), s%f(IHV)%u(i, j)) &
                   + potential_energy(s%f(IH)%u(i, j), g%bathy%u(i, j))
    end do
    e = sum(d%work) * cell_area(g)
  end function total_energy

  !> relative vorticity dv/dx - du/dy at cell (i, j), centred differences
  pure real(wp) function vorticity(s, g, i, j) result(w)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j
    w = (safe_velocity(s%f(IHV)%u(i+1, j), s%f(IH)%u(i+1, j)) &
       - safe_velocity(s%f(IHV)%u(i-1, j), s%f(IH)%u(i-1, j))) / (two * g%dx) &
      - (safe_velocity(s%f(IHU)%u(i, j+1), s%f(IH)%u(i, j+1)) &
       - safe_velocity(s%f(IHU)%u(i, j-1), s%f(IH)%u(i, j-1))) / (two * g%dy)
  end function vorticity

  real(wp) function max_vorticity(s, g, d) result(wmax)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    type(diag_t), intent(inout) :: d
    integer :: i, j
    do concurrent (j = 1:g%ny, i = 1:g%nx)
      d%work(i, j) = abs(vorticity(s, g, i, j))
    end do
    wmax = maxval(d%work)
  end function max_vorticity

  !> smallest and largest tracer concentration over the wet cells
  subroutine tracer_range(s, g, d, cmin, cmax)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    type(diag_t), intent(inout) :: d
    real(wp), intent(out) :: cmin, cmax
    integer :: i, j
    d%work = zero
    do concurrent (j = 1:g%ny, i = 1:g%nx, s%f(IH)%u(i, j) > h_dry)
      d%work(i, j) = tracer_concentration(s%f(IQ)%u(i, j), s%f(IH)%u(i, j))
    end do
    cmin = minval(d%work)
    cmax = maxval(d%work)
  end subroutine tracer_range

  !> discrete L2 norm of the difference of field k between two states
  real(wp) function l2_diff(a, b, g, k) result(r)
    type(state_t), intent(in) :: a, b
    type(grid_t), intent(in) :: g
    integer, intent(in) :: k
    integer :: i, j
    r = zero
    do j = 1, g%ny
      do i = 1, g%nx
        r = r + (a%f(k)%u(i, j) - b%f(k)%u(i, j))**2
      end do
    end do
    r = sqrt(r * cell_area(g))
  end function l2_diff

  !> record the invariants of s in d and print one report line
  subroutine report(s, g, d)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    type(diag_t), intent(inout) :: d
    d%time = s%time
    d%mass = total_mass(s, g)
    d%tracer = tracer_mass(s, g)
    d%energy = total_energy(s, g, d)
    d%vort_max = max_vorticity(s, g, d)
    call tracer_range(s, g, d, d%cmin, d%cmax)
    write (stdout, '(a,i6,a,es12.5,a,es20.13,a,es13.6,a,es10.3,a,f7.4,a,f7.4,a)') &
      ' step', s%step, '  t=', d%time, '  mass=', d%mass, '  energy=', d%energy, &
      '  |w|max=', d%vort_max, '  c in [', d%cmin, ',', d%cmax, ']'
  end subroutine report
end module diagnostics
