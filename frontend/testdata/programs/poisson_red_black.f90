! Red-black Gauss-Seidel / SOR for the Poisson equation; DO CONCURRENT with strided indices.
program poisson_red_black
  implicit none
  integer, parameter :: dp = kind(1.0d0), n = 64
  real(dp), parameter :: omega = 1.8_dp
  real(dp) :: u(0:n+1, 0:n+1), f(n, n), h, res, gs
  integer :: i, j, it, color

  h = 1.0_dp / (n + 1)
  u = 0.0_dp
  f = 1.0_dp

  do it = 1, 2000
    do color = 0, 1
      ! points with mod(i + j, 2) == color: split into two strided sweeps per color
      do concurrent (j = 1:n:2, i = 1 + color:n:2)
        gs = 0.25_dp * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) + h*h*f(i, j))
        u(i, j) = (1.0_dp - omega) * u(i, j) + omega * gs
      end do
      do concurrent (j = 2:n:2, i = 2 - color:n:2)
        gs = 0.25_dp * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) + h*h*f(i, j))
        u(i, j) = (1.0_dp - omega) * u(i, j) + omega * gs
      end do
    end do
    if (mod(it, 100) == 0) then
      res = 0.0_dp
      do j = 1, n
        do i = 1, n
          res = max(res, abs(f(i, j) + (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) &
                                         - 4.0_dp * u(i, j)) / (h*h)))
        end do
      end do
      if (res < 1.0e-8_dp) exit
    end if
  end do
  print '(a, i0, a, es10.3)', 'iterations: ', it, '  residual: ', res
  print '(a, f12.8)', 'u(center) = ', u(n/2, n/2)
end program poisson_red_black
