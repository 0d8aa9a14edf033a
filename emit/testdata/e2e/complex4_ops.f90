! complex(4) arithmetic in the body: + - *, conjg, real/aimag parts, cmplx.
program complex4_ops
  implicit none
  integer, parameter :: n = 40
  complex(4) :: z(n), w(n), rz(n)
  real(4) :: re(n), rre(n)
  integer :: i
  do i = 1, n
    w(i) = cmplx(real(i) * 0.5, 1.0 - real(i) * 0.25, 4)
  end do
  do concurrent (i = 1:n)
    z(i) = w(i) * conjg(w(i)) + w(i) * (2.0, -1.0) - cmplx(real(i), 0.0, 4)
    re(i) = real(z(i)) - aimag(w(i))
  end do
  do i = 1, n
    rz(i) = w(i) * conjg(w(i)) + w(i) * (2.0, -1.0) - cmplx(real(i), 0.0, 4)
    rre(i) = real(rz(i)) - aimag(w(i))
  end do
  if (any(z /= rz) .or. any(re /= rre)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(2f14.5)', z(1), z(n)
  print '(f14.5)', re(n)
  print '(a)', 'PASSED'
end program
