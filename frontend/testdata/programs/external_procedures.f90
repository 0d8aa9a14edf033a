! External procedures: EXTERNAL attribute/statement, explicit interfaces for externals,
! INTRINSIC statement, procedure arguments, and IMPORT in interface bodies.
module ext_types
  implicit none
  type :: params_t
    real :: a = 1.0, b = 0.0
  end type params_t
end module ext_types

real function affine(x, p)
  use ext_types
  implicit none
  real, intent(in) :: x
  type(params_t), intent(in) :: p
  affine = p%a * x + p%b
end function affine

subroutine tabulate(f, x0, x1, n)
  implicit none
  real, external :: f
  real, intent(in) :: x0, x1
  integer, intent(in) :: n
  integer :: i
  real :: x
  do i = 0, n
    x = x0 + (x1 - x0) * i / n
    print '(2f10.4)', x, f(x)
  end do
end subroutine tabulate

real function square(x)
  implicit none
  real, intent(in) :: x
  square = x * x
end function square

program external_procedures
  use ext_types
  implicit none
  interface
    real function affine(x, p)
      import :: params_t
      real, intent(in) :: x
      type(params_t), intent(in) :: p
    end function affine
    subroutine tabulate(f, x0, x1, n)
      real, external :: f
      real, intent(in) :: x0, x1
      integer, intent(in) :: n
    end subroutine tabulate
  end interface
  real, external :: square
  intrinsic :: sin
  external :: unused_external
  type(params_t) :: p
  p = params_t(a=2.0, b=-1.0)
  print *, affine(3.0, p)
  call tabulate(square, 0.0, 1.0, 4)
  call tabulate(sin, 0.0, 3.14159, 4)
end program external_procedures

subroutine unused_external()
  print *, 'never called'
end subroutine unused_external
