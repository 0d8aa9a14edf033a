! bench/apps/stencil/stencil_omp_mod.f90: stencil_mod.f90 with its loops
! written for OpenMP (the twin built by gfortran -O3, and by gfortran -O3
! -fopenmp): each do concurrent an !$omp parallel do over the same
! iterations in the same order of indices (the outer index j parallel,
! the tiles' outer index jt), the same statements.
module stencil_mod
  implicit none
  integer, parameter :: r = 2
  integer, parameter :: bs = 32
  integer :: n
  real(8) :: w(-r:r)
  real(8), allocatable :: u(:, :), v(:, :)
contains
  ! w(jj) = sign(jj) / (2 |jj| r): with u = i + j, the stencil of every
  ! interior point is 2, exactly (the weights and sums are dyadic).
  subroutine stencil_init(size)
    integer, intent(in) :: size
    integer :: i, j, jj
    n = size
    allocate (u(0:n - 1, 0:n - 1), v(0:n - 1, 0:n - 1))
    do jj = -r, r
      w(jj) = 0
      if (jj /= 0) w(jj) = sign(1.0d0, real(jj, 8)) / (2.0d0 * abs(jj) * r)
    end do
    !$omp parallel do
    do j = 0, n - 1
      do i = 0, n - 1
        u(i, j) = real(i + j, 8)
        v(i, j) = 0
      end do
    end do
  end subroutine stencil_init

  subroutine star_plain()
    integer :: i, j, jj
    real(8) :: s
    !$omp parallel do private(i, jj, s)
    do j = r, n - r - 1
      do i = r, n - r - 1
        s = 0
        do jj = -r, r
          s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
        end do
        v(i, j) = v(i, j) + s
      end do
    end do
  end subroutine star_plain

  subroutine star_tiled()
    integer :: i, j, jj, it, jt
    real(8) :: s
    !$omp parallel do private(it, i, j, jj, s)
    do jt = r, n - r - 1, bs
      do it = r, n - r - 1, bs
        do j = jt, min(jt + bs - 1, n - r - 1)
          do i = it, min(it + bs - 1, n - r - 1)
            s = 0
            do jj = -r, r
              s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
            end do
            v(i, j) = v(i, j) + s
          end do
        end do
      end do
    end do
  end subroutine star_tiled

  subroutine increment()
    integer :: i, j
    !$omp parallel do
    do j = 0, n - 1
      do i = 0, n - 1
        u(i, j) = u(i, j) + 1
      end do
    end do
  end subroutine increment
end module stencil_mod
