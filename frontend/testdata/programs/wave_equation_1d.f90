! 1-D wave equation with a leapfrog scheme, three time levels rotated with pointer swaps.
program wave_equation_1d
  implicit none
  integer, parameter :: dp = kind(1.0d0), nx = 401, nsteps = 800
  real(dp), parameter :: c = 1.0_dp, length = 1.0_dp
  real(dp), target :: buf1(0:nx+1), buf2(0:nx+1), buf3(0:nx+1)
  real(dp), pointer :: u_old(:), u(:), u_new(:), tmp(:)
  real(dp) :: dx, dt, courant2, x, energy
  integer :: i, n

  dx = length / (nx - 1)
  dt = 0.5_dp * dx / c
  courant2 = (c * dt / dx)**2

  u_old(0:) => buf1
  u(0:) => buf2
  u_new(0:) => buf3
  do i = 1, nx
    x = (i - 1) * dx
    u(i) = exp(-200.0_dp * (x - 0.5_dp)**2)
  end do
  u(0) = 0.0_dp; u(nx + 1) = 0.0_dp
  u_old = u

  do n = 1, nsteps
    do concurrent (i = 1:nx)
      u_new(i) = 2.0_dp * u(i) - u_old(i) + courant2 * (u(i+1) - 2.0_dp * u(i) + u(i-1))
    end do
    u_new(0) = 0.0_dp
    u_new(nx + 1) = 0.0_dp
    tmp => u_old
    u_old => u
    u => u_new
    u_new => tmp
    if (mod(n, 200) == 0) then
      energy = 0.5_dp * sum(((u(1:nx) - u_old(1:nx)) / dt)**2) * dx
      print '(a, i5, a, es12.4, a, f8.4)', 'step', n, '  kinetic=', energy, &
            '  max|u|=', maxval(abs(u))
    end if
  end do
  print *, 'lbound of pointer u:', lbound(u), ' associated:', associated(u)
end program wave_equation_1d
