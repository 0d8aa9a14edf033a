! Preprocessed source: #include of a header, #define constants, #ifdef / #else.
#include "fgpu_config.h"

module cpp_config
  use, intrinsic :: iso_fortran_env, only: real32, real64
  implicit none
  integer, parameter :: wp = REAL_KIND
  integer, parameter :: nx = NX_DEFAULT
  character(len=*), parameter :: version = VERSION_STRING
contains
  subroutine scale(a, s)
    REAL_TYPE, intent(inout) :: a(:)
    REAL_TYPE, intent(in) :: s
    integer :: i
#ifdef USE_DO_CONCURRENT
    do concurrent (i = 1:size(a))
      a(i) = s * a(i)
    end do
#else
    do i = 1, size(a)
      a(i) = s * a(i)
    end do
#endif
  end subroutine scale
end module cpp_config

program cpp_config_demo
  use cpp_config
  implicit none
  REAL_TYPE :: a(nx)
  integer :: i
  a = [(real(i, wp), i = 1, nx)]
  call scale(a, 2.0_wp)
  print *, 'version: ', version
  print *, 'sum =', sum(a), ' sumsq =', sum(SQR(a))
#if USE_DOUBLE
  print *, 'running in double precision, kind =', wp
#else
  print *, 'running in single precision, kind =', wp
#endif
#ifndef NDEBUG
  print *, 'debug checks enabled'
#endif
end program cpp_config_demo
