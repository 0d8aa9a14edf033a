! GFORTRAN: rejects (locality specs)
! local, local_init and shared together, with a mask, two indices, and a
! local array-free temporary used across a nested sequential loop.
program locality_mixed
  implicit none
  integer, parameter :: n = 18, m = 14
  integer :: a(n, m), r(n, m), i, j, k, acc, seed
  seed = 7
  acc = -99
  k = -5
  a = 0
  r = 0
  do concurrent (i = 1:n, j = 1:m, mod(i + j, 4) /= 0) local(acc, k) local_init(seed) shared(a)
    acc = seed
    do k = 1, j
      acc = acc + i * k
    end do
    seed = acc
    a(i, j) = seed - i
  end do
  do i = 1, n
    do j = 1, m
      if (mod(i + j, 4) /= 0) r(i, j) = 7 + i * (j * (j + 1) / 2) - i
    end do
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  if (acc /= -99 .or. k /= -5 .or. seed /= 7) then
    print '(a)', 'FAIL outer changed'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
