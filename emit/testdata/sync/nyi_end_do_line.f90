program nyi_end_do_line
  implicit none
  real :: a(10)
  integer :: i, k
  do k = 1, 2
    do concurrent (i = 1:10)
      a(i) = 1.0
    end do
  end do; print *, a(1)
end program nyi_end_do_line
