! GFORTRAN: rejects (locality specs local, local_init, shared, default(none))
! Locality specs on inner do concurrent loops: local (a scalar the outer
! iteration also uses keeps its value), local_init (starts from the outer
! iteration's value), shared, default(none); in a combined perfect nest and
! next to statements of the outer iteration; the outer variables are
! unchanged after the loops.
program nested_locals
  implicit none
  integer, parameter :: n = 120, m = 75
  integer :: a(m, n), b(m, n), c(m, n), i, j, t, u, v, w, bad
  real(8) :: x(m, n), y
  t = -1
  u = -2
  v = 5
  w = -4
  y = 0.5d0
  ! Combined (a perfect nest): the inner locals are the kernel's.
  do concurrent (i = 1:n)
    do concurrent (j = 1:m) local(u) local_init(v)
      u = i + j
      v = v + u
      a(j, i) = v
    end do
  end do
  ! Shared: t is the outer iteration's; u the inner iteration's; v starts
  ! from the outer iteration's value in every inner iteration.
  do concurrent (i = 1:n) local(t) local_init(v)
    t = 3 * i
    v = v + i
    do concurrent (j = 1:m) local(u) local_init(v) shared(b)
      u = t + j
      v = v * 2 + u
      b(j, i) = v
    end do
    do concurrent (j = 1:m) default(none) local(u) shared(c, t, v, i)
      u = t - j
      c(j, i) = u + v
    end do
  end do
  ! A real local_init and a local inside a sequential inner loop (the kernel
  ! can stop, so nothing is shared).
  do concurrent (i = 1:n)
    if (i > n) error stop 3
    do concurrent (j = 1:m) local_init(y)
      y = y + i
      x(j, i) = y * j
    end do
  end do
  bad = 0
  do i = 1, n
    do j = 1, m
      if (a(j, i) /= 5 + i + j) bad = bad + 1
      if (b(j, i) /= (5 + i) * 2 + 3 * i + j) bad = bad + 1
      if (c(j, i) /= 3 * i - j + 5 + i) bad = bad + 1
      if (x(j, i) /= (0.5d0 + i) * j) bad = bad + 1
    end do
  end do
  if (t /= -1 .or. u /= -2 .or. v /= 5 .or. w /= -4 .or. y /= 0.5d0) bad = bad + 1
  if (bad /= 0) then
    print '(a,i0)', 'FAIL ', bad
    error stop 1
  end if
  print '(a,i0,1x,i0,1x,i0)', 'sums ', sum(a), sum(b), sum(c)
  print '(a)', 'PASSED'
end program
