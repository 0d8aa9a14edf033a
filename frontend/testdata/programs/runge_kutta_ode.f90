! Classical RK4 integrator with an abstract interface for the right-hand side.
module ode_solvers
  implicit none
  integer, parameter :: wp = selected_real_kind(15)

  abstract interface
    pure function rhs_func(t, y) result(dydt)
      import :: wp
      real(wp), intent(in) :: t
      real(wp), intent(in) :: y(:)
      real(wp) :: dydt(size(y))
    end function rhs_func
  end interface
contains
  subroutine rk4_step(f, t, y, h)
    procedure(rhs_func) :: f
    real(wp), intent(in) :: t, h
    real(wp), intent(inout) :: y(:)
    real(wp), dimension(size(y)) :: k1, k2, k3, k4
    k1 = f(t, y)
    k2 = f(t + 0.5_wp*h, y + 0.5_wp*h*k1)
    k3 = f(t + 0.5_wp*h, y + 0.5_wp*h*k2)
    k4 = f(t + h, y + h*k3)
    y = y + h / 6.0_wp * (k1 + 2.0_wp*k2 + 2.0_wp*k3 + k4)
  end subroutine rk4_step

  subroutine integrate(f, y, t0, t1, nsteps)
    procedure(rhs_func) :: f
    real(wp), intent(inout) :: y(:)
    real(wp), intent(in) :: t0, t1
    integer, intent(in) :: nsteps
    real(wp) :: h, t
    integer :: i
    h = (t1 - t0) / nsteps
    t = t0
    do i = 1, nsteps
      call rk4_step(f, t, y, h)
      t = t + h
    end do
  end subroutine integrate

  pure function harmonic(t, y) result(dydt)
    real(wp), intent(in) :: t
    real(wp), intent(in) :: y(:)
    real(wp) :: dydt(size(y))
    dydt(1) = y(2)
    dydt(2) = -y(1)
  end function harmonic

  pure function lorenz(t, y) result(dydt)
    real(wp), intent(in) :: t
    real(wp), intent(in) :: y(:)
    real(wp) :: dydt(size(y))
    real(wp), parameter :: sigma = 10.0_wp, rho = 28.0_wp, beta = 8.0_wp / 3.0_wp
    dydt = [sigma * (y(2) - y(1)), y(1) * (rho - y(3)) - y(2), y(1) * y(2) - beta * y(3)]
  end function lorenz
end module ode_solvers

program runge_kutta_ode
  use ode_solvers
  implicit none
  real(wp) :: y2(2), y3(3)
  real(wp), parameter :: two_pi = 8.0_wp * atan(1.0_wp)
  y2 = [1.0_wp, 0.0_wp]
  call integrate(harmonic, y2, 0.0_wp, two_pi, 1000)
  print '(a, 2es14.6)', 'harmonic after one period: ', y2 - [1.0_wp, 0.0_wp]
  y3 = [1.0_wp, 1.0_wp, 1.0_wp]
  call integrate(lorenz, y3, 0.0_wp, 1.0_wp, 10000)
  print '(a, 3f12.6)', 'lorenz at t=1: ', y3
end program runge_kutta_ode
