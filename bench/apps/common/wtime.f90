! bench/apps/common/wtime.f90: the timer wrapper real benchmarks write, a
! function of the program around system_clock (integer(8) count and rate,
! the finest resolution gfortran gives: 1 ns). fgpu sees system_clock as a
! wait point (ARCHITECTURE.md section 4); a call of wtime() is one only
! when the analyses follow the call into it (issue 11), else the program
! times the launch, not the kernel.
module apps_timer
  implicit none
  private
  public :: wtime, timer_name
contains
  function wtime() result(t)
    real(8) :: t
    integer(8) :: count, rate
    call system_clock(count, rate)
    t = real(count, 8) / real(rate, 8)
  end function wtime

  function timer_name() result(s)
    character(len=16) :: s
    s = 'system_clock'
  end function timer_name
end module apps_timer
