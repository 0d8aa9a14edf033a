! Jacobi iteration for the 2-D Laplace equation; convergence via host reduction.
program jacobi_solver
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: n = 200, m = 200, max_iter = 10000
  real(wp), parameter :: tol = 1.0e-6_wp
  real(wp), dimension(:,:), allocatable :: a, anew
  real(wp) :: err
  integer :: i, j, iter

  allocate(a(0:n+1, 0:m+1), anew(0:n+1, 0:m+1))
  a = 0.0_wp
  a(0, :) = 1.0_wp          ! left boundary
  anew = a

  iter = 0
  err = huge(1.0_wp)
  do while (err > tol .and. iter < max_iter)
    do concurrent (j = 1:m, i = 1:n)
      anew(i, j) = 0.25_wp * (a(i+1, j) + a(i-1, j) + a(i, j-1) + a(i, j+1))
    end do
    err = 0.0_wp
    do j = 1, m
      do i = 1, n
        err = max(err, abs(anew(i, j) - a(i, j)))
      end do
    end do
    do concurrent (j = 1:m, i = 1:n)
      a(i, j) = anew(i, j)
    end do
    iter = iter + 1
    if (mod(iter, 1000) == 0) print '(i6, 1x, es12.5)', iter, err
  end do

  if (iter >= max_iter) then
    print *, 'did not converge, err =', err
  else
    print '(a, i0, a)', 'converged in ', iter, ' iterations'
  end if
  deallocate(a, anew)
end program jacobi_solver
