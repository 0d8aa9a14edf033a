! bench/apps/stencil/stencil_mod.f90: a 2-D star stencil of radius r = 2
! with its weights in a table w(-r:r) (the PRK "stencil" kernel), over
! module arrays u(0:n-1, 0:n-1) and v(0:n-1, 0:n-1): v(i, j) gets the
! weighted sum of u along the row and the column through (i, j), by an
! inner DO over the window; then u is incremented by one everywhere.
! Two forms of the stencil loop: plain, one do concurrent over the
! interior points, and tiled, a do concurrent over bs x bs tiles with an
! inner do concurrent over a tile's points. Each is a module procedure the
! time loop (stencil.f90) calls. The twin for gfortran -fopenmp is
! stencil_omp_mod.f90 (the same loops as !$omp parallel do).
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
    do concurrent (j = 0:n - 1, i = 0:n - 1) ! kernel: st_init
      u(i, j) = real(i + j, 8)
      v(i, j) = 0
    end do
  end subroutine stencil_init

  subroutine star_plain()
    integer :: i, j, jj
    real(8) :: s
    do concurrent (j = r:n - r - 1, i = r:n - r - 1) ! kernel: st_plain
      s = 0
      do jj = -r, r
        s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
      end do
      v(i, j) = v(i, j) + s
    end do
  end subroutine star_plain

  subroutine star_tiled()
    integer :: i, j, jj, it, jt
    real(8) :: s
    do concurrent (jt = r:n - r - 1:bs, it = r:n - r - 1:bs) ! kernel: st_tiled
      do concurrent (j = jt:min(jt + bs - 1, n - r - 1), i = it:min(it + bs - 1, n - r - 1))
        s = 0
        do jj = -r, r
          s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
        end do
        v(i, j) = v(i, j) + s
      end do
    end do
  end subroutine star_tiled

  subroutine increment()
    integer :: i, j
    do concurrent (j = 0:n - 1, i = 0:n - 1) ! kernel: st_inc
      u(i, j) = u(i, j) + 1
    end do
  end subroutine increment
end module stencil_mod
