! bench/matmul4/src/matmul4_mod.f90: a batch of small matrix-vector
! products (issue 14: "a batched small matmul, e.g. 10^6 iterations of a
! 4x4 times 4-vector"), written as a real code writes it: module arrays, a
! module procedure with the do concurrent loop over arrays passed as
! assumed-shape dummies, called twice a step in a time loop (x to y, y to
! x). Each vector's product with its matrix, scaled:
! y(:, i) = matmul(a(:, :, i), x(:, i)) * s, whose shape is known only at
! run time (each element is computed where it is read).
module matmul4_mod
  implicit none
  real(8), allocatable :: a(:, :, :), x(:, :), y(:, :)
contains
  subroutine init(n)
    integer, intent(in) :: n
    integer :: i, k, l
    allocate(a(4, 4, n), x(4, n), y(4, n))
    do i = 1, n
      do l = 1, 4
        x(l, i) = 1 + mod(i + l, 5) * 0.25d0
        do k = 1, 4
          a(k, l, i) = 0.125d0 * (1 + mod(i * k + 3 * l, 7)) / 4
        end do
      end do
    end do
  end subroutine

  subroutine step(m, u, v, s)
    real(8), intent(in) :: m(:, :, :), u(:, :)
    real(8), intent(inout) :: v(:, :)
    real(8), intent(in) :: s
    integer :: i
    do concurrent (i = 1:size(u, 2))
      v(:, i) = matmul(m(:, :, i), u(:, i)) * s
    end do
  end subroutine
end module
