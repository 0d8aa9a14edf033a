program dowhile
  implicit none
  integer :: a(10), i, n
  a = 0
  n = 0
  do while (a(1) < 5)
    do concurrent (i = 1:10)
      a(i) = a(i) + 1
    end do
    n = n + 1
    if (n > 100) exit
  end do
  print *, n
end program dowhile
