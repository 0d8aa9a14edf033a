! GFORTRAN: rejects (locality spec local)
! local(t) of an array of a constant shape: each iteration has its own
! t(4) (the stencil of the issue's example); the outer t keeps its value.
program iter_local_spec
  implicit none
  integer, parameter :: n = 20000
  real(8) :: q(n), f(n), t(4), w
  integer :: i, k
  do i = 1, n
    q(i) = sin(0.01d0 * i)
  end do
  f = 0
  t = 99
  do concurrent (i = 3:n - 2) local(t, k)
    do k = 1, 4
      t(k) = q(i + k - 2)
    end do
    f(i) = -t(1) / 12 + 7 * t(2) / 12 + 7 * t(3) / 12 - t(4) / 12
  end do
  do i = 3, n - 2
    w = -q(i - 1) / 12 + 7 * q(i) / 12 + 7 * q(i + 1) / 12 - q(i + 2) / 12
    if (f(i) /= w) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  if (any(t /= 99)) error stop 2
  print '(es24.16)', sum(f)
  print '(a)', 'PASSED'
end program iter_local_spec
