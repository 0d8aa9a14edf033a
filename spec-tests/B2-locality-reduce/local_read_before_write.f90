! GFORTRAN: rejects (locality specs)
! SPEC-MAP B2 (beyond the design doc, which leaves locality to the standard):
! a local variable is undefined at the start of every iteration (F2018
! 11.1.7.5); reading it before any write of the iteration is reported as a
! warning (local_read_before_write). The loop is still offloaded.
program local_read_before_write
  implicit none
  integer, parameter :: n = 8
  real :: a(n), b(n), t
  integer :: i
  b = 1.0
  t = 0.0
  do concurrent (i = 1:n) local(t)  ! WANT: offload
    a(i) = t + b(i)  ! DIAG: local_read_before_write
    t = b(i)
  end do
  do concurrent (i = 1:n) local(t)  ! WANT: offload
    t = 2.0 * b(i)
    a(i) = t
  end do
  if (any(a /= 2.0)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program local_read_before_write
