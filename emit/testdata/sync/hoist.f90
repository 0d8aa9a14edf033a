program hoist
  implicit none
  real :: a(10), t
  integer :: i, j
  do concurrent (i = 1:10)
    a(i) = i
  end do
  t = 0.0
  do j = 1, 10
    do i = 1, 10
      t = t + a(i)
    end do
  end do
  print *, t
end program hoist
