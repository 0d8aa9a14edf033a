! Type-bound procedures bound to separate module procedures whose bodies
! are in a submodule: t%apply(x) in a kernel, and the nested
! self%a%eval(x) of an outer type's binding (implemented in the submodule
! too) calling an inner type's binding. The loop is in a module procedure
! called in a time loop, over module arrays.
module layers
  implicit none
  integer, parameter :: n = 3000
  type scaler
    real :: gain, bias
  contains
    procedure :: eval => scaler_eval
  end type scaler
  type layer
    type(scaler) :: a
    real :: lo, hi
  contains
    procedure :: apply => layer_apply
    procedure :: clip => layer_clip
  end type layer
  interface
    module pure real function scaler_eval(self, x)
      class(scaler), intent(in) :: self
      real, intent(in) :: x
    end function scaler_eval
    module pure real function layer_apply(self, x)
      class(layer), intent(in) :: self
      real, intent(in) :: x
    end function layer_apply
    module pure subroutine layer_clip(self, x)
      class(layer), intent(in) :: self
      real, intent(inout) :: x
    end subroutine layer_clip
  end interface
  real :: x(n), y(n)
  type(layer) :: net
contains
  subroutine forward(t)
    type(layer), intent(in) :: t
    integer :: i
    real :: v
    do concurrent (i = 1:n)
      v = t%apply(x(i)) + t%a%eval(0.5 * x(i))
      call t%clip(v)
      y(i) = v
    end do
  end subroutine forward
end module layers

submodule (layers) layers_impl
  implicit none
contains
  module procedure scaler_eval
    scaler_eval = self%gain * x + self%bias
  end procedure scaler_eval
  module pure real function layer_apply(self, x)
    class(layer), intent(in) :: self
    real, intent(in) :: x
    layer_apply = self%a%eval(x) - 0.25 * x
  end function layer_apply
  module procedure layer_clip
    x = max(self%lo, min(self%hi, x))
  end procedure layer_clip
end submodule layers_impl

program submod_type_bound
  use layers
  implicit none
  integer :: i, s
  real :: r(n), xr(n), v
  net = layer(scaler(0.75, 0.125), -4.0, 4.0)
  do i = 1, n
    x(i) = real(mod(i * 7, 101)) / 50.0 - 1.0
  end do
  xr = x
  do s = 1, 30
    call forward(net)
    x = x + 0.0625 * y
    net%a%bias = net%a%bias + 0.0078125
  end do
  net = layer(scaler(0.75, 0.125), -4.0, 4.0)
  do s = 1, 30
    do i = 1, n
      v = net%apply(xr(i)) + net%a%eval(0.5 * xr(i))
      call net%clip(v)
      r(i) = v
    end do
    xr = xr + 0.0625 * r
    net%a%bias = net%a%bias + 0.0078125
  end do
  do i = 1, n
    if (x(i) /= xr(i)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(3f12.6)', x(1), x(n / 2), x(n)
end program submod_type_bound
