! FLAGS: --gpu=cuda
! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | no Fortran units or formats on a device | never,
! or a host-side buffer later".
! Design doc, "The unsupported-construct check": "The check decides from the
! program as written, before any lowering": a write or read that never
! executes still makes the loop an error.
program write_read_external_cuda
  use, intrinsic :: iso_fortran_env, only: error_unit
  implicit none
  integer, parameter :: n = 8
  real :: x(n), y(n), z(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    y(i) = 2 * x(i)
    if (y(i) < 0) write (error_unit, '(a,i0)') 'negative at ', i  ! DIAG: io_in_loop
  end do

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    z(i) = x(i)
    if (z(i) < 0) read (*, *) z(i)  ! DIAG: io_in_loop
  end do

  if (any(y /= 2 * x) .or. any(z /= x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program write_read_external_cuda
