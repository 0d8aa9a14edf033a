! GFORTRAN: stops 11
! Design doc, "Stopping on the device": "A thread records its stop only while
! no site is recorded: a site an earlier launch recorded, which the host has
! not read yet, is where the program ended, and the first launch that stopped
! is the one reported."
! Two launches in a row that would both stop (11, then 22): the program ends
! with the first one's statement, as on the CPU.
program first_launch_reported
  implicit none
  integer, parameter :: n = 1024
  integer :: a(n), b(n), i

  a = [(i, i = 1, n)]
  do concurrent (i = 1:n)  ! WANT: offload
    if (a(i) == 512) error stop 11
    b(i) = a(i) + 1
  end do
  do concurrent (i = 1:n)  ! WANT: offload
    if (b(i) == 100) error stop 22
    a(i) = b(i) * 2
  end do
  print '(a)', 'FAIL: the loops did not stop'
  print *, sum(a)
  error stop 1
end program first_launch_reported
