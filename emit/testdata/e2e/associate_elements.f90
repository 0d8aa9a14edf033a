! associate names for elements of rank-2 arrays (written through), for a
! scalar expression, and for a variable, in a masked two-index loop.
program associate_elements
  implicit none
  integer, parameter :: n = 15, m = 10
  real(8) :: g(0:n, m), h(n, m), r(n, m)
  integer :: cnt(n), rc(n), i, j
  do j = 1, m
    do i = 0, n
      g(i, j) = real(i * j, 8) / 16.0d0
    end do
  end do
  h = -1.0d0
  r = -1.0d0
  do concurrent (i = 1:n, j = 1:m, mod(i * j, 4) /= 1)
    associate (left => g(i - 1, j), self => g(i, j), out => h(i, j), w => real(j, 8) * 0.5d0)
      out = self * w - left
    end associate
  end do
  do concurrent (i = 1:n)
    associate (c => cnt(i))
      c = 0
      do j = 1, m
        if (h(i, j) /= -1.0d0) c = c + 1
      end do
    end associate
  end do
  do j = 1, m
    do i = 1, n
      if (mod(i * j, 4) /= 1) r(i, j) = g(i, j) * (real(j, 8) * 0.5d0) - g(i - 1, j)
    end do
  end do
  do i = 1, n
    rc(i) = count(r(i, :) /= -1.0d0)
  end do
  if (any(h /= r) .or. any(cnt /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(15i3)', cnt
  print '(es25.17)', h(n, m), h(7, 3)
  print '(a)', 'PASSED'
end program
