! Calls of device procedures: a subroutine with intent(out) and
! intent(inout) scalars (a local, an element; shared scalars written
! back after the loop, their write flags set after the call), a function of scalars by value, and a function
! that can stop called in an assignment, an IF condition, a DO WHILE
! condition and the mask of a nested loop (its stop arguments and the tests after the calls); arrays
! and sections passed to assumed-shape dummies (their lower bounds); a
! function handed the module variables it reads.
module calls_m
  implicit none
  real :: bias = 1.5
  real :: table(4) = [1.0, 2.0, 3.0, 4.0]
contains
  pure real function biased(v, k)
    real, intent(in) :: v
    integer, intent(in) :: k
    biased = v + bias * table(mod(k, 4) + 1)
  end function

  pure subroutine split(v, lo, hi)
    real, intent(in) :: v
    real, intent(out) :: lo
    real, intent(inout) :: hi
    lo = v * 0.5
    hi = hi + v - lo
  end subroutine

  pure subroutine halves(v, a, b)
    real, intent(in) :: v
    real, intent(out) :: a, b
    a = v * 0.5
    b = v - a
  end subroutine

  pure real function twice(v, k)
    real, intent(in) :: v
    integer, intent(in) :: k
    twice = 2.0 * v + real(k)
  end function

  pure real function wsum(v, w)
    real, intent(in) :: v(0:), w(:)
    integer :: k
    wsum = 0.0
    do k = 0, size(v) - 1
      wsum = wsum + v(k) * w(k + 1)
    end do
  end function

  pure subroutine scale(v, f)
    real, intent(inout) :: v(:)
    real, intent(in) :: f
    v = v * f
  end subroutine

  pure integer function checked(k)
    integer, intent(in) :: k
    if (k < 0) error stop 3
    checked = k / 2
  end function
end module

program calls
  use calls_m
  implicit none
  integer, parameter :: n = 100
  real :: x(n), y(n), lo, hi, a(4, n), w(4)
  integer :: i, m(n), j, k
  do i = 1, n
    x(i) = real(i) * 0.25
    m(i) = i
  end do
  hi = 0.0
  do concurrent (i = 1:n) local(lo)
    y(i) = 1.0
    call split(x(i), lo, y(i))
    y(i) = y(i) + twice(lo, i)
  end do
  do concurrent (i = 1:n)
    call halves(x(i), lo, hi)
    y(i) = y(i) + lo * hi
  end do
  do concurrent (i = 1:n) local(j)
    j = checked(m(i))
    if (checked(j) > 10) then
      m(i) = j
    else
      m(i) = 0
    end if
    do while (checked(j) > 1)
      j = j - 1
    end do
    do concurrent (k = 1:3, checked(k + j) > 0)
      m(i) = m(i) + k
    end do
  end do
  a = 1.0
  w = [1.0, 2.0, 3.0, 4.0]
  do concurrent (i = 1:n)
    call scale(a(:, i), x(i))
    y(i) = wsum(a(:, i), w) + wsum(a(1:4:2, i), w(2:3))
  end do
  do concurrent (i = 1:n)
    y(i) = biased(y(i), i)
  end do
  print *, sum(y), lo, hi, sum(m)
end program
