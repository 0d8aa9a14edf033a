! GFORTRAN: stops 7
! Design doc, "Where the host waits": "It waits: [...] before a statement
! that acts outside the program - input/output, stop, or a call to a
! procedure that is not pure and whose body may do input/output or stop -
! while a launch that may have recorded a stop is pending, so that the stop
! the kernel recorded ends the program first".
! The kernel stops in the third step; the host prints after every launch:
! the output ends where the CPU run ends (steps 1 and 2 printed), then
! ERROR STOP 7.
program print_while_stopping
  implicit none
  integer, parameter :: n = 256
  integer :: a(n), i, step

  a = 0
  do step = 1, 5
    do concurrent (i = 1:n)  ! WANT: offload
      if (step == 3 .and. i == n / 2) error stop 7
      a(i) = a(i) + step
    end do
    print '(a,i0)', 'step ', step
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, a(1)
end program print_while_stopping
