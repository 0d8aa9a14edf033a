! Allocatable local arrays of the procedures an offloaded loop calls, on
! the device heap: allocate with a size read from an argument, use,
! deallocate, allocated(), allocating again with another size, the
! automatic deallocation at the return, and reallocating assignments
! (t = x * 2 to an unallocated array, then to one of another shape,
! a rank-two one with lower bounds from the value). The loop is in a
! module subroutine called in a time loop; many iterations, so that the
! heap of each launch holds every allocation of its iterations. The
! host's answer: the same calls in a plain DO loop.
module alloc_local_mod
  implicit none
  real(8), allocatable :: x(:, :), y(:), z(:)
contains
  pure function smooth(v, w) result(s)
    real(8), intent(in) :: v(:)
    integer, intent(in) :: w
    real(8) :: s
    real(8), allocatable :: t(:), u(:)
    integer :: k
    s = 0
    if (allocated(t)) s = -1d6
    allocate(t(size(v)))
    do k = 1, size(v)
      t(k) = v(k) * 0.5d0 + k
    end do
    s = s + sum(t) + size(t)
    deallocate(t)
    if (allocated(t)) s = s - 1d6
    allocate(t(0:w))
    t = 1
    t(w) = 2
    s = s + sum(t) * lbound(t, 1) + ubound(t, 1)
    u = v * 2
    s = s + sum(u) + size(u)
    u = v(2:w + 1)
    s = s + sum(u * u) + size(u)
  end function

  pure subroutine spread2(v, n, r)
    real(8), intent(in) :: v(:)
    integer, intent(in) :: n
    real(8), intent(out) :: r
    real(8), allocatable :: m(:, :), c(:)
    integer :: i, j
    allocate(m(-1:n - 2, size(v)))
    do j = 1, size(v)
      do i = -1, n - 2
        m(i, j) = v(j) * i
      end do
    end do
    c = m(0, :)
    r = sum(m) + sum(c) + lbound(m, 1) + size(m, 2)
  end subroutine

  subroutine step(n, w)
    integer, intent(in) :: n, w
    integer :: i
    real(8) :: r
    do concurrent (i = 1:n)
      call spread2(x(:, i), mod(i, 4) + 2, r)
      y(i) = smooth(x(:, i), w) + r
    end do
  end subroutine
end module

program alloc_local_device
  use alloc_local_mod
  implicit none
  integer :: m, n, i, j, it
  real(8) :: r
  m = 12
  n = 20000
  allocate(x(m, n), y(n), z(n))
  do i = 1, n
    do j = 1, m
      x(j, i) = mod(i * j + 3, 19) * 0.125d0
    end do
  end do
  do it = 1, 4
    call step(n, mod(it, 3) + 3)
    do i = 1, n
      call spread2(x(:, i), mod(i, 4) + 2, r)
      z(i) = smooth(x(:, i), mod(it, 3) + 3) + r
    end do
    if (any(y /= z)) then
      print '(a, i3)', 'FAIL at step', it
      error stop 1
    end if
    x = x + 1d-3 * it
  end do
  print '(a, es25.16)', 'sum', sum(y)
end program
