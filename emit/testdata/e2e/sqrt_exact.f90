! sqrt and + - * / are correctly rounded: the device gives the host's bits,
! printed with full precision.
program sqrt_exact
  implicit none
  integer, parameter :: n = 25
  real(8) :: h(n), rh(n)
  real(4) :: q(n), rq(n)
  integer :: i
  do concurrent (i = 1:n)
    h(i) = sqrt(real(i, 8) ** 2 + 2.0d0) / (real(i, 8) + 0.5d0) - 1.0d0 / 3.0d0
    q(i) = sqrt(real(i) * 1.1) * 0.7 + 1.0 / real(i)
  end do
  do i = 1, n
    rh(i) = sqrt(real(i, 8) ** 2 + 2.0d0) / (real(i, 8) + 0.5d0) - 1.0d0 / 3.0d0
    rq(i) = sqrt(real(i) * 1.1) * 0.7 + 1.0 / real(i)
  end do
  if (any(h /= rh) .or. any(q /= rq)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  do i = 1, n, 6
    print '(i3,es25.17,es16.8)', i, h(i), q(i)
  end do
  print '(a)', 'PASSED'
end program
