! OpenMP directives as structured comments: parallel do with private/reduction clauses.
program openmp_directives
  implicit none
  integer, parameter :: n = 100000
  real(8) :: x(n), y(n), s, t, pi_est, h, xm
  integer :: i, j, nt
  integer :: hist(0:9)

  !$omp parallel do private(i) shared(x, y)
  do i = 1, n
    x(i) = dble(i) / n
    y(i) = 2.0d0 * x(i)
  end do
  !$omp end parallel do

  s = 0.0d0
  !$omp parallel do default(none) shared(x, y) private(i, t) reduction(+:s)
  do i = 1, n
    t = x(i) * y(i)
    s = s + t
  end do
  !$omp end parallel do
  print *, 'dot =', s

  h = 1.0d0 / n
  pi_est = 0.0d0
!$omp parallel do private(xm) reduction(+:pi_est) schedule(static, 1000)
  do i = 1, n
    xm = h * (i - 0.5d0)
    pi_est = pi_est + 4.0d0 / (1.0d0 + xm * xm)
  end do
  pi_est = pi_est * h
  print '(a, f18.15)', 'pi ~ ', pi_est

  hist = 0
  !$omp parallel do private(j) reduction(+:hist) &
  !$omp& schedule(dynamic)
  do i = 1, n
    j = min(9, int(10 * x(i)))
    hist(j) = hist(j) + 1
  end do
  print '(10i7)', hist

  nt = 1
  !$omp parallel
  !$omp single
  !$ nt = omp_thread_count()
  !$omp end single
  !$omp end parallel
  print *, 'threads:', nt

  s = -huge(s)
  !$omp parallel do reduction(max:s) collapse(1)
  do i = 1, n
    s = max(s, y(i))
  end do
  print *, 'max y =', s
end program openmp_directives
