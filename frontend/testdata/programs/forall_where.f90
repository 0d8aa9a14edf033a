! FORALL statements/constructs and WHERE/ELSEWHERE constructs and statements.
program forall_where
  implicit none
  integer, parameter :: n = 6
  real :: a(n, n), b(n, n), v(n)
  integer :: i, j
  logical :: mask(n)

  forall (i = 1:n, j = 1:n) a(i, j) = real(i + j)
  forall (i = 1:n) a(i, i) = 0.0

  forall (i = 1:n, j = 1:n, i > j)
    b(i, j) = a(i, j)
    b(j, i) = -a(i, j)
  end forall
  forall (i = 1:n) b(i, i) = 1.0

  v = [(real(i) - 3.5, i = 1, n)]
  where (v > 0.0)
    v = sqrt(v)
  elsewhere (v < -1.0)
    v = -v**2
  elsewhere
    v = 0.0
  end where
  print '(6f8.3)', v

  where (a > 6.0) a = 6.0
  mask = v /= 0.0
  where (mask) v = 1.0 / v

  named: where (b < 0.0)
    b = abs(b)
  elsewhere named
    b = b + 1.0
  end where named

  print '(6f6.1)', (a(i, :), i = 1, n)
  print '(6f6.1)', transpose(b)
  print *, 'count masked:', count(mask), ' any neg:', any(b < 0.0), ' all pos:', all(b > 0.0)

  forall (i = 1:n:2)
    v(i) = -v(i)
  end forall
  print '(6f8.3)', v
end program forall_where
