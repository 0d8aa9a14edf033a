! Tiny dense neural network: derived types, pure type-bound functions, DO CONCURRENT.
module nn_mod
  implicit none
  private
  integer, parameter, public :: rk = kind(1.0)

  type, public :: dense_layer
    real(rk), allocatable :: w(:,:)
    real(rk), allocatable :: b(:)
  contains
    procedure :: forward
    procedure, nopass :: sigmoid
  end type dense_layer

  type, public :: network
    type(dense_layer), allocatable :: layers(:)
  contains
    procedure :: predict
  end type network

  public :: new_layer
contains
  function new_layer(n_in, n_out) result(layer)
    integer, intent(in) :: n_in, n_out
    type(dense_layer) :: layer
    allocate(layer%w(n_out, n_in), layer%b(n_out))
    call random_number(layer%w)
    layer%w = (layer%w - 0.5_rk) / sqrt(real(n_in, rk))
    layer%b = 0.0_rk
  end function new_layer

  elemental pure function sigmoid(x) result(y)
    real(rk), intent(in) :: x
    real(rk) :: y
    y = 1.0_rk / (1.0_rk + exp(-x))
  end function sigmoid

  pure function forward(self, x) result(y)
    class(dense_layer), intent(in) :: self
    real(rk), intent(in) :: x(:)
    real(rk) :: y(size(self%b))
    integer :: i
    do concurrent (i = 1:size(self%b))
      y(i) = sigmoid(dot_product(self%w(i, :), x) + self%b(i))
    end do
  end function forward

  pure function predict(self, x) result(y)
    class(network), intent(in) :: self
    real(rk), intent(in) :: x(:)
    real(rk), allocatable :: y(:)
    integer :: l
    y = x
    do l = 1, size(self%layers)
      y = self%layers(l)%forward(y)
    end do
  end function predict
end module nn_mod

program neural_network
  use nn_mod
  implicit none
  type(network) :: net
  real(rk) :: input(4)
  real(rk), allocatable :: output(:)
  integer, parameter :: dims(*) = [4, 8, 8, 2]
  integer :: l

  allocate(net%layers(size(dims) - 1))
  do l = 1, size(dims) - 1
    net%layers(l) = new_layer(dims(l), dims(l+1))
  end do
  input = [0.1_rk, 0.2_rk, 0.3_rk, 0.4_rk]
  output = net%predict(input)
  print '(a, *(f8.4))', 'output: ', output
  print *, 'sigmoid(0) =', net%layers(1)%sigmoid(0.0_rk)
end program neural_network
