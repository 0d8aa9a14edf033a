! Design doc, "The offloading pipeline": "Array-valued function calls in
! array statements are called once before the statement, into an array of
! the iteration".
! The function's result is complete before the assignment writes the array
! the function reads (x(:, i) = reversed(x(:, i)), x(:, i) = rotated(x(:, i))
! + x(1, i)): an elementwise evaluation would read elements it has already
! written. The result is also used inside an expression and as an actual
! argument.
module rev_mod
  implicit none
contains
  pure function reversed(v) result(r)
    real(8), intent(in) :: v(:)
    real(8) :: r(size(v))
    integer :: k
    do k = 1, size(v)
      r(k) = v(size(v) + 1 - k)
    end do
  end function

  pure function rotated(v) result(r)
    real(8), intent(in) :: v(5)
    real(8) :: r(5)
    r(1:4) = v(2:5)
    r(5) = v(1)
  end function

  pure real(8) function weigh(v)
    real(8), intent(in) :: v(:)
    integer :: k
    weigh = 0
    do k = 1, size(v)
      weigh = weigh + k * v(k)
    end do
  end function
end module

program result_before_statement
  use rev_mod
  implicit none
  integer, parameter :: n = 2000
  real(8) :: x(5, n), r(5, n), w(n), rw(n)
  integer :: i, k

  do i = 1, n
    do k = 1, 5
      x(k, i) = i + 0.125d0 * k
    end do
  end do
  r = x

  do concurrent (i = 1:n)  ! WANT: offload
    x(:, i) = reversed(x(:, i))
    x(:, i) = rotated(x(:, i)) + x(1, i)
    w(i) = weigh(reversed(x(2:4, i))) + sum(rotated(x(:, i)) * 2)
  end do

  do i = 1, n
    r(:, i) = r(5:1:-1, i)
    r(:, i) = [r(2, i), r(3, i), r(4, i), r(5, i), r(1, i)] + r(1, i)
    rw(i) = 1 * r(4, i) + 2 * r(3, i) + 3 * r(2, i) + 2 * (r(2, i) + r(3, i) + r(4, i) + r(5, i) + r(1, i))
  end do

  if (any(x /= r) .or. any(w /= rw)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.3)', 'PASSED', sum(w)
end program result_before_statement
