! GFORTRAN: stops 7
! Design doc, "Stopping on the device": "When the host next waits for the
! launch (see Asynchronous launches and data residency) it reads the buffer,
! and if a site is recorded it runs that same statement on the host, with
! the recorded stop code. The program therefore prints what it prints on the
! CPU".
! A host loop launches a kernel every step and prints every step; the kernel
! stops at step 7 (error stop step): the output ends with step 6's line,
! then ERROR STOP 7, status 7.
program stop_in_time_loop
  implicit none
  integer, parameter :: n = 512
  real :: u(n)
  integer :: i, step

  u = 0
  do step = 1, 20
    do concurrent (i = 1:n)  ! WANT: offload
      if (step == 7 .and. i == n / 2) error stop step
      u(i) = u(i) + real(step)
    end do
    print '(a,i0,a,f8.1)', 'step ', step, ' u(1) = ', u(1)
  end do
  print '(a)', 'FAIL: the loop did not stop'
  error stop 1
end program stop_in_time_loop
