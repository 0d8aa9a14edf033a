! bench/apps/daxpy/daxpy_main.f90: the twin of daxpy.f90, the same loop in
! the main program, each pass timed with system_clock directly (a wait
! point). Same arguments (the variant is ignored), output and check.
program daxpy_main
  use apps_stats, only: best_of, median_of, int_arg, num, fix
  implicit none
  integer :: n, ncalls, k, i
  integer(8) :: c0, c1, rate
  real(8), allocatable :: x(:), y(:), t(:)
  real(8) :: a, best, med, bytes, want

  n = int_arg(1, 'DAXPY_N', 50000000)
  ncalls = int_arg(2, 'DAXPY_CALLS', 2000)
  allocate(x(n), y(n), t(ncalls))
  do i = 1, n
    x(i) = real(mod(i, 7) + 1, 8)
    y(i) = real(mod(i, 13), 8)
  end do
  a = 0.25d0

  call system_clock(count_rate=rate)
  do k = 1, ncalls
    call system_clock(c0)
    do concurrent (i = 1:n)  ! kernel: daxpy
      y(i) = y(i) + a * x(i)
    end do
    call system_clock(c1)
    t(k) = real(c1 - c0, 8) / real(rate, 8)
  end do

  bytes = 3.0d0 * 8.0d0 * real(n, 8)
  best = best_of(t)
  med = median_of(t)
  print '(a,i0,a,i0)', 'RESULT app=daxpy_main variant=inline gbs=' // fix(bytes / best * 1.0d-9) // &
    ' gbs_median=' // fix(bytes / med * 1.0d-9) // ' seconds=' // num(best) // ' median_seconds=' // num(med) // &
    ' total_seconds=' // num(sum(t)) // ' n=', n, ' iters=', ncalls
  print '(a,a)', 'timer ', 'system_clock'

  do i = 1, n
    want = real(mod(i, 13), 8) + ncalls * (a * real(mod(i, 7) + 1, 8))
    if (y(i) /= want) then
      print '(a,i0,a,es22.14,a,es22.14)', 'check FAIL at ', i, ': ', y(i), ' want ', want
      error stop 1
    end if
  end do
  print '(a,es22.14)', 'checksum ', sum(y)
  print '(a,i0,a,i0,a)', 'check PASSED (n = ', n, ', ', ncalls, ' calls)'
  print '(a)', 'PASSED'
end program daxpy_main
