! GFORTRAN: rejects (reduce locality)
! A min reduction finds a negative value; the program reports it with a
! deterministic error stop 3.
program reduce_error_stop
  implicit none
  integer, parameter :: n = 200
  real(8) :: v(n), low
  integer :: i
  do i = 1, n
    v(i) = real(mod(i * 13, 50), 8) - 3.0d0
  end do
  low = huge(low)
  do concurrent (i = 1:n) reduce(min: low)
    low = min(low, v(i))
  end do
  print '(a,f6.1)', 'lowest ', low
  if (low < 0.0d0) then
    print '(a)', 'negative value found'
    error stop 3
  end if
  print '(a)', 'FAIL'
  error stop 1
end program
