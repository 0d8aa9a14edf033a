! GFORTRAN: rejects (reduce locality)
! Reductions in the CPU backend's loop nest (emit/cpukernel.go: parallel
! over the outer indices, simd over the first): three indices with a mask,
! cycle and three reductions, on a contiguous array and on a strided
! section; checked against host loops.
program reduce_nest_cycle
  implicit none
  integer, parameter :: n = 37, m = 11, p = 5
  real :: w(2 * n, m, p)
  integer :: i, j, k, cnt, cnt0
  real :: top, top0
  real(8) :: tot, tot0
  logical :: allpos, allpos0

  do concurrent (i = 1:2 * n, j = 1:m, k = 1:p)
    w(i, j, k) = real(mod(i * 7 + j * 3 + k, 23)) - 4.0
  end do
  cnt = 0; top = -100.0; tot = 0.0d0; allpos = .true.
  do concurrent (k = 1:p, j = m:1:-1, i = 1:n, mod(i * j + k, 5) /= 1) &
      reduce(+: cnt, tot) reduce(max: top) reduce(.and.: allpos)
    if (w(i, j, k) > 15.0) cycle
    cnt = cnt + 1
    tot = tot + real(w(i, j, k), 8)
    top = max(top, w(i, j, k))
    allpos = allpos .and. w(i, j, k) > -4.5
  end do
  cnt0 = 0; top0 = -100.0; tot0 = 0.0d0; allpos0 = .true.
  do k = 1, p
    do j = m, 1, -1
      do i = 1, n
        if (mod(i * j + k, 5) == 1) cycle
        if (w(i, j, k) > 15.0) cycle
        cnt0 = cnt0 + 1
        tot0 = tot0 + real(w(i, j, k), 8)
        top0 = max(top0, w(i, j, k))
        allpos0 = allpos0 .and. w(i, j, k) > -4.5
      end do
    end do
  end do
  if (cnt /= cnt0 .or. tot /= tot0 .or. top /= top0 .or. (allpos .neqv. allpos0)) then
    print '(a)', 'FAIL contiguous'
    error stop 1
  end if
  print '(a,i0,f12.2,f8.2,l2)', 'contiguous ', cnt, tot, top, allpos
  call strided(w(1:2 * n:2, :, 2), cnt0, tot0)
  print '(a,i0,f12.2)', 'strided ', cnt0, tot0
  print '(a)', 'PASSED'
contains
  subroutine strided(x, c, s)
    real, intent(in) :: x(:, :)
    integer, intent(out) :: c
    real(8), intent(out) :: s
    integer :: i, j, c1
    real(8) :: s1
    c = 0; s = 0.0d0
    do concurrent (j = 1:size(x, 2), i = 1:size(x, 1), x(i, j) /= 0.0) reduce(+: c, s)
      if (x(i, j) < -2.0) cycle
      c = c + 1
      s = s + real(x(i, j), 8) * 2.0d0
    end do
    c1 = 0; s1 = 0.0d0
    do j = 1, size(x, 2)
      do i = 1, size(x, 1)
        if (x(i, j) /= 0.0 .and. x(i, j) >= -2.0) then
          c1 = c1 + 1
          s1 = s1 + real(x(i, j), 8) * 2.0d0
        end if
      end do
    end do
    if (c /= c1 .or. s /= s1) then
      print '(a)', 'FAIL strided'
      error stop 2
    end if
  end subroutine strided
end program reduce_nest_cycle
