! Matrix product with do concurrent over (i, j) and a sequential inner k
! loop in the same order as the reference: bit-identical real(8) results.
program matmul_dc
  implicit none
  integer, parameter :: n = 17, m = 13, p = 11
  real(8) :: a(n, p), b(p, m), c(n, m), r(n, m)
  integer :: i, j, k
  do j = 1, p
    do i = 1, n
      a(i, j) = real(mod(i * j, 7), 8) - 2.5d0
    end do
  end do
  do j = 1, m
    do i = 1, p
      b(i, j) = real(i + 2 * j, 8) / 8.0d0
    end do
  end do
  do concurrent (i = 1:n, j = 1:m)
    block
      real(8) :: acc
      integer :: kk
      acc = 0.0d0
      do kk = 1, p
        acc = acc + a(i, kk) * b(kk, j)
      end do
      c(i, j) = acc
    end block
  end do
  do j = 1, m
    do i = 1, n
      r(i, j) = 0.0d0
      do k = 1, p
        r(i, j) = r(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
  if (any(c /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(es25.17)', c(1, 1), c(n, m), c(9, 4)
  print '(a)', 'PASSED'
end program
