! FLAGS: --unsupported-as=metal --gpu-allow-cpu-fallback
! Design doc, "Outcomes": "The loop uses something from the unsupported list |
! error, reported by the unsupported-construct check | the loop runs on the
! CPU, with a warning".
! ARCHITECTURE.md 5: "--unsupported-as=metal builds for the CPU while applying
! Metal's unsupported list, so Metal's error and fallback cases are tested
! here."
program fallback_unsupported_as_metal
  implicit none
  integer, parameter :: n = 16
  real(8) :: d(n)
  real :: x(n), y(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: host real8_on_metal
    d(i) = sqrt(real(x(i), 8))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = x(i) + 1
  end do

  if (abs(d(4) - 2.0_8) > 1.0e-14_8 .or. any(y /= x + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_unsupported_as_metal
