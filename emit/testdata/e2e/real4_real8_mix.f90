! real(4) and real(8) arithmetic with + - * / and conversions; the same
! operation order as the reference, so results are bit-identical and printed
! in full.
program real4_real8_mix
  implicit none
  integer, parameter :: n = 33
  real(4) :: a(n), ra(n)
  real(8) :: d(n), rd(n)
  integer :: i
  do concurrent (i = 1:n)
    a(i) = (real(i) + 0.1) * 3.7 / (real(i) + 2.0) - 0.3
    d(i) = real(a(i), 8) * 1.0000001d0 + 1.0d0 / real(i, 8)
    a(i) = a(i) + real(d(i), 4)
  end do
  do i = 1, n
    ra(i) = (real(i) + 0.1) * 3.7 / (real(i) + 2.0) - 0.3
    rd(i) = real(ra(i), 8) * 1.0000001d0 + 1.0d0 / real(i, 8)
    ra(i) = ra(i) + real(rd(i), 4)
  end do
  if (any(a /= ra) .or. any(d /= rd)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(es16.8)', a(1), a(n)
  print '(es25.17)', d(1), d(17), d(n)
  print '(a)', 'PASSED'
end program
