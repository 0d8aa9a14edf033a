program p
  implicit none
  integer :: i
  real :: a(10), b(10)
  b = 1
  do concurrent (i = 1:10)
    associate (x => a(i), y => b(i))
      x = 2*y
    end associate
  end do
  print *, a(1)
end program
