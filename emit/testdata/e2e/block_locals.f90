! block constructs with scalar locals of several types in the body.
program block_locals
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n), y(n)
  integer :: k(n), kr(n), i
  logical :: p(n)
  do concurrent (i = 1:n)
    block
      real(8) :: t
      integer :: q
      logical :: odd
      t = real(i, 8) * 0.125d0
      q = i / 3
      odd = mod(i, 2) == 1
      if (odd) t = -t
      x(i) = t * t + real(q, 8)
      k(i) = q * q
      p(i) = odd
    end block
  end do
  do i = 1, n
    y(i) = real(i, 8) * 0.125d0
    if (mod(i, 2) == 1) y(i) = -y(i)
    y(i) = y(i) * y(i) + real(i / 3, 8)
    kr(i) = (i / 3) ** 2
  end do
  if (any(x /= y) .or. any(k /= kr)) then
    print '(a)', 'FAIL values'
    error stop 1
  end if
  if (count(p) /= n / 2) then
    print '(a)', 'FAIL logical'
    error stop 1
  end if
  print '(es24.16)', x(n), x(7)
  print '(a)', 'PASSED'
end program
