! GFORTRAN: rejects
! Tiny logistic-regression training loop: per-sample gradients in DO CONCURRENT with REDUCE
! on an array accumulator and the scalar loss; type-spec index in the header.
module logistic
  implicit none
  integer, parameter :: rk = kind(1.0)
  type :: model_t
    real(rk), allocatable :: w(:)
    real(rk) :: b = 0.0_rk
  contains
    procedure :: predict
  end type model_t
contains
  elemental real(rk) function sigmoid(z)
    real(rk), intent(in) :: z
    sigmoid = 1.0_rk / (1.0_rk + exp(-z))
  end function sigmoid

  pure real(rk) function predict(self, x)
    class(model_t), intent(in) :: self
    real(rk), intent(in) :: x(:)
    predict = sigmoid(dot_product(self%w, x) + self%b)
  end function predict
end module logistic

program f2018_nn_training_reduce
  use logistic
  implicit none
  integer, parameter :: nfeat = 4, nsamp = 512, epochs = 100
  real(rk) :: x(nfeat, nsamp), y(nsamp), gw(nfeat), gb, loss, p, lr
  type(model_t) :: m
  integer :: epoch

  call random_number(x)
  y = merge(1.0_rk, 0.0_rk, sum(x, dim=1) > 2.0_rk)
  allocate(m%w(nfeat), source=0.0_rk)
  lr = 0.5_rk
  do epoch = 1, epochs
    gw = 0.0_rk; gb = 0.0_rk; loss = 0.0_rk
    do concurrent (integer :: s = 1:nsamp) local(p) reduce(+: gw, gb, loss)
      p = m%predict(x(:, s))
      gw = gw + (p - y(s)) * x(:, s)
      gb = gb + (p - y(s))
      loss = loss - (y(s) * log(p) + (1.0_rk - y(s)) * log(1.0_rk - p))
    end do
    m%w = m%w - lr * gw / nsamp
    m%b = m%b - lr * gb / nsamp
    if (mod(epoch, 25) == 0) print '(i5, f10.5)', epoch, loss / nsamp
  end do
end program f2018_nn_training_reduce
