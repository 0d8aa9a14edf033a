! The module: a layer type whose only components are allocatable, with
! type-bound procedures whose bodies are separate module procedures in
! b_model_impl.f90 (a submodule in its own file), the module arrays and
! the batch loop (called in a time loop by c_main.f90): each iteration
! updates its own layer in place through an intent(inout) binding
! (call layers(s)%nudge(...)), and stores the layer's output into an
! element of another module array (outs(s) = layers(s)%forward(x)).
module model
  implicit none
  type vec
    real(8), allocatable :: v(:)
  end type vec
  type layer
    real(8), allocatable :: w(:, :)
    real(8), allocatable :: b(:)
  contains
    procedure :: forward
    procedure :: nudge
  end type layer
  type(layer), allocatable :: layers(:)
  type(vec), allocatable :: outs(:)
  interface
    module pure function forward(l, x) result(y)
      class(layer), intent(in) :: l
      real(8), intent(in) :: x(:)
      type(vec) :: y
    end function forward
    module pure subroutine nudge(l, x, rate)
      class(layer), intent(inout) :: l
      real(8), intent(in) :: x(:), rate
    end subroutine nudge
  end interface
contains
  subroutine batch(x, n, rate)
    real(8), intent(in) :: x(:, :)
    integer, intent(in) :: n
    real(8), intent(in) :: rate
    integer :: s
    do concurrent (s = 1:n)
      call layers(s)%nudge(x(:, s), rate)
      outs(s) = layers(s)%forward(x(:, s))
    end do
  end subroutine batch
end module model
