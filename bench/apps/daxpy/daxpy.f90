! bench/apps/daxpy/daxpy.f90: a daxpy subroutine called in a timed loop.
! Arguments (else environment variables, else defaults): the number of
! elements (DAXPY_N, 5*10**7), of calls (DAXPY_CALLS, 2000), and the
! variant (DAXPY_VARIANT): 1 the external subroutine with explicit-shape
! dummies (daxpy_sub.f90), 2 the module procedure with assumed-shape
! dummies (daxpy_mod.f90). x and y are set by the host, every call is
! timed through wtime(), y is checked at the end (exactly: every value is a
! multiple of 1/4 far below 2**53). Prints
!   RESULT app=daxpy variant=V gbs=BEST gbs_median=MED seconds=BEST
!          median_seconds=MED total_seconds=SUM n=N iters=CALLS
! (3 arrays of n real(8) moved a call), then the check and PASSED.
! Twin: daxpy_main.f90 (the loop in the main program).
program daxpy_app
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: best_of, median_of, int_arg, num, fix
  use daxpy_kernels, only: daxpy_as
  implicit none
  interface
    subroutine daxpy(x, y, n, a)
      integer, intent(in) :: n
      real(8), intent(in) :: x(n), a
      real(8), intent(inout) :: y(n)
    end subroutine daxpy
  end interface
  integer :: n, ncalls, variant, k, i
  real(8), allocatable :: x(:), y(:), t(:)
  real(8) :: a, t0, best, med, bytes, want
  character(len=8) :: vname

  n = int_arg(1, 'DAXPY_N', 50000000)
  ncalls = int_arg(2, 'DAXPY_CALLS', 2000)
  variant = int_arg(3, 'DAXPY_VARIANT', 1)
  allocate(x(n), y(n), t(ncalls))
  do i = 1, n
    x(i) = real(mod(i, 7) + 1, 8)
    y(i) = real(mod(i, 13), 8)
  end do
  a = 0.25d0

  select case (variant)
  case (1)
    vname = 'explicit'
    do k = 1, ncalls
      t0 = wtime()
      call daxpy(x, y, n, a)
      t(k) = wtime() - t0
    end do
  case (2)
    vname = 'assumed'
    do k = 1, ncalls
      t0 = wtime()
      call daxpy_as(x, y, n, a)
      t(k) = wtime() - t0
    end do
  case default
    print '(a,i0)', 'unknown variant ', variant
    error stop 2
  end select

  bytes = 3.0d0 * 8.0d0 * real(n, 8)
  best = best_of(t)
  med = median_of(t)
  print '(a,i0,a,i0)', 'RESULT app=daxpy variant=' // trim(vname) // ' gbs=' // fix(bytes / best * 1.0d-9) // &
    ' gbs_median=' // fix(bytes / med * 1.0d-9) // ' seconds=' // num(best) // ' median_seconds=' // num(med) // &
    ' total_seconds=' // num(sum(t)) // ' n=', n, ' iters=', ncalls
  print '(a,a)', 'timer ', trim(timer_name())

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
end program daxpy_app
