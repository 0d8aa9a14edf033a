! Named constant arrays (with lower bounds other than one) indexed and used whole in a do concurrent body.
program const_arrays_body
  implicit none
  integer :: i
  real, parameter :: w(0:2) = [0.5, 0.25, 0.125]
  integer, parameter :: cx(3) = [1, -1, 0]
  real :: a(9)
  do concurrent (i = 1:9)
    a(i) = w(mod(i, 3)) * real(cx(mod(i, 3) + 1)) + sum(w * cx)
  end do
  print '(9f8.4)', a
  if (a(1) > 100) error stop 1
end program
