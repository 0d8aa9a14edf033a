! iter_workspace.f90 in real(4), so that Metal's rules accept it (the
! workspaces of MSL kernels, --gpu=metal_cpu).
! Arrays of an iteration whose shape is known only at run time, in
! per-iteration slices of a host-sized workspace (design doc, "The
! offloading pipeline"): a small dense system for each cell, a(m, m) and
! b(m) with m a dummy argument, filled by the iteration and solved by a
! pure procedure the loop calls with the block arrays (assumed-shape
! dummies); a module procedure called in a time loop with two sizes. The
! host's answer: the same procedure in a plain DO loop. (No sin in the
! kernel: CUDA's differs from the host's in the last bit, issue 17.)
module cells4_mod
  implicit none
contains
  pure subroutine gauss(a, b)
    real(4), intent(inout) :: a(:, :), b(:)
    integer :: n, k, r
    real(4) :: f
    n = size(b)
    do k = 1, n - 1
      do r = k + 1, n
        f = a(r, k) / a(k, k)
        a(r, k:n) = a(r, k:n) - f * a(k, k:n)
        b(r) = b(r) - f * b(k)
      end do
    end do
    do k = n, 1, -1
      b(k) = (b(k) - dot_product(a(k, k + 1:n), b(k + 1:n))) / a(k, k)
    end do
  end subroutine

  pure subroutine system(i, t, a, b)
    integer, intent(in) :: i, t
    real(4), intent(out) :: a(:, :), b(:)
    integer :: r, c
    do c = 1, size(b)
      do r = 1, size(b)
        a(r, c) = 1.0 / (r + c + mod(i, 3)) + merge(size(b) + 1.0 * t, 0.0, r == c)
      end do
      b(c) = (mod(3 * i + 5 * c, 17) - 8) / 9.0
    end do
  end subroutine

  subroutine solve_cells(x, m, t)
    real(4), intent(inout) :: x(:)
    integer, intent(in) :: m, t
    integer :: i
    do concurrent (i = 1:size(x))
      block
        real(4) :: a(m, m), b(m)
        call system(i, t, a, b)
        call gauss(a, b)
        x(i) = x(i) + sum(b) / m
      end block
    end do
  end subroutine
end module

program iter_workspace_real4
  use cells4_mod
  implicit none
  integer, parameter :: n = 5000
  real(4) :: x(n), h(n)
  integer :: t, m, i
  x = 0
  h = 0
  do t = 1, 4
    m = 3 + mod(t, 2) * 3
    call solve_cells(x, m, t)
    do i = 1, n
      block
        real(4) :: a(m, m), b(m)
        call system(i, t, a, b)
        call gauss(a, b)
        h(i) = h(i) + sum(b) / m
      end block
    end do
  end do
  if (any(x /= h)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a, es16.7)', 'sum ', sum(x)
  print '(4z9)', x(1), x(777), x(2500), x(n)
end program
