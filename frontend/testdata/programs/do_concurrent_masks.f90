! DO CONCURRENT forms: several indices, strides, negative strides, masks, nested constructs.
program do_concurrent_masks
  implicit none
  integer, parameter :: n = 16, m = 12
  real :: a(n), b(n, m), c(n, m)
  integer :: i, j, k, idx(n)

  a = [(real(i) - 8.0, i = 1, n)]
  b = 0.0
  c = 1.0

  do concurrent (i = 1:n, j = 1:m:2, a(i) > 0)
    b(i, j) = a(i) * j
  end do

  do concurrent (i = n:1:-1)
    idx(i) = n - i + 1
  end do

  do concurrent (j = 2:m:2, i = 1:n:3)
    c(i, j) = -c(i, j)
  end do

  do concurrent (i = 1:n, a(i) /= 0.0 .and. mod(i, 2) == 0)
    a(i) = 1.0 / a(i)
  end do

  do concurrent (i = 1:n)
    do concurrent (j = 1:m, b(i, j) > 10.0)
      b(i, j) = 10.0
    end do
  end do

  outer: do concurrent (k = 1:4)
    block
      real :: local_tmp
      local_tmp = real(k)**2
      c(k, 1) = local_tmp
    end block
  end do outer

  do concurrent (i = 1:n, j = 1:m, i == j)
    c(i, j) = 0.0
  end do

  do concurrent (i = 1:n) ! single index, pure intrinsic calls
    a(i) = sign(min(abs(a(i)), 5.0), a(i))
  end do

  print '(8f7.2)', a
  print *, 'b sum:', sum(b), ' c sum:', sum(c), ' idx:', idx(1:4)
end program do_concurrent_masks
