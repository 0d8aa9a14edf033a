! GFORTRAN: rejects (reduce locality)
! Several reductions over two indices with a mask and a stride, plus an
! array written in the same loop.
program reduce_multi
  implicit none
  integer, parameter :: n = 40, m = 30
  integer :: a(n, m), i, j, cnt, big, rc, rb
  real(8) :: tot, rt
  cnt = 0
  big = -1
  tot = 0.0d0
  a = 0
  do concurrent (i = 1:n, j = m:1:-2, mod(i * j, 3) /= 0) reduce(+: cnt, tot) reduce(max: big)
    a(i, j) = i * j
    cnt = cnt + 1
    big = max(big, i * j - i)
    tot = tot + real(i * j, 8)
  end do
  rc = 0; rb = -1; rt = 0.0d0
  do i = 1, n
    do j = m, 1, -2
      if (mod(i * j, 3) /= 0) then
        rc = rc + 1
        rb = max(rb, i * j - i)
        rt = rt + real(i * j, 8)
      end if
    end do
  end do
  if (cnt /= rc .or. big /= rb .or. tot /= rt .or. sum(a) /= int(rt)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'count max ', cnt, big
  print '(f12.1)', tot
  print '(a)', 'PASSED'
end program
