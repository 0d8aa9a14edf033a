! Mixes a C-preprocessor #include, #if defined(...), and a Fortran INCLUDE line.
#include "fgpu_config.h"
#if defined(USE_DOUBLE) && !defined(FORCE_SINGLE)
#  define PREC 8
#else
#  define PREC 4
#endif
#define LOG(msg) print '(a)', msg

program cpp_include_mixed
  implicit none
  real(PREC) :: x(10), s
  integer :: ierr, i

  LOG('starting')
  do i = 1, size(x)
    x(i) = real(i, PREC) / 3
  end do
  s = sum(x)
  ierr = 0
  if (s < 0) ierr = 1
  include 'fgpu_checks.inc'
  print *, 'sum =', s, ' kind =', kind(s)
  print *, 'linear index of (3, 4) in 10x10:', IDX(3, 4, 10)
#ifdef __GFORTRAN__
  LOG('compiled by gfortran')
#endif
  LOG('finished')
end program cpp_include_mixed
