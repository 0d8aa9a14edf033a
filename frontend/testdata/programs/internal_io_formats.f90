! Internal READ/WRITE on character variables and a variety of FORMAT descriptors.
program internal_io_formats
  implicit none
  character(len=80) :: buf
  character(len=20) :: words(3)
  integer :: i, j, k, ios
  real :: r
  double precision :: d
  complex :: z
  logical :: flag

  write (buf, '(i5, f8.3, es12.4)') 42, 3.14159, 6.02e23
  print '(a)', trim(buf)
  read (buf, '(i5, f8.3, es12.4)') i, r, d
  print *, i, r, d

  buf = '10 20 30'
  read (buf, *) i, j, k
  print *, i + j + k

  buf = 'not-a-number'
  read (buf, *, iostat=ios) i
  if (ios /= 0) print *, 'internal read failed as expected, iostat =', ios

  write (buf, 100) 'x', 1.5, .true.
100 format (a, ' = ', f5.2, 2x, l1)
  print '(a)', trim(buf)

  z = (1.0, -2.0)
  write (*, 200) z
200 format ('z = (', f5.2, ',', f5.2, ')')

  write (*, 300) (i, i**2, i = 1, 4)
300 format (4(i2, ':', i3, :, ', '))

  write (*, '(3(a, :, "|"))') 'alpha', 'beta', 'gamma'
  write (*, '(b8.8, 1x, o4, 1x, z4.4)') 10, 64, 255
  write (*, '(t10, a, tr3, a, tl2, a)') 'A', 'B', 'C'
  write (*, '(sp, f8.2, ss, f8.2)') 1.25, 1.25
  write (*, '(en12.3, 1x, g12.5, 1x, e10.3e2)') 12345.678, 0.000123, 1.0e-10
  write (*, '(*(i0, :, ","))') [1, 2, 3, 4, 5]
  write (*, '(a, /, a)') 'first line', 'second line'
  write (*, "('quoted ''single'' in double-quoted format')")

  words = [character(len=20) :: 'one', 'two', 'three']
  write (buf, '(3a6)') words
  print *, '[', trim(buf), ']'
  flag = .false.
  write (buf, '(l2, i0.4, f0.3)') flag, 7, 2.5
  print *, trim(buf)
end program internal_io_formats
