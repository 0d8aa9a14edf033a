! bench/apps/common/wtime_omp.f90: the same timer wrapper around
! omp_get_wtime (use omp_lib), the other form real codes use. Link with
! OpenMP's runtime (fgpu build --fc='gfortran -fopenmp' for --gpu=cuda or
! none; --gpu=cpu links it anyway).
module apps_timer
  use omp_lib, only: omp_get_wtime
  implicit none
  private
  public :: wtime, timer_name
contains
  function wtime() result(t)
    real(8) :: t
    t = omp_get_wtime()
  end function wtime

  function timer_name() result(s)
    character(len=16) :: s
    s = 'omp_get_wtime'
  end function timer_name
end module apps_timer
