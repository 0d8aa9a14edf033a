! Elements of a module array of a type whose only components are
! allocatable (dense layers: weights and biases) passed whole to pure
! procedures with intent(in) dummies of the type (the value references the
! elements' device buffers, no copy), a component of an element passed
! whole to an assumed-shape dummy and as the section b(:) of all its
! elements, and the array's size read in the loop.
! A batch loop in a module procedure called in a time loop; the host
! changes a weight between two calls.
module hv_arg_mod
  implicit none
  type dense
    real(8), allocatable :: w(:, :)
    real(8), allocatable :: b(:)
  end type dense
  type(dense), allocatable :: layers(:)
contains
  pure real(8) function unit_out(l, x, i) result(r)
    type(dense), intent(in) :: l
    real(8), intent(in) :: x(:)
    integer, intent(in) :: i
    integer :: j
    r = l%b(i)
    do j = 1, size(l%w, 2)
      r = r + l%w(i, j) * x(j)
    end do
  end function unit_out

  pure subroutine scale_sum(l, f, s)
    type(dense), intent(in) :: l
    real(8), intent(in) :: f
    real(8), intent(out) :: s
    s = f * (sum(l%w) + sum(l%b))
  end subroutine scale_sum

  pure real(8) function total(v) result(r)
    real(8), intent(in) :: v(:)
    integer :: j
    r = 0
    do j = 1, size(v)
      r = r + v(j) * j
    end do
  end function total

  subroutine batch(x, y, n)
    real(8), intent(in) :: x(:, :)
    real(8), intent(inout) :: y(:)
    integer, intent(in) :: n
    integer :: s
    do concurrent (s = 1:n)
      block
        integer :: k, i
        real(8) :: acc, sc
        k = mod(s, size(layers)) + 1
        acc = 0
        do i = 1, size(layers(k)%b)
          acc = acc + max(0d0, unit_out(layers(k), x(:, s), i))
        end do
        call scale_sum(layers(k), 0.5d0, sc)
        y(s) = acc + sc + total(layers(k)%b) + maxval(layers(k)%b(:))
      end block
    end do
  end subroutine batch
end module hv_arg_mod

program dt_host_value_arg
  use hv_arg_mod
  implicit none
  integer, parameter :: n = 3000, nl = 3, nin = 4
  real(8), allocatable :: x(:, :), y(:)
  real(8) :: want, acc, r, grand
  integer :: s, k, i, j, it
  allocate(layers(nl), x(nin, n), y(n))
  do k = 1, nl
    allocate(layers(k)%w(k + 1, nin), layers(k)%b(k + 1))
    do j = 1, nin
      do i = 1, k + 1
        layers(k)%w(i, j) = 0.01d0 * (i - 2 * j + k)
      end do
    end do
    layers(k)%b = [(0.1d0 * i - 0.05d0 * k, i = 1, k + 1)]
  end do
  do s = 1, n
    do j = 1, nin
      x(j, s) = sin(real(s * j, 8))
    end do
  end do
  grand = 0
  do it = 1, 3
    call batch(x, y, n)
    do s = 1, n
      k = mod(s, nl) + 1
      acc = 0
      do i = 1, k + 1
        r = layers(k)%b(i)
        do j = 1, nin
          r = r + layers(k)%w(i, j) * x(j, s)
        end do
        acc = acc + max(0d0, r)
      end do
      r = 0
      do j = 1, k + 1
        r = r + layers(k)%b(j) * j
      end do
      want = acc + 0.5d0 * (sum(layers(k)%w) + sum(layers(k)%b)) + r + maxval(layers(k)%b)
      if (abs(y(s) - want) > 1d-12 * max(1d0, abs(want))) then
        print '(a, i0, a, i0, 2es24.16)', 'FAIL step ', it, ' at ', s, y(s), want
        error stop 1
      end if
    end do
    grand = grand + sum(y)
    layers(2)%w(1, 1) = layers(2)%w(1, 1) + 0.25d0
    layers(3)%b(2) = -layers(3)%b(2)
  end do
  print '(a, es24.16)', 'grand ', grand
end program dt_host_value_arg
