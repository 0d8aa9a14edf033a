! Design doc, "Where the host waits": "Asking about the shape of an array
! (size, lbound, allocated) does not access its elements."
! The loop bounds of the second launch read only size(x) of the array the
! first launch writes: no wait between the launches (fgpu explain shows
! none at line 19); the host reads x at the end.
program shape_inquiry_no_wait
  implicit none
  real, allocatable :: x(:)
  integer :: i, n

  n = 500
  allocate(x(n))
  x = 1.0
  do concurrent (i = 1:size(x))  ! WANT: offload
    x(i) = x(i) + real(i)
  end do
  if (allocated(x)) then
    do concurrent (i = lbound(x, 1):ubound(x, 1))  ! WANT: offload
      x(i) = 2.0 * x(i)
    end do
  end if
  if (.not. abs(x(n) - 2.0 * (1.0 + real(n))) <= 1.0e-3) then
    print *, 'FAIL', x(n)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program shape_inquiry_no_wait
