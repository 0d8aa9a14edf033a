! size, shape, lbound and ubound in kernels and device procedures: of the
! loop's procedure's assumed-shape dummies (non-default lower bounds), of
! module allocatable and pointer arrays, of sections, and of device
! procedures' assumed-shape dummies; with DIM constant, computed at run
! time or absent (shape, lbound, ubound as rank-1 values in expressions,
! reductions and assignments to a local array), with KIND; a dimension
! of extent 0 has the bounds 1 and 0. The loops are
! in a module procedure a time loop calls; the host computes the same.
module inquiry_mod
  implicit none
  integer, parameter :: n = 400, nc = 9
  real, allocatable :: al(:, :)
  real, pointer :: pt(:)
  real, allocatable :: z0(:)
  real, target :: tg(0:11)
  integer :: out(n, nc), want(n, nc)
contains
  pure integer function dsz(x, k)
    real, intent(in) :: x(:, :)
    integer, intent(in) :: k
    dsz = size(x) + 10 * size(x, k) + 100 * ubound(x, 2) + 1000 * lbound(x, 1)
  end function dsz
  pure integer function dshape(x)
    real, intent(in) :: x(:, :)
    integer :: s(2)
    s = shape(x)
    dshape = s(1) * 7 + s(2) + sum(ubound(x)) + product(lbound(x))
  end function dshape
  pure integer function dlow(y)
    real, intent(in) :: y(-2:, 3:)
    dlow = lbound(y, 1) * 100 + ubound(y, 2) * 10 + size(y, 1)
  end function dlow
  subroutine measure(x, k, step)
    real, intent(in) :: x(:, 0:)
    integer, intent(in) :: k, step
    integer :: i
    do concurrent (i = 1:n)
      out(i, 1) = size(x) + size(x, 1) + size(x, k) * i + ubound(x, k) + lbound(x, 2) + step
    end do
    do concurrent (i = 1:n)
      out(i, 2) = int(size(x, dim=2, kind=8) * i + ubound(x, 1, 8) - lbound(x, mod(i, 2) + 1, kind=2))
    end do
    do concurrent (i = 1:n)
      out(i, 3) = size(al) + size(al, 2) * i + lbound(al, 1) + ubound(al, k) + size(pt) + lbound(pt, 1) - ubound(pt, 1)
    end do
    do concurrent (i = 1:n)
      out(i, 4) = dsz(x, 1 + mod(i, 2)) + dsz(al, k) + dlow(x) + dlow(al) * step
    end do
    do concurrent (i = 1:n)
      out(i, 5) = dshape(x) + dshape(al) * i
    end do
    do concurrent (i = 1:n)
      out(i, 6) = sum(shape(x)) * i + product(ubound(x)) + maxval(lbound(al)) + minval(ubound(al) - lbound(al))
    end do
    do concurrent (i = 1:n)
      block
        integer :: s(2), t(2)
        s = shape(x)
        t = ubound(al) - lbound(al) + i
        out(i, 7) = s(1) - s(2) * t(1) + t(2) * step
      end block
    end do
    do concurrent (i = 1:n)
      out(i, 8) = size(shape(x)) + size(x(1:2, :), 2) * 3 + size(x(:, 1:i:2)) + ubound(x(2:, 0), 1) + lbound(tg(2:), 1)
    end do
    do concurrent (i = 1:n)
      out(i, 9) = count(shape(al) > 3) + size(al(lbound(al, 1):ubound(al, 1) - 1, 1 + mod(i, size(al, 2)):)) * step &
                  + lbound(z0, 1) * 7 + ubound(z0, 1) * 11 + sum(ubound(z0)) * 13 + size(z0) + lbound(z0, mod(i, 1) + 1) * i
    end do
  end subroutine measure
  subroutine measure_host(x, k, step)
    real, intent(in) :: x(:, 0:)
    integer, intent(in) :: k, step
    integer :: i
    do i = 1, n
      want(i, 1) = size(x) + size(x, 1) + size(x, k) * i + ubound(x, k) + lbound(x, 2) + step
    end do
    do i = 1, n
      want(i, 2) = int(size(x, dim=2, kind=8) * i + ubound(x, 1, 8) - lbound(x, mod(i, 2) + 1, kind=2))
    end do
    do i = 1, n
      want(i, 3) = size(al) + size(al, 2) * i + lbound(al, 1) + ubound(al, k) + size(pt) + lbound(pt, 1) - ubound(pt, 1)
    end do
    do i = 1, n
      want(i, 4) = dsz(x, 1 + mod(i, 2)) + dsz(al, k) + dlow(x) + dlow(al) * step
    end do
    do i = 1, n
      want(i, 5) = dshape(x) + dshape(al) * i
    end do
    do i = 1, n
      want(i, 6) = sum(shape(x)) * i + product(ubound(x)) + maxval(lbound(al)) + minval(ubound(al) - lbound(al))
    end do
    do i = 1, n
      block
        integer :: s(2), t(2)
        s = shape(x)
        t = ubound(al) - lbound(al) + i
        want(i, 7) = s(1) - s(2) * t(1) + t(2) * step
      end block
    end do
    do i = 1, n
      want(i, 8) = size(shape(x)) + size(x(1:2, :), 2) * 3 + size(x(:, 1:i:2)) + ubound(x(2:, 0), 1) + lbound(tg(2:), 1)
    end do
    do i = 1, n
      want(i, 9) = count(shape(al) > 3) + size(al(lbound(al, 1):ubound(al, 1) - 1, 1 + mod(i, size(al, 2)):)) * step &
                  + lbound(z0, 1) * 7 + ubound(z0, 1) * 11 + sum(ubound(z0)) * 13 + size(z0) + lbound(z0, mod(i, 1) + 1) * i
    end do
  end subroutine measure_host
end module inquiry_mod

program inquiry_arguments
  use inquiry_mod
  implicit none
  real, allocatable :: x(:, :)
  integer :: i, j, step, k
  integer(8) :: total(nc)
  allocate(al(-1:3, 4), z0(3:2))
  al = 1
  pt => tg(3:10)
  total = 0
  do step = 1, 12
    k = 1 + mod(step, 2)
    if (allocated(x)) deallocate(x)
    allocate(x(2 + step, 5 + mod(step, 3)))
    x = 0
    call measure(x, k, step)
    call measure_host(x, k, step)
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
  print '(9i10)', total
end program inquiry_arguments
