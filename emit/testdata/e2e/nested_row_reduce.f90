! GFORTRAN: rejects (locality specs local and reduce)
! Per-row inner loops with a row reduction: reduce(+: rowsum) on the inner
! do concurrent into a scalar of the outer iteration (a local of the outer
! loop, and a scalar the outer body defines), then written to an array;
! max and integer reductions; statements before and after the inner loop;
! a reduce of the outer loop that the inner loop also reduces (combined, and
! after other statements); in a module procedure over module arrays. On
! cuda the inner loops are shared by a block's threads and reduced over the
! block.
module rows_mod
  implicit none
  integer, parameter :: nr = 257, nc = 190
  real(8) :: mat(nc, nr), rs(nr)
contains
  subroutine row_sums()
    integer :: i, j
    real(8) :: s
    do concurrent (i = 1:nr) local(s)
      s = 0
      do concurrent (j = 1:nc) reduce(+: s)
        s = s + mat(j, i)
      end do
      rs(i) = s
    end do
  end subroutine
end module

program nested_row_reduce
  use rows_mod
  implicit none
  integer, parameter :: n = 1000, m = 333
  real(8) :: a(m, n), rowsum(n), rowmax(n), scaled(m, n), total, t2
  integer :: cnt(n), k(m, n), i, j, bad, itot, mxc, hist(m, n)
  real(8) :: s, mx, w
  integer :: c
  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i * 37 + j * 11, 101) - 50, 8)
      k(j, i) = mod(i + 3 * j, 17)
    end do
  end do
  ! A local of the outer loop, set before the inner loop; written after.
  do concurrent (i = 1:n) local(s, mx, c, w)
    w = 2.0d0
    s = 0
    mx = -huge(mx)
    c = 0
    do concurrent (j = 1:m) reduce(+: s) reduce(max: mx)
      s = s + w * a(j, i)
      mx = max(mx, a(j, i))
    end do
    do concurrent (j = 1:m) reduce(+: c)
      if (k(j, i) > 8) c = c + 1
    end do
    rowsum(i) = s
    rowmax(i) = mx
    cnt(i) = c
    do concurrent (j = 1:m)
      scaled(j, i) = a(j, i) - s / m
    end do
  end do
  ! The outer loop reduces total; its inner loop too (combined: one space).
  total = 0
  do concurrent (i = 1:n) reduce(+: total)
    do concurrent (j = 1:m) reduce(+: total)
      total = total + a(j, i)
    end do
  end do
  ! The same after a statement of the outer iteration (not combined).
  t2 = 0
  itot = 0
  do concurrent (i = 1:n) reduce(+: t2, itot)
    t2 = t2 + 1
    do concurrent (j = 1:m) reduce(+: t2)
      t2 = t2 + a(j, i)
    end do
    itot = itot + cnt(i)
  end do
  ! A limit the previous loop computed (the host evaluates it: combined).
  mxc = 0
  do concurrent (i = 1:n) reduce(max: mxc)
    mxc = max(mxc, cnt(i))
  end do
  hist = -1
  do concurrent (i = 1:n)
    do concurrent (j = 1:mxc)
      hist(j, i) = i + j
    end do
  end do
  do j = 1, nr
    do i = 1, nc
      mat(i, j) = real(i - j, 8)
    end do
  end do
  call row_sums()
  bad = 0
  do i = 1, n
    s = 0
    mx = -huge(mx)
    c = 0
    do j = 1, m
      s = s + 2.0d0 * a(j, i)
      mx = max(mx, a(j, i))
      if (k(j, i) > 8) c = c + 1
    end do
    if (rowsum(i) /= s .or. rowmax(i) /= mx .or. cnt(i) /= c) bad = bad + 1
    do j = 1, m
      if (scaled(j, i) /= a(j, i) - s / m) bad = bad + 1
    end do
  end do
  if (mxc /= maxval(cnt)) bad = bad + 1
  do i = 1, n
    do j = 1, m
      if (j <= mxc .and. hist(j, i) /= i + j .or. j > mxc .and. hist(j, i) /= -1) bad = bad + 1
    end do
  end do
  if (total /= sum(a)) bad = bad + 1
  if (t2 /= sum(a) + n) bad = bad + 1
  if (itot /= sum(cnt)) bad = bad + 1
  do i = 1, nr
    if (rs(i) /= sum(mat(:, i))) bad = bad + 1
  end do
  if (bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,f0.1)', 'total ', total
  print '(a,i0)', 'count ', itot
  print '(a,i0)', 'longest ', mxc
  print '(a,f0.1)', 'row 7 ', rowsum(7)
  print '(a)', 'PASSED'
end program
