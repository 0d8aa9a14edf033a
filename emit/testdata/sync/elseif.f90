program elseif
  implicit none
  integer :: a(10), i, x
  x = 0
  do concurrent (i = 1:10)
    a(i) = i
  end do
  if (x > 0) then
    x = 1
  else if (a(10) == 10) then
    x = 2
  end if
  print *, x
end program elseif
