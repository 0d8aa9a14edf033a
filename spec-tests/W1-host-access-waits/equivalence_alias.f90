! Design doc, "Where the host waits": "It waits: before a host statement
! that may read or write [...] storage a pending launch may write."
! Storage, not names (issue 11): equivalenced names are one storage; a
! launch writes a, the host reads b (the same bytes) and c (a part of
! them), and a host write of b before a second launch reading a must
! reach the device.
program equivalence_alias
  implicit none
  integer, parameter :: n = 64
  real(8) :: a(n), b(n), c(8), t(n)
  equivalence (a, b), (a(9), c)
  integer :: i
  a = 0
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = 2 * i
  end do
  print '(a, 2f8.1)', 'b:', b(1), b(n)
  print '(a, 2f8.1)', 'c:', c(1), c(8)
  b(1) = -5
  do concurrent (i = 1:n)  ! WANT: offload
    t(i) = a(i) + 1
  end do
  print '(a, 2f8.1)', 't:', t(1), t(n)
  if (b(n) /= 2.0d0 * n .or. c(1) /= 18.0d0 .or. t(1) /= -4.0d0 .or. t(n) /= 2.0d0 * n + 1) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program equivalence_alias
