! The CPU backend's loop nest (emit/cpukernel.go): several indices with a
! mask and cycle; a strided section (the general, non-unit stride version)
! and a contiguous array (the unit-stride version) through the same kernel;
! innermost indices at the ends of 32 bits; trip counts below and above the
! serial threshold; a first index longer than a block of the nest.
! Reductions: reduce_nest_cycle.f90.
module nest_ops
  implicit none
contains
  subroutine smooth(x, y, tot)
    real(8), intent(in) :: x(:, :)
    real(8), intent(inout) :: y(:, :)
    integer, intent(out) :: tot
    integer :: i, j
    integer :: hit(size(x, 1), size(x, 2))
    hit = 0
    do concurrent (i = 2:size(x, 1) - 1, j = 1:size(x, 2), mod(i + j, 4) /= 0)
      if (x(i, j) < 0.0d0) cycle
      y(i, j) = 0.5d0 * x(i, j) + 0.25d0 * (x(i - 1, j) + x(i + 1, j))
      hit(i, j) = 1
    end do
    tot = sum(hit)
  end subroutine smooth
end module nest_ops

program cpu_loop_nest
  use nest_ops
  implicit none
  integer, parameter :: n = 37, m = 11, p = 5
  real(8) :: a(2 * n, m), b(2 * n, m), c(n, m), d(n, m)
  real :: w(n, m, p)
  integer :: big(0:4), i, j, k, tot1, tot2, sm(3), lg(100000), lg2(40000, 2)

  do concurrent (i = 1:2 * n, j = 1:m)
    a(i, j) = real(mod(i * 7 + j * 3, 11) - 2, 8)
  end do
  b = 1.0d0
  call smooth(a(1:2 * n:2, :), b(1:2 * n:2, :), tot1)
  c = a(1:2 * n:2, :)
  d = 1.0d0
  call smooth(c, d, tot2)
  if (tot1 /= tot2 .or. any(b(1:2 * n:2, :) /= d) .or. any(b(2:2 * n:2, :) /= 1.0d0)) then
    print '(a)', 'FAIL strided and contiguous differ'
    error stop 1
  end if
  print '(a,i0,f14.4)', 'smooth ', tot1, sum(d)

  ! Three indices, mask, cycle.
  w = -1.0
  do concurrent (k = 1:p, j = m:1:-1, i = 1:n, mod(i * j + k, 5) /= 1)
    w(i, j, k) = real(i) - 0.5 * real(j) + real(k) * 0.25
    if (w(i, j, k) > 30.0) cycle
    w(i, j, k) = -w(i, j, k)
  end do
  print '(a,i0,f10.3)', 'three ', count(w < 0.0), sum(w)

  ! Index values at both ends of 32 bits. (A span beyond 32 bits, the
  ! fast version's other condition, is not here: gfortran's trip count
  ! overflows there.)
  big = 0
  do concurrent (i = -2147483647:-2147483643)
    big(i + 2147483647) = i + 2147483000
  end do
  print '(5i10)', big
  big = 0
  do concurrent (i = 2147483647:2147483643:-1)
    big(2147483647 - i) = i - 2147483000
  end do
  print '(5i10)', big

  ! Small and large trip counts.
  sm = 0
  do concurrent (i = 1:3)
    sm(i) = i * i
  end do
  lg = 0
  do concurrent (i = 1:100000, mod(i, 7) == 0)
    lg(i) = 1
  end do
  print '(a,i0,1x,i0)', 'trips ', sum(sm), sum(lg)
  ! A first index longer than a block of the nest (16384), in three blocks.
  lg2 = 0
  do concurrent (i = 1:40000, j = 1:2, mod(i, 3) /= 0)
    if (mod(i, 5) == 0) cycle
    lg2(i, j) = i + j
  end do
  print '(a,i0,1x,i0,1x,i0)', 'blocks ', count(lg2 /= 0), lg2(16384, 1), lg2(39998, 2)
  print '(a)', 'PASSED'
end program cpu_loop_nest
