! bench/apps/transpose/transpose.f90: a tiled transpose of a real(8) matrix
! (issue 11, part 5): do concurrent over 32 x 32 tiles, an inner do
! concurrent over the tile's elements, b(j, i) = a(i, j). fgpu runs each
! tile on a CUDA block whose threads share the inner loop, staged through
! shared memory so that the reads of a and the writes of b are both
! coalesced (rules/nest.mg, emit/nest.go). Timed with system_clock (a wait
! point: the host waits for the launch), best of the timed repetitions after
! one warm-up; effective bandwidth = 2 * 8 * n * n bytes / time. The result
! is checked on the host. Arguments: n (default 16384), repetitions
! (default 20).
program transpose
  implicit none
  integer, parameter :: ts = 32
  integer :: n, nrep, i, j, ii, jj, rep
  integer(8) :: t0, t1, rate, best, total, bad
  real(8), allocatable :: a(:, :), b(:, :)
  character(32) :: arg
  n = 16384
  nrep = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrep
  end if
  allocate (a(n, n), b(n, n))
  do concurrent (i = 1:n, j = 1:n)
    a(i, j) = real(i, 8) + real(n, 8) * real(j - 1, 8)
    b(i, j) = -1
  end do
  best = huge(best)
  total = 0
  do rep = 0, nrep
    call system_clock(t0, rate)
    do concurrent (jj = 1:n:ts, ii = 1:n:ts)
      do concurrent (j = jj:min(jj + ts - 1, n), i = ii:min(ii + ts - 1, n))
        b(j, i) = a(i, j)
      end do
    end do
    call system_clock(t1)
    if (rep > 0) then
      best = min(best, t1 - t0)
      total = total + (t1 - t0)
    end if
  end do
  bad = 0
  do i = 1, n
    do j = 1, n
      if (b(j, i) /= a(i, j)) bad = bad + 1
    end do
  end do
  print '(a,i0,a,i0,a)', 'transpose n = ', n, ', tile ', ts, ' (fgpu)'
  print '(a,f10.3,a,f10.3,a)', 'best ', 1d3 * real(best, 8) / real(rate, 8), ' ms, mean ', &
    1d3 * real(total, 8) / real(rate, 8) / max(nrep, 1), ' ms'
  print '(a,f8.1,a)', 'bandwidth ', 16d0 * real(n, 8) * real(n, 8) / (real(best, 8) / real(rate, 8)) * 1d-9, ' GB/s'
  if (bad /= 0) then
    print '(a,i0)', 'validation FAILED: wrong elements ', bad
    error stop 1
  end if
  print '(a)', 'validation PASSED'
end program
