! GFORTRAN: stops 123
! Design doc, "Stopping on the device": "The code is written before the site,
! and only by a thread that reached that site, so whichever thread's site the
! host reads, the code next to it was written by a thread that reached the
! same site".
! The stop code is computed from the index on the device (integer(8)
! arithmetic); exactly one iteration stops, so the code is deterministic.
program code_from_index
  implicit none
  integer, parameter :: n = 5000
  integer(8) :: base
  integer :: a(n), i

  base = 100
  a = 0
  a(23) = 1
  do concurrent (i = 1:n)  ! WANT: offload
    if (a(i) == 1) error stop base + i
    a(i) = a(i) + i
  end do
  print '(a)', 'FAIL: the loop did not stop'
  error stop 1
end program code_from_index
