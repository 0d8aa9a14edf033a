! FLAGS: --gpu=cuda --gpu-allow-cpu-fallback
! Design doc, "The unsupported list": "error stop and stop are not on the list:
! every device runs them, through a status buffer the host reads after the
! launch (see Stopping on the device)."
! Design doc, "Outcomes": "The loop uses nothing from the unsupported list |
! offloaded | offloaded": the fallback flag does not move an error stop to the
! host.
program error_stop_fallback_cuda
  implicit none
  integer, parameter :: n = 16
  integer :: a(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = 3 * i
    if (mod(a(i), 3) /= 0) error stop a(i)
  end do

  if (any(a /= [(3 * i, i = 1, n)])) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program error_stop_fallback_cuda
