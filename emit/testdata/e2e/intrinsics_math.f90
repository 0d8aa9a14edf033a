! Transcendental intrinsics in the body, checked against the host's values
! with a relative tolerance (results may differ in the last bits).
program intrinsics_math
  implicit none
  integer, parameter :: n = 200
  real(8) :: x(n), f(n, 7), g(n, 7)
  real(4) :: s(n), rs(n)
  integer :: i, bad
  do i = 1, n
    x(i) = real(i, 8) * 0.013d0 + 0.1d0
  end do
  do concurrent (i = 1:n)
    f(i, 1) = sqrt(x(i))
    f(i, 2) = exp(-x(i))
    f(i, 3) = log(x(i))
    f(i, 4) = sin(x(i))
    f(i, 5) = cos(x(i))
    f(i, 6) = tan(x(i) * 0.5d0)
    f(i, 7) = atan2(x(i) - 1.0d0, 0.5d0)
    s(i) = sin(real(x(i), 4)) * exp(real(x(i), 4) * 0.1) + log(real(x(i), 4))
  end do
  do i = 1, n
    g(i, :) = [sqrt(x(i)), exp(-x(i)), log(x(i)), sin(x(i)), cos(x(i)), &
               tan(x(i) * 0.5d0), atan2(x(i) - 1.0d0, 0.5d0)]
    rs(i) = sin(real(x(i), 4)) * exp(real(x(i), 4) * 0.1) + log(real(x(i), 4))
  end do
  bad = count(abs(f - g) > 1.0d-13 * max(1.0d0, abs(g)))
  bad = bad + count(abs(s - rs) > 1.0e-5 * max(1.0, abs(rs)))
  if (bad /= 0) then
    print '(a,i0)', 'FAIL mismatches ', bad
    error stop 1
  end if
  print '(a,f8.4)', 'sqrt ', g(n, 1)
  print '(a,f8.4)', 'atan2 ', g(1, 7)
  print '(a)', 'PASSED'
end program
