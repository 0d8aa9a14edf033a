! bench/apps/stream_mod/stream_kernels.f90: the BabelStream kernels laid out
! as real Fortran codes lay them out: module subroutines (and a function
! for dot) over module allocatable arrays, each with one do concurrent.
! The same kernels as bench/stream/stream.f90 (copy c = a, mul b = s*c,
! add c = a + b, triad a = b + s*c, dot sum(a*b)), BabelStream's values
! (a = 0.1, b = 0.2, c = 0.0, scalar 0.4).
! Each loop's line carries "! kernel: NAME": bench/apps/device.sh finds the
! loop of a kernel in the FGPU_STATS lines by it.
module stream_kernels
  implicit none
  private
  public :: a, b, c, scalar, alloc_arrays, init_arrays, copy, mul, add, triad, dot
  real(8), allocatable :: a(:), b(:), c(:)
  real(8), parameter :: scalar = 0.4d0
contains
  subroutine alloc_arrays(n)
    integer, intent(in) :: n
    allocate(a(n), b(n), c(n))
  end subroutine alloc_arrays

  subroutine init_arrays()
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: init
      a(i) = 0.1d0
      b(i) = 0.2d0
      c(i) = 0.0d0
    end do
  end subroutine init_arrays

  subroutine copy()
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: copy
      c(i) = a(i)
    end do
  end subroutine copy

  subroutine mul()
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: mul
      b(i) = scalar * c(i)
    end do
  end subroutine mul

  subroutine add()
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: add
      c(i) = a(i) + b(i)
    end do
  end subroutine add

  subroutine triad()
    integer :: i
    do concurrent (i = 1:size(a))  ! kernel: triad
      a(i) = b(i) + scalar * c(i)
    end do
  end subroutine triad

  function dot() result(s)
    real(8) :: s
    integer :: i
    s = 0.0d0
    do concurrent (i = 1:size(a)) reduce(+:s)  ! kernel: dot
      s = s + a(i) * b(i)
    end do
  end function dot
end module stream_kernels
