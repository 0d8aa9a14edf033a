! Loops kept on the host (--gpu=none) become plain DO loops
! (emit/hostf90.go, hostLoopEdit); offloaded (--gpu=cpu) they are kernels.
! Both must compute what gfortran computes: several indices with positive
! and negative steps, masks that read only the indices (tested in the
! iteration) and masks that read arrays (evaluated first), a named loop
! left by CYCLE NAME and by a plain CYCLE, nested masked loops, an empty
! range, limits read from variables and expressions, and an outer variable
! named like an index, which the loop leaves alone (the index is a
! construct entity).
program host_loop_forms
  implicit none
  integer, parameter :: n = 7, m = 5
  integer :: a(n, m), b(n, m), c(n), i, j, lo, hi, s
  real :: x(n), y(n)
  logical :: keep(n)

  i = -11
  j = -22
  a = 0
  do concurrent (i = 1:n, j = 1:m)
    a(i, j) = 10 * i + j
  end do
  b = 0
  do concurrent (j = m:1:-2, i = n:1:-3, mod(i + j, 2) == 0)
    b(i, j) = a(i, j) - 1
  end do
  lo = 2
  hi = n - 1
  s = 2
  c = -1
  rows: do concurrent (i = lo:hi:s)
    if (i == 4) cycle rows
    c(i) = sum(a(i, :))
  end do rows
  do concurrent (i = 1:n, a(i, 1) > 30)
    if (i == n) cycle
    c(i) = -c(i) - 100
  end do
  x = [(real(i) - 3.5, i = 1, n)]
  keep = x > 0.0
  y = 0.0
  do concurrent (i = 1:n, keep(i) .and. x(i) < 3.0)
    y(i) = sqrt(x(i))
  end do
  do concurrent (i = 1:n, x(i) < 0.0)
    do concurrent (j = 1:m, a(i, j) > 10 * i + 2)
      b(i, j) = b(i, j) + 1000
    end do
  end do
  do concurrent (i = hi:lo, j = 1:m)
    a(i, j) = -1
  end do

  if (i /= -11 .or. j /= -22) then
    print '(a)', 'FAIL index variables changed'
    error stop 1
  end if
  if (any(a(:, 1) /= [(10 * i + 1, i = 1, n)])) then
    print '(a)', 'FAIL a'
    error stop 1
  end if
  print '(7i6)', b
  print '(7i6)', c
  print '(7f8.4)', y
  print '(a)', 'PASSED'
end program host_loop_forms
