! Two indices in one do concurrent header; each (i,j) writes its own element.
program multi_index_2d
  implicit none
  integer, parameter :: n = 37, m = 23
  integer :: a(n, m), r(n, m)
  real(8) :: x(n, m), y(n, m)
  integer :: i, j
  do concurrent (i = 1:n, j = 1:m)
    a(i, j) = 100 * i + j
    x(i, j) = real(i, 8) / real(j, 8) + 0.25d0 * j
  end do
  do j = 1, m
    do i = 1, n
      r(i, j) = 100 * i + j
      y(i, j) = real(i, 8) / real(j, 8) + 0.25d0 * j
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL integer'
    error stop 1
  end if
  if (any(x /= y)) then
    print '(a)', 'FAIL real'
    error stop 1
  end if
  print '(a,i0)', 'checksum ', sum(a)
  print '(es24.16)', x(n, m), x(1, 1), x(17, 5)
  print '(a)', 'PASSED'
end program
