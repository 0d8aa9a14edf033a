! bench/apps/stencil/stencil.f90: the time loop of the star stencil
! (stencil_mod.f90, or stencil_omp_mod.f90 for gfortran -fopenmp): for
! each form (plain, tiled), `iters` steps of the stencil then the
! increment, after one warm-up step, each stencil call timed through
! wtime(); the interior of v must be 2 * steps everywhere (exact), checked
! on the host. Arguments: n iters (STENCIL_N, STENCIL_ITERS; default 8192,
! 100). Per stencil call: (n - 2r)^2 points, each reading u (8 bytes) and
! updating v (16 bytes): 24 bytes and 4 (2r + 1) + 1 flops a point.
!   RESULT app=stencil variant=plain gbs=... gflops=... seconds=... median_seconds=... n=... iters=...
program stencil
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: best_of, median_of, int_arg, num
  use stencil_mod
  implicit none
  integer :: iters, form, it, i, j
  real(8), allocatable :: t(:)
  real(8) :: t0, best, med, pts, norm, want
  integer(8) :: bad
  character(len=5) :: fname(2) = ['plain', 'tiled']
  call stencil_init(int_arg(1, 'STENCIL_N', 8192))
  iters = int_arg(2, 'STENCIL_ITERS', 100)
  allocate (t(iters))
  pts = real(n - 2 * r, 8)**2
  print '(a,i0,a,i0,a,i0)', 'stencil n = ', n, ', radius ', r, ', tile ', bs
  do form = 1, 2
    ! A fresh start for each form.
    do concurrent (j = 0:n - 1, i = 0:n - 1) ! kernel: st_reset
      u(i, j) = real(i + j, 8)
      v(i, j) = 0
    end do
    do it = 0, iters
      t0 = wtime()
      if (form == 1) then
        call star_plain()
      else
        call star_tiled()
      end if
      if (it > 0) t(it) = wtime() - t0
      call increment()
    end do
    best = best_of(t)
    med = median_of(t)
    bad = 0
    norm = 0
    want = 2.0d0 * (iters + 1)
    do j = r, n - r - 1
      do i = r, n - r - 1
        if (v(i, j) /= want) bad = bad + 1
        norm = norm + abs(v(i, j))
      end do
    end do
    print '(a,a,a,es22.15,a,i0)', 'form ', fname(form), ': norm ', norm / pts, ', wrong points ', bad
    print '(a,i0,a,i0)', 'RESULT app=stencil variant=' // fname(form) // ' gbs=' // num(24.0d0 * pts / best * 1.0d-9) // &
      ' gflops=' // num((4.0d0 * (2 * r + 1) + 1) * pts / best * 1.0d-9) // ' seconds=' // num(best) // &
      ' median_seconds=' // num(med) // ' n=', n, ' iters=', iters
    if (bad /= 0) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a,a)', 'timer ', trim(timer_name())
  print '(a)', 'PASSED'
end program stencil
