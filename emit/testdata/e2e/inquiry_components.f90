! size, shape, lbound and ubound of components in kernels: an allocatable
! component of a module variable (bx%v) and of a dummy of the loop's
! procedure (t%v), a component of fixed bounds (bx%w(3:7)), and the
! allocatable component of elements of an array of the type (bs(j)%v,
! each element its own bounds), with DIM constant, at run time and absent;
! the bounds change between the steps of the time loop. The host computes
! the same expressions.
module inquiry_comp_mod
  implicit none
  integer, parameter :: n = 300, nc = 4
  type box
    real, allocatable :: v(:)
    real :: w(3:7)
    real, allocatable :: m(:, :)
  end type box
  type(box) :: bx
  type(box), allocatable :: bs(:)
  integer :: out(n, nc), want(n, nc)
contains
  subroutine measure(t, k)
    type(box), intent(in) :: t
    integer, intent(in) :: k
    integer :: i
    do concurrent (i = 1:n)
      out(i, 1) = size(bx%v) * i + ubound(bx%w, 1) + lbound(bx%v, 1) + size(t%m, k) + ubound(t%m, 2) * 3
    end do
    do concurrent (i = 1:n)
      out(i, 2) = size(bs(1 + mod(i, 3))%v) * i + ubound(bs(1 + mod(i, 3))%v, 1) - lbound(bs(1 + mod(i, 3))%v, 1)
    end do
    do concurrent (i = 1:n)
      out(i, 3) = sum(shape(t%m)) * i + product(ubound(t%m)) - sum(lbound(bx%w)) + size(bx%w)
    end do
    do concurrent (i = 1:n)
      out(i, 4) = size(t%m) + lbound(t%m, 1 + mod(i, 2)) * i + ubound(bs(1 + mod(i, 3))%v, 1) * size(t%v)
    end do
  end subroutine measure
  subroutine measure_host(t, k)
    type(box), intent(in) :: t
    integer, intent(in) :: k
    integer :: i
    do i = 1, n
      want(i, 1) = size(bx%v) * i + ubound(bx%w, 1) + lbound(bx%v, 1) + size(t%m, k) + ubound(t%m, 2) * 3
    end do
    do i = 1, n
      want(i, 2) = size(bs(1 + mod(i, 3))%v) * i + ubound(bs(1 + mod(i, 3))%v, 1) - lbound(bs(1 + mod(i, 3))%v, 1)
    end do
    do i = 1, n
      want(i, 3) = sum(shape(t%m)) * i + product(ubound(t%m)) - sum(lbound(bx%w)) + size(bx%w)
    end do
    do i = 1, n
      want(i, 4) = size(t%m) + lbound(t%m, 1 + mod(i, 2)) * i + ubound(bs(1 + mod(i, 3))%v, 1) * size(t%v)
    end do
  end subroutine measure_host
end module inquiry_comp_mod

program inquiry_components
  use inquiry_comp_mod
  implicit none
  type(box) :: tb
  integer :: i, j, step
  integer(8) :: total(nc)
  allocate(bs(3))
  total = 0
  do step = 1, 10
    if (allocated(bx%v)) deallocate(bx%v)
    allocate(bx%v(step:2 * step + 3))
    bx%v = 1
    bx%w = 2
    if (allocated(tb%m)) deallocate(tb%m, tb%v)
    allocate(tb%m(-step:2, 0:step), tb%v(step))
    tb%m = 0
    tb%v = 0
    do j = 1, 3
      if (allocated(bs(j)%v)) deallocate(bs(j)%v)
      allocate(bs(j)%v(j - step:j * step))
      bs(j)%v = 0
    end do
    call measure(tb, 1 + mod(step, 2))
    call measure_host(tb, 1 + mod(step, 2))
    do j = 1, nc
      do i = 1, n
        if (out(i, j) /= want(i, j)) then
          print '(a, 5(i0, 1x))', 'FAIL step, column, i, got, want: ', step, j, i, out(i, j), want(i, j)
          error stop 1
        end if
      end do
    end do
    total = total + sum(out, 1)
  end do
  print '(4i10)', total
end program inquiry_components
