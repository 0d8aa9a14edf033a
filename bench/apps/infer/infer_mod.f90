! bench/apps/infer/infer_mod.f90: a small inference library in today's
! Fortran style (issue 34): a dense layer is a type with allocatable
! weights and biases, the network an allocatable module array of layers,
! the activation an elemental function, a layer's forward pass a pure
! function of the layer (intent(in): device code references the layer's
! buffers, no copy) and of one sample, and the batch loop a do concurrent
! over the samples calling it for each layer in turn.
module infer_lib
  implicit none
  private
  public :: dense, layers, maxwidth, relu, dense_forward, net_init, infer_batch, infer_one

  integer, parameter :: maxwidth = 256

  type dense
    real(4), allocatable :: w(:, :) ! (outputs, inputs)
    real(4), allocatable :: b(:)    ! (outputs)
  end type dense

  type(dense), allocatable :: layers(:)

contains

  elemental real(4) function relu(x)
    real(4), intent(in) :: x
    relu = max(0.0, x)
  end function relu

  ! Output i of layer l for input x: its bias plus the weighted inputs,
  ! through the activation when act.
  pure real(4) function dense_forward(l, x, i, act) result(y)
    type(dense), intent(in) :: l
    real(4), intent(in) :: x(:)
    integer, intent(in) :: i
    logical, intent(in) :: act
    integer :: j
    real(4) :: acc
    acc = l%b(i)
    do j = 1, size(l%w, 2)
      acc = acc + l%w(i, j) * x(j)
    end do
    y = acc
    if (act) y = relu(acc)
  end function dense_forward

  ! The layers of the widths given (widths(1) inputs), deterministic
  ! weights and biases.
  subroutine net_init(widths)
    integer, intent(in) :: widths(:)
    integer :: l, i, j, nin, nout
    if (allocated(layers)) deallocate(layers)
    allocate(layers(size(widths) - 1))
    do l = 1, size(layers)
      nin = widths(l)
      nout = widths(l + 1)
      allocate(layers(l)%w(nout, nin), layers(l)%b(nout))
      do j = 1, nin
        do i = 1, nout
          layers(l)%w(i, j) = real(mod(7 * i + 13 * j + 5 * l, 17) - 8) / real(8 * nin)
        end do
      end do
      do i = 1, nout
        layers(l)%b(i) = real(mod(3 * i + l, 7) - 3) / 16.0
      end do
    end do
  end subroutine net_init

  ! The network over the batch x(:, s), s = 1..nbatch, into y(:, s).
  subroutine infer_batch(x, y, nbatch)
    real(4), intent(in) :: x(:, :)
    real(4), intent(inout) :: y(:, :)
    integer, intent(in) :: nbatch
    integer :: s
    do concurrent (s = 1:nbatch) ! kernel: infer
      block
        real(4) :: h(maxwidth), g(maxwidth)
        integer :: l, i, n0, n1
        n0 = size(x, 1)
        do i = 1, n0
          h(i) = x(i, s)
        end do
        do l = 1, size(layers)
          n1 = size(layers(l)%b)
          do i = 1, n1
            g(i) = dense_forward(layers(l), h(1:n0), i, l < size(layers))
          end do
          do i = 1, n1
            h(i) = g(i)
          end do
          n0 = n1
        end do
        do i = 1, n0
          y(i, s) = h(i)
        end do
      end block
    end do
  end subroutine infer_batch

  ! The same network over one sample on the host (the check).
  subroutine infer_one(x, y)
    real(4), intent(in) :: x(:)
    real(4), intent(out) :: y(:)
    real(4) :: h(maxwidth), g(maxwidth)
    integer :: l, i, n0, n1
    n0 = size(x)
    h(1:n0) = x
    do l = 1, size(layers)
      n1 = size(layers(l)%b)
      do i = 1, n1
        g(i) = dense_forward(layers(l), h(1:n0), i, l < size(layers))
      end do
      h(1:n1) = g(1:n1)
      n0 = n1
    end do
    y = h(1:n0)
  end subroutine infer_one
end module infer_lib
