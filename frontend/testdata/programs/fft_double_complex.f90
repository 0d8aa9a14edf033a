! GFORTRAN-FLAGS: -std=gnu
! Recursive radix-2 FFT using DOUBLE COMPLEX and COMPLEX(kind) declarations. (DOUBLE COMPLEX and DCMPLX are extensions)
module fft_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.141592653589793238462643383279502884_dp
contains
  recursive subroutine fft(x)
    complex(dp), intent(inout) :: x(:)
    complex(dp), allocatable :: even(:), odd(:)
    complex(dp) :: t
    integer :: n, k
    n = size(x)
    if (n <= 1) return
    allocate(even(n/2), odd(n/2))
    even = x(1:n:2)
    odd = x(2:n:2)
    call fft(even)
    call fft(odd)
    do k = 1, n/2
      t = exp(cmplx(0.0_dp, -2.0_dp * pi * (k - 1) / n, kind=dp)) * odd(k)
      x(k) = even(k) + t
      x(k + n/2) = even(k) - t
    end do
  end subroutine fft

  function dft(x) result(y)
    double complex, intent(in) :: x(:)
    double complex :: y(size(x))
    integer :: j, k, n
    n = size(x)
    do k = 0, n - 1
      y(k + 1) = (0.0d0, 0.0d0)
      do j = 0, n - 1
        y(k + 1) = y(k + 1) + x(j + 1) * exp(dcmplx(0.0d0, -2.0d0 * pi * j * k / n))
      end do
    end do
  end function dft
end module fft_mod

program fft_test
  use fft_mod
  implicit none
  integer, parameter :: n = 64
  complex(dp) :: x(n), y(n)
  double complex :: z
  integer :: i
  do i = 1, n
    x(i) = cmplx(cos(2.0_dp * pi * 3 * (i - 1) / n), 0.0_dp, dp)
  end do
  y = dft(x)
  call fft(x)
  print *, 'max |fft - dft| =', maxval(abs(x - y))
  print '(a, i0)', 'peak at bin ', maxloc(abs(x(1:n/2)), dim=1) - 1
  z = (1.0d0, 1.0d0)
  print *, z * conjg(z), real(z, dp), aimag(z), abs(z)**2
end program fft_test
