! Element accesses of do concurrent bodies (facts/race.go): subscripts that
! are an index plus a constant, affine forms, indirect ones; tiles of plain
! DO loops; accumulations; arrays of the iterations (local, BLOCK) that are
! not recorded; an index of one trip.
subroutine race(a, b, c, u, idx, n, bs)
  integer, intent(in) :: n, bs, idx(n)
  real, intent(inout) :: a(n, n), b(n, n), c(n, n), u(0:n)
  real :: w(4)
  integer :: i, j, k, it, kt, m
  do concurrent (it = 1:n:bs, kt = 1:n:bs)
    do i = it, min(it + bs - 1, n)
      do k = kt, min(kt + bs - 1, n)
        c(i, 1) = c(i, 1) + a(i, k)
      end do
    end do
  end do
  do concurrent (i = 1:n, j = 1:1) local(w)
    w(1) = a(i, j)
    u(2 * i - 1) = u(idx(i)) + w(1)
    block
      real :: t(2)
      t(1) = 0
      if (i > 1) b(i, j) = max(b(i, j), t(1))
    end block
  end do
  do concurrent (m = n:1)
    u(m) = u(m - 1)
  end do
end subroutine
