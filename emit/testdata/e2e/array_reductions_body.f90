! Array reductions and section operations inside do concurrent bodies
! (sums in array element order: bit-identical to gfortran).
program array_reductions_body
  implicit none
  integer, parameter :: n = 7, m = 5
  integer :: i, j, cnt(n)
  real :: a(m, n), s(n), mx(n), d(n), w(m)
  logical :: anyneg(n), allpos(n)
  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i * 7 + j * 3, 11)) - 4.3
    end do
  end do
  w = [(0.1 * j, j = 1, m)]
  do concurrent (i = 1:n)
    s(i) = sum(a(:, i))
    mx(i) = maxval(a(:, i)) - minval(a(2:m, i))
    cnt(i) = count(a(:, i) > 0)
    anyneg(i) = any(a(:, i) < -3.0)
    allpos(i) = all(a(1:m:2, i) > -4.0)
    d(i) = dot_product(a(:, i), w) + sum(a(:, i) * w)
  end do
  print '(7f10.5)', s
  print '(7f10.5)', mx
  print '(7i4)', cnt
  print '(7l2)', anyneg, allpos
  print '(7f12.7)', d
  if (n < 0) error stop 1
end program array_reductions_body
