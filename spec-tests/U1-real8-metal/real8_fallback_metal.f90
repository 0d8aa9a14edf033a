! FLAGS: --gpu=metal --gpu-allow-cpu-fallback
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! Design doc, "Testing": "Every entry of the unsupported list has a test for the
! error, and a test that the same program runs correctly on the CPU with
! --gpu-allow-cpu-fallback".
! With the flag the loop runs on the host with a warning.
program real8_fallback_metal
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n)
  real :: a(n), b(n), y(n)
  integer :: i

  x = [(real(i, 8), i = 1, n)]
  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: host real8_on_metal
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
end program real8_fallback_metal
