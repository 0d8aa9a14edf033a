! GFORTRAN: rejects (reduce locality)
! reduce(+) on real(4) and real(8): integer-valued terms are exact in any
! order and printed; a general sum is checked against a tolerance only.
program reduce_sum_real
  implicit none
  integer, parameter :: n = 2000
  integer :: i
  real(4) :: e4
  real(8) :: e8, g, rg
  e4 = 0.0
  e8 = 100.0d0
  g = 0.0d0
  do concurrent (i = 1:n) reduce(+:e4, e8, g)
    e4 = e4 + real(mod(i, 10))
    e8 = e8 + real(i, 8) * 0.5d0
    g = g + 1.0d0 / real(i, 8)
  end do
  rg = 0.0d0
  do i = 1, n
    rg = rg + 1.0d0 / real(i, 8)
  end do
  if (e4 /= 9000.0 .or. e8 /= 100.0d0 + real(n, 8) * real(n + 1, 8) * 0.25d0) then
    print '(a)', 'FAIL exact sums'
    error stop 1
  end if
  if (abs(g - rg) > 1.0d-12 * rg) then
    print '(a)', 'FAIL harmonic'
    error stop 1
  end if
  print '(f10.1)', e4
  print '(f14.2)', e8
  print '(a)', 'PASSED'
end program
