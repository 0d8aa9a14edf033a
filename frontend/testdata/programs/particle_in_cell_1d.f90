! 1-D electrostatic particle-in-cell: deposit (host loop), field solve, push (DO CONCURRENT).
program particle_in_cell_1d
  use, intrinsic :: iso_fortran_env, only: wp => real64
  implicit none
  integer, parameter :: ng = 64, np = 20000, nsteps = 100
  real(wp), parameter :: length = 6.283185307179586_wp, qm = -1.0_wp
  real(wp) :: xp(np), vp(np), rho(0:ng-1), phi(0:ng-1), efield(0:ng-1)
  real(wp) :: dx, dt, frac, ep, ke
  integer :: p, g, gp, step, it

  dx = length / ng
  dt = 0.1_wp
  call random_number(xp)
  xp = xp * length
  do concurrent (p = 1:np)
    vp(p) = merge(1.0_wp, -1.0_wp, mod(p, 2) == 0)
  end do

  do step = 1, nsteps
    ! charge deposition (scatter) must stay serial: different particles hit the same cell
    rho = 0.0_wp
    do p = 1, np
      g = int(xp(p) / dx)
      frac = xp(p) / dx - g
      g = modulo(g, ng)
      gp = modulo(g + 1, ng)
      rho(g) = rho(g) + (1.0_wp - frac)
      rho(gp) = rho(gp) + frac
    end do
    rho = 1.0_wp - rho * ng / real(np, wp)

    ! Jacobi iterations for phi'' = -rho (periodic)
    phi = 0.0_wp
    do it = 1, 200
      phi = 0.5_wp * (cshift(phi, 1) + cshift(phi, -1) + dx * dx * rho)
    end do
    efield = -(cshift(phi, 1) - cshift(phi, -1)) / (2.0_wp * dx)

    ! gather + push
    do concurrent (p = 1:np)
      g = modulo(int(xp(p) / dx), ng)
      frac = xp(p) / dx - int(xp(p) / dx)
      ep = (1.0_wp - frac) * efield(g) + frac * efield(modulo(g + 1, ng))
      vp(p) = vp(p) + qm * ep * dt
      xp(p) = modulo(xp(p) + vp(p) * dt, length)
    end do
  end do
  ke = 0.5_wp * sum(vp**2) / np
  print '(a, f12.6)', 'kinetic energy per particle: ', ke
  print '(a, 2f10.4)', 'field range: ', minval(efield), maxval(efield)
end program particle_in_cell_1d
