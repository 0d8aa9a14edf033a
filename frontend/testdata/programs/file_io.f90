! OPEN/CLOSE/INQUIRE, formatted and unformatted I/O, IOSTAT, ADVANCE='no', REWIND, BACKSPACE.
program file_io
  use, intrinsic :: iso_fortran_env, only: iostat_end, error_unit, output_unit
  implicit none
  integer :: u, ios, i, n, recl_len
  real :: x(5), y
  character(len=64) :: line, fname
  logical :: exists, is_open
  character(len=10) :: acc

  fname = 'fgpu_test_output.dat'
  open (newunit=u, file=trim(fname), status='replace', action='write', &
        form='formatted', iostat=ios)
  if (ios /= 0) then
    write (error_unit, '(a)') 'cannot open file'
    error stop 1
  end if
  do i = 1, 5
    write (u, '(i3, 1x, f10.4)') i, sqrt(real(i))
  end do
  write (u, fmt='(a)', advance='no') 'partial '
  write (u, '(a)') 'line'
  close (u)

  inquire (file=trim(fname), exist=exists)
  print *, 'exists:', exists

  open (newunit=u, file=trim(fname), status='old', action='read', position='rewind')
  inquire (unit=u, opened=is_open, access=acc)
  print *, 'opened:', is_open, ' access: ', trim(acc)
  n = 0
  do
    read (u, '(i3, 1x, f10.4)', iostat=ios) i, y
    if (ios == iostat_end) exit
    if (ios /= 0) exit
    n = n + 1
    x(n) = y
    if (n == size(x)) exit
  end do
  read (u, '(a)') line
  print *, 'last line: ', trim(line)
  backspace (u)
  read (u, '(a)') line
  rewind (u)
  read (u, *) i, y
  close (u, status='delete')
  print '(5f8.4)', x(1:n)

  open (newunit=u, status='scratch', form='unformatted', access='stream')
  write (u) x
  rewind u
  x = 0.0
  read (u) x
  inquire (iolength=recl_len) x
  close (u)
  write (output_unit, '(a, i0, a, 5f6.2)') 'iolength=', recl_len, ' x=', x
end program file_io
