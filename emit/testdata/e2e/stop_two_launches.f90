! Two launches in a row that both stop (codes 21 and 22): the first launch
! that stopped is the one reported.
program stop_two_launches
  implicit none
  integer, parameter :: n = 300
  real :: x(n), y(n)
  integer :: i
  x = [(real(i), i = 1, n)]
  do concurrent (i = 1:n)
    if (x(i) == 200) error stop 21
    y(i) = x(i) + 1
  end do
  do concurrent (i = 1:n)
    if (y(i) == 100) error stop 22
    x(i) = y(i) * 2
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(x)
  error stop 1
end program
