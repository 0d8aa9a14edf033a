! Design doc, "Where the host waits": "It waits: [...] before return, goto
! and the end of the procedure while any launch is pending".
! A GO TO loop around a launch: the goto waits, so the statement at its
! label reads the launch's values.
program goto_waits
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), i, k

  a = 0
  k = 0
10 k = k + a(n)
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = a(i) + 1
  end do
  if (a(1) < 4) goto 10
  ! k = 0 + 1 + 2 + 3
  if (k /= 6 .or. a(n) /= 4) then
    print *, 'FAIL', k, a(n)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program goto_waits
