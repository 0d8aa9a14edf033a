program frees
  implicit none
  real, allocatable :: a(:)
  integer :: i
  allocate(a(10))
  a = 0.0
  do concurrent (i = 1:10)
    a(i) = 1.0
  end do
  deallocate(a)
  block
    real :: w(10)
    do concurrent (i = 1:10)
      w(i) = 2.0
    end do
  end block
end program frees
