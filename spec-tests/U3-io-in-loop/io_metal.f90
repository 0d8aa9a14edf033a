! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | no Fortran units or formats on a device | never,
! or a host-side buffer later".
! The loop has nothing else from the list (real(4) only): the I/O alone makes
! it an error on Metal too.
program io_metal
  implicit none
  integer, parameter :: n = 4
  real :: x(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    x(i) = 0.5 * i
    print '(f4.1)', x(i)
  end do

  if (any(x /= [0.5, 1.0, 1.5, 2.0])) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program io_metal
