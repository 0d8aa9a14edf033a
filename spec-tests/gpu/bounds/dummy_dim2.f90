! -fcheck=bounds in a kernel (GPU batch): an assumed-shape rank-2 dummy
! with lower bounds other than 1 in the caller; dimension 2 goes below its
! lower bound in the second call.
module stencil
  implicit none
contains
  subroutine smooth(u, v, shift)
    real(8), intent(in) :: u(:, :)
    real(8), intent(inout) :: v(:, :)
    integer, intent(in) :: shift
    integer :: i, j
    do concurrent (i = 1:size(u, 1), j = 2:size(u, 2))
      v(i, j) = 0.5d0 * (u(i, j) + u(i, j - 1 - shift))
    end do
  end subroutine
end module

program dummy_dim2
  use stencil
  implicit none
  real(8), allocatable :: u(:, :), v(:, :)
  integer :: i, j, k
  allocate(u(0:63, -2:40), v(0:63, -2:40))
  do j = -2, 40
    do i = 0, 63
      u(i, j) = i + 100 * j
    end do
  end do
  v = 0
  do k = 0, 1
    call smooth(u, v, k)
    print '(i0, 1x, f0.1)', k, sum(v)
  end do
end program
