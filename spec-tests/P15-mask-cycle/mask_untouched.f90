! SPEC-MAP P15 (beyond the design doc, which says: "A do concurrent mask (do
! concurrent (i = 1:n, mask(i))) is currently ignored on every backend"):
! the mask is honoured, only the iterations where it is true run.
! Checks that the elements of masked-out iterations keep their values, for a
! rank-1 mask, a mask over two indices, and a mask on a strided index range.
program mask_untouched
  implicit none
  integer, parameter :: n = 17, m = 9
  integer :: a(n), ra(n), b(n, m), rb(n, m), c(n), rc(n), flag(n)
  integer :: i, j

  a = -1
  b = -7
  c = 100
  flag = [(mod(i * 7, 5), i = 1, n)]
  ra = a
  rb = b
  rc = c

  do concurrent (i = 1:n, mod(i, 3) /= 0)  ! WANT: offload
    a(i) = i * i
  end do

  do concurrent (i = 1:n, j = 1:m, i + j > 10 .and. mod(i - j, 2) == 0)  ! WANT: offload
    b(i, j) = 10 * i + j
  end do

  do concurrent (i = n:1:-3, flag(i) > 1)  ! WANT: offload
    c(i) = c(i) + flag(i) * i
  end do

  do i = 1, n
    if (mod(i, 3) /= 0) ra(i) = i * i
    do j = 1, m
      if (i + j > 10 .and. mod(i - j, 2) == 0) rb(i, j) = 10 * i + j
    end do
  end do
  do i = n, 1, -3
    if (flag(i) > 1) rc(i) = rc(i) + flag(i) * i
  end do

  if (any(a /= ra) .or. any(b /= rb) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  if (count(a == -1) /= n / 3 .or. count(c == 100) == 0) then
    print '(a)', 'FAIL untouched'
    error stop 1
  end if
  print '(a,3(1x,i0))', 'PASSED', sum(a), sum(b), sum(c)
end program mask_untouched
