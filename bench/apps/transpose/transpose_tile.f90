! bench/apps/transpose/transpose_tile.f90: the time loop of the blocked
! transpose with a local tile (transpose_tile_mod.f90, or
! transpose_tile_omp_mod.f90 for gfortran -fopenmp): iters transposes
! after one warm-up, each timed through wtime(); b is checked on the host.
! Arguments: n iters (TRANSPOSE_N, TRANSPOSE_ITERS; default 16384, 20); n
! a multiple of 32. Effective bandwidth: 2 * 8 * n^2 bytes a transpose.
!   RESULT app=transpose variant=tile gbs=... gbs_median=... seconds=... median_seconds=... n=... iters=...
program transpose_tile
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: best_of, median_of, int_arg, num
  use transpose_tile_mod
  implicit none
  integer :: iters, it, i, j
  integer(8) :: bad
  real(8), allocatable :: t(:)
  real(8) :: t0, bytes
  call tile_init(int_arg(1, 'TRANSPOSE_N', 16384))
  iters = int_arg(2, 'TRANSPOSE_ITERS', 20)
  if (mod(n, bs) /= 0) then
    print '(a,i0)', 'n must be a multiple of ', bs
    error stop 2
  end if
  allocate (t(iters))
  do it = 0, iters
    t0 = wtime()
    call transpose_tiles()
    if (it > 0) t(it) = wtime() - t0
  end do
  bad = 0
  do j = 1, n
    do i = 1, n
      if (b(j, i) /= a(i, j)) bad = bad + 1
    end do
  end do
  bytes = 16.0d0 * real(n, 8)**2
  print '(a,i0,a,i0)', 'transpose n = ', n, ', tile ', bs
  print '(a,i0)', 'wrong elements ', bad
  print '(a,i0,a,i0)', 'RESULT app=transpose variant=tile gbs=' // num(bytes / best_of(t) * 1.0d-9) // &
    ' gbs_median=' // num(bytes / median_of(t) * 1.0d-9) // ' seconds=' // num(best_of(t)) // &
    ' median_seconds=' // num(median_of(t)) // ' n=', n, ' iters=', iters
  print '(a,a)', 'timer ', trim(timer_name())
  if (bad /= 0) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program transpose_tile
