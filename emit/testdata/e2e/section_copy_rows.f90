! Fixed-size sections of rank-3 arrays assigned in the body: a strided
! source, a reversed source, and a scalar broadcast.
program section_copy_rows
  implicit none
  integer, parameter :: n = 8
  integer :: src(6, 3, n), dst(3, 2, n), ref(3, 2, n), i, k, j
  do i = 1, n
    do j = 1, 3
      do k = 1, 6
        src(k, j, i) = i * 100 + j * 10 + k
      end do
    end do
  end do
  do concurrent (i = 1:n)
    dst(:, 1, i) = src(1:6:2, 2, i)
    dst(:, 2, i) = src(3:1:-1, 3, i) - i
    dst(2, :, i) = 0
  end do
  do i = 1, n
    do k = 1, 3
      ref(k, 1, i) = src(2 * k - 1, 2, i)
      ref(k, 2, i) = src(4 - k, 3, i) - i
    end do
    ref(2, 1, i) = 0
    ref(2, 2, i) = 0
  end do
  if (any(dst /= ref)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(6i5)', dst(:, :, 1), dst(:, :, n)
  print '(a)', 'PASSED'
end program
