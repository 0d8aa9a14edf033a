! GFORTRAN: stops 1
! Design doc, "Stopping on the device": "A character stop code has to be a
! constant, which the host statement repeats."
! A character code that is a constant expression (a concatenation of named
! constants) is a constant: the kernel records the site, the host repeats
! the message.
program constant_expression_message
  implicit none
  character(*), parameter :: what = 'grid', why = ' has a negative cell'
  integer, parameter :: n = 100
  real :: g(n)
  integer :: i

  g = 1
  g(64) = -1
  do concurrent (i = 1:n)  ! WANT: offload
    if (g(i) < 0) error stop what // why
    g(i) = sqrt(g(i))
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, sum(g)
  error stop 2
end program constant_expression_message
