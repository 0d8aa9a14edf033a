! GFORTRAN: rejects reduce locality spec (Fortran 2023)
! Design doc, "Where the host waits": "It waits: before a host statement
! that may read or write [...] storage a pending launch may write."
! A reduce variable is written by its launch: the host waits before it
! prints it, not before (the assignment s = 0 before the launch marks it
! stale, so each launch starts from the host's zero).
program reduce_printed_after
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), s, i, rep

  do i = 1, n
    a(i) = i
  end do
  do rep = 1, 3
    s = 0
    do concurrent (i = 1:n) reduce(+:s)  ! WANT: offload
      s = s + a(i) * rep
    end do
    print '(a,i0)', 'sum ', s
    if (s /= rep * n * (n + 1) / 2) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program reduce_printed_after
