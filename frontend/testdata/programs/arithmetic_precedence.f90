! Arithmetic precedence and associativity: unary minus, right-associative **, integer division,
! mixed-mode arithmetic, concatenation, and parenthesised expressions.
program arithmetic_precedence
  implicit none
  integer :: i, j, k
  real :: x, y
  real(8) :: d
  complex :: z
  character(len=20) :: s

  i = 2; j = 3; k = 4
  print *, 2 ** 3 ** 2          ! 2**(3**2) = 512
  print *, (2 ** 3) ** 2        ! 64
  print *, -2 ** 2              ! -(2**2) = -4
  print *, i + j * k            ! 14
  print *, (i + j) * k          ! 20
  print *, i - j - k            ! (i-j)-k = -5
  print *, k / i / 2            ! (k/i)/2 = 1
  print *, 7 / 2, -7 / 2, 7 / (-2), 7 / 2 * 2   ! integer division truncates
  print *, i * j ** 2, -i ** j, i ** (-1)
  x = 7 / 2
  y = 7.0 / 2
  print *, x, y, 7 / 2.0, real(7) / 2
  d = 1.0d0 / 3 + 1 / 3
  print *, d
  print *, 2.0 ** 0.5, 2 ** 0.5d0, 4.0 ** (1.0 / 2.0)
  z = (1.0, 2.0) ** 2 + 2 * (0.0, 1.0) - 1
  print *, z
  x = -3.0
  print *, abs(x) ** 2, -x ** 2, (-x) ** 2, +x
  s = 'ab' // 'cd' // repeat('e', 2)
  print *, s, len('ab' // 'cd')
  print *, 1 + 2 == 3 .and. 'a' // 'b' == 'ab'
  print *, 1.0e10 * 1.0e-10, 1.0d+2 - 1.d2, .5e1 + 5.e-1
  print *, mod(i * j + k, 5) - modulo(-i, j) * sign(1, -k)
  print *, max(i, j, k) - min(i, j, k) ** 2 / (i + 1)
end program arithmetic_precedence
