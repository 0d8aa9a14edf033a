! Design doc, "Where the host waits": "It waits: before a host statement
! that may read [...] storage a pending launch may write", through if:
! the else-if condition reads what the launch wrote; the wait cannot go
! between the branches, so it goes before the whole IF construct.
program else_if_condition
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), b(n), i, j, hits

  b = 0
  hits = 0
  do i = 1, 3
    do concurrent (j = 1:n)  ! WANT: offload
      a(j) = j * i
    end do
    if (b(1) /= 0) then
      hits = hits - 100
    else if (a(n) == n * i) then
      hits = hits + 1
    end if
  end do
  if (hits /= 3) then
    print *, 'FAIL', hits
    error stop 1
  end if
  print '(a)', 'PASSED'
end program else_if_condition
