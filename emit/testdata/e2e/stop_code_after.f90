! After the loops, the program ends with stop 3 on the path its results
! select: the exit status and the "STOP 3" line must match.
program stop_code_after
  implicit none
  integer, parameter :: n = 30
  integer :: a(n), i
  do concurrent (i = 1:n)
    a(i) = mod(i * i, 7)
  end do
  print '(a,i0)', 'sum ', sum(a)
  if (sum(a) == 61) then
    print '(a)', 'taking stop 3'
    stop 3
  end if
  print '(a)', 'FAIL unexpected sum'
  error stop 1
end program
