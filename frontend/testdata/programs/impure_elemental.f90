! PURE, ELEMENTAL, IMPURE ELEMENTAL, and MODULE prefixes on procedures.
module elemental_ops
  implicit none
  integer, save :: call_count = 0
contains
  elemental real function relu(x)
    real, intent(in) :: x
    relu = max(0.0, x)
  end function relu

  elemental function clip(x, lo, hi) result(y)
    real, intent(in) :: x, lo, hi
    real :: y
    y = min(max(x, lo), hi)
  end function clip

  impure elemental function counted_square(x) result(y)
    real, intent(in) :: x
    real :: y
    call_count = call_count + 1
    y = x * x
  end function counted_square

  impure elemental subroutine log_value(x)
    real, intent(in) :: x
    write (*, '(f8.3)', advance='no') x
  end subroutine log_value

  pure subroutine normalize(v)
    real, intent(inout) :: v(:)
    real :: s
    s = sqrt(sum(v**2))
    if (s > 0.0) v = v / s
  end subroutine normalize

  pure elemental integer function digit_sum(n) result(s)
    integer, intent(in) :: n
    integer :: m
    s = 0
    m = abs(n)
    do while (m > 0)
      s = s + mod(m, 10)
      m = m / 10
    end do
  end function digit_sum
end module elemental_ops

program impure_elemental
  use elemental_ops
  implicit none
  real :: x(6) = [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
  real :: m(2, 3)
  integer :: i
  print *, relu(x)
  print *, clip(x, -1.5, 1.5)
  print *, clip(x, lo=[(-0.5 * i, i = 1, 6)], hi=2.5)
  m = reshape(counted_square(x), [2, 3])
  print *, m, ' calls:', call_count
  call log_value(x)
  write (*, *)
  call normalize(x)
  print *, 'norm:', norm2(x)
  print *, digit_sum([12345, -99, 0, 7])
end program impure_elemental
