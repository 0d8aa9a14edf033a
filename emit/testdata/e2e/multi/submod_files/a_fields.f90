! The module: interfaces of separate module procedures, the module arrays
! and the loop's procedure (called in a time loop by d_main.f90); the
! bodies are in b_fields_impl.f90 (a submodule) and c_fields_more.f90 (a
! submodule of that submodule).
module fields
  implicit none
  integer, parameter :: n = 2500
  real :: p(n), q(n)
  interface
    module pure real function relax(a, b)
      real, intent(in) :: a, b
    end function relax
    module pure subroutine limit(a)
      real, intent(inout) :: a
    end subroutine limit
    module pure elemental real function half(a)
      real, intent(in) :: a
    end function half
  end interface
contains
  subroutine sweep(w)
    real, intent(in) :: w
    integer :: i
    real :: t
    do concurrent (i = 2:n - 1)
      t = relax(p(i - 1) + p(i + 1), w)
      call limit(t)
      q(i) = half(t) + 0.5 * p(i)
    end do
    q(1) = p(1)
    q(n) = p(n)
  end subroutine sweep
end module fields
