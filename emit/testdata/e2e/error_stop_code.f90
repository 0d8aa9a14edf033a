! A deterministic error stop 2 after the loop, selected by its results.
program error_stop_code
  implicit none
  integer, parameter :: n = 16
  real :: x(n)
  integer :: i, neg
  do concurrent (i = 1:n)
    x(i) = real(i) - 10.5
  end do
  neg = count(x < 0.0)
  print '(a,i0)', 'negatives ', neg
  if (neg == 10) then
    error stop 2
  end if
  print '(a)', 'FAIL wrong count'
  error stop 1
end program
