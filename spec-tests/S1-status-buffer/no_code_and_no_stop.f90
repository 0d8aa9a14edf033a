! GFORTRAN: stops 1
! Design doc, "Stopping on the device": "Every launch of a kernel that
! reaches a stop or error stop is given a small status buffer, an extra
! argument of the kernel".
! A kernel that can stop but does not (with a scalar it writes) computes
! its results; the next one stops with an error stop
! without a code: ERROR STOP, status 1.
program no_code_and_no_stop
  implicit none
  integer, parameter :: n = 1000
  real(8) :: x(n), s
  integer :: i, last

  x = [(real(i, 8), i = 1, n)]
  s = 0
  last = 0
  do concurrent (i = 1:n)  ! WANT: offload
    if (x(i) < 0) error stop 9
    x(i) = x(i) * 2
    if (i == n) last = i
  end do
  s = sum(x)
  if (s /= 1001000.0d0 .or. last /= n) then
    print '(a)', 'FAIL'
    error stop 2
  end if
  print '(a,f10.1,i6)', 'sum ', s, last
  do concurrent (i = 1:n)  ! WANT: offload
    if (x(i) > 1999.5d0) error stop
    x(i) = -x(i)
  end do
  print '(a)', 'FAIL: the loop did not stop'
  error stop 2
end program no_code_and_no_stop
