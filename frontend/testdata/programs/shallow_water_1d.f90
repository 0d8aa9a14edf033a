! 1-D shallow-water equations, Lax-Friedrichs scheme; two-component state in a derived type.
module sw_mod
  implicit none
  integer, parameter :: rk = selected_real_kind(12, 100)
  real(rk), parameter :: grav = 9.81_rk
  type :: sw_state
    real(rk), allocatable :: h(:), hu(:)
  end type sw_state
contains
  subroutine lax_friedrichs(s, dt, dx)
    type(sw_state), intent(inout) :: s
    real(rk), intent(in) :: dt, dx
    real(rk), allocatable :: fh(:), fhu(:), hn(:), hun(:)
    integer :: i, n
    n = size(s%h)
    allocate(fh(n), fhu(n), hn(n), hun(n))
    do concurrent (i = 1:n)
      fh(i) = s%hu(i)
      fhu(i) = s%hu(i)**2 / s%h(i) + 0.5_rk * grav * s%h(i)**2
    end do
    do concurrent (i = 2:n-1)
      hn(i)  = 0.5_rk * (s%h(i+1) + s%h(i-1))  - 0.5_rk * dt / dx * (fh(i+1) - fh(i-1))
      hun(i) = 0.5_rk * (s%hu(i+1) + s%hu(i-1)) - 0.5_rk * dt / dx * (fhu(i+1) - fhu(i-1))
    end do
    hn(1) = hn(2); hn(n) = hn(n-1)
    hun(1) = -hun(2); hun(n) = -hun(n-1)   ! reflective walls
    call move_alloc(hn, s%h)
    call move_alloc(hun, s%hu)
  end subroutine lax_friedrichs
end module sw_mod

program shallow_water_1d
  use sw_mod
  implicit none
  integer, parameter :: n = 400
  type(sw_state) :: s
  real(rk) :: dx, dt, t, mass0
  integer :: step
  allocate(s%h(n), s%hu(n))
  dx = 1.0_rk / n
  s%h = 1.0_rk
  s%h(n/2 - 20:n/2 + 20) = 2.0_rk          ! dam-break column
  s%hu = 0.0_rk
  mass0 = sum(s%h) * dx
  t = 0.0_rk
  do step = 1, 300
    dt = 0.4_rk * dx / maxval(abs(s%hu / s%h) + sqrt(grav * s%h))
    call lax_friedrichs(s, dt, dx)
    t = t + dt
  end do
  print '(a, f8.5, a, es10.2)', 't = ', t, '  mass drift = ', sum(s%h) * dx - mass0
  print '(a, 2f8.4)', 'h range: ', minval(s%h), maxval(s%h)
end program shallow_water_1d
