! ARCHITECTURE.md section 4 (beyond the design doc): "Timing calls are wait
! points [...]: system_clock, cpu_time, date_and_time, omp_get_wtime,
! mpi_wtime wait for pending launches first, so Fortran benchmarks measure
! what users think they measure."
! A benchmark loop timed with system_clock and cpu_time: each timing call
! waits for the launches before it (fgpu explain at the call's line shows
! the wait); the results are checked, the times only for being ordered.
program system_clock_times_kernels
  implicit none
  integer, parameter :: n = 100000
  real(8) :: x(n)
  integer(8) :: t0, t1, rate
  real :: c0, c1
  integer :: i, rep

  x = 1.0d0
  call system_clock(t0, rate)
  call cpu_time(c0)
  do rep = 1, 20
    do concurrent (i = 1:n)  ! WANT: offload
      x(i) = x(i) * 1.0001d0 + 1.0d0
    end do
  end do
  call system_clock(t1)
  call cpu_time(c1)
  if (t1 < t0 .or. c1 < c0 .or. rate <= 0) then
    print '(a)', 'FAIL: times'
    error stop 1
  end if
  if (.not. abs(x(n) - x(1)) <= 0.0d0) then
    print '(a)', 'FAIL: values'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program system_clock_times_kernels
