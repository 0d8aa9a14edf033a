! GFORTRAN: rejects (reduce locality)
! A reduction selects the program's exit: stop 4 when the count is right.
program reduce_exit_status
  implicit none
  integer :: i, hits
  hits = 0
  do concurrent (i = 1:1000, mod(i, 7) == 0 .or. mod(i, 11) == 0) reduce(+: hits)
    hits = hits + 1
  end do
  print '(a,i0)', 'hits ', hits
  if (hits == 142 + 90 - 12) then
    stop 4
  end if
  print '(a)', 'FAIL'
  error stop 1
end program
