! Array reductions and section operations inside do concurrent bodies
! (sums in array element order: bit-identical to gfortran).
program section_ops_body
  implicit none
  integer, parameter :: n = 6, m = 4
  integer :: i, j
  real :: a(n, m), b(n, m), c(0:n+1)
  logical :: mask(n, m)
  do j = 1, m
    do i = 1, n
      b(i, j) = real(i * 10 + j)
    end do
  end do
  c = 1.5
  do concurrent (j = 1:m)
    a(:, j) = 2.0 * b(:, j) + c(1:n)
    a(1:n:2, j) = sqrt(b(1:n:2, j))
    mask(:, j) = a(:, j) > 50.0
  end do
  print '(6f9.4)', a
  print '(24l2)', mask
  if (n < 0) error stop 1
end program section_ops_body
