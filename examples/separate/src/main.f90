program main
  use solver, only: step
  implicit none
  integer, parameter :: n = 100000
  real(8), allocatable :: h(:), u(:), f(:)
  integer :: i, t
  allocate(h(n), u(n), f(n))
  do i = 1, n
    h(i) = 1.0d0 + mod(i, 7)*0.125d0
    u(i) = 0.5d0 - mod(i, 5)*0.25d0
  end do
  do t = 1, 3
    call step(n, h, u, f)
    h = h + 1.0d-3*f
  end do
  print '(a, es24.16)', 'sum f = ', sum(f)
  print '(a, es24.16)', 'sum h = ', sum(h)
end program
