! GFORTRAN: stops 3
! Design doc, "Where the host waits": "It waits: [...] before a launch of a
! kernel that can stop while a launch of another such kernel is pending, so
! that the stop reported is the first one".
! Two stopping kernels in a loop, without host statements between them:
! in the third step the first stops (code 3) and the second would stop too
! (code 99); the first one is reported, as on the CPU.
program second_stopping_launch
  implicit none
  integer, parameter :: n = 128
  integer :: a(n), b(n), i, step

  a = 0
  b = 0
  do step = 1, 4
    do concurrent (i = 1:n)  ! WANT: offload
      if (step == 3 .and. i == 1) error stop 3
      a(i) = a(i) + 1
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      if (a(i) >= 3 .and. step >= 3 .and. i == n) error stop 99
      b(i) = b(i) + a(i)
    end do
  end do
  print '(a)', 'FAIL: no stop'
  print *, b(1)
end program second_stopping_launch
