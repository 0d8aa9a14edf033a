! GFORTRAN: rejects (reduce locality)
! A kernel with a reduction and an error stop: the first launch runs to the
! end (its sum is printed); in the second one iteration stops with a code
! from the index, whatever the partial sums of the stopped iterations.
program stop_reduce_kernel
  implicit none
  integer, parameter :: n = 1000
  integer :: v(n), i, s
  v = 1
  s = 0
  do concurrent (i = 1:n) reduce(+: s)
    if (v(i) < 0) error stop 1
    s = s + v(i)
  end do
  print '(a,i0)', 'sum ', s
  v(321) = -1
  s = 0
  do concurrent (i = 1:n) reduce(+: s)
    if (v(i) < 0) error stop i / 10
    s = s + v(i)
  end do
  print '(a)', 'FAIL: no stop'
  error stop 2
end program
