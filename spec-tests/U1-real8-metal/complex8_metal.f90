! FLAGS: --gpu=metal
! Design doc, "The unsupported list": "`real(8)` | Metal | the Metal Shading
! Language has no 64-bit float | emulate later".
! Catalogue (real8_on_metal): complex(8) is made of real(8) parts, so it is
! reported as real8_on_metal; complex(4) is offloaded ("complex ... [is]
! offloaded", The unsupported list).
program complex8_metal
  implicit none
  integer, parameter :: n = 8
  complex(8) :: z8(n)
  complex :: z4(n)
  real :: x(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    z8(i) = cmplx(x(i), -x(i), kind=8)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z4(i) = cmplx(x(i), -x(i)) * (0.0, 1.0)
  end do

  if (any(real(z8) /= x) .or. any(real(z4) /= x) .or. any(aimag(z4) /= x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program complex8_metal
