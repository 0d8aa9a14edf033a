! complex(8) arithmetic including division and abs (checked with a
! tolerance), with scalars of complex type in a block.
program complex8_ops
  implicit none
  integer, parameter :: n = 50
  complex(8) :: z(n), rz(n), q(n), rq(n)
  real(8) :: m(n)
  integer :: i
  do concurrent (i = 1:n)
    block
      complex(8) :: a, b
      a = cmplx(real(i, 8), -2.0d0, 8)
      b = cmplx(0.5d0, real(i, 8) * 0.25d0, 8)
      z(i) = a * b - (1.0d0, 1.0d0)
      q(i) = a / b
      m(i) = abs(a)
    end block
  end do
  do i = 1, n
    rz(i) = cmplx(real(i, 8), -2.0d0, 8) * cmplx(0.5d0, real(i, 8) * 0.25d0, 8) - (1.0d0, 1.0d0)
    rq(i) = cmplx(real(i, 8), -2.0d0, 8) / cmplx(0.5d0, real(i, 8) * 0.25d0, 8)
  end do
  if (any(z /= rz)) then
    print '(a)', 'FAIL multiply'
    error stop 1
  end if
  if (any(abs(q - rq) > 1.0d-12 * abs(rq))) then
    print '(a)', 'FAIL divide'
    error stop 1
  end if
  do i = 1, n
    if (abs(m(i) - sqrt(real(i, 8)**2 + 4.0d0)) > 1.0d-12 * m(i)) then
      print '(a)', 'FAIL abs'
      error stop 1
    end if
  end do
  print '(2es25.16)', z(3), z(n)
  print '(2f12.6)', q(n)
  print '(a)', 'PASSED'
end program
