! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | no Fortran units or formats on a device | never,
! or a host-side buffer later".
! Internal-file I/O (a character variable as the unit) in the loop body is
! reported as internal_io, external I/O as io_in_loop.
program internal_io_in_body
  implicit none
  integer, parameter :: n = 8
  character(len=8) :: label(n)
  integer :: back(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error internal_io
    write (label(i), '(i8)') 10 * i  ! DIAG: internal_io
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    block
      character(len=4) :: buf
      buf = '  42'
      read (buf, *) back(i)  ! DIAG: internal_io
      back(i) = back(i) + i
    end block
  end do

  if (adjustl(label(3)) /= '30' .or. any(back /= [(42 + i, i = 1, n)])) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program internal_io_in_body
