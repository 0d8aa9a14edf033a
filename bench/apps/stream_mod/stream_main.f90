! bench/apps/stream_mod/stream_main.f90: the twin of stream_mod.f90, the
! same kernels, sizes, timings, output and validation, with every loop in
! the main program (over module arrays) and each kernel timed with
! system_clock directly (a wait point): the layout in which fgpu is at the
! hardware limit (bench/stream/stream.f90, which this program follows, but
! prints the RESULT lines and takes the sizes of stream_mod.f90).
module stream_main_data
  implicit none
  real(8), allocatable :: a(:), b(:), c(:)
end module stream_main_data

program stream_main
  use apps_stats, only: best_of, median_of, int_arg, num, fix
  use stream_main_data
  implicit none
  real(8), parameter :: scalar = 0.4d0
  integer :: n, ntimes, k, j, i
  integer(8) :: c0, c1, rate
  real(8) :: sum_dot, ai, bi, ci, err, bytes(5), best, med, gold_dot, gold_sum
  real(8), allocatable :: t(:, :)
  real(8) :: dots
  character(len=5), parameter :: names(5) = ['copy ', 'mul  ', 'add  ', 'triad', 'dot  ']

  n = int_arg(1, 'STREAM_N', 2**25)
  ntimes = int_arg(2, 'STREAM_NTIMES', 100)
  allocate(t(5, ntimes))
  allocate(a(n), b(n), c(n))
  do concurrent (i = 1:n)  ! kernel: init
    a(i) = 0.1d0
    b(i) = 0.2d0
    c(i) = 0.0d0
  end do

  call system_clock(count_rate=rate)
  sum_dot = 0.0d0
  do k = 0, ntimes
    call system_clock(c0)
    do concurrent (i = 1:n)  ! kernel: copy
      c(i) = a(i)
    end do
    call system_clock(c1)
    if (k > 0) t(1, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)  ! kernel: mul
      b(i) = scalar * c(i)
    end do
    call system_clock(c1)
    if (k > 0) t(2, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)  ! kernel: add
      c(i) = a(i) + b(i)
    end do
    call system_clock(c1)
    if (k > 0) t(3, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)  ! kernel: triad
      a(i) = b(i) + scalar * c(i)
    end do
    call system_clock(c1)
    if (k > 0) t(4, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    dots = 0.0d0
    do concurrent (i = 1:n) reduce(+:dots)  ! kernel: dot
      dots = dots + a(i) * b(i)
    end do
    call system_clock(c1)
    if (k > 0) t(5, k) = real(c1 - c0, 8) / real(rate, 8)
    sum_dot = sum_dot + dots
  end do

  bytes = real(n, 8) * 8.0d0 * [2.0d0, 2.0d0, 3.0d0, 3.0d0, 2.0d0]
  do j = 1, 5
    best = best_of(t(j, :))
    med = median_of(t(j, :))
    print '(a,i0,a,i0)', 'RESULT app=stream_main kernel=' // trim(names(j)) // ' gbs=' // fix(bytes(j) / best * 1.0d-9) // &
      ' gbs_median=' // fix(bytes(j) / med * 1.0d-9) // ' seconds=' // num(best) // ' median_seconds=' // num(med) // &
      ' total_seconds=' // num(sum(t(j, :))) // ' n=', n, ' iters=', ntimes
  end do
  print '(a,a)', 'timer ', 'system_clock'

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
end program stream_main
