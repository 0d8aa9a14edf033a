! bench/matmul4/src/matmul4_mod.f90: a batch of small matrix-vector
! products (issue 14: "a batched small matmul, e.g. 10^6 iterations of a
! 4x4 times 4-vector"), written as a real code writes it: module arrays, a
! module procedure with the do concurrent loop, called in a time loop.
! Each step replaces each vector by its product with its matrix, scaled
! (x(:, i) = matmul(a(:, :, i), x(:, i)) * s: the product is computed into
! an array of the iteration before the assignment).
module matmul4_mod
  implicit none
  real(8), allocatable :: a(:, :, :), x(:, :)
contains
  subroutine init(n)
    integer, intent(in) :: n
    integer :: i, k, l
    allocate(a(4, 4, n), x(4, n))
    do i = 1, n
      do l = 1, 4
        x(l, i) = 1 + mod(i + l, 5) * 0.25d0
        do k = 1, 4
          a(k, l, i) = 0.125d0 * (1 + mod(i * k + 3 * l, 7)) / 4
        end do
      end do
    end do
  end subroutine

  subroutine step(s)
    real(8), intent(in) :: s
    integer :: i
    do concurrent (i = 1:size(x, 2))
      x(:, i) = matmul(a(:, :, i), x(:, i)) * s
    end do
  end subroutine
end module
