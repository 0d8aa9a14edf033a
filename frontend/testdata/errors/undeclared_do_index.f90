! A DO-loop index that is not declared.
program undeclared_do_index
  implicit none
  real :: a(10)
  do k = 1, 10  ! WANT: error undeclared
    a(k) = 0.0
  end do
  print *, a
end program undeclared_do_index
