! GFORTRAN: rejects
! Jacobi solver whose convergence check uses REDUCE(MAX:...) plus LOCAL and DEFAULT(NONE).
program f2018_jacobi_reduce_max
  implicit none
  integer, parameter :: wp = kind(1.0d0), n = 128
  real(wp), parameter :: tol = 1.0e-5_wp
  real(wp) :: a(0:n+1, 0:n+1), anew(0:n+1, 0:n+1), err, diff
  integer :: i, j, iter

  a = 0.0_wp
  a(:, 0) = 1.0_wp
  anew = a
  err = 1.0_wp
  iter = 0
  do while (err > tol .and. iter < 5000)
    err = 0.0_wp
    do concurrent (j = 1:n, i = 1:n) default(none) shared(a, anew) local(diff) reduce(max:err)
      anew(i, j) = 0.25_wp * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1))
      diff = abs(anew(i, j) - a(i, j))
      err = max(err, diff)
    end do
    do concurrent (j = 1:n, i = 1:n) default(none) shared(a, anew)
      a(i, j) = anew(i, j)
    end do
    iter = iter + 1
  end do
  print '(a, i0, a, es10.3)', 'iterations: ', iter, '  error: ', err
end program f2018_jacobi_reduce_max
