! An error stop without a code, inside a nested DO of the kernel body (the
! stop leaves the inner loops): ERROR STOP, status 1.
program stop_kernel_no_code
  implicit none
  integer, parameter :: n = 40
  integer :: a(n, n), c(n), i, j, k
  a = 1
  a(30, 12) = 7
  do concurrent (i = 1:n)
    c(i) = 0
    do j = 1, n
      do k = 1, 2
        if (a(i, j) == 7) error stop
        c(i) = c(i) + a(i, j)
      end do
    end do
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(c)
  error stop 2
end program
