! Non-contiguous sections of data a kernel wrote, passed to explicit-shape
! dummies (the host compiler copies them in and out): a routine that
! works on the host, and one whose own kernel writes the temporary; called
! in a time loop, from the main program (also as the action of one-line
! IFs) and from a routine over its dummy.
module cio_data
  implicit none
  integer, parameter :: nx = 6, ny = 40
  real(8) :: a(nx, ny), g(nx, ny)
contains
  subroutine step(t)
    integer, intent(in) :: t
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)
      a(i, j) = a(i, j)*0.5d0 + i + 0.01d0*j + t
      g(i, j) = g(i, j) + 0.001d0*(i - j)
    end do
  end subroutine step

  subroutine host_fill(m, x, v)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: v
    integer :: k
    do k = 1, m
      x(k) = x(k) + v*k
    end do
  end subroutine host_fill

  subroutine dev_fill(m, x, v)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: v
    integer :: k
    do concurrent (k = 1:m)
      x(k) = x(k)*0.75d0 + v*k
    end do
  end subroutine dev_fill

  real(8) function rowsum(m, x)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    rowsum = sum(x)
  end function rowsum

  subroutine update(h, t)
    real(8), intent(inout) :: h(:, :)
    integer, intent(in) :: t
    call dev_fill(size(h, 2), h(3, :), 0.5d0*t)
    call host_fill(size(h, 2), h(5, :), -0.25d0)
  end subroutine update
end module cio_data

program sync_copy_in_out
  use cio_data
  implicit none
  integer :: t
  real(8) :: s
  a = 1
  g = 0
  s = 0
  do t = 1, 30
    call step(t)
    call host_fill(ny, a(2, :), 0.75d0)
    call dev_fill(ny, a(4, :), 0.125d0)
    s = s + rowsum(ny, a(2, :))
    if (mod(t, 3) == 0) call dev_fill(ny, a(6, :), 0.5d0)
    if (a(1, 7) > 40) call host_fill(ny, a(5, :), 0.1d0)
    call update(g, t)
  end do
  print '(6f14.5)', a(:, 1), a(:, ny)
  print '(6f14.5)', g(:, 2), g(:, ny)
  print '(f20.6)', s
  if (s <= 0) error stop 'FAIL: no sum'
end program sync_copy_in_out
