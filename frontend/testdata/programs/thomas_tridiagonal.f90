! Implicit 1-D heat equation (backward Euler) with the Thomas tridiagonal algorithm.
module tridiag
  implicit none
  integer, parameter :: wp = selected_real_kind(15)
contains
  pure subroutine thomas(a, b, c, d, x)
    real(wp), intent(in) :: a(:), b(:), c(:), d(:)
    real(wp), intent(out) :: x(:)
    real(wp) :: cp(size(d)), dp(size(d)), m
    integer :: i, n
    n = size(d)
    cp(1) = c(1) / b(1)
    dp(1) = d(1) / b(1)
    do i = 2, n
      m = b(i) - a(i) * cp(i-1)
      cp(i) = c(i) / m
      dp(i) = (d(i) - a(i) * dp(i-1)) / m
    end do
    x(n) = dp(n)
    do i = n - 1, 1, -1
      x(i) = dp(i) - cp(i) * x(i+1)
    end do
  end subroutine thomas
end module tridiag

program thomas_tridiagonal
  use tridiag
  implicit none
  integer, parameter :: n = 99, nsteps = 100
  real(wp), dimension(n) :: lower, diag, upper, u, rhs
  real(wp) :: dx, dt, r, x
  integer :: i, step
  real(wp), parameter :: pi = 4 * atan(1.0_wp)

  dx = 1.0_wp / (n + 1)
  dt = 1.0e-3_wp
  r = dt / dx**2
  lower = -r; upper = -r; diag = 1.0_wp + 2.0_wp * r
  lower(1) = 0.0_wp; upper(n) = 0.0_wp
  do i = 1, n
    x = i * dx
    u(i) = sin(pi * x)
  end do
  do step = 1, nsteps
    rhs = u
    call thomas(lower, diag, upper, rhs, u)
  end do
  print '(a, es12.4)', 'numerical peak: ', maxval(u)
  print '(a, es12.4)', 'exact peak:     ', exp(-pi**2 * nsteps * dt)
end program thomas_tridiagonal
