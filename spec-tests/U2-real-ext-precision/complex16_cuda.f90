! FLAGS: --gpu=cuda
! Design doc, "The unsupported list": "`real(10)`, `real(16)` | all | no
! device has these widths | emulate, or never".
! Catalogue: complex(16) is made of real(16) parts (real_ext_precision);
! complex(8) is fine on CUDA.
program complex16_cuda
  implicit none
  integer, parameter :: n = 8
  complex(16) :: zq(n)
  complex(8) :: z8(n)
  real :: x(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    zq(i) = cmplx(x(i), 2 * x(i), kind=16)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z8(i) = cmplx(x(i), 2 * x(i), kind=8)
  end do

  if (any(real(zq) /= x) .or. any(aimag(z8) /= 2 * x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program complex16_cuda
