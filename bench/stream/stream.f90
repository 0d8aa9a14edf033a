! bench/stream: the five STREAM kernels as do concurrent loops over module
! allocatable real(8) arrays of 2**28 elements (override: first argument,
! the base-2 logarithm of the size), 100 timed iterations after one warm-up
! iteration, each kernel timed on its own with system_clock (a wait point,
! so the time includes the device work), the values validated at the end.
! Prints one line per kernel: name, best bandwidth in GB/s (10**9 bytes/s),
! as BabelStream reports it. Built with fgpu (--gpu=cuda, --gpu=cpu); the
! OpenMP version for gfortran is made from it by bench/gpu/run.sh (each do
! concurrent an !$omp parallel do).
module stream_data
  implicit none
  real(8), allocatable :: a(:), b(:), c(:)
end module stream_data

program stream
  use stream_data
  implicit none
  integer, parameter :: ntimes = 100
  real(8), parameter :: scalar = 0.4d0
  integer :: n, i, k, lg
  real(8) :: dot, t(5, ntimes), best(5), bytes(5), ai, bi, ci, err
  integer(8) :: c0, c1, rate
  character(len=16) :: arg
  character(len=5), parameter :: names(5) = ['copy ', 'mul  ', 'add  ', 'triad', 'dot  ']

  lg = 28
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) lg
  end if
  n = 2**lg
  allocate(a(n), b(n), c(n))
  do concurrent (i = 1:n)
    a(i) = 0.1d0
    b(i) = 0.2d0
    c(i) = 0.0d0
  end do

  call system_clock(count_rate=rate)
  do k = 0, ntimes
    call system_clock(c0)
    do concurrent (i = 1:n)
      c(i) = a(i)
    end do
    call system_clock(c1)
    if (k > 0) t(1, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)
      b(i) = scalar * c(i)
    end do
    call system_clock(c1)
    if (k > 0) t(2, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)
      c(i) = a(i) + b(i)
    end do
    call system_clock(c1)
    if (k > 0) t(3, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    do concurrent (i = 1:n)
      a(i) = b(i) + scalar * c(i)
    end do
    call system_clock(c1)
    if (k > 0) t(4, k) = real(c1 - c0, 8) / real(rate, 8)

    call system_clock(c0)
    dot = 0.0d0
    do concurrent (i = 1:n) reduce(+:dot)
      dot = dot + a(i) * b(i)
    end do
    call system_clock(c1)
    if (k > 0) t(5, k) = real(c1 - c0, 8) / real(rate, 8)
  end do

  ! Validation: the values every element must have (BabelStream's check).
  ai = 0.1d0; bi = 0.2d0; ci = 0.0d0
  do k = 0, ntimes
    ci = ai
    bi = scalar * ci
    ci = ai + bi
    ai = bi + scalar * ci
  end do
  err = max(maxval(abs(a - ai)) / ai, maxval(abs(b - bi)) / bi, maxval(abs(c - ci)) / ci)
  if (err > 1.0d-8 .or. abs(dot - ai * bi * n) / (ai * bi * n) > 1.0d-8) then
    print '(a,es12.4,a,es22.14,a,es22.14)', 'validation FAILED: err ', err, ' dot ', dot, ' want ', ai * bi * n
    error stop 1
  end if
  bytes = real(n, 8) * 8.0d0 * [2.0d0, 2.0d0, 3.0d0, 3.0d0, 2.0d0]
  do k = 1, 5
    best(k) = minval(t(k, :))
    print '(a,f12.1,a,f10.4,a)', names(k), bytes(k) / best(k) * 1.0d-9, ' GB/s  (best ', best(k) * 1.0d3, ' ms)'
  end do
  print '(a,i0,a)', 'validation PASSED (n = ', n, ')'
end program stream
