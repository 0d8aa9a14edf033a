! An error stop with a character constant in the kernel body, reached by one
! iteration of a 2-D loop: the host repeats the message.
program stop_kernel_char_const
  implicit none
  integer, parameter :: n = 64, m = 48
  real(8) :: g(n, m)
  integer :: i, j
  g = 1
  g(17, 33) = -2
  do concurrent (j = 1:m, i = 1:n)
    if (g(i, j) < 0) error stop 'cell out of range'
    g(i, j) = sqrt(g(i, j))
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(g)
  error stop 1
end program
