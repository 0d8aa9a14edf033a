! Generic interfaces resolving on type, kind and rank; module procedure lists.
module swap_mod
  use, intrinsic :: iso_fortran_env, only: int32, int64, real32, real64
  implicit none
  private
  public :: swap, describe

  interface swap
    module procedure swap_i32, swap_i64, swap_r32, swap_r64, swap_char
  end interface swap

  interface describe
    module procedure describe_scalar, describe_vector, describe_matrix
  end interface
contains
  elemental subroutine swap_i32(a, b)
    integer(int32), intent(inout) :: a, b
    integer(int32) :: t
    t = a; a = b; b = t
  end subroutine swap_i32
  elemental subroutine swap_i64(a, b)
    integer(int64), intent(inout) :: a, b
    integer(int64) :: t
    t = a; a = b; b = t
  end subroutine swap_i64
  elemental subroutine swap_r32(a, b)
    real(real32), intent(inout) :: a, b
    real(real32) :: t
    t = a; a = b; b = t
  end subroutine swap_r32
  elemental subroutine swap_r64(a, b)
    real(real64), intent(inout) :: a, b
    real(real64) :: t
    t = a; a = b; b = t
  end subroutine swap_r64
  subroutine swap_char(a, b)
    character(len=*), intent(inout) :: a, b
    character(len=len(a)) :: t
    t = a; a = b; b = t
  end subroutine swap_char

  subroutine describe_scalar(x)
    real, intent(in) :: x
    print *, 'scalar', x
  end subroutine describe_scalar
  subroutine describe_vector(x)
    real, intent(in) :: x(:)
    print *, 'vector of size', size(x)
  end subroutine describe_vector
  subroutine describe_matrix(x)
    real, intent(in) :: x(:,:)
    print *, 'matrix of shape', shape(x)
  end subroutine describe_matrix
end module swap_mod

program generic_demo
  use swap_mod
  use, intrinsic :: iso_fortran_env, only: int32, int64, real32, real64
  implicit none
  integer(int32) :: i = 1, j = 2
  integer(int64) :: k(3) = [1_int64, 2_int64, 3_int64], l(3) = 0_int64
  real(real64) :: x = 1.5_real64, y = -1.5_real64
  character(len=8) :: s1 = 'left', s2 = 'right'
  real :: m(2, 3) = 0.0

  call swap(i, j)
  call swap(k, l)
  call swap(x, y)
  call swap(s1, s2)
  print *, i, j, k, l, x, y, ' ', s1, s2
  call describe(1.0)
  call describe([1.0, 2.0])
  call describe(m)
end program generic_demo
