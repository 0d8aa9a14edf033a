! Separate module procedures whose bodies are in a submodule of the same
! file, in both forms ("module procedure f" and the full "module pure
! function f(x)"), functions and a subroutine, called from a do
! concurrent in a module procedure that a time loop calls; the same steps
! on the host (the bodies called from host code) are the check.
module shapes
  implicit none
  integer, parameter :: n = 2000
  real :: u(n), v(n), w(n)
  interface
    module pure function scale2(x) result(y)
      real, intent(in) :: x
      real :: y
    end function scale2
    module pure function shift(x, s)
      real, intent(in) :: x, s
      real :: shift
    end function shift
    module pure subroutine clamp(x, lo, hi)
      real, intent(inout) :: x
      real, intent(in) :: lo, hi
    end subroutine clamp
  end interface
contains
  subroutine step(k)
    integer, intent(in) :: k
    integer :: i
    real :: t
    do concurrent (i = 1:n)
      t = scale2(u(i)) + shift(v(i), real(k))
      call clamp(t, -5.0, 5.0)
      w(i) = t
    end do
  end subroutine step
end module shapes

submodule (shapes) shapes_impl
  implicit none
contains
  module procedure scale2
    y = 2.0 * x
  end procedure scale2
  module pure function shift(x, s)
    real, intent(in) :: x, s
    real :: shift
    shift = x - 0.001 * s
  end function shift
  module pure subroutine clamp(x, lo, hi)
    real, intent(inout) :: x
    real, intent(in) :: lo, hi
    x = max(lo, min(hi, x))
  end subroutine clamp
end submodule shapes_impl

program submod_same_file
  use shapes
  implicit none
  integer :: i, k
  real :: ru(n), rw(n), t
  do i = 1, n
    u(i) = real(i) / n
    v(i) = real(mod(i, 7))
  end do
  ru = u
  do k = 1, 50
    call step(k)
    u = u + 0.01 * w
  end do
  do k = 1, 50
    do i = 1, n
      t = scale2(ru(i)) + shift(v(i), real(k))
      call clamp(t, -5.0, 5.0)
      rw(i) = t
    end do
    ru = ru + 0.01 * rw
  end do
  do i = 1, n
    if (u(i) /= ru(i)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(3f14.6)', u(1), u(n / 2), u(n)
end program submod_same_file
