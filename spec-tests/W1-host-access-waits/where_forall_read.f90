! Design doc, "Where the host waits": "It waits: before a host statement
! that may read [...] storage a pending launch may write." Every host
! statement form (issue 11): a WHERE construct, a FORALL construct and
! a host-kept do concurrent read what launches wrote; the copy back goes
! before the construct (a call is not allowed inside a WHERE or FORALL
! block, nor an impure call in a do concurrent).
program where_forall_read
  implicit none
  integer, parameter :: n = 40
  real(8) :: a(n), b(n), c(n), d(n)
  integer :: i
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = i - 20
    b(i) = 2 * i
  end do
  where (a > 0)
    c = b
  elsewhere
    c = -b
  end where
  forall (i = 1:n)
    d(i) = a(n + 1 - i)
  end forall
  print '(a, 3f8.1)', 'c:', c(1), c(20), c(n)
  print '(a, 2f8.1)', 'd:', d(1), d(n)
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = a(i) * 2
  end do
  where (a < 0) a = 0
  print '(a, 2f8.1)', 'a:', a(1), a(n)
  if (c(1) /= -2 .or. c(n) /= 2 * n .or. d(1) /= 20 .or. a(1) /= 0 .or. a(n) /= 40) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program where_forall_read
