! FLAGS: --gpu=metal --show-gpu-kernel-source
! Design doc, "The unsupported-construct check": "--show-gpu-kernel-source
! assigns a failing loop to the host, as --gpu-allow-cpu-fallback does, so
! that the kernels of the other loops are still shown."
program show_source_metal
  implicit none
  integer, parameter :: n = 16
  real(8) :: d(n)
  real :: x(n), y(n), z(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = x(i) * x(i)
  end do

  do concurrent (i = 1:n)  ! WANT: host real8_on_metal
    d(i) = y(i) + 0.5d0
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z(i) = y(i) - x(i)
  end do

  if (any(d /= x * x + 0.5d0) .or. any(z /= x * x - x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program show_source_metal
