! A small neural network type (layers with allocatable weight and bias
! arrays) doing inference over a batch in a do concurrent: each iteration
! runs one sample through the layers. The layers are an array of a type with
! allocatable components: the kernel is handed a table of the elements'
! buffers per component; the host changes weights between two inferences.
module nn_mod
  implicit none
  type layer
    real(8), allocatable :: w(:, :), b(:)
  end type layer
  type network
    type(layer), allocatable :: layers(:)
  end type network
contains
  subroutine infer(net, x, y)
    type(network), intent(in) :: net
    real(8), intent(in) :: x(:, :)
    real(8), intent(inout) :: y(:)
    integer :: s, j
    real(8) :: h1, h2, h3, acc
    do concurrent (s = 1:size(x, 2))
      h1 = 0; h2 = 0; h3 = 0
      do j = 1, 2
        h1 = h1 + net%layers(1)%w(1, j) * x(j, s)
        h2 = h2 + net%layers(1)%w(2, j) * x(j, s)
        h3 = h3 + net%layers(1)%w(3, j) * x(j, s)
      end do
      h1 = max(0d0, h1 + net%layers(1)%b(1))
      h2 = max(0d0, h2 + net%layers(1)%b(2))
      h3 = max(0d0, h3 + net%layers(1)%b(3))
      acc = net%layers(2)%w(1, 1) * h1 + net%layers(2)%w(1, 2) * h2 + net%layers(2)%w(1, 3) * h3
      y(s) = acc + net%layers(2)%b(1)
    end do
  end subroutine infer
end module nn_mod

program dt_nn_inference
  use nn_mod
  implicit none
  type(network) :: net
  real(8), allocatable :: x(:, :), y(:)
  integer :: i, j, n
  real(8) :: h(3), want

  n = 1000
  allocate(net%layers(2))
  allocate(net%layers(1)%w(3, 2), net%layers(1)%b(3), net%layers(2)%w(1, 3), net%layers(2)%b(1))
  do j = 1, 2
    do i = 1, 3
      net%layers(1)%w(i, j) = 0.1d0 * (i - j)
    end do
  end do
  net%layers(1)%b = [0.1d0, -0.2d0, 0.3d0]
  net%layers(2)%w(1, :) = [1d0, -1d0, 0.5d0]
  net%layers(2)%b = 0.05d0
  allocate(x(2, n), y(n))
  do i = 1, n
    x(:, i) = [sin(real(i, 8)), cos(real(i, 8))]
  end do
  y = 0
  call infer(net, x, y)
  print '(a, es24.16)', 'sum ', sum(y)
  print '(a, es24.16)', 'y1  ', y(1)
  ! A training step on the host changes one layer's weights: the next
  ! inference must see them (and the unchanged ones stay on the device).
  net%layers(2)%w(1, 2) = -2d0
  net%layers(1)%b(3) = net%layers(1)%b(3) + 0.5d0
  call infer(net, x, y)
  print '(a, es24.16)', 'sum ', sum(y)
  print '(a, es24.16)', 'y1  ', y(1)
  ! The same inference serially: the same bits.
  do i = 1, n
    h = 0
    do j = 1, 2
      h(1) = h(1) + net%layers(1)%w(1, j) * x(j, i)
      h(2) = h(2) + net%layers(1)%w(2, j) * x(j, i)
      h(3) = h(3) + net%layers(1)%w(3, j) * x(j, i)
    end do
    h = max(0d0, h + net%layers(1)%b)
    want = net%layers(2)%w(1, 1) * h(1) + net%layers(2)%w(1, 2) * h(2) + net%layers(2)%w(1, 3) * h(3)
    want = want + net%layers(2)%b(1)
    if (y(i) /= want) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
end program dt_nn_inference
