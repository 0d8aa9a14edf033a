! FLAGS: --unsupported-as=metal
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! Design doc, "Outcomes": "The loop uses something from the unsupported list |
! error, reported by the unsupported-construct check".
! ARCHITECTURE.md 5: "--unsupported-as=metal builds for the CPU while applying
! Metal's unsupported list, so Metal's error and fallback cases are tested here".
program real8_unsupported_as_metal
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n)
  real :: a(n), b(n), y(n)
  integer :: i

  x = [(real(i, 8), i = 1, n)]
  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y(i) = real(x(i) * 2.0_8, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = a(i) * 3.0
  end do

  if (any(y /= 2.0 * a) .or. any(b /= 3.0 * a)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real8_unsupported_as_metal
