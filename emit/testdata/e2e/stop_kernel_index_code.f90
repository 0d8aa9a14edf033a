! The stop code is computed from the indices on the device (in a select
! case branch of a 2-D loop); one iteration stops among many.
program stop_kernel_index_code
  implicit none
  integer, parameter :: n = 30, m = 20
  integer :: f(n, m), i, j
  f = 0
  f(11, 7) = 2
  do concurrent (i = 1:n, j = 1:m)
    select case (f(i, j))
    case (0)
      f(i, j) = i + j
    case (2)
      error stop 100 + 3 * i + j
    case default
      f(i, j) = -1
    end select
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(f)
  error stop 1
end program
