! GFORTRAN: rejects
! F2023 REDUCE locality spec: dot product and norm computed in DO CONCURRENT.
module dot_kernels
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  integer, parameter :: wp = real64
contains
  function dot(x, y) result(s)
    real(wp), intent(in) :: x(:), y(:)
    real(wp) :: s
    integer :: i
    s = 0.0_wp
    do concurrent (i = 1:size(x)) reduce(+:s)
      s = s + x(i) * y(i)
    end do
  end function dot

  function nrm2(x) result(r)
    real(wp), intent(in) :: x(:)
    real(wp) :: r, ss
    integer :: i
    ss = 0.0_wp
    do concurrent (i = 1:size(x)) shared(x) reduce(+ : ss)
      ss = ss + x(i)**2
    end do
    r = sqrt(ss)
  end function nrm2
end module dot_kernels

program f2018_dc_reduce_sum
  use dot_kernels
  implicit none
  integer, parameter :: n = 1 * 1024 * 1024
  real(wp), allocatable :: a(:), b(:)
  allocate(a(n), b(n))
  a = 0.1_wp
  b = 0.2_wp
  print '(a, es22.14)', 'dot  = ', dot(a, b)
  print '(a, es22.14)', 'norm = ', nrm2(a)
  print '(a, es22.14)', 'ref  = ', 0.02_wp * n
end program f2018_dc_reduce_sum
