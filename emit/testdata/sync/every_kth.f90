program every_kth
  implicit none
  real :: a(10), b(10)
  integer :: i, k
  b = 1.0
  do k = 1, 30
    do concurrent (i = 1:10)
      a(i) = b(i) * k
    end do
    do concurrent (i = 1:10)
      b(i) = b(i) + 1.0
    end do
    if (mod(k, 10) == 0) print *, a(1)
  end do
end program every_kth
