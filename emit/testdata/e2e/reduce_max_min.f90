! GFORTRAN: rejects (reduce locality)
! reduce(max) and reduce(min) on integers and reals: exact in any order.
program reduce_max_min
  implicit none
  integer, parameter :: n = 500
  integer :: i, imax, imin
  real(8) :: dmax, dmin
  real :: smax
  imax = -huge(imax)
  imin = 40
  dmax = -1.0d300
  dmin = 1.0d300
  smax = 0.0
  do concurrent (i = 1:n) reduce(max: imax, dmax, smax) reduce(min: imin, dmin)
    imax = max(imax, mod(i * 7919, 1009))
    imin = min(imin, mod(i * 7919, 1009) - 500)
    dmax = max(dmax, real(mod(i * 37, 101), 8) / 7.0d0)
    dmin = min(dmin, real(i, 8) / 3.0d0 - real(mod(i, 17), 8))
    smax = max(smax, real(i) * 0.125)
  end do
  print '(a,i0,1x,i0)', 'int ', imax, imin
  print '(es25.17)', dmax, dmin
  print '(f10.3)', smax
  if (imax /= maxval([(mod(i * 7919, 1009), i = 1, n)])) then
    print '(a)', 'FAIL imax'
    error stop 1
  end if
  if (dmin /= minval([(real(i, 8) / 3.0d0 - real(mod(i, 17), 8), i = 1, n)])) then
    print '(a)', 'FAIL dmin'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
