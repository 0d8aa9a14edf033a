! bench/mapcheck/stencil_ji.f90 (issue 30): a 2-D star stencil of radius 2,
! do concurrent (j, i) -- the stride-1 index i second in the header -- with
! an inner DO window over a weight table, in a module procedure called in a
! time loop. Prints the best time and GFlop/s (9 multiply-adds a point);
! checks the result against a host recomputation of one step. Arguments:
! n (default 16000), repetitions (default 10).
module stencil_m
  implicit none
  integer, parameter :: r = 2
  real(8) :: w(-r:r)
  real(8), allocatable :: u(:, :), v(:, :)
contains
  subroutine step(n)
    integer, intent(in) :: n
    integer :: i, j, jj
    real(8) :: s
    do concurrent (j = r:n - r - 1, i = r:n - r - 1) local(s)
      s = 0
      do jj = -r, r
        s = s + w(jj) * u(i + jj, j)
      end do
      do jj = -r, r
        if (jj /= 0) s = s + w(jj) * u(i, j + jj)
      end do
      v(i, j) = s
    end do
  end subroutine
end module
program stencil_ji
  use stencil_m
  implicit none
  integer :: n, nrep, rep, i, j, jj
  integer(8) :: t0, t1, rate, best
  real(8) :: s, err
  character(32) :: arg
  n = 16000
  nrep = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrep
  end if
  allocate (u(0:n - 1, 0:n - 1), v(0:n - 1, 0:n - 1))
  w = [0.1d0, 0.2d0, 0.4d0, 0.2d0, 0.1d0]
  do concurrent (j = 0:n - 1, i = 0:n - 1)
    u(i, j) = real(mod(i * 7 + j * 13, 101), 8)
    v(i, j) = 0
  end do
  best = huge(best)
  do rep = 0, nrep
    call system_clock(t0, rate)
    call step(n)
    call system_clock(t1)
    if (rep > 0) best = min(best, t1 - t0)
  end do
  err = 0
  do j = r, n - r - 1, max(1, n / 97)
    do i = r, n - r - 1, max(1, n / 89)
      s = 0
      do jj = -r, r
        s = s + w(jj) * u(i + jj, j)
      end do
      do jj = -r, r
        if (jj /= 0) s = s + w(jj) * u(i, j + jj)
      end do
      err = max(err, abs(s - v(i, j)))
    end do
  end do
  print '(a,i0)', 'stencil_ji n = ', n
  print '(a,f10.3,a)', 'best ', 1d3 * real(best, 8) / real(rate, 8), ' ms'
  print '(a,f10.1,a)', 'rate ', 18d0 * real(n - 2 * r, 8)**2 / (real(best, 8) / real(rate, 8)) * 1d-9, ' GFlop/s'
  if (err > 1d-12) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
