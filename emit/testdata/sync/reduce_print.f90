program reduce_print
  implicit none
  real :: a(10), s
  integer :: i
  a = 2.0
  s = 0.0
  do concurrent (i = 1:10) reduce(+:s)
    s = s + a(i)
  end do
  print *, s
end program reduce_print
