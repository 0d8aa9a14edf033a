! An elemental function applied to sections in an array assignment of the body.
module em
contains
  elemental real function sq(x)
    real, intent(in) :: x
    sq = x * x + 1
  end function
end module
program el
  use em
  implicit none
  integer :: i
  real :: a(4, 3), b(4, 3)
  b = reshape([(real(i), i = 1, 12)], [4, 3])
  do concurrent (i = 1:3)
    a(:, i) = sq(b(:, i)) + 2 * sq(1.5)
  end do
  print '(12f7.2)', a
  if (a(1, 1) < 0) error stop 1
end program
