! stop with a code chosen by select case on a result computed on the
! device; the code-free stop message path ends with exit status 0.
program stop_in_branch
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), i, c
  do concurrent (i = 1:n, mod(i, 4) /= 0)
    a(i) = 1
  end do
  do concurrent (i = 4:n:4)
    a(i) = 0
  end do
  c = sum(a)
  print '(a,i0)', 'ones ', c
  select case (c)
  case (38)
    stop 5
  case (12)
    stop 6
  case default
    print '(a)', 'FAIL'
    error stop 1
  end select
end program
