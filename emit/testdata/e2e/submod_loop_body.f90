! Loops in the bodies of separate module procedures (a submodule of the
! same file): over a module array and over an assumed-shape dummy
! (do concurrent (i = 1:size(x))), reading a submodule variable the host
! sets and calling another body of the submodule; called in a time loop.
module relaxers
  implicit none
  integer, parameter :: n = 3000
  real(8) :: p(n)
  interface
    module pure real(8) function damp(a)
      real(8), intent(in) :: a
    end function damp
    module subroutine set_gain(g)
      real(8), intent(in) :: g
    end subroutine set_gain
    module subroutine relax_all(w)
      real(8), intent(in) :: w
    end subroutine relax_all
    module subroutine relax_dummy(x, w)
      real(8), intent(inout) :: x(:)
      real(8), intent(in) :: w
    end subroutine relax_dummy
  end interface
end module relaxers

submodule (relaxers) relaxers_impl
  implicit none
  real(8) :: gain = 1.0d0
contains
  module procedure damp
    damp = 0.75d0 * a
  end procedure damp
  module procedure set_gain
    gain = g
  end procedure set_gain
  module procedure relax_all
    integer :: i
    do concurrent (i = 1:n)
      p(i) = damp(p(i)) * w + gain
    end do
  end procedure relax_all
  module subroutine relax_dummy(x, w)
    real(8), intent(inout) :: x(:)
    real(8), intent(in) :: w
    integer :: i
    do concurrent (i = 1:size(x))
      x(i) = damp(x(i)) * w + gain * i / size(x)
    end do
  end subroutine relax_dummy
end submodule relaxers_impl

program submod_loop_body
  use relaxers
  implicit none
  integer, parameter :: m = 1777
  real(8) :: z(m), rp(n), rz(m)
  integer :: i, s
  do i = 1, n
    p(i) = mod(i, 11) * 0.5d0
  end do
  do i = 1, m
    z(i) = mod(i, 5) * 0.25d0
  end do
  rp = p
  rz = z
  do s = 1, 25
    call set_gain(1.0d0 + s / 32.0d0)
    call relax_all(0.5d0 + s / 64.0d0)
    call relax_dummy(z, 0.25d0 + s / 128.0d0)
  end do
  do s = 1, 25
    do i = 1, n
      rp(i) = damp(rp(i)) * (0.5d0 + s / 64.0d0) + (1.0d0 + s / 32.0d0)
    end do
    do i = 1, m
      rz(i) = damp(rz(i)) * (0.25d0 + s / 128.0d0) + (1.0d0 + s / 32.0d0) * i / m
    end do
  end do
  do i = 1, n
    if (p(i) /= rp(i)) then
      print '(a, i0)', 'FAIL p at ', i
      error stop 1
    end if
  end do
  do i = 1, m
    if (z(i) /= rz(i)) then
      print '(a, i0)', 'FAIL z at ', i
      error stop 2
    end if
  end do
  print '(3f16.10)', p(1), p(n), sum(z)
end program submod_loop_body
