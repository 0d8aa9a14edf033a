! GFORTRAN: rejects (reduce locality)
! reduce(+) and reduce(*) on default and 8-byte integers; the outer value
! is part of the result.
program reduce_sum_int
  implicit none
  integer, parameter :: n = 1000
  integer :: i, s, p, rs, rp
  integer(8) :: s8, rs8
  s = 17
  s8 = -5_8
  p = 3
  do concurrent (i = 1:n) reduce(+:s, s8) reduce(*:p)
    s = s + mod(i * 7, 13) - 6
    s8 = s8 + int(i, 8) * 1000000007_8
    if (mod(i, 100) == 0) p = p * 2
  end do
  rs = 17
  rs8 = -5_8
  rp = 3
  do i = 1, n
    rs = rs + mod(i * 7, 13) - 6
    rs8 = rs8 + int(i, 8) * 1000000007_8
    if (mod(i, 100) == 0) rp = rp * 2
  end do
  if (s /= rs .or. s8 /= rs8 .or. p /= rp) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 's ', s
  print '(a,i0)', 's8 ', s8
  print '(a,i0)', 'p ', p
  print '(a)', 'PASSED'
end program
