! A 7-point stencil on a rank-3 array with halo bounds 0:n+1.
program rank3_stencil
  implicit none
  integer, parameter :: n = 12
  real(8) :: u(0:n+1, 0:n+1, 0:n+1), v(n, n, n), w(n, n, n)
  integer :: i, j, k
  do k = 0, n + 1
    do j = 0, n + 1
      do i = 0, n + 1
        u(i, j, k) = real(mod(i * 7 + j * 3 + k * 5, 11), 8) * 0.5d0
      end do
    end do
  end do
  do concurrent (i = 1:n, j = 1:n, k = 1:n)
    v(i, j, k) = u(i, j, k) * 6.0d0 - u(i-1, j, k) - u(i+1, j, k) &
                 - u(i, j-1, k) - u(i, j+1, k) - u(i, j, k-1) - u(i, j, k+1)
  end do
  do k = 1, n
    do j = 1, n
      do i = 1, n
        w(i, j, k) = u(i, j, k) * 6.0d0 - u(i-1, j, k) - u(i+1, j, k) &
                     - u(i, j-1, k) - u(i, j+1, k) - u(i, j, k-1) - u(i, j, k+1)
      end do
    end do
  end do
  if (any(v /= w)) then
    print '(a)', 'FAIL stencil'
    error stop 1
  end if
  print '(f10.2)', v(1, 1, 1), v(n, n, n), v(5, 7, 3)
  print '(a,f10.2)', 'max ', maxval(v)
  print '(a)', 'PASSED'
end program
