! real(8) elementary functions in a kernel of a module procedure over module
! arrays (issue 17): exp, log, log10, x**y, sin, cos, tan, asin, acos, atan,
! atan2, sinh, cosh, tanh, hypot on 20000 arguments each. The host
! evaluates the same expressions and counts the results more than 8 ulps
! apart (none: fgpu's CUDA functions and glibc's are each within ~2.5 ulps
! of the exact value; tanh(-0.5302) is 3 ulps apart with glibc 2.39), and
! prints checksums rounded to 10 digits.
module m8_fields
  implicit none
  integer, parameter :: n = 20000, nf = 15
  real(8) :: x(n), w(n), y(n, nf)
contains
  subroutine eval_all()
    integer :: i
    do concurrent (i = 1:n)
      y(i, 1) = exp(x(i) * 7.0d0)
      y(i, 2) = log(abs(x(i)) * 1.0d3 + 1.0d-3)
      y(i, 3) = log10(abs(x(i)) * 1.0d3 + 1.0d-3)
      y(i, 4) = (abs(x(i)) + 0.01d0) ** w(i)
      y(i, 5) = sin(x(i) * 100.0d0)
      y(i, 6) = cos(x(i) * 100.0d0)
      y(i, 7) = tan(x(i) * 10.0d0)
      y(i, 8) = asin(x(i) / 100.0d0)
      y(i, 9) = acos(x(i) / 100.0d0)
      y(i, 10) = atan(x(i) * 3.0d0)
      y(i, 11) = atan2(x(i), w(i))
      y(i, 12) = sinh(x(i) * 7.0d0)
      y(i, 13) = cosh(x(i) * 7.0d0)
      y(i, 14) = tanh(x(i) * 2.0d0)
      y(i, 15) = hypot(x(i), w(i))
    end do
  end subroutine eval_all
end module m8_fields

program math_real8_module
  use m8_fields
  implicit none
  integer :: i, j, far
  real(8) :: h(nf), s(nf)
  do i = 1, n
    x(i) = -99.0d0 + 198.0d0 * modulo(0.6180339887498949d0 * i, 1.0d0)
    w(i) = -9.5d0 + 19.0d0 * modulo(0.7548776662466927d0 * i, 1.0d0)
  end do
  call eval_all()
  far = 0
  s = 0
  do i = 1, n
    h(1) = exp(x(i) * 7.0d0)
    h(2) = log(abs(x(i)) * 1.0d3 + 1.0d-3)
    h(3) = log10(abs(x(i)) * 1.0d3 + 1.0d-3)
    h(4) = (abs(x(i)) + 0.01d0) ** w(i)
    h(5) = sin(x(i) * 100.0d0)
    h(6) = cos(x(i) * 100.0d0)
    h(7) = tan(x(i) * 10.0d0)
    h(8) = asin(x(i) / 100.0d0)
    h(9) = acos(x(i) / 100.0d0)
    h(10) = atan(x(i) * 3.0d0)
    h(11) = atan2(x(i), w(i))
    h(12) = sinh(x(i) * 7.0d0)
    h(13) = cosh(x(i) * 7.0d0)
    h(14) = tanh(x(i) * 2.0d0)
    h(15) = hypot(x(i), w(i))
    do j = 1, nf
      if (abs(y(i, j) - h(j)) > 8 * spacing(h(j))) then
        far = far + 1
        if (far <= 5) print '(a, i0, a, i0, 2es26.17)', 'more than 8 ulps: f', j, ' i=', i, y(i, j), h(j)
      end if
      s(j) = s(j) + y(i, j) / (1.0d0 + abs(h(j)))
    end do
  end do
  print '(a, i0)', 'results more than 8 ulps from the host: ', far
  if (far > 0) error stop 'FAIL: kernel results more than 8 ulps from the host'
  do j = 1, nf
    print '(a, i2, es18.9)', 'f', j, s(j)
  end do
end program math_real8_module
