! GFORTRAN: rejects (reduce locality)
! reduce(iand), reduce(ior), reduce(ieor) on default and 8-byte integers.
program reduce_bitwise
  implicit none
  integer, parameter :: n = 256
  integer :: i, a, o, x, ra, ro, rx
  integer(8) :: x8, rx8
  a = -1
  o = 0
  x = 12345
  x8 = 0_8
  do concurrent (i = 1:n) reduce(iand: a) reduce(ior: o) reduce(ieor: x, x8)
    a = iand(a, ior(i, 4096 + 1))
    o = ior(o, ishft(1, mod(i, 20)))
    x = ieor(x, i * 2654435)
    x8 = ieor(x8, ishft(int(i, 8), 33) + i)
  end do
  ra = -1; ro = 0; rx = 12345; rx8 = 0_8
  do i = 1, n
    ra = iand(ra, ior(i, 4096 + 1))
    ro = ior(ro, ishft(1, mod(i, 20)))
    rx = ieor(rx, i * 2654435)
    rx8 = ieor(rx8, ishft(int(i, 8), 33) + i)
  end do
  if (a /= ra .or. o /= ro .or. x /= rx .or. x8 /= rx8) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'and or xor ', a, o, x
  print '(a,i0)', 'xor8 ', x8
  print '(a)', 'PASSED'
end program
