! The MSL of three kernels (--gpu=metal_cpu): a stencil, a masked loop
! and a loop that can stop.
program kernels
  implicit none
  integer, parameter :: n = 64
  real :: u(n, n), v(n, n), w(n)
  integer :: i, j
  u = 1.0
  v = 0.0
  w = 2.0
  do concurrent (i = 2:n-1, j = 2:n-1)
    v(i, j) = 0.25 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1)) - u(i, j)
  end do
  do concurrent (i = 1:n, w(i) > 1.0 .and. mod(i, 2) == 0)
    w(i) = sqrt(w(i)) + v(i, 2)
  end do
  do concurrent (i = 1:n)
    if (w(i) < 0.0) error stop 'negative weight'
    u(i, 1) = u(i, 1) / w(i)
  end do
  print '(3f10.4)', sum(v), sum(w), sum(u)
end program
