! Statements of the outer iteration around inner do concurrent loops (on
! cuda the inner loops are shared by the threads of a block, the other
! statements run on every thread or, when they write memory, on one between
! barriers): an element written before an inner loop that reads it and
! read-modify-written after it, an if construct with a scalar and an element,
! an associate name written, a block variable, select case, a sequential do
! and a do while around inner loops, a condition read from memory; in a
! module procedure over module arrays.
module outer_mod
  implicit none
  integer, parameter :: nm = 90, mm = 70
  integer :: g(mm, nm), h(nm)
contains
  subroutine outer_module()
    integer :: i, j, k, q
    do concurrent (i = 1:nm)
      h(i) = 0
      do k = 1, 3
        q = k * i
        do concurrent (j = 1:mm)
          g(j, i) = g(j, i) + q
        end do
        h(i) = h(i) + g(1, i)
      end do
    end do
  end subroutine
end module

program nested_outer_stmts
  use outer_mod
  implicit none
  integer, parameter :: n = 150, m = 97
  integer :: a(m, n), b(m, n), top(n), cnt(n), flag(n), i, j, k, t, bad
  integer :: ra(m, n), rb(m, n), rtop(n), rcnt(n)
  do i = 1, n
    do j = 1, m
      a(j, i) = mod(i * j, 13)
    end do
    flag(i) = mod(i, 3)
  end do
  b = 0
  do concurrent (i = 1:n)
    top(i) = i
    do concurrent (j = 1:m)
      b(j, i) = a(j, i) + top(i)
    end do
    top(i) = top(i) + b(m, i)
    if (flag(i) == 0) then
      t = b(1, i)
      cnt(i) = t + 1
      do concurrent (j = 1:m)
        b(j, i) = b(j, i) - t
      end do
    else
      cnt(i) = -1
    end if
    associate (e => a(1, i))
      e = e + 100
    end associate
    block
      integer :: w
      w = a(1, i)
      select case (flag(i))
      case (1)
        do concurrent (j = 1:m)
          a(j, i) = a(j, i) + w
        end do
      case default
        a(2, i) = w
      end select
    end block
    k = 0
    do while (k < 2)
      k = k + 1
      do concurrent (j = 1:m)
        b(j, i) = b(j, i) * 2
      end do
    end do
  end do
  ! The same on the host.
  do i = 1, n
    do j = 1, m
      ra(j, i) = mod(i * j, 13)
    end do
  end do
  do i = 1, n
    rtop(i) = i
    do j = 1, m
      rb(j, i) = ra(j, i) + rtop(i)
    end do
    rtop(i) = rtop(i) + rb(m, i)
    if (flag(i) == 0) then
      t = rb(1, i)
      rcnt(i) = t + 1
      rb(:, i) = rb(:, i) - t
    else
      rcnt(i) = -1
    end if
    ra(1, i) = ra(1, i) + 100
    if (flag(i) == 1) then
      ra(:, i) = ra(:, i) + ra(1, i)
    else
      ra(2, i) = ra(1, i)
    end if
    rb(:, i) = rb(:, i) * 4
  end do
  bad = 0
  if (any(a /= ra)) bad = bad + 1
  if (any(b /= rb)) bad = bad + 2
  if (any(top /= rtop)) bad = bad + 4
  if (any(cnt /= rcnt)) bad = bad + 8
  g = 1
  call outer_module()
  do i = 1, nm
    if (g(1, i) /= 1 + 6 * i .or. any(g(:, i) /= g(1, i))) bad = bad + 16
    if (h(i) /= 3 + 10 * i) bad = bad + 32
  end do
  if (bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'sums ', sum(a), sum(b), sum(top)
  print '(a)', 'PASSED'
end program
