! complex(4) elementary functions in the body (sqrt, exp, log, sin, cos,
! tan, sinh, cosh, tanh, a complex power, abs), checked against the host
! loop within a tolerance (CUDA kernels use textbook formulas) and printed
! rounded.
program complex4_functions
  implicit none
  integer, parameter :: n = 24
  complex(4) :: z(n), f(n, 10), rf(n, 10)
  real(4) :: a(n), ra(n), err
  integer :: i, k
  do i = 1, n
    z(i) = cmplx(0.25 * real(i) - 3.0, 0.5 - 0.125 * real(i), 4)
  end do
  do concurrent (i = 1:n)
    f(i, 1) = sqrt(z(i))
    f(i, 2) = exp(z(i) * 0.25)
    f(i, 3) = log(z(i))
    f(i, 4) = sin(z(i))
    f(i, 5) = cos(z(i))
    f(i, 6) = tan(z(i) * 0.5)
    f(i, 7) = sinh(z(i) * 0.5)
    f(i, 8) = cosh(z(i) * 0.5)
    f(i, 9) = tanh(z(i))
    f(i, 10) = z(i) ** (0.5, 0.25)
    a(i) = abs(z(i))
  end do
  do i = 1, n
    rf(i, 1) = sqrt(z(i))
    rf(i, 2) = exp(z(i) * 0.25)
    rf(i, 3) = log(z(i))
    rf(i, 4) = sin(z(i))
    rf(i, 5) = cos(z(i))
    rf(i, 6) = tan(z(i) * 0.5)
    rf(i, 7) = sinh(z(i) * 0.5)
    rf(i, 8) = cosh(z(i) * 0.5)
    rf(i, 9) = tanh(z(i))
    rf(i, 10) = z(i) ** (0.5, 0.25)
    ra(i) = abs(z(i))
  end do
  err = 0.0
  do k = 1, 10
    do i = 1, n
      err = max(err, abs(f(i, k) - rf(i, k)) / max(1.0, abs(rf(i, k))))
    end do
  end do
  err = max(err, maxval(abs(a - ra) / max(1.0, ra)))
  if (err > 1.0e-5) then
    print '(a,es12.4)', 'FAIL: relative error ', err
    error stop 1
  end if
  print '(4f10.3)', f(3, 1), f(n, 10)
  print '(f10.3)', sum(a)
  print '(a)', 'PASSED'
end program
