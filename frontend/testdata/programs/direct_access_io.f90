! Direct-access unformatted records, stream access with POS=, and INQUIRE by unit and file.
program direct_access_io
  implicit none
  integer, parameter :: nrec = 5, rec_words = 4
  real :: rec_data(rec_words), back(rec_words)
  integer :: u, s, i, reclen, ios, fsize
  character(len=*), parameter :: fname = 'fgpu_direct.bin', sname = 'fgpu_stream.bin'
  character(len=16) :: form_str, acc_str
  logical :: named

  inquire (iolength=reclen) rec_data
  open (newunit=u, file=fname, access='direct', form='unformatted', recl=reclen, &
        status='replace', action='readwrite', iostat=ios)
  if (ios /= 0) error stop 'open failed'
  do i = nrec, 1, -1
    rec_data = real(i) * [1.0, 2.0, 3.0, 4.0]
    write (u, rec=i) rec_data
  end do
  read (u, rec=3) back
  print '(a, 4f6.1)', 'record 3: ', back
  inquire (unit=u, form=form_str, access=acc_str, named=named)
  print *, trim(form_str), ' ', trim(acc_str), ' named=', named
  close (u, status='delete')

  open (newunit=s, file=sname, access='stream', form='unformatted', status='replace')
  write (s) (i, i = 1, 10)
  write (s, pos=1) -1
  read (s, pos=5) i
  print *, 'second integer via pos=5:', i
  inquire (unit=s, size=fsize)
  print *, 'stream file size (bytes):', fsize
  close (s, status='delete')
end program direct_access_io
