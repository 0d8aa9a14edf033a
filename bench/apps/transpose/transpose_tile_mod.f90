! bench/apps/transpose/transpose_tile_mod.f90: a blocked transpose in the
! form real codes write it (issue 30): a module procedure over module
! arrays a(n, n) and b(n, n), a do concurrent over bs x bs tiles with a
! local tile T(bs, bs) filled from a by inner DO loops (a read down the
! columns of a) and drained into b (a write down the columns of b), so
! that both sides walk memory contiguously. n must be a multiple of bs.
! The twin for gfortran -fopenmp is transpose_tile_omp_mod.f90
! (bench/apps/omp_twin.py).
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
    do concurrent (j = 1:n, i = 1:n) ! kernel: tr_init
      a(i, j) = real(i, 8) + real(n, 8) * real(j - 1, 8)
      b(i, j) = -1
    end do
  end subroutine tile_init

  subroutine transpose_tiles()
    integer :: i, j, it, jt
    real(8) :: t(bs, bs)
    do concurrent (jt = 1:n:bs, it = 1:n:bs) local(t) ! kernel: tr_tile
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
  end subroutine transpose_tiles
end module transpose_tile_mod
