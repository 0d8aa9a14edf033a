! A tiled star stencil (bench/apps/stencil/stencil_mod.f90's star_tiled):
! a do concurrent over bs x bs tiles with an inner do concurrent over the
! tile's points, bounded by min(jt + bs - 1, n - r - 1) so that the last
! tiles are partial (n - 2 r is no multiple of bs), and the scalars s and
! jj of each point without locality specs (each point defines them before
! use: rules/shared.mg). On cuda the inner loop is shared out over the
! threads of the tile's block (rules/nest.mg: the scalars are private to
! its iterations, the outer iteration uses them nowhere else). A module
! procedure over module arrays called in a time loop.
module tiled_st_mod
  implicit none
  integer, parameter :: r = 2, bs = 8
  integer :: n
  real(8) :: w(-r:r)
  real(8), allocatable :: u(:, :), v(:, :), vp(:, :)
contains
  subroutine init(size)
    integer, intent(in) :: size
    integer :: i, j, jj
    n = size
    allocate (u(0:n - 1, 0:n - 1), v(0:n - 1, 0:n - 1), vp(0:n - 1, 0:n - 1))
    do jj = -r, r
      w(jj) = 0
      if (jj /= 0) w(jj) = sign(1.0d0, real(jj, 8)) / (2.0d0 * abs(jj) * r)
    end do
    do concurrent (j = 0:n - 1, i = 0:n - 1)
      u(i, j) = real(i + 2 * j, 8) + real(mod(i * j, 7), 8) * 0.25d0
      v(i, j) = 0
      vp(i, j) = 0
    end do
  end subroutine init

  subroutine tiled()
    integer :: i, j, jj, it, jt
    real(8) :: s
    do concurrent (jt = r:n - r - 1:bs, it = r:n - r - 1:bs)
      do concurrent (j = jt:min(jt + bs - 1, n - r - 1), i = it:min(it + bs - 1, n - r - 1))
        s = 0
        do jj = -r, r
          s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
        end do
        v(i, j) = v(i, j) + s
      end do
    end do
  end subroutine tiled

  subroutine plain()
    integer :: i, j, jj
    real(8) :: s
    do concurrent (j = r:n - r - 1, i = r:n - r - 1)
      s = 0
      do jj = -r, r
        s = s + w(jj) * u(i + jj, j) + w(jj) * u(i, j + jj)
      end do
      vp(i, j) = vp(i, j) + s
    end do
  end subroutine plain

  subroutine bump()
    integer :: i, j
    do concurrent (j = 0:n - 1, i = 0:n - 1)
      u(i, j) = u(i, j) + real(mod(i + j, 3), 8)
    end do
  end subroutine bump
end module tiled_st_mod

program tiled_stencil_shared
  use tiled_st_mod
  implicit none
  integer :: step
  call init(45)
  do step = 1, 7
    call tiled()
    call plain()
    call bump()
  end do
  if (any(v /= vp)) then
    print '(a)', 'FAIL: the tiled and the plain stencils differ'
    error stop 1
  end if
  if (any(v(0:r - 1, :) /= 0) .or. any(v(n - r:, :) /= 0)) error stop 2
  print '(a,f0.6)', 'sum v ', sum(v)
  print '(a,f0.6)', 'corner ', v(n - r - 1, n - r - 1)
  print '(a)', 'PASSED'
end program tiled_stencil_shared
