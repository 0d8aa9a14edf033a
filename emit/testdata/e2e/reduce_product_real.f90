! GFORTRAN: rejects (reduce locality)
! reduce(*) on real(8) and real(4) with power-of-two factors (exact in
! any order) and a general product checked against a tolerance.
program reduce_product_real
  implicit none
  integer, parameter :: n = 60
  integer :: i
  real(8) :: p2, g, rg
  real(4) :: q
  p2 = 3.0d0
  q = 1.0
  g = 1.0d0
  do concurrent (i = 1:n) reduce(*: p2, q, g)
    p2 = p2 * merge(2.0d0, 0.5d0, mod(i, 3) == 0)
    if (mod(i, 10) == 0) q = q * 4.0
    g = g * (1.0d0 + 1.0d0 / real(i * i, 8))
  end do
  rg = 1.0d0
  do i = 1, n
    rg = rg * (1.0d0 + 1.0d0 / real(i * i, 8))
  end do
  if (abs(g - rg) > 1.0d-13 * rg) then
    print '(a)', 'FAIL general product'
    error stop 1
  end if
  if (p2 /= 3.0d0 * 2.0d0 ** (-20) .or. q /= 4096.0) then
    print '(a)', 'FAIL exact products'
    error stop 1
  end if
  print '(es25.17)', p2
  print '(f10.1)', q
  print '(a)', 'PASSED'
end program
