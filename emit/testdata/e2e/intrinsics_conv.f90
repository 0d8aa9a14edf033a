! Conversions and merge: real, dble, int (with kinds), nint, merge on
! integers, reals and logicals.
program intrinsics_conv
  implicit none
  integer, parameter :: n = 60
  real(8) :: d(n), rd(n)
  real(4) :: s(n), rs(n)
  integer(8) :: k(n), rk(n)
  integer :: m(n), rm(n), i
  do concurrent (i = 1:n)
    s(i) = real(i * 3, 4) / 8.0 - 2.0
    d(i) = dble(s(i)) * 3.0d0 + real(i, 8)
    k(i) = int(d(i) * 1000.0d0, 8) + nint(s(i) * 10.0, 8)
    m(i) = merge(int(s(i)), nint(d(i)), s(i) > 0.0) + merge(1, 0, merge(.true., .false., mod(i, 3) == 0))
  end do
  do i = 1, n
    rs(i) = real(i * 3, 4) / 8.0 - 2.0
    rd(i) = dble(rs(i)) * 3.0d0 + real(i, 8)
    rk(i) = int(rd(i) * 1000.0d0, 8) + nint(rs(i) * 10.0, 8)
    if (rs(i) > 0.0) then
      rm(i) = int(rs(i))
    else
      rm(i) = nint(rd(i))
    end if
    if (mod(i, 3) == 0) rm(i) = rm(i) + 1
  end do
  if (any(s /= rs) .or. any(d /= rd) .or. any(k /= rk) .or. any(m /= rm)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'sum k ', sum(k)
  print '(a,i0)', 'sum m ', sum(m)
  print '(es25.17)', d(7)
  print '(a)', 'PASSED'
end program
