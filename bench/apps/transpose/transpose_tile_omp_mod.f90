! bench/apps/transpose/transpose_tile_omp_mod.f90: transpose_tile_mod.f90
! with its loops written for OpenMP, the twin built by gfortran -O3 and by
! gfortran -O3 -fopenmp: each do concurrent as DO loops in the header's
! order under !$omp parallel do, the locality specs private; the same
! statements. (Written from transpose_tile_mod.f90 by bench/apps/omp_twin.py.)
module transpose_tile_mod
  implicit none
  integer, parameter :: bs = 32
  integer :: n
  real(8), allocatable :: a(:, :), b(:, :)
contains
  subroutine tile_init(size)
    integer, intent(in) :: size
    integer :: i, j
    n = size
    allocate (a(n, n), b(n, n))
    !$omp parallel do private(i)
    do j = 1, n
      do i = 1, n
        a(i, j) = real(i, 8) + real(n, 8) * real(j - 1, 8)
        b(i, j) = -1
      end do
    end do
  end subroutine tile_init

  subroutine transpose_tiles()
    integer :: i, j, it, jt
    real(8) :: t(bs, bs)
    !$omp parallel do private(it, t)
    do jt = 1, n, bs
      do it = 1, n, bs
        do j = 1, bs
          do i = 1, bs
            t(i, j) = a(it + i - 1, jt + j - 1)
          end do
        end do
        do i = 1, bs
          do j = 1, bs
            b(jt + j - 1, it + i - 1) = t(i, j)
          end do
        end do
      end do
    end do
  end subroutine transpose_tiles
end module transpose_tile_mod
