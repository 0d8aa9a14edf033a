! GFORTRAN: stops 42
! Design doc, "Stopping on the device": "In the kernel, the statement records
! its stop code, when it has an integer one, in the element of the buffer that
! belongs to its site, then its site in the first element, and returns: that
! thread runs nothing more. The other threads carry on; the program ends after
! the launch anyway."
! One iteration of many stops with an integer code: the program prints what
! the host printed before the launch, then ERROR STOP 42, and ends with 42.
program one_iteration_stops
  implicit none
  integer, parameter :: n = 100000
  real :: x(n), y(n)
  integer :: i

  x = [(real(i), i = 1, n)]
  print '(a)', 'before the launch'
  do concurrent (i = 1:n)  ! WANT: offload
    if (i == 77777) error stop 42
    y(i) = 2 * x(i)
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, y(1)
  error stop 1
end program one_iteration_stops
