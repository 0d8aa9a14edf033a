! Lattice-Boltzmann D2Q9 collision/streaming skeleton with DO CONCURRENT and parameter arrays.
program lattice_boltzmann_d2q9
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 64, ny = 32, q = 9, nsteps = 200
  integer, parameter :: cx(0:q-1) = [0, 1, 0, -1, 0, 1, -1, -1, 1]
  integer, parameter :: cy(0:q-1) = [0, 0, 1, 0, -1, 1, 1, -1, -1]
  real(dp), parameter :: wt(0:q-1) = [4.0_dp/9, 1.0_dp/9, 1.0_dp/9, 1.0_dp/9, 1.0_dp/9, &
                                      1.0_dp/36, 1.0_dp/36, 1.0_dp/36, 1.0_dp/36]
  real(dp), parameter :: tau = 0.6_dp
  real(dp), allocatable :: f(:,:,:), fnew(:,:,:)
  real(dp) :: rho, ux, uy, cu, usq, feq
  integer :: i, j, k, step, ip, jp

  allocate(f(0:q-1, nx, ny), fnew(0:q-1, nx, ny))
  do concurrent (j = 1:ny, i = 1:nx, k = 0:q-1)
    f(k, i, j) = wt(k) * (1.0_dp + 0.01_dp * sin(6.283185307_dp * i / nx))
  end do

  do step = 1, nsteps
    ! collision
    do concurrent (j = 1:ny, i = 1:nx)
      rho = sum(f(:, i, j))
      ux = sum(f(:, i, j) * cx) / rho
      uy = sum(f(:, i, j) * cy) / rho
      usq = ux*ux + uy*uy
      do k = 0, q - 1
        cu = 3.0_dp * (cx(k)*ux + cy(k)*uy)
        feq = wt(k) * rho * (1.0_dp + cu + 0.5_dp*cu*cu - 1.5_dp*usq)
        f(k, i, j) = f(k, i, j) - (f(k, i, j) - feq) / tau
      end do
    end do
    ! streaming with periodic boundaries
    do concurrent (j = 1:ny, i = 1:nx, k = 0:q-1)
      ip = modulo(i - 1 + cx(k), nx) + 1
      jp = modulo(j - 1 + cy(k), ny) + 1
      fnew(k, ip, jp) = f(k, i, j)
    end do
    call move_alloc(fnew, f)
    allocate(fnew, mold=f)
  end do
  print '(a, es20.12)', 'total mass: ', sum(f)
  print '(a, es12.4)', 'density variation: ', maxval(sum(f, dim=1)) - minval(sum(f, dim=1))
end program lattice_boltzmann_d2q9
