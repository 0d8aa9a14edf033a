! GFORTRAN: rejects
! LOCAL_INIT locality spec: each iteration starts from the value the variable had before the loop.
program f2018_dc_local_init
  implicit none
  integer, parameter :: n = 50
  real :: offset, scratch, y(n), x(n)
  integer :: i, k

  x = [(real(i), i = 1, n)]
  offset = 10.0
  scratch = 0.0
  do concurrent (i = 1:n) local_init(offset) local(scratch) shared(x, y)
    scratch = x(i) * 2.0
    if (mod(i, 2) == 0) offset = offset + 1.0   ! private copy; outer offset unchanged
    y(i) = scratch + offset
  end do
  print *, 'offset after loop is still', offset
  print '(10f7.1)', y

  k = 3
  do concurrent (i = 1:n, y(i) > 30.0) local_init(k)
    k = k * 2
    y(i) = y(i) / k
  end do
  print '(10f7.3)', y
end program f2018_dc_local_init
