! Whole-row operations on a fixed-size second dimension in the body, with a
! real(8) section expression and an elemental intrinsic on a section.
program whole_array_body
  implicit none
  integer, parameter :: n = 20, m = 5
  real(8) :: x(n, m), y(n, m), z(n, m)
  integer :: i, k
  do k = 1, m
    do i = 1, n
      x(i, k) = real(i - k, 8) * 0.5d0
    end do
  end do
  do concurrent (i = 1:n)
    y(i, :) = x(i, :) * 2.0d0 + 1.0d0
    y(i, 2:m) = y(i, 2:m) - x(i, 1:m-1)
    y(i, 1:m:2) = abs(y(i, 1:m:2))
  end do
  do i = 1, n
    do k = 1, m
      z(i, k) = x(i, k) * 2.0d0 + 1.0d0
    end do
    do k = m, 2, -1
      z(i, k) = z(i, k) - x(i, k - 1)
    end do
    do k = 1, m, 2
      z(i, k) = abs(z(i, k))
    end do
  end do
  if (any(y /= z)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(5f8.2)', y(1, :), y(n, :)
  print '(a)', 'PASSED'
end program
