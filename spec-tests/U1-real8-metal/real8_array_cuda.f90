! FLAGS: --gpu=cuda
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! Design doc, "Outcomes": "The loop uses something from the unsupported list |
! error, reported by the unsupported-construct check"; real(8) is on the
! list for Metal only, so on CUDA the loop is offloaded.
! Same program as real8_array_metal.f90 (an error there): only the
! device differs.
program real8_array_cuda
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n)
  real :: a(n), b(n), y(n)
  integer :: i

  x = [(real(i, 8), i = 1, n)]
  a = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
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
end program real8_array_cuda
