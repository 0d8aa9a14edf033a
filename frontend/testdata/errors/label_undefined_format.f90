! WRITE and PRINT referring to FORMAT labels that are not defined.
program label_undefined_format
  implicit none
  real :: x
  x = 2.5
  write (*, 100) x  ! WANT: error label
  print 200, x  ! WANT: error label
300 format (f6.2)
  write (*, 300) x
end program label_undefined_format
