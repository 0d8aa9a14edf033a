! Array values whose shape is known only at run time (allocatable
! operands passed as assumed-shape dummies): read element by element where
! they stand, in a reduction (sum(matmul(...)), maxval(transpose(...))), in
! an elementwise expression (cshift, spread, sum with dim) and computed
! straight into the left side (matmul * s + 1); a module procedure called
! twice with different sizes. The host's answer: the same statements in a
! plain DO loop.
module shapes_mod
  implicit none
contains
  subroutine kernel(a, x, y, s, g)
    real(8), intent(in) :: a(:, :, :), x(:, :)
    real(8), intent(out) :: y(:, :), s(:), g(:)
    integer :: i
    do concurrent (i = 1:size(x, 2))
      y(:, i) = matmul(a(:, :, i), x(:, i)) * 0.5d0 + 1
      s(i) = sum(matmul(a(:, :, i), x(:, i))) + maxval(transpose(a(:, :, i)))
      g(i) = sum(cshift(x(:, i), 1) * spread(x(1, i), 1, size(x, 1))) + sum(sum(a(:, :, i), dim=2) * x(:, i))
    end do
  end subroutine
end module

program iter_runtime_shapes
  use shapes_mod
  implicit none
  real(8), allocatable :: a(:, :, :), x(:, :), y(:, :), s(:), g(:), hy(:, :), hs(:), hg(:)
  integer :: n, m, i, j, k, pass
  do pass = 1, 2
    m = 2 + 3 * pass
    n = 700 * pass
    allocate(a(m, m, n), x(m, n), y(m, n), s(n), g(n), hy(m, n), hs(n), hg(n))
    do i = 1, n
      do j = 1, m
        x(j, i) = mod(i * j, 11) * 0.25d0 - 1
        do k = 1, m
          a(k, j, i) = mod(i + 2 * k + 3 * j, 13) * 0.125d0
        end do
      end do
    end do
    call kernel(a, x, y, s, g)
    do i = 1, n
      hy(:, i) = matmul(a(:, :, i), x(:, i)) * 0.5d0 + 1
      hs(i) = sum(matmul(a(:, :, i), x(:, i))) + maxval(transpose(a(:, :, i)))
      hg(i) = sum(cshift(x(:, i), 1) * spread(x(1, i), 1, size(x, 1))) + sum(sum(a(:, :, i), dim=2) * x(:, i))
    end do
    if (any(y /= hy) .or. any(s /= hs) .or. any(g /= hg)) then
      print '(a)', 'FAIL'
      error stop 1
    end if
    print '(a, i2, 3es25.16)', 'pass', pass, sum(y), sum(s), sum(g)
    deallocate(a, x, y, s, g, hy, hs, hg)
  end do
end program
