! GFORTRAN: rejects (locality spec local; NAME.expected.out is what gfortran prints for the program without the local specs)
! Cooperative iterations (rules/coop.mg): a blocked transpose in the layout
! real codes use, a module procedure over module arrays called in a time
! loop, a do concurrent over bs x bs tiles with local(t): a first DO nest
! fills t from a, a second reads t (in the other order) into b, a third
! reads t again into c (a local tile read in a later nest than the next
! one). On cuda each tile runs on a block with t in shared memory. The
! tile loop goes over whole tiles only (n1 a multiple of bs); a second
! array size whose last tiles are partial is handled by a second tile
! size that divides it (bs2 = 5 for n2 = 35), and a rectangular tile
! (4 x 12) runs over a third pair of arrays.
module coop_tt_mod
  implicit none
  integer, parameter :: bs = 16, bs2 = 5
  integer, parameter :: n1 = 64, n2 = 35
  real(8) :: a(n1, n1), b(n1, n1), c(n1, n1)
  integer :: p(n2, n2), q(n2, n2)
  real(4) :: x(48, 24), y(24, 48)
contains
  subroutine init()
    integer :: i, j
    do concurrent (j = 1:n1, i = 1:n1)
      a(i, j) = real(i, 8) + 1000.0d0 * real(j, 8)
      b(i, j) = 0
      c(i, j) = 0
    end do
    do concurrent (j = 1:n2, i = 1:n2)
      p(i, j) = i * 100 + j
      q(i, j) = 0
    end do
    do concurrent (j = 1:24, i = 1:48)
      x(i, j) = real(i, 4) - 0.5 * real(j, 4)
    end do
  end subroutine init

  subroutine step(s)
    integer, intent(in) :: s
    integer :: i, j, it, jt
    real(8) :: t(bs, bs)
    integer :: u(bs2, bs2)
    real(4) :: w(4, 12)
    do concurrent (jt = 1:n1:bs, it = 1:n1:bs) local(t)
      do j = 1, bs
        do i = 1, bs
          t(i, j) = a(it + i - 1, jt + j - 1) + s
        end do
      end do
      do i = 1, bs
        do j = 1, bs
          b(jt + j - 1, it + i - 1) = t(i, j)
        end do
      end do
      do j = 1, bs
        do i = 1, bs
          c(it + i - 1, jt + j - 1) = c(it + i - 1, jt + j - 1) * 0.5d0 + t(bs + 1 - i, j)
        end do
      end do
    end do
    do concurrent (jt = 1:n2:bs2, it = 1:n2:bs2) local(u)
      do j = 1, bs2
        do i = 1, bs2
          u(i, j) = p(it + i - 1, jt + j - 1) * s
        end do
      end do
      do i = 1, bs2
        do j = 1, bs2
          q(jt + j - 1, it + i - 1) = q(jt + j - 1, it + i - 1) + u(i, j)
        end do
      end do
    end do
    do concurrent (jt = 1:24:12, it = 1:48:4) local(w)
      do j = 1, 12
        do i = 1, 4
          w(i, j) = x(it + i - 1, jt + j - 1) * real(s, 4)
        end do
      end do
      do i = 4, 1, -1
        do j = 12, 1, -1
          y(jt + j - 1, it + i - 1) = w(i, j)
        end do
      end do
    end do
  end subroutine step
end module coop_tt_mod

program coop_tile_transpose
  use coop_tt_mod
  implicit none
  integer :: s, i, j
  real(8) :: cs, want
  integer :: qs
  call init()
  do s = 1, 6
    call step(s)
  end do
  do j = 1, n1
    do i = 1, n1
      if (b(j, i) /= a(i, j) + 6) then
        print '(a,2i4)', 'FAIL b', i, j
        error stop 1
      end if
    end do
  end do
  do j = 1, n2
    do i = 1, n2
      if (q(j, i) /= p(i, j) * 21) then
        print '(a,2i4)', 'FAIL q', i, j
        error stop 2
      end if
    end do
  end do
  do j = 1, 24
    do i = 1, 48
      if (y(j, i) /= x(i, j) * 6.0) then
        print '(a,2i4)', 'FAIL y', i, j
        error stop 3
      end if
    end do
  end do
  cs = sum(c)
  qs = sum(q)
  want = 0
  print '(a,f0.3)', 'sum b ', sum(b)
  print '(a,f0.3)', 'sum c ', cs
  print '(a,i0)', 'sum q ', qs
  print '(a,f0.3)', 'sum y ', sum(real(y, 8))
  print '(a)', 'PASSED'
end program coop_tile_transpose
