! FLAGS: --gpu=metal
! GUARDS: real8_on_metal (the nearest correct variant of real8_array_metal.f90: no such diagnostic)
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! The loop of real8_array_metal.f90 computed in real(8) on the device; here
! the loop computes in real(4) and real(8) stays on the host: the host's
! real(8) arrays and its checksum, and a real(8) named constant the loop
! uses only in a constant expression (folded, never evaluated on the
! device). Module procedure, called in a time loop. No real8_on_metal; the
! loop is offloaded.
module host_only_r8
  implicit none
  integer, parameter :: n = 256
  real(8), parameter :: two8 = 2.0_8
contains
  subroutine step(a, y)
    real, intent(in) :: a(n)
    real, intent(inout) :: y(n)
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      y(i) = y(i) + a(i) * real(two8, 4)
    end do
  end subroutine step
end module host_only_r8

program real8_host_only_metal
  use host_only_r8
  implicit none
  real(8) :: x(n), check
  real :: a(n), y(n)
  integer :: i, s
  x = [(real(i, 8), i = 1, n)]
  a = real(x, 4)
  y = 0
  do s = 1, 3
    call step(a, y)
  end do
  check = sum(real(y, 8)) - 6.0_8 * sum(x)
  if (check /= 0.0_8) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program real8_host_only_metal
