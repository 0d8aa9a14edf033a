program timing
  implicit none
  real :: a(10)
  integer :: i
  integer(8) :: t0, t1
  call system_clock(t0)
  do concurrent (i = 1:10)
    a(i) = 1.0
  end do
  call system_clock(t1)
  print *, t1 >= t0
end program timing
