! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | no Fortran units or formats on a device | never,
! or a host-side buffer later".
! Design doc, "What the check has to look at": "gfortran (-std=f2018) rejects
! stop in a do concurrent body as an image control statement, while print in
! the body and error stop in a pure procedure are accepted."
! Without flags (the default device, cpu) the entry applies too ("all").
program print_in_body
  implicit none
  integer, parameter :: n = 4
  integer :: a(n), b(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    a(i) = i * i
    print '(a,i0)', 'square ', a(i)  ! DIAG: io_in_loop
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = a(i) + 1
  end do
  print '(4i4)', b

  if (any(a /= [1, 4, 9, 16]) .or. any(b /= a + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program print_in_body
