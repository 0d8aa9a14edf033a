! Design doc, "The offloading pipeline": "An associate name of a construct the
! loop is in, bound to an expression (associate (n => size(a))), is the value
! the expression had when the construct was entered, which the kernel is
! handed as a scalar: the expression is not evaluated again, and what it reads
! is not handed over."
! The construct encloses the loop; the variables the expressions read change
! after entry and before the loop, and the loop sees the values on entry.
program value_outside_loop
  implicit none
  integer, parameter :: n = 12
  real :: x(n), y(n), ry(n)
  integer :: k(n), rk(n), i, base
  real :: scale

  x = [(real(i), i = 1, n)]
  scale = 0.5
  base = 3

  associate (m => size(x), s => scale * 4.0, b => base + 1, top => maxval(x))
    scale = -1.0
    base = 100
    x(n) = 1000.0
    do concurrent (i = 1:m)  ! WANT: offload
      y(i) = x(i) * s + top
      k(i) = b * i - m
    end do
  end associate

  do i = 1, n
    ry(i) = x(i) * 2.0 + 12.0
    rk(i) = 4 * i - n
  end do

  if (any(y /= ry) .or. any(k /= rk)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', nint(sum(y)), sum(k)
end program value_outside_loop
