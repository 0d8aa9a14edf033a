program stop_print
  implicit none
  integer :: a(10), i
  do concurrent (i = 1:10)
    if (i == 20) error stop 3
    a(i) = i
  end do
  print *, 'after'
  do concurrent (i = 1:10)
    if (a(i) == 20) error stop 4
  end do
  print *, a(1)
end program stop_print
