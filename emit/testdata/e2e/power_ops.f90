! ** with integer exponents (integer and real bases) and real exponents;
! integer results compared exactly, real ones with a tolerance.
program power_ops
  implicit none
  integer, parameter :: n = 30
  integer :: ip(n), rip(n), i, bad
  integer(8) :: lp(n)
  real(8) :: x2(n), x3(n), xr(n), xm(n)
  real(4) :: s(n)
  do concurrent (i = 1:n)
    ip(i) = (i - 15) ** 3 + 2 ** mod(i, 10)
    lp(i) = int(i, 8) ** 9
    x2(i) = real(i, 8) ** 2
    x3(i) = (real(i, 8) * 0.5d0) ** 3
    xr(i) = real(i, 8) ** 1.5d0
    xm(i) = (real(i, 8) + 1.0d0) ** (-2)
    s(i) = real(i) ** 0.25
  end do
  bad = 0
  do i = 1, n
    rip(i) = (i - 15) ** 3 + 2 ** mod(i, 10)
    if (lp(i) /= int(i, 8) * i * i * i * i * i * i * i * i) bad = bad + 1
    if (x2(i) /= real(i, 8) * real(i, 8)) bad = bad + 1
    if (abs(x3(i) - (real(i, 8) * 0.5d0) ** 3) > 1.0d-14 * x3(i)) bad = bad + 1
    if (abs(xr(i) - real(i, 8) * sqrt(real(i, 8))) > 1.0d-13 * xr(i)) bad = bad + 1
    if (abs(xm(i) - 1.0d0 / (real(i, 8) + 1.0d0) ** 2) > 1.0d-14 * xm(i)) bad = bad + 1
    if (abs(s(i) - sqrt(sqrt(real(i)))) > 1.0e-6 * s(i)) bad = bad + 1
  end do
  if (any(ip /= rip) .or. bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,i0)', 'sum ip ', sum(ip)
  print '(a,i0)', 'lp(n) ', lp(n)
  print '(a)', 'PASSED'
end program
