! GFORTRAN: rejects (reduce and local locality specs; gfortran 12)
! Reductions and locals in loops that run in packs of consecutive
! iterations (rules/pack.mg; packed_streams.f90 has the rest): a dot
! product, max and min, an integer sum, real(4) packs of four, a local and a
! local_init, odd trip counts and sections off the pack alignment. The
! values are exact in binary, so any order of the sums gives the same bits.
program packed_reduce
  implicit none
  integer, parameter :: n = 2001
  integer :: i, m, isum
  real(8) :: a(n), b(n), s, hi, lo, tmp, off
  real(4) :: r(n), s4

  do concurrent (i = 1:n)
    a(i) = real(i, 8) * 0.5d0
    b(i) = 0.25d0 * real(mod(i, 7), 8)
    r(i) = 0.25 * real(mod(i, 5), 4)
  end do
  s = 0
  do concurrent (i = 1:n) reduce(+:s)
    s = s + a(i) * b(i)
  end do
  if (s /= 752126.375d0) error stop 'FAIL: dot'
  print '(f20.4)', s
  do m = 1, 3
    s = 1
    hi = -1d300
    lo = 1d300
    do concurrent (i = m:n - 1) reduce(+:s) reduce(max:hi) reduce(min:lo)
      s = s + a(i) - b(i)
      hi = max(hi, a(i) * b(i))
      lo = min(lo, a(i) - 4 * b(i))
    end do
    print '(i2,3f20.4)', m, s, hi, lo
  end do
  isum = 0
  s4 = 0
  do concurrent (i = 1:n) reduce(+:isum, s4)
    isum = isum + int(b(i) * 4)
    s4 = s4 + r(i)
  end do
  if (isum /= 6006 .or. s4 /= 1000.25) error stop 'FAIL: isum, s4'
  print '(i0,f16.4)', isum, s4
  off = 10
  do concurrent (i = 2:n) local(tmp) local_init(off)
    tmp = a(i) * 2
    off = off + tmp
    b(i) = off - a(i)
  end do
  if (sum(b) /= 1021500.25d0) error stop 'FAIL: local_init'
  print '(f20.4)', sum(b)
end program packed_reduce
