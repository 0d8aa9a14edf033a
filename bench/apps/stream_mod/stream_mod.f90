! bench/apps/stream_mod/stream_mod.f90: BabelStream's timed loop over the
! module procedures of stream_kernels.f90, each call timed through the
! timer wrapper wtime() (common/wtime.f90, or common/wtime_omp.f90).
! Arguments (else environment variables, else defaults): the number of
! elements per array (STREAM_N, 2**25) and of timed iterations
! (STREAM_NTIMES, 100); one warm-up iteration first.
! Prints one line per kernel,
!   RESULT app=stream_mod kernel=K gbs=BEST gbs_median=MED seconds=BEST
!          median_seconds=MED total_seconds=SUM n=N iters=NTIMES
! (bandwidth in 10**9 bytes/s as BabelStream counts it: 2 arrays moved for
! copy, mul and dot, 3 for add and triad), then the validation (every
! element and the dot product against BabelStream's recurrence) and PASSED.
! Twin: stream_main.f90 (the same loops in the main program).
program stream_mod
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: best_of, median_of, int_arg, num, fix
  use stream_kernels
  implicit none
  integer :: n, ntimes, k, j
  real(8) :: t0, sum_dot, ai, bi, ci, err, bytes(5), best, med, gold_dot, gold_sum
  real(8), allocatable :: t(:, :)
  real(8) :: dots
  character(len=5), parameter :: names(5) = ['copy ', 'mul  ', 'add  ', 'triad', 'dot  ']

  n = int_arg(1, 'STREAM_N', 2**25)
  ntimes = int_arg(2, 'STREAM_NTIMES', 100)
  allocate(t(5, ntimes))
  call alloc_arrays(n)
  call init_arrays()

  sum_dot = 0.0d0
  do k = 0, ntimes
    t0 = wtime()
    call copy()
    if (k > 0) t(1, k) = wtime() - t0

    t0 = wtime()
    call mul()
    if (k > 0) t(2, k) = wtime() - t0

    t0 = wtime()
    call add()
    if (k > 0) t(3, k) = wtime() - t0

    t0 = wtime()
    call triad()
    if (k > 0) t(4, k) = wtime() - t0

    t0 = wtime()
    dots = dot()
    if (k > 0) t(5, k) = wtime() - t0
    sum_dot = sum_dot + dots
  end do

  bytes = real(n, 8) * 8.0d0 * [2.0d0, 2.0d0, 3.0d0, 3.0d0, 2.0d0]
  do j = 1, 5
    best = best_of(t(j, :))
    med = median_of(t(j, :))
    print '(a,i0,a,i0)', 'RESULT app=stream_mod kernel=' // trim(names(j)) // ' gbs=' // fix(bytes(j) / best * 1.0d-9) // &
      ' gbs_median=' // fix(bytes(j) / med * 1.0d-9) // ' seconds=' // num(best) // ' median_seconds=' // num(med) // &
      ' total_seconds=' // num(sum(t(j, :))) // ' n=', n, ' iters=', ntimes
  end do
  print '(a,a)', 'timer ', trim(timer_name())

  ! Validation: the values every element must have (BabelStream's check).
  ai = 0.1d0
  bi = 0.2d0
  ci = 0.0d0
  gold_sum = 0.0d0
  do k = 0, ntimes
    ci = ai
    bi = scalar * ci
    ci = ai + bi
    ai = bi + scalar * ci
    gold_sum = gold_sum + ai * bi * n
  end do
  gold_dot = ai * bi * n
  err = max(maxval(abs(a - ai)) / ai, maxval(abs(b - bi)) / bi, maxval(abs(c - ci)) / ci)
  if (err > 1.0d-8 .or. abs(dots - gold_dot) / gold_dot > 1.0d-8 .or. abs(sum_dot - gold_sum) / gold_sum > 1.0d-8) then
    print '(a,es12.4,a,es22.14,a,es22.14)', 'validation FAIL: err ', err, ' dot ', dots, ' want ', gold_dot
    error stop 1
  end if
  print '(a,i0,a,i0,a)', 'validation PASSED (n = ', n, ', ', ntimes, ' iterations)'
  print '(a)', 'PASSED'
end program stream_mod
