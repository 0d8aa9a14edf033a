! Three levels of do concurrent: a perfect nest (one space of three
! indices), a middle loop after statements of the outer iteration with an
! innermost loop combined with it, and an innermost loop after a statement
! of the middle one (in the thread of the middle iteration); inner limits
! that depend on the outer index (triangular), masks, statements before and
! after the inner loops (scalars of the iteration, array writes that read
! what the inner loops wrote), cycle in the outer body; in a subroutine with
! dummy arrays.
program nested_levels
  implicit none
  integer, parameter :: n = 40, m = 33, p = 21
  integer :: a(p, m, n), b(p, m, n), c(p, m, n), d(p, m, n), r(p, m, n), s
  integer :: tri(n, n), rtri(n, n), first(n), last(n), lens(n), e(n, n), i, j, k, bad
  a = 0
  b = 0
  c = 0
  do concurrent (i = 1:n)
    do concurrent (j = 1:m)
      do concurrent (k = 1:p, mod(i + j + k, 4) /= 0)
        a(k, j, i) = i * 10000 + j * 100 + k
      end do
    end do
  end do
  call middle(b, n, m, p)
  do concurrent (i = 1:n, mod(i, 5) /= 0)
    do concurrent (j = 1:m)
      c(1, j, i) = j
      do concurrent (k = 2:p)
        c(k, j, i) = c(1, j, i) + k * i
      end do
    end do
  end do
  ! The middle loop after a statement of the outer iteration; the innermost
  ! after a statement of the middle one.
  do concurrent (i = 1:n)
    s = 2 * i
    do concurrent (j = 1:m)
      d(1, j, i) = s + j
      do concurrent (k = 2:p)
        d(k, j, i) = d(1, j, i) * k
      end do
    end do
  end do
  ! A limit read from an array a previous loop wrote: evaluated on the
  ! device (the loops are not combined, the host may not have it yet).
  do concurrent (i = 1:n)
    lens(i) = mod(i * 3, n) + 1
  end do
  e = 0
  do concurrent (i = 1:n)
    do concurrent (j = 1:lens(5))
      e(j, i) = i * j
    end do
  end do
  ! Triangular: the inner limits read the outer index.
  tri = 0
  do concurrent (i = 1:n)
    first(i) = -1
    if (mod(i, 7) == 0) cycle
    do concurrent (j = 1:i)
      tri(j, i) = i - j
    end do
    do concurrent (j = i + 1:n, mod(j, 2) == 0)
      tri(j, i) = -j
    end do
    first(i) = tri(1, i) + tri(n, i)
    last(i) = sum(tri(:, i))
  end do
  bad = 0
  do i = 1, n
    do j = 1, m
      do k = 1, p
        r(k, j, i) = 0
        if (mod(i + j + k, 4) /= 0) r(k, j, i) = i * 10000 + j * 100 + k
        if (a(k, j, i) /= r(k, j, i)) bad = bad + 1
        if (b(k, j, i) /= i + j * k + (i + j)) bad = bad + 1
        if (d(k, j, i) /= (2 * i + j) * k) bad = bad + 1
        if (mod(i, 5) /= 0) then
          if (k == 1 .and. c(k, j, i) /= j) bad = bad + 1
          if (k > 1 .and. c(k, j, i) /= j + k * i) bad = bad + 1
        else if (c(k, j, i) /= 0) then
          bad = bad + 1
        end if
      end do
    end do
  end do
  rtri = 0
  do i = 1, n
    if (mod(i, 7) == 0) then
      if (first(i) /= -1) bad = bad + 1
      cycle
    end if
    do j = 1, i
      rtri(j, i) = i - j
    end do
    do j = i + 1, n
      if (mod(j, 2) == 0) rtri(j, i) = -j
    end do
    if (first(i) /= rtri(1, i) + rtri(n, i) .or. last(i) /= sum(rtri(:, i))) bad = bad + 1
  end do
  if (any(tri /= rtri)) bad = bad + 1
  do i = 1, n
    do j = 1, n
      if (j <= 16 .and. e(j, i) /= i * j .or. j > 16 .and. e(j, i) /= 0) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,i0,1x,i0,1x,i0,1x,i0,1x,i0)', 'sums ', sum(a), sum(b), sum(c), sum(d), sum(tri)
  print '(a)', 'PASSED'
contains
  subroutine middle(x, n1, n2, n3)
    integer, intent(in) :: n1, n2, n3
    integer, intent(inout) :: x(:, :, :)
    integer :: i, j, k, s
    do concurrent (i = 1:n1)
      s = i
      do concurrent (j = 1:n2)
        do concurrent (k = 1:n3)
          x(k, j, i) = s + j * k
        end do
      end do
      do concurrent (j = 1:n2, k = 1:n3)
        x(k, j, i) = x(k, j, i) + (i + j)
      end do
    end do
  end subroutine
end program
