! GFORTRAN: rejects
! F2008/F2018 integer type-spec in DO CONCURRENT headers and in array-constructor implied-DOs.
program f2018_dc_typespec
  use, intrinsic :: iso_fortran_env, only: int64, real32
  implicit none
  integer, parameter :: n = 1000, m = 64
  real(real32) :: a(n), b(m, n)
  integer :: squares(10)

  do concurrent (integer :: i = 1:n)
    a(i) = real(i, real32)
  end do

  do concurrent (integer(int64) :: j = 1:n, k = 1:m)
    b(k, j) = a(j) * real(k, real32)
  end do

  do concurrent (integer :: i = 1:n:2, a(i) > 10.0_real32)
    a(i) = -a(i)
  end do

  squares = [(i**2, integer :: i = 1, 10)]
  print *, squares
  print *, sum(a), sum(b)
  print *, [real(real32) :: (0.5 * k, integer :: k = 1, 4)]
end program f2018_dc_typespec
