! Integer and rounding intrinsics: abs, min, max, mod, modulo, sign, int,
! nint, floor, ceiling on positive and negative arguments.
program intrinsics_int
  implicit none
  integer, parameter :: n = 81
  integer :: a(n, 8), r(n, 8), i, k
  real :: x
  do concurrent (i = 1:n)
    block
      integer :: m
      real :: y
      m = i - 41
      y = real(m) * 0.75
      a(i, 1) = abs(m) + min(m, 3, 2 * m) - max(m, -m / 2)
      a(i, 2) = mod(m, 7)
      a(i, 3) = modulo(m, 7)
      a(i, 4) = sign(i, m) + sign(5, -m)
      a(i, 5) = int(y)
      a(i, 6) = nint(y)
      a(i, 7) = floor(y)
      a(i, 8) = ceiling(y) + int(abs(y))
    end block
  end do
  do i = 1, n
    k = i - 41
    x = real(k) * 0.75
    r(i, :) = [abs(k) + min(k, 3, 2 * k) - max(k, -k / 2), mod(k, 7), modulo(k, 7), &
               sign(i, k) + sign(5, -k), int(x), nint(x), floor(x), ceiling(x) + int(abs(x))]
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,8i6)', 'col sums ', sum(a, dim=1)
  print '(a,8i4)', 'row 1 ', a(1, :)
  print '(a)', 'PASSED'
end program
