! ARCHITECTURE.md section 4: "Timing calls are wait points [...]
! system_clock, cpu_time, date_and_time, omp_get_wtime, mpi_wtime wait
! for pending launches first, so Fortran benchmarks measure what users
! think they measure." Issue 11: a call of a procedure that may reach
! one is a timing call too: wtime() wraps system_clock in a module, and
! a second wrapper calls cpu_time (omp_get_wtime through omp_lib is in
! bench/apps/common/wtime_omp.f90). The program checks what it can
! check without a clock it trusts: the results, and that time does not
! go backwards.
module timers
  implicit none
contains
  function wtime() result(t)
    real(8) :: t
    integer(8) :: c, r
    call system_clock(c, r)
    t = real(c, 8) / real(r, 8)
  end function wtime
  function otime() result(t)
    real(8) :: t
    real :: c
    call cpu_time(c)
    t = c
  end function otime
end module timers
program timer_wrapper
  use timers
  implicit none
  integer, parameter :: n = 100000
  real(8) :: a(n), t0, t1, t2, t3
  integer :: i, k
  a = 0
  t0 = wtime()
  t2 = otime()
  do k = 1, 5
    do concurrent (i = 1:n)  ! WANT: offload
      a(i) = a(i) + sqrt(real(i, 8))
    end do
  end do
  t1 = wtime()
  t3 = otime()
  if (t1 < t0 .or. t3 < t2 .or. abs(a(n) - 5 * sqrt(real(n, 8))) > 1d-9) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program timer_wrapper
