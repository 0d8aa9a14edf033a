! Three indices, the last one varying fastest in the header order.
program multi_index_3d
  implicit none
  integer, parameter :: n1 = 9, n2 = 7, n3 = 5
  integer :: a(n1, n2, n3), i, j, k, bad
  real :: f(n1, n2, n3), g(n1, n2, n3)
  do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)
    a(i, j, k) = i * 10000 + j * 100 + k
    f(i, j, k) = real(i) * 0.5 + real(j) * real(k)
  end do
  bad = 0
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        g(i, j, k) = real(i) * 0.5 + real(j) * real(k)
        if (a(i, j, k) /= i * 10000 + j * 100 + k) bad = bad + 1
      end do
    end do
  end do
  if (bad /= 0 .or. any(f /= g)) then
    print '(a,i0)', 'FAIL mismatches ', bad
    error stop 1
  end if
  print '(a,i0)', 'max ', maxval(a)
  print '(a,i0)', 'min ', minval(a)
  print '(f12.4)', f(n1, n2, n3)
  print '(a)', 'PASSED'
end program
