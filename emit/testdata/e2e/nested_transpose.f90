! Tiled transposes: do concurrent over tiles, an inner do concurrent over
! the elements of a tile (limits with min() at the edges, sizes that are
! not multiples of the tile), b(j, i) = a(i, j). On cuda the inner loop is
! shared by the threads of a block and staged through shared memory
! (rules/nest.mg, nest_stage). In the main program, in a module procedure
! over module arrays, and in a subroutine with dummy arrays; real(8),
! integer with a conversion, and logical elements.
module transpose_mod
  implicit none
  integer, parameter :: nm = 203, mm = 150
  real(8) :: ma(nm, mm), mb(mm, nm)
contains
  subroutine tile_transpose_mod(ts)
    integer, intent(in) :: ts
    integer :: ii, jj, i, j
    do concurrent (jj = 1:mm:ts, ii = 1:nm:ts)
      do concurrent (j = jj:min(jj + ts - 1, mm), i = ii:min(ii + ts - 1, nm))
        mb(j, i) = ma(i, j)
      end do
    end do
  end subroutine
end module

program nested_transpose
  use transpose_mod
  implicit none
  integer, parameter :: n = 300, m = 171, ts = 32
  real(8) :: a(n, m), b(m, n)
  integer :: ia(n, m)
  real(4) :: rb(m, n)
  logical :: la(n, m), lb(m, n)
  integer :: i, j, ii, jj, bad
  do j = 1, m
    do i = 1, n
      a(i, j) = real(i, 8) + 1000.0d0 * real(j, 8)
      ia(i, j) = 7 * i - 3 * j
      la(i, j) = mod(i + 2 * j, 3) == 0
    end do
  end do
  b = -1
  rb = -1
  lb = .false.
  do concurrent (jj = 1:m:ts, ii = 1:n:ts)
    do concurrent (j = jj:min(jj + ts - 1, m), i = ii:min(ii + ts - 1, n))
      b(j, i) = a(i, j)
    end do
  end do
  ! A tile of 16 x 8, the inner header in the other order, a conversion.
  do concurrent (ii = 1:n:16, jj = 1:m:8)
    do concurrent (i = ii:min(ii + 15, n), j = jj:min(jj + 7, m))
      rb(j, i) = real(ia(i, j), 4) * 0.5
    end do
  end do
  do concurrent (jj = 1:m:ts, ii = 1:n:ts)
    do concurrent (j = jj:min(jj + ts - 1, m), i = ii:min(ii + ts - 1, n))
      lb(j, i) = .not. la(i, j)
    end do
  end do
  bad = 0
  do i = 1, n
    do j = 1, m
      if (b(j, i) /= a(i, j)) bad = bad + 1
      if (rb(j, i) /= real(ia(i, j), 4) * 0.5) bad = bad + 1
      if (lb(j, i) .eqv. la(i, j)) bad = bad + 1
    end do
  end do
  call dummy_transpose(a, b, n, m)
  do i = 1, n
    do j = 1, m
      if (b(j, i) /= 2 * a(i, j) + 1) bad = bad + 1
    end do
  end do
  do j = 1, mm
    do i = 1, nm
      ma(i, j) = real(i * j, 8)
    end do
  end do
  mb = 0
  call tile_transpose_mod(17)
  do i = 1, nm
    do j = 1, mm
      if (mb(j, i) /= ma(i, j)) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,f0.1)', 'corner ', b(m, n)
  print '(a,f0.1)', 'sum ', sum(mb)
  print '(a)', 'PASSED'
contains
  subroutine dummy_transpose(x, y, n1, n2)
    integer, intent(in) :: n1, n2
    real(8), intent(in) :: x(:, :)
    real(8), intent(inout) :: y(:, :)
    integer :: p, q, pp, qq
    do concurrent (qq = 1:n2:24, pp = 1:n1:40)
      do concurrent (q = qq:min(qq + 23, n2), p = pp:min(pp + 39, n1))
        y(q, p) = 2 * x(p, q) + 1
      end do
    end do
  end subroutine
end program
