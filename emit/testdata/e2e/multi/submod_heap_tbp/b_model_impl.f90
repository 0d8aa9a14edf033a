! The bodies of the layer's type-bound procedures: a submodule of model
! in its own file.
submodule (model) model_impl
  implicit none
contains
  module procedure forward
    integer :: i, j
    allocate(y%v(size(l%b)))
    do i = 1, size(l%b)
      y%v(i) = l%b(i)
      do j = 1, size(x)
        y%v(i) = y%v(i) + l%w(i, j) * x(j)
      end do
      y%v(i) = tanh(y%v(i))
    end do
  end procedure forward

  module pure subroutine nudge(l, x, rate)
    class(layer), intent(inout) :: l
    real(8), intent(in) :: x(:), rate
    integer :: i, j
    do j = 1, size(l%w, 2)
      do i = 1, size(l%w, 1)
        l%w(i, j) = l%w(i, j) * (1 - rate) + rate * x(j) / i
      end do
    end do
    l%b = l%b - rate * sum(x)
  end subroutine nudge
end submodule model_impl
